import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isSubscriptionActive, type AdminOrganizationStats } from '@trato/model';

type Mirror = AdminOrganizationStats['subscription'];

/** The subscription's state as a chip: green while it opens the app, grey when there is none. */
export function SubscriptionBadge({ subscription }: { subscription: Mirror }) {
  const { t } = useTranslation();
  if (!subscription)
    return <Chip size="small" variant="outlined" label={t('app.organizations.noSubscription')} />;
  const live = isSubscriptionActive(
    {
      status: subscription.status,
      trialEnd: subscription.trialEnd ? { toMillis: () => Date.parse(subscription.trialEnd!) } : null,
      currentPeriodEnd: subscription.currentPeriodEnd
        ? { toMillis: () => Date.parse(subscription.currentPeriodEnd!) }
        : null,
    },
    Date.now(),
  );
  return (
    <Chip
      size="small"
      color={live ? 'success' : 'warning'}
      variant="outlined"
      label={t(`enums.subscriptionStatus.${subscription.status}`)}
    />
  );
}
