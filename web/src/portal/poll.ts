import { useEffect, useRef } from 'react';

/** Below this, a focus right after a visibility change (or a tick) does not read again. */
const MIN_GAP_MS = 2_000;

/**
 * Runs `refresh` every `seconds` while the page is visible, and when the window gets the focus or
 * the page becomes visible again (Firestore Lite has no listeners: the portal polls).
 */
export function usePoll(refresh: () => void, seconds: number, enabled = true): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const run = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      latest.current();
    };
    const timer = window.setInterval(run, seconds * 1000);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, [seconds, enabled]);
}
