import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/firebase/connectivity';

/**
 * Whether this browser is offline, for the controls that need the server (issue 35): uploads,
 * CSV import and export, sending an e-mail or a WhatsApp message, checkout, invitations. They
 * are disabled offline, with NeedsConnectionNote beside them.
 */
export function useOffline(): boolean {
  return !useOnline();
}

/** 'Necesitas conexión para esto', offline only, beside a control disabled for it. */
export function NeedsConnectionNote({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <Typography role="note" variant="caption" sx={{ color: 'text.secondary', ...sx }}>
      {t('app.sync.needsConnection')}
    </Typography>
  );
}
