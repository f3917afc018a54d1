import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@trato/model';

const FEATURES = ['clients', 'pipeline', 'marketing', 'trial'] as const;

/** The paywall's four features (spec §1); the trial line only while a trial is still possible. */
export function PlanFeatures({ withTrial, labelledBy }: { withTrial: boolean; labelledBy?: string }) {
  const { t } = useTranslation('subscription');
  return (
    <List dense aria-labelledby={labelledBy} sx={{ mb: 2 }}>
      {FEATURES.filter((feature) => withTrial || feature !== 'trial').map((feature) => (
        <ListItem key={feature} disableGutters>
          <ListItemIcon sx={{ minWidth: 34, color: 'secondary.main' }}>
            <CheckCircleRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={t(`features.${feature}`, { days: TRIAL_DAYS })}
            slotProps={{ primary: { sx: { fontSize: '1rem', fontWeight: 500 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
