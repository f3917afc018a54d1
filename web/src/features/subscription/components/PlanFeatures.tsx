import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@trato/model';

const FEATURES = ['clients', 'pipeline', 'marketing', 'trial'] as const;

/**
 * The paywall's four features (spec §1); the trial line only while a trial is still possible. A
 * plain list: the paywall can show on any signed-in page, and MUI's List family would add ~3 KB.
 */
export function PlanFeatures({ withTrial, labelledBy }: { withTrial: boolean; labelledBy?: string }) {
  const { t } = useTranslation('subscription');
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
      {FEATURES.filter((feature) => withTrial || feature !== 'trial').map((feature) => (
        <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}>
          <CheckCircleRoundedIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden="true" />
          <Typography sx={{ fontWeight: 500 }}>{t(`features.${feature}`, { days: TRIAL_DAYS })}</Typography>
        </Box>
      ))}
    </Box>
  );
}
