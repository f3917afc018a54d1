import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { Logo } from '@/components/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { brand } from '@/app/theme';

const POINTS = ['point1', 'point2', 'point3'] as const;

/** Two columns on desktop (brand panel + form), the form alone on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
      <SkipLink />
      <Box
        component="aside"
        aria-label={tc('common.tagline')}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: `radial-gradient(600px 400px at 100% 0%, rgba(94,234,212,0.25), transparent 60%), linear-gradient(160deg, ${brand.primary} 0%, ${brand.primaryDark} 100%)`,
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          aria-label={tc('common.homeLink')}
          sx={{ display: 'inline-flex', width: 'fit-content' }}
        >
          <Logo size={34} tone="light" />
        </Link>
        <Box>
          <Typography
            component="p"
            sx={{
              fontSize: '2.1rem',
              fontWeight: 800,
              letterSpacing: '-0.03em',
              lineHeight: 1.15,
              mb: 4,
              textWrap: 'balance',
            }}
          >
            {t('panel.title')}
          </Typography>
          <Stack spacing={2}>
            {POINTS.map((point) => (
              <Stack key={point} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CheckCircleRoundedIcon sx={{ color: '#5EEAD4' }} aria-hidden="true" />
                <Typography sx={{ fontSize: '1.05rem', color: 'rgba(255,255,255,0.92)' }}>
                  {t(`panel.${point}`)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.75)' }}>
          {tc('common.tagline')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.default', minWidth: 0 }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 4 },
            py: 2,
          }}
        >
          <Link
            component={RouterLink}
            to="/"
            aria-label={tc('common.homeLink')}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <Logo size={30} />
          </Link>
          <Box sx={{ display: { xs: 'none', md: 'block' } }} />
          <LanguageToggle />
        </Box>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'center',
            px: { xs: 2, sm: 4 },
            pb: { xs: 4, sm: 6 },
            pt: { xs: 1, sm: 2 },
            outline: 'none',
          }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
