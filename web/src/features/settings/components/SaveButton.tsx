import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';

/**
 * Submit of a settings form: progress while saving, no double submit. Settings are saved online
 * only (issue 35): offline it is off, with 'Necesitas conexión para esto' beside it, instead of a
 * save that would wait for the network with its spinner.
 */
export function SaveButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  const { t } = useTranslation('settings');
  const offline = useOffline();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', alignSelf: 'flex-start' }}>
      <Button
        type="submit"
        variant="contained"
        disabled={busy || disabled || offline}
        aria-busy={busy}
        startIcon={
          busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SaveRoundedIcon />
        }
      >
        {busy ? t('saving') : t('save')}
      </Button>
      <NeedsConnectionNote />
    </Box>
  );
}
