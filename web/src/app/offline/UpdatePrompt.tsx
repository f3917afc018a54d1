import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { AppThemeProvider } from '../AppThemeProvider';
import { createAppTheme } from '../theme';
import type { WorkerMessage } from './swRouting';

/** How often the prompt looks again whether the person is still busy (besides focus changes). */
const BUSY_CHECK_MS = 2000;

/** A focused element the person types into (not a checkbox, radio, button, slider or picker). */
const TYPING = [
  'textarea',
  '[contenteditable]:not([contenteditable="false"])',
  'input:not([type="checkbox"],[type="radio"],[type="button"],[type="submit"],[type="reset"],[type="range"],[type="color"],[type="file"],[type="image"],[type="hidden"])',
].join(',');

/**
 * Not the moment to offer a reload: a dialog is open (a form, a confirmation, the search), or a
 * text field, text area or editable area has the focus.
 */
export function isBusy(doc: Document = document): boolean {
  if (doc.querySelector('[role="dialog"],[role="alertdialog"]')) return true;
  return Boolean(doc.activeElement?.matches(TYPING));
}

/** Whether the person is busy (isBusy), followed through focus changes and every BUSY_CHECK_MS. */
function useBusy(): boolean {
  const [busy, setBusy] = useState(() => isBusy());
  useEffect(() => {
    // After a focus change has settled (during focusout the focus is nowhere yet).
    const check = () => window.setTimeout(() => setBusy(isBusy()));
    const timer = window.setInterval(check, BUSY_CHECK_MS);
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', check);
    };
  }, []);
  return busy;
}

/**
 * 'Nueva versión disponible' with 'Recargar', bottom centre (clear of the sidebar's user menu and
 * of the toasts, bottom right), hidden while the person is busy (isBusy) and shown again when they
 * are done.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  const busy = useBusy();
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open={!busy || reloading}
      message={t('app.update.available')}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // A new version is news, not an alarm: announced politely.
      slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
      action={
        <Button
          size="small"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
          sx={{ color: '#C7D2FE', fontWeight: 700 }}
        >
          {t('app.update.reload')}
        </Button>
      }
    />
  );
}

/**
 * 'Recargar': the waiting worker takes over and the page reloads once it controls it (the page
 * reloads at once if another tab already made the new worker take over).
 */
export function reloadIntoNewVersion(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' } satisfies WorkerMessage);
}

let root: Root | null = null;

/** Shows the prompt (once per page) in a root of its own at the end of the body. */
export function showUpdatePrompt(registration: ServiceWorkerRegistration): void {
  if (root) return;
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <AppThemeProvider theme={createAppTheme()}>
      <UpdatePrompt onReload={() => reloadIntoNewVersion(registration)} />
    </AppThemeProvider>,
  );
}
