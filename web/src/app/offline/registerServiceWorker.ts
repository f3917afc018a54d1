import type { WorkerMessage } from './swRouting';

/** How often an open tab asks for a new /sw.js (besides when it becomes visible again). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

let started = false;

/**
 * The service worker (issue 35, docs/offline.md) for the signed-in area, in production builds
 * only (never the dev server), once the page has loaded and the browser is idle. When a new
 * build's worker is waiting and this page runs the old one, the 'Nueva versión disponible' prompt
 * (a chunk of its own) loads.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || started || !('serviceWorker' in navigator)) return;
  started = true;
  // Idle, or at the latest 2 s after the load (a busy page may leave no idle time for long).
  const whenIdle = () =>
    window.requestIdleCallback
      ? window.requestIdleCallback(() => void register(), { timeout: 2000 })
      : setTimeout(() => void register(), 1);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

async function register(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container.controller) {
    // First visit (or a hard reload): what the page loaded so far did not pass through the worker.
    container.addEventListener(
      'controllerchange',
      () => {
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        container.controller?.postMessage({ type: 'CACHE_URLS', urls } satisfies WorkerMessage);
      },
      { once: true },
    );
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register('/sw.js', { scope: '/' });
  } catch {
    // Offline on the first visit, or storage refused (private mode): the app works as without it.
    return;
  }
  const offer = (waiting: ServiceWorker | null) => {
    // With no controller this is the first worker, which takes the page itself: nothing to offer.
    if (waiting && container.controller)
      void import('./UpdatePrompt').then((prompt) => prompt.showUpdatePrompt(registration));
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  const check = () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', check);
  setInterval(check, UPDATE_CHECK_MS);
}
