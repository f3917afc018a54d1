import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PLAN } from '@/config/plan';
import { BoardPreview } from './BoardPreview';

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        background:
          'radial-gradient(1200px 500px at 85% -10%, rgba(99,102,241,0.22), transparent 60%), radial-gradient(700px 400px at -10% 20%, rgba(45,212,191,0.16), transparent 60%)',
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, sm: 9, md: 12 } }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1.05fr 1fr' },
            gap: { xs: 5, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              label={t('hero.eyebrow')}
              sx={{ mb: 2.5, fontWeight: 700, bgcolor: 'rgba(67,56,202,0.08)', color: 'primary.dark' }}
            />
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ fontSize: { xs: '2.15rem', sm: '3rem', md: '3.5rem' }, mb: 2.5 }}
            >
              {t('hero.title')}
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              sx={{
                color: 'text.secondary',
                fontSize: { xs: '1.05rem', md: '1.2rem' },
                mb: 4,
                maxWidth: 560,
              }}
            >
              {t('hero.subtitle')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
              <Button
                component={RouterLink}
                to="/auth"
                state={{ mode: 'signup' }}
                data-auth-mode="signup"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardRoundedIcon />}
              >
                {t('hero.cta')}
              </Button>
              <Button href="#precios" variant="outlined" size="large" sx={{ bgcolor: 'background.paper' }}>
                {t('hero.secondaryCta')}
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('hero.note', { days: PLAN.trialDays, amount: PLAN.monthlyPriceUsd })}
            </Typography>
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' }, pr: { sm: 2, md: 0 }, pb: 2 }}>
            <BoardPreview />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
