import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { BillingRedirect } from '../hooks/useBillingRedirect';

/** The spec's checkout failure text: 'Error al iniciar checkout: ' + the reason in the user's language. */
export function BillingError({
  error,
  portal = false,
}: {
  error: BillingRedirect['error'];
  portal?: boolean;
}) {
  const { t } = useTranslation('subscription');
  if (!error) return null;
  const reason = error.key === 'unknown' ? error.message || t('errors.unknown') : t(`errors.${error.key}`);
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {t(portal ? 'errors.portalPrefix' : 'errors.checkoutPrefix', { reason })}
    </Alert>
  );
}
