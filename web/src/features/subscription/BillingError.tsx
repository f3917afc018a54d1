import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { BillingRedirect } from './useBillingRedirect';

/** The spec's checkout failure text: 'Error al iniciar checkout: ' + the reason in the user's language. */
export function BillingError({
  error,
  portal = false,
}: {
  error: BillingRedirect['error'];
  portal?: boolean;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  const reason =
    error.key === 'unknown'
      ? error.message || t('subscription.errors.unknown')
      : t(`subscription.errors.${error.key}`);
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {t(portal ? 'subscription.errors.portalPrefix' : 'subscription.errors.checkoutPrefix', { reason })}
    </Alert>
  );
}
