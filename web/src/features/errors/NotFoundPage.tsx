import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { Logo } from '@/components/Logo';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';

/** Any unknown path: 'Oops! Page not found' with 'Return to Home' (to /). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.meta'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          px: { xs: 2, sm: 4 },
          py: 2,
        }}
      >
        <Link component={RouterLink} to="/" aria-label={t('common.homeLink')} sx={{ display: 'inline-flex' }}>
          <Logo size={30} />
        </Link>
        <LanguageToggle />
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 3,
          pb: 10,
        }}
      >
        <Typography
          aria-hidden="true"
          sx={{
            fontSize: { xs: '5rem', sm: '7rem' },
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.05em',
            color: 'primary.main',
            opacity: 0.9,
          }}
        >
          {t('notFound.code')}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mt: 2, mb: 1.5 }}>
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 420 }}>{t('notFound.body')}</Typography>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<ArrowBackRoundedIcon />}
        >
          {t('notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
