import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastApi, type ToastOptions, type ToastVariant } from './toastContext';

interface QueuedToast extends ToastOptions {
  id: number;
}

const SEVERITY: Record<ToastVariant, AlertColor> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

const DEFAULT_DURATION = 5000;
const ERROR_DURATION = 8000;

/** One toast at a time (newest wins, the rest wait their turn), bottom centre on phones, bottom right on desktop. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [current, setCurrent] = useState<QueuedToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);

  useEffect(() => {
    if (!current && queue.length > 0) {
      // Move the next queued toast on screen once the previous one has gone.
      setCurrent(queue[0]);
      setQueue((previous) => previous.slice(1));
      setOpen(true);
    } else if (current && open && queue.length > 0) {
      // A newer toast is waiting: close the current one so it can show.
      setOpen(false);
    }
  }, [current, open, queue]);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setQueue((previous) => [...previous, { ...options, id }]);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const handleClose = (_event: SyntheticEvent | Event, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const variant = current?.variant ?? 'default';
  const isError = variant === 'destructive';

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current
        ? // Appended to the body when it shows: an open dialog hides the app root from assistive
          // technologies (aria-hidden), and a toast inside it would never be announced. A direct
          // portal, mounted in the same commit (MUI's Portal mounts a render later).
          createPortal(
            <Snackbar
              key={current?.id}
              open={open}
              autoHideDuration={current?.duration ?? (isError ? ERROR_DURATION : DEFAULT_DURATION)}
              onClose={handleClose}
              slotProps={{ transition: { onExited: () => setCurrent(null) } }}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              sx={{ left: { xs: 8, sm: 'auto' }, right: { xs: 8, sm: 24 } }}
            >
              <Alert
                onClose={() => setOpen(false)}
                severity={SEVERITY[variant]}
                variant={isError ? 'filled' : 'standard'}
                role={isError ? 'alert' : 'status'}
                aria-live={isError ? 'assertive' : 'polite'}
                data-testid="toast"
                data-variant={variant}
                closeText={t('common.toast.close')}
                sx={{
                  width: '100%',
                  minWidth: { sm: 320 },
                  maxWidth: { sm: 420 },
                  boxShadow: '0 10px 30px rgba(15, 23, 42, 0.18)',
                  ...(isError ? {} : { bgcolor: 'background.paper', border: 1, borderColor: 'divider' }),
                }}
              >
                <AlertTitle sx={{ fontWeight: 700, mb: current.description ? 0.25 : 0 }}>
                  {current.title}
                </AlertTitle>
                {current.description}
              </Alert>
            </Snackbar>,
            document.body,
          )
        : null}
    </ToastContext.Provider>
  );
}
