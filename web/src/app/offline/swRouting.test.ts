// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  assetsToKeep,
  isAppPage,
  isKeepable,
  MAX_ASSETS,
  overflow,
  shellCacheName,
  staleCaches,
  strategyFor,
  type ResponseLike,
} from './swRouting';

// The shared test setup clears window.localStorage after each test; there is no window here.
afterEach(() => {
  vi.stubGlobal('window', { localStorage: { clear: () => undefined } });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const ORIGIN = 'https://trato.example';
const PRECACHED = new Set(['/app.html', '/favicon.svg', '/assets/entry-abc123.js']);

const get = (path: string, mode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });
const navigate = (path: string) => get(path, 'navigate');

describe('strategyFor', () => {
  it('answers the SPA’s pages network first (with app.html offline)', () => {
    for (const path of ['/dashboard', '/contactos', '/contactos/abc?tab=notas', '/auth', '/deals#x'])
      expect(strategyFor(navigate(path), ORIGIN, PRECACHED)).toBe('page');
  });

  it('leaves the static landing page, the portal, the public forms and the functions’ paths alone', () => {
    for (const path of [
      '/',
      '/?lang=en',
      '/portal',
      '/portal/acme',
      '/portal/acme/tickets/1',
      '/f/abc123',
      '/unsubscribe?token=x',
      '/confirm?token=x',
      '/__/auth/handler',
      '/app.html',
      '/portal.html',
      '/robots.txt',
      '/sw.js',
    ])
      expect(strategyFor(navigate(path), ORIGIN, PRECACHED)).toBeNull();
  });

  it('answers built files cache first, the precached ones too', () => {
    expect(strategyFor(get('/assets/ContactsPage-Xy12.js'), ORIGIN, PRECACHED)).toBe('file');
    expect(strategyFor(get('/assets/inter-latin-wght-normal-Dx4k.woff2'), ORIGIN, PRECACHED)).toBe('file');
    expect(strategyFor(get('/assets/entry-abc123.js'), ORIGIN, PRECACHED)).toBe('file');
    expect(strategyFor(get('/favicon.svg', 'no-cors'), ORIGIN, PRECACHED)).toBe('file');
  });

  it('never touches other origins, writes, source maps or unknown files', () => {
    const firestore = {
      url: 'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen',
      method: 'GET',
      mode: 'cors',
    };
    expect(strategyFor(firestore, 'http://127.0.0.1:5199', PRECACHED)).toBeNull();
    expect(
      strategyFor(
        { ...get('/assets/x.js'), url: 'https://fonts.gstatic.com/assets/x.js' },
        ORIGIN,
        PRECACHED,
      ),
    ).toBeNull();
    expect(strategyFor({ ...get('/assets/x.js'), method: 'POST' }, ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor({ ...navigate('/contactos'), method: 'POST' }, ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor(get('/assets/entry-abc123.js.map'), ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor(get('/robots.txt'), ORIGIN, PRECACHED)).toBeNull();
    expect(strategyFor(get('/sw.js'), ORIGIN, PRECACHED)).toBeNull();
  });
});

describe('isAppPage and firebase.json', () => {
  interface Rewrite {
    source: string;
    destination?: string;
    function?: unknown;
  }
  const hosting = JSON.parse(readFileSync(new URL('../../../../firebase.json', import.meta.url), 'utf8'))
    .hosting as {
    rewrites: Rewrite[];
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  const pathsOf = (source: string) => {
    const base = source.replace(/\/\*\*$/, '');
    return source.endsWith('/**') ? [base, `${base}/x`, `${base}/x/y`] : [source];
  };

  it('is false for every path the hosting does not answer with app.html', () => {
    const others = hosting.rewrites.filter((r) => r.destination !== '/app.html');
    expect(others.length).toBeGreaterThan(0);
    for (const rewrite of others)
      for (const path of pathsOf(rewrite.source)) expect(isAppPage(path)).toBe(false);
  });

  it('keeps the SPA’s rewrite last (files such as /sw.js are served before it) and /sw.js uncached', () => {
    expect(hosting.rewrites.at(-1)).toEqual({ source: '**', destination: '/app.html' });
    const sw = hosting.headers.find((h) => h.source === '/sw.js');
    expect(sw?.headers).toContainEqual({ key: 'Cache-Control', value: 'no-cache' });
  });
});

describe('isKeepable', () => {
  const response = (ok: boolean, type: string, contentType: string | null): ResponseLike => ({
    ok,
    type,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
  });

  it('keeps a same-origin 200 script, style, font or catalogue', () => {
    expect(isKeepable(response(true, 'basic', 'text/javascript'))).toBe(true);
    expect(isKeepable(response(true, 'basic', 'font/woff2'))).toBe(true);
    expect(isKeepable(response(true, 'basic', null))).toBe(true);
  });

  it('never keeps an error, an opaque answer, or app.html under a file’s name (a file a deploy removed)', () => {
    expect(isKeepable(response(false, 'basic', 'text/javascript'))).toBe(false);
    expect(isKeepable(response(true, 'opaque', 'text/javascript'))).toBe(false);
    expect(isKeepable(response(true, 'basic', 'text/html; charset=utf-8'))).toBe(false);
  });
});

describe('caches', () => {
  it('names one shell per build and deletes only the other builds’ shells', () => {
    expect(shellCacheName('v2')).toBe('trato-shell-v2');
    expect(
      staleCaches(
        ['trato-shell-v1', 'trato-shell-v2', 'trato-assets', 'someone-else', 'trato-shell-v0'],
        'v2',
      ),
    ).toEqual(['trato-shell-v1', 'trato-shell-v0']);
  });

  it('drops the oldest kept files beyond the bound', () => {
    expect(overflow(['a', 'b', 'c', 'd'], 3)).toEqual(['a']);
    expect(overflow(['a', 'b'], 3)).toEqual([]);
    expect(overflow(Array.from({ length: MAX_ASSETS + 2 }, (_, i) => i))).toEqual([0, 1]);
  });

  it('keeps of a page’s loaded resources only this origin’s built files, once each', () => {
    expect(
      assetsToKeep(
        [
          `${ORIGIN}/assets/DashboardPage-a1.js`,
          `${ORIGIN}/assets/DashboardPage-a1.js`,
          `${ORIGIN}/assets/en-b2.js`,
          `${ORIGIN}/assets/entry-abc123.js.map`,
          `${ORIGIN}/favicon.svg`,
          'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel',
          'not a url',
          42,
        ],
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/assets/DashboardPage-a1.js`, `${ORIGIN}/assets/en-b2.js`]);
  });
});
