import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/toast';

/**
 * '¿Eliminar cliente?' / 'Esta acción no se puede deshacer…' with Cancelar and the action. The
 * action button is busy while it runs; a failure is toasted and the dialog stays.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  destructive = true,
  onConfirm,
  onClose,
  errorTitle,
}: {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel?: string;
  destructive?: boolean;
  /** Resolve to close. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** The failure toast's title ('Error al eliminar'); 'Error' by default. */
  errorTitle?: string;
}) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      showError(error, errorTitle);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {body && (
        <DialogContent>
          <DialogContentText id="confirm-body">{body}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.actions.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel ?? t('common.actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
