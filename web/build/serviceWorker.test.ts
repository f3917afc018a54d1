// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Manifest } from './builtPages.mjs';
import {
  compileServiceWorker,
  coversCodePoint,
  fontsForLanguages,
  precacheList,
  serviceWorkerVersion,
} from './serviceWorker';

// The shared test setup clears window.localStorage after each test; there is no window here.
afterEach(() => {
  vi.stubGlobal('window', { localStorage: { clear: () => undefined } });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('fonts', () => {
  it('reads unicode-range descriptors', () => {
    expect(coversCodePoint('U+??,U+131,U+2000-206F', 0x61)).toBe(true);
    expect(coversCodePoint('U+??,U+131,U+2000-206F', 0xf1)).toBe(true);
    expect(coversCodePoint('U+??,U+131,U+2000-206F', 0x2013)).toBe(true);
    expect(coversCodePoint('U+??,U+131,U+2000-206F', 0x100)).toBe(false);
    expect(coversCodePoint('U+0100-02BA, U+1E00-1E9F', 0x61)).toBe(false);
    expect(coversCodePoint('U+1F??', 0x1f40)).toBe(true);
    expect(coversCodePoint('U+1F??', 0x1f1)).toBe(false);
    expect(coversCodePoint(undefined, 0x61)).toBe(true);
  });

  it('precaches the faces Spanish and English need, not Cyrillic, Greek or Latin Extended', () => {
    const css =
      '@font-face{font-family:Inter Variable;src:url(/assets/inter-cyrillic-wght-normal-A1.woff2) format("woff2-variations");unicode-range:U+301,U+400-45F}' +
      '@font-face{font-family:Inter Variable;src:url(/assets/inter-latin-ext-wght-normal-B2.woff2) format("woff2-variations");unicode-range:U+100-2BA,U+1E00-1E9F}' +
      '@font-face{font-family:Inter Variable;src:url("/assets/inter-latin-wght-normal-C3.woff2") format("woff2-variations");unicode-range:U+??,U+131,U+152-153}' +
      'body{color:red}';
    expect(fontsForLanguages(css)).toEqual(['/assets/inter-latin-wght-normal-C3.woff2']);
  });
});

/** A build in miniature: the HTML's entry, the route modules of the signed-in shell, a page. */
const MANIFEST: Manifest = {
  '_runtime-R1.js': { file: 'assets/runtime-R1.js' },
  '_entry-E1.js': {
    file: 'assets/entry-E1.js',
    imports: ['_runtime-R1.js'],
    css: ['assets/entry-S1.css'],
    assets: ['assets/inter-latin-F1.woff2', 'assets/inter-greek-F2.woff2'],
    dynamicImports: [
      'src/app/FirebaseRoot.tsx',
      'src/features/contacts/ContactsPage.tsx',
      'src/i18n/en.json',
    ],
  },
  '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_entry-E1.js'] },
  'src/app/FirebaseRoot.tsx': {
    file: 'assets/FirebaseRoot-B1.js',
    isDynamicEntry: true,
    imports: ['_entry-E1.js', '_app-A1.js'],
  },
  'src/app/shell/components/AppLayout.tsx': {
    file: 'assets/AppLayout-C1.js',
    isDynamicEntry: true,
    imports: ['_entry-E1.js'],
    // On demand: not precached.
    dynamicImports: ['src/app/shell/search/SearchDialog.tsx'],
  },
  'src/app/shell/search/SearchDialog.tsx': { file: 'assets/SearchDialog-D1.js', isDynamicEntry: true },
  'src/features/contacts/ContactsPage.tsx': { file: 'assets/ContactsPage-G1.js', isDynamicEntry: true },
  'src/i18n/en.json': { file: 'assets/en-H1.js', isDynamicEntry: true },
};
const APP_HTML = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/runtime-R1.js"></script>
<script type="module" crossorigin src="/assets/entry-E1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/entry-S1.css">
</head><body><div id="root"></div></body></html>`;
const CSS = `@font-face{src:url(/assets/inter-greek-F2.woff2);unicode-range:U+370-3FF}@font-face{src:url(/assets/inter-latin-F1.woff2);unicode-range:U+??}`;

describe('precacheList', () => {
  it('is app.html, its icon, and the signed-in shell’s first load with its CSS and Latin font', () => {
    const readFile = vi.fn((file: string) => (file === 'assets/entry-S1.css' ? CSS : ''));
    expect(
      precacheList({
        manifest: MANIFEST,
        appHtml: APP_HTML,
        shellModules: ['src/app/FirebaseRoot.tsx', 'src/app/shell/components/AppLayout.tsx'],
        readFile,
      }),
    ).toEqual([
      '/app.html',
      '/assets/AppLayout-C1.js',
      '/assets/FirebaseRoot-B1.js',
      '/assets/app-A1.js',
      '/assets/entry-E1.js',
      '/assets/entry-S1.css',
      '/assets/inter-latin-F1.woff2',
      '/assets/runtime-R1.js',
      '/favicon.svg',
    ]);
    expect(readFile).toHaveBeenCalledWith('assets/entry-S1.css');
  });

  it('fails the build when the router names a module the manifest lacks', () => {
    expect(() =>
      precacheList({
        manifest: MANIFEST,
        appHtml: APP_HTML,
        shellModules: ['src/Nope.tsx'],
        readFile: () => '',
      }),
    ).toThrow(/src\/Nope\.tsx/);
  });
});

describe('serviceWorkerVersion', () => {
  const files = ['assets/entry-E1.js', 'assets/app-A1.js', '.vite/manifest.json'];

  it('is the same for the same build, whatever the order', () => {
    expect(serviceWorkerVersion(files, APP_HTML)).toBe(serviceWorkerVersion([...files].reverse(), APP_HTML));
    expect(serviceWorkerVersion(files, APP_HTML)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes with any file (hashed names) and with app.html', () => {
    const before = serviceWorkerVersion(files, APP_HTML);
    expect(serviceWorkerVersion(['assets/entry-E2.js', ...files.slice(1)], APP_HTML)).not.toBe(before);
    expect(serviceWorkerVersion(files, APP_HTML.replace('entry-S1.css', 'entry-S2.css'))).not.toBe(before);
    expect(serviceWorkerVersion(files, `${APP_HTML}\n`)).not.toBe(before);
  });
});

// ---- The compiled worker, run against stand-ins for its scope, the Cache API and fetch. ----

const ORIGIN = 'https://trato.example';

interface FakeResponse {
  ok: boolean;
  status: number;
  type: string;
  body: string;
  headers: { get(name: string): string | null };
  clone(): FakeResponse;
}

function response(body: string, { status = 200, contentType = 'text/javascript' } = {}): FakeResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    type: 'basic',
    body,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    clone() {
      return response(body, { status, contentType });
    },
  };
}

const keyOf = (request: string | { url: string }) =>
  new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

class FakeCache {
  readonly entries = new Map<string, FakeResponse>();
  async put(request: string | { url: string }, res: FakeResponse) {
    this.entries.delete(keyOf(request));
    this.entries.set(keyOf(request), res);
  }
  async match(request: string | { url: string }) {
    return this.entries.get(keyOf(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(request: string | { url: string }) {
    return this.entries.delete(keyOf(request));
  }
}

class FakeCaches {
  readonly byName = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.byName.has(name)) this.byName.set(name, new FakeCache());
    return this.byName.get(name)!;
  }
  async keys() {
    return [...this.byName.keys()];
  }
  async delete(name: string) {
    return this.byName.delete(name);
  }
  async match(request: string | { url: string }) {
    for (const cache of this.byName.values()) {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
}

type Listener = (event: unknown) => void;

/** Runs sw.js with fakes; `dispatch` returns what the worker answered and waited for. */
function runWorker(code: string, network: (url: string) => Promise<FakeResponse>) {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  const fetch = vi.fn((request: string | { url: string }, _init?: RequestInit) => network(keyOf(request)));
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    clients: { claim: vi.fn(async () => undefined) },
    skipWaiting: vi.fn(async () => undefined),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  new Function('self', 'caches', 'fetch', code)(scope, caches, fetch);
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<FakeResponse> | undefined;
    listeners.get(type)!({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<FakeResponse>) => (answer = promise),
    });
    const answered = answer ? await answer : undefined;
    await Promise.all(waits);
    // What the answer's waitUntil added (a file kept) after it resolved.
    await Promise.all(waits);
    return { answered, responded: Boolean(answer) };
  }
  const request = (path: string, mode = 'cors', method = 'GET') => ({
    request: { url: path.startsWith('http') ? path : `${ORIGIN}${path}`, mode, method },
  });
  return { listeners, caches, fetch, scope, dispatch, request };
}

describe('the compiled worker', () => {
  const PRECACHE = ['/app.html', '/assets/entry-E1.js', '/assets/runtime-R1.js', '/favicon.svg'];
  let code: string;

  beforeAll(async () => {
    code = await compileServiceWorker(WEB_DIR, 'v2', PRECACHE);
  }, 60_000);

  it('is one classic script with its build’s version and files', () => {
    expect(code).toMatch(/^\/\* Trato's service worker, build v2 /);
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code).toContain('"/assets/entry-E1.js"'.replace(/"/g, '`'));
    const { listeners } = runWorker(code, async () => response(''));
    expect([...listeners.keys()].sort()).toEqual(['activate', 'fetch', 'install', 'message']);
  });

  it('precaches its shell at install, copying hashed files another build already kept', async () => {
    const worker = runWorker(code, async (url) =>
      response(`network ${url}`, { contentType: url.endsWith('.html') ? 'text/html' : 'text/javascript' }),
    );
    await (await worker.caches.open('trato-assets')).put('/assets/runtime-R1.js', response('kept before'));
    await worker.dispatch('install');
    const shell = worker.caches.byName.get('trato-shell-v2')!;
    expect([...shell.entries.keys()].sort()).toEqual(PRECACHE.map((p) => `${ORIGIN}${p}`).sort());
    expect(shell.entries.get(`${ORIGIN}/assets/runtime-R1.js`)!.body).toBe('kept before');
    // app.html and the icon revalidated with the server; a hashed file as the HTTP cache has it.
    expect(worker.fetch.mock.calls.sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
      ['/app.html', { cache: 'no-cache' }],
      ['/assets/entry-E1.js', undefined],
      ['/favicon.svg', { cache: 'no-cache' }],
    ]);
  });

  it('fails its install if a file of its shell is missing (the browser keeps the old worker)', async () => {
    const worker = runWorker(code, async (url) =>
      response('', { status: url.endsWith('/favicon.svg') ? 404 : 200 }),
    );
    await expect(worker.dispatch('install')).rejects.toThrow(/favicon\.svg answered 404/);
  });

  it('deletes the other builds’ shells at activation, keeps the kept files, takes the pages', async () => {
    const worker = runWorker(code, async () => response(''));
    for (const name of ['trato-shell-v1', 'trato-shell-v2', 'trato-assets', 'other-app'])
      await worker.caches.open(name);
    await worker.dispatch('activate');
    expect([...worker.caches.byName.keys()].sort()).toEqual(['other-app', 'trato-assets', 'trato-shell-v2']);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('answers a page from the network, and with the cached app.html when offline', async () => {
    let online = true;
    const worker = runWorker(code, async (url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return response(`network ${url}`, { contentType: 'text/html' });
    });
    await worker.dispatch('install');
    const nav = worker.request('/contactos', 'navigate');
    expect((await worker.dispatch('fetch', nav)).answered!.body).toBe(`network ${ORIGIN}/contactos`);
    online = false;
    expect((await worker.dispatch('fetch', nav)).answered!.body).toBe(`network ${ORIGIN}/app.html`);
  });

  it('answers a page with the cached app.html when the network does not answer in time', async () => {
    vi.useFakeTimers();
    try {
      const worker = runWorker(code, async () => response('shell', { contentType: 'text/html' }));
      await worker.dispatch('install');
      worker.fetch.mockImplementation(() => new Promise(() => undefined));
      const pending = worker.dispatch('fetch', worker.request('/deals', 'navigate'));
      await vi.advanceTimersByTimeAsync(5000);
      expect((await pending).answered!.body).toBe('shell');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers built files from the cache first and keeps what it fetched', async () => {
    const worker = runWorker(code, async (url) => response(`network ${url}`));
    const chunk = worker.request('/assets/ContactsPage-G1.js');
    expect((await worker.dispatch('fetch', chunk)).answered!.body).toBe(
      `network ${ORIGIN}/assets/ContactsPage-G1.js`,
    );
    expect(worker.fetch).toHaveBeenCalledTimes(1);
    expect((await worker.dispatch('fetch', chunk)).answered!.body).toBe(
      `network ${ORIGIN}/assets/ContactsPage-G1.js`,
    );
    expect(worker.fetch).toHaveBeenCalledTimes(1);
    expect([...worker.caches.byName.get('trato-assets')!.entries.keys()]).toEqual([
      `${ORIGIN}/assets/ContactsPage-G1.js`,
    ]);
  });

  it('does not keep app.html answered for a file a deploy removed', async () => {
    const worker = runWorker(code, async () => response('<!doctype html>', { contentType: 'text/html' }));
    const gone = worker.request('/assets/Old-Z9.js');
    expect((await worker.dispatch('fetch', gone)).answered!.body).toBe('<!doctype html>');
    expect(worker.caches.byName.get('trato-assets')).toBeUndefined();
  });

  it('leaves other origins, writes, the landing page and the portal to the browser', async () => {
    const worker = runWorker(code, async () => response(''));
    for (const request of [
      worker.request('http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel'),
      worker.request('/assets/entry-E1.js', 'cors', 'POST'),
      worker.request('/', 'navigate'),
      worker.request('/portal/acme', 'navigate'),
      worker.request('/f/abc', 'navigate'),
    ])
      expect((await worker.dispatch('fetch', request)).responded).toBe(false);
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('keeps what a page loaded before it came, and takes over on SKIP_WAITING', async () => {
    const worker = runWorker(code, async (url) => response(`network ${url}`));
    await worker.dispatch('message', {
      data: {
        type: 'CACHE_URLS',
        urls: [
          `${ORIGIN}/assets/DashboardPage-K1.js`,
          'http://127.0.0.1:9099/emulator/auth',
          `${ORIGIN}/favicon.svg`,
        ],
      },
    });
    expect([...worker.caches.byName.get('trato-assets')!.entries.keys()]).toEqual([
      `${ORIGIN}/assets/DashboardPage-K1.js`,
    ]);
    expect(worker.scope.skipWaiting).not.toHaveBeenCalled();
    await worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });
});
