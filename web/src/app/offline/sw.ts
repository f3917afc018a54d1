/**
 * The service worker (issue 35, docs/offline.md): built by web/build/serviceWorker.ts into
 * dist/sw.js, with the build's version and the signed-in shell's files in place of the two
 * constants below. Its decisions are in swRouting.ts; here only the events.
 *
 *   install   the shell of this build into its own cache (app.html, the entry's scripts, CSS and
 *             fonts; files an earlier build already has are copied, not downloaded again)
 *   activate  the other builds' shells deleted, the open pages taken over
 *   fetch     a page of the SPA: network first, the cached app.html when offline; a built file:
 *             cache first (kept, up to MAX_ASSETS); anything else: not touched
 *   message   SKIP_WAITING ('Recargar'), CACHE_URLS (what a page loaded before the worker came)
 */
import {
  ASSETS_CACHE,
  assetsToKeep,
  isAssetPath,
  isKeepable,
  NAVIGATION_TIMEOUT_MS,
  overflow,
  shellCacheName,
  SPA_SHELL_URL,
  staleCaches,
  strategyFor,
  type WorkerMessage,
} from './swRouting';

/**
 * Cached files are matched by address alone: a hashed file is the same whatever the request's
 * headers, and a server that answers with `Vary: Origin` (vite preview) would otherwise never
 * match a module script (sent with Origin) against the copy fetched at install (sent without).
 */
const BY_URL: CacheQueryOptions = { ignoreVary: true };

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

/** What this file uses of the worker's global scope (TypeScript's DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const VERSION = __SW_VERSION__;
const SHELL_CACHE = shellCacheName(VERSION);
const PRECACHED = new Set(__SW_PRECACHE__);

worker.addEventListener('install', (event) => event.waitUntil(precache()));

worker.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), VERSION).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  ),
);

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, worker.location.origin, PRECACHED);
  if (strategy === 'page') event.respondWith(page(event.request));
  else if (strategy === 'file') event.respondWith(file(event));
});

worker.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'SKIP_WAITING') void worker.skipWaiting();
  else if (message?.type === 'CACHE_URLS' && Array.isArray(message.urls))
    event.waitUntil(keepLoaded(assetsToKeep(message.urls, worker.location.origin)));
});

async function precache(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    [...PRECACHED].map(async (url) => {
      // A hashed file never changes: the copy an earlier build's worker or a page kept will do,
      // and so does the browser's HTTP cache; app.html and the icon are asked of the server.
      const hashed = isAssetPath(url);
      const known = hashed ? await caches.match(url, BY_URL) : undefined;
      const response = known ?? (await fetch(url, hashed ? undefined : { cache: 'no-cache' }));
      if (!response.ok) throw new Error(`service worker: ${url} answered ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

/** Network first; offline (or no answer in time) the SPA's page of this build, which routes itself. */
async function page(request: Request): Promise<Response> {
  try {
    return await new Promise<Response>((resolve, reject) => {
      setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS);
      fetch(request).then(resolve, reject);
    });
  } catch (error) {
    const shell = await (await caches.open(SHELL_CACHE)).match(SPA_SHELL_URL, BY_URL);
    if (shell) return shell;
    throw error;
  }
}

/** Cache first (this build's shell, then the kept files); a file fetched is kept. */
async function file(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, BY_URL);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (isAssetPath(new URL(event.request.url).pathname) && isKeepable(response))
    event.waitUntil(keep(event.request, response.clone()));
  return response;
}

async function keep(request: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  await cache.put(request, response);
  await Promise.all(overflow(await cache.keys()).map((old) => cache.delete(old)));
}

async function keepLoaded(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (await caches.match(url, BY_URL)) continue;
    try {
      const response = await fetch(url);
      if (isKeepable(response)) await keep(url, response);
    } catch {
      // Offline already: the page's next visit online fetches it through the worker.
    }
  }
}
