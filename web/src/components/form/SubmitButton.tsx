import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** Full-width submit that is disabled and shows progress while the request runs (no double submit). */
export function SubmitButton({ busy, label, busyLabel }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
