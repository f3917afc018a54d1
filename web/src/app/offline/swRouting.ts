/**
 * The service worker's decisions (issue 35, docs/offline.md), as pure functions the unit tests
 * read: which requests it answers and how, which responses it keeps, which caches it deletes. The
 * worker itself (serviceWorker.ts) only wires them to its events; web/build/serviceWorker.ts
 * builds it into dist/sw.js with the build's version and the shell's files.
 */

/** The SPA's page (Vite's index.html; "/" is the static landing page): web/build/landingPage.ts. */
export const SPA_SHELL_URL = '/app.html';
/** Every cache the worker makes starts with this (and only those are ever deleted). */
export const CACHE_PREFIX = 'trato-';
/**
 * The hashed files the pages fetched (route chunks, catalogues, fonts). A file's name changes with
 * its content, so an entry never goes stale: one cache for every build, the oldest entries
 * dropped beyond MAX_ASSETS.
 */
export const ASSETS_CACHE = `${CACHE_PREFIX}assets`;
export const MAX_ASSETS = 300;
/**
 * A navigation waits this long for the network before the cached app.html answers (a connection
 * that hangs, on mobile data, is as good as none; a slow answer after that is dropped).
 */
export const NAVIGATION_TIMEOUT_MS = 5000;

/** The shell of one build (app.html, the entry's scripts and CSS, the fonts), fetched at install. */
export function shellCacheName(version: string): string {
  return `${CACHE_PREFIX}shell-${version}`;
}

/** Our caches a worker of `version` no longer needs: the shells of other builds. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = shellCacheName(version);
  return names.filter((name) => name.startsWith(`${CACHE_PREFIX}shell-`) && name !== current);
}

/**
 * Paths that are not the signed-in app, though in the worker's scope: the static landing page,
 * the customer portal (its own page, portal.html), the public forms (for visitors, online only),
 * what Firebase Hosting hands to functions (/unsubscribe, /confirm) and its reserved /__/ paths.
 * firebase.json's rewrites are checked against this list (swRouting.test.ts).
 */
const NOT_THE_APP = ['/portal', '/f', '/unsubscribe', '/confirm', '/__'];

/** Whether a navigation to `pathname` is one of the SPA's pages (answered by app.html). */
export function isAppPage(pathname: string): boolean {
  if (pathname === '/') return false;
  if (NOT_THE_APP.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  // A file (app.html, portal.html, robots.txt, sw.js), not a route.
  return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/** A built file the pages may fetch and keep: under /assets/ (hashed names), not a source map. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/') && !pathname.endsWith('.map');
}

/** What the worker does with a request: nothing (null: the browser fetches it as usual), ... */
export type Strategy =
  /** ...a page of the SPA: the network, else (offline, or no answer in time) the cached app.html; */
  | 'page'
  /** ...a built file: the cache, else the network (and kept, under /assets/). */
  | 'file'
  | null;

export interface RequestLike {
  url: string;
  method: string;
  mode: string;
}

/**
 * Only GETs of this origin: Firebase's APIs and the local cloud's ports, other hosts, and every
 * write go to the network untouched.
 */
export function strategyFor(request: RequestLike, origin: string, precached: ReadonlySet<string>): Strategy {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (request.mode === 'navigate') return isAppPage(url.pathname) ? 'page' : null;
  if (isAssetPath(url.pathname) || precached.has(url.pathname)) return 'file';
  return null;
}

export interface ResponseLike {
  ok: boolean;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether a file's answer may be kept: a complete, same-origin 200, and not HTML — a hashed file a
 * newer deploy removed is answered by the hosting's SPA rewrite with app.html, which must never be
 * kept under a script's name.
 */
export function isKeepable(response: ResponseLike): boolean {
  return (
    response.ok &&
    response.type === 'basic' &&
    !/text\/html/i.test(response.headers.get('content-type') ?? '')
  );
}

/** The entries beyond `max`, oldest first (Cache.keys() lists them in the order they were put). */
export function overflow<T>(keys: readonly T[], max: number = MAX_ASSETS): T[] {
  return keys.slice(0, Math.max(0, keys.length - max));
}

/**
 * Of the addresses a page loaded before the worker controlled it (its Resource Timing entries),
 * the built files of this origin, to keep as if the worker had fetched them.
 */
export function assetsToKeep(urls: readonly unknown[], origin: string): string[] {
  const keep = new Set<string>();
  for (const candidate of urls) {
    if (typeof candidate !== 'string') continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if (url.origin === origin && isAssetPath(url.pathname)) keep.add(url.href);
  }
  return [...keep];
}

/** Messages a page sends its worker. */
export type WorkerMessage =
  /** 'Recargar': the waiting worker takes over (the page reloads on controllerchange). */
  | { type: 'SKIP_WAITING' }
  /** The files the page loaded before the worker controlled it. */
  | { type: 'CACHE_URLS'; urls: string[] };
