import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Submit of a settings form: progress while saving, no double submit. */
export function SaveButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy || disabled}
      aria-busy={busy}
      startIcon={
        busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SaveRoundedIcon />
      }
      sx={{ alignSelf: 'flex-start' }}
    >
      {busy ? t('saving') : t('save')}
    </Button>
  );
}
