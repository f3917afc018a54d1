import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Logo } from '@/components/Logo';

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  // data-year: the prerendered page's script updates it when the year changes after the build.
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0F172A', color: '#E2E8F0', py: { xs: 5, md: 6 } }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
        >
          <Stack spacing={1}>
            <Link
              component={RouterLink}
              to="/"
              aria-label={tc('common.homeLink')}
              sx={{ display: 'inline-flex', width: 'fit-content' }}
            >
              <Logo size={28} tone="light" />
            </Link>
            <Typography variant="body2" sx={{ color: '#CBD5E1' }}>
              {t('footer.madeFor')}
            </Typography>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 3 }}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Link href="#funciones" sx={{ color: '#E2E8F0' }}>
              {t('header.features')}
            </Link>
            <Link href="#precios" sx={{ color: '#E2E8F0' }}>
              {t('header.pricing')}
            </Link>
            <Link component={RouterLink} to="/auth" sx={{ color: '#E2E8F0' }}>
              {t('header.login')}
            </Link>
          </Stack>
        </Stack>
        <Typography
          variant="body2"
          data-year={year}
          sx={{ color: '#94A3B8', mt: 4, pt: 3, borderTop: '1px solid #1E293B' }}
        >
          {t('footer.rights', { year })}
        </Typography>
      </Container>
    </Box>
  );
}
