import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PLAN } from '@/config/plan';

const PLAN_FEATURES = ['feature1', 'feature2', 'feature3', 'feature4'] as const;

export function PricingSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="precios"
      aria-labelledby="pricing-title"
      sx={{ py: { xs: 7, md: 11 }, bgcolor: '#EEF2FF', scrollMarginTop: 72 }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography
            id="pricing-title"
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mb: 1.5 }}
          >
            {t('pricing.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '1.1rem' }}>
            {t('pricing.subtitle')}
          </Typography>
        </Box>
        <Card
          data-testid="pricing-card"
          sx={{
            maxWidth: 440,
            mx: 'auto',
            borderColor: 'primary.light',
            borderWidth: 2,
            boxShadow: '0 30px 60px -25px rgba(49,46,129,0.45)',
          }}
        >
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h3" sx={{ fontSize: '1.3rem', mb: 2 }}>
              {t('pricing.planName')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
              <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Box
                  component="span"
                  sx={{ fontSize: '3.25rem', fontWeight: 800, letterSpacing: '-0.04em', lineHeight: 1 }}
                >
                  {t('pricing.price', { amount: PLAN.monthlyPriceUsd })}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  {t('pricing.period')}
                </Box>
              </Typography>
            </Box>
            <Typography sx={{ color: 'secondary.main', fontWeight: 700, mb: 3 }}>
              {t('pricing.trial', { days: PLAN.trialDays })}
            </Typography>
            <Typography
              variant="overline"
              component="p"
              sx={{ color: 'text.secondary' }}
              id="pricing-features-label"
            >
              {t('pricing.featuresLabel')}
            </Typography>
            <List dense aria-labelledby="pricing-features-label" sx={{ mb: 3 }}>
              {PLAN_FEATURES.map((feature) => (
                <ListItem key={feature} disableGutters>
                  <ListItemIcon sx={{ minWidth: 34, color: 'secondary.main' }}>
                    <CheckCircleRoundedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`pricing.${feature}`, { days: PLAN.trialDays })}
                    slotProps={{ primary: { sx: { fontSize: '1rem', fontWeight: 500 } } }}
                  />
                </ListItem>
              ))}
            </List>
            <Button
              component={RouterLink}
              to="/auth"
              state={{ mode: 'signup' }}
              data-auth-mode="signup"
              variant="contained"
              size="large"
              fullWidth
            >
              {t('pricing.cta')}
            </Button>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
