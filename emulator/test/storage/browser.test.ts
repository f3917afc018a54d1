/**
 * The real browser: headless Chromium runs a page bundling firebase/storage (esbuild), served from
 * a different origin than the emulator, so CORS, preflights, XHR upload progress and download URLs
 * (fetch and <a href>) are exercised as in the app.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StorageServer } from '../../src/storage/server.js';
import { recordingAuthorizer, startTestServer } from './helpers.js';

const ENTRY = `
import { initializeApp } from 'firebase/app';
import * as st from 'firebase/storage';
let n = 0;
window.fb = {
  ...st,
  connect(port, user) {
    const app = initializeApp({ projectId: 'demo-web', storageBucket: 'demo-web.appspot.com', apiKey: 'fake' }, 'app' + (++n));
    const storage = st.getStorage(app);
    st.connectStorageEmulator(storage, '127.0.0.1', port, user ? { mockUserToken: user } : {});
    return storage;
  },
  /** Deterministic bytes, identical to the test's pattern(). */
  pattern(size) {
    const a = new Uint8Array(size);
    for (let i = 0; i < size; i++) a[i] = (i * 31 + (i >> 8)) & 0xff;
    return a;
  },
  async sha256(buf) {
    const d = await crypto.subtle.digest('SHA-256', buf);
    return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
  },
};
`;

function pattern(size: number): Buffer {
  const a = Buffer.alloc(size);
  for (let i = 0; i < size; i++) a[i] = (i * 31 + (i >> 8)) & 0xff;
  return a;
}
/** What the bundle puts on window.fb (the real SDK plus helpers), for typing page.evaluate code. */
type Fb = typeof import('firebase/storage') & {
  connect(port: number, user?: { sub: string }): import('firebase/storage').FirebaseStorage;
  pattern(size: number): Uint8Array;
  sha256(buf: Uint8Array): Promise<string>;
};
// page.evaluate code is serialized into the page: it may use only inline casts, no Node closures.
/** The few browser globals the page code touches (this project compiles without the DOM lib). */
interface PageGlobals {
  fb: Fb;
  document: {
    createElement(tag: 'a'): { href: string; id: string; textContent: string };
    body: { appendChild(node: unknown): void };
  };
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let browser: Browser;
let pageServer: Server;
let pageOrigin: string;
let server: StorageServer;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: new URL('.', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0].text;
  const html =
    '<!doctype html><meta charset="utf-8"><title>storage</title><script src="/bundle.js"></script><body>ready</body>';
  pageServer = createServer((req, res) => {
    if (req.url === '/bundle.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
    else res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
  });
  await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
  pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => pageServer?.close(r));
});

afterEach(async () => {
  await page?.context().close();
  await server?.close();
});

async function openPage(opts: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer(opts);
  const context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  await page.goto(pageOrigin + '/');
  await page.waitForFunction(() => 'fb' in globalThis);
  return page;
}

describe('firebase/storage in Chromium', () => {
  it('uploads 5 MB resumably with progress events, then fetches the download URL', async () => {
    const page = await openPage();
    const size = 5 * 1024 * 1024;
    const result = await page.evaluate(
      async ({ port, size }) => {
        const fb = (globalThis as unknown as PageGlobals).fb;
        const storage = fb.connect(port, { sub: 'web-user' });
        const data = fb.pattern(size);
        const r = fb.ref(storage, 'uploads/big file ü.bin');
        const task = fb.uploadBytesResumable(r, data, { contentType: 'application/octet-stream' });
        const progress: number[] = [];
        const states: string[] = [];
        task.on('state_changed', (s) => {
          progress.push(s.bytesTransferred);
          states.push(s.state);
        });
        const snap = await task;
        const url = await fb.getDownloadURL(r);
        const resp = await fetch(url);
        const body = new Uint8Array(await resp.arrayBuffer());
        return {
          progress,
          states,
          total: snap.totalBytes,
          md5: snap.metadata.md5Hash,
          url,
          status: resp.status,
          len: body.length,
          hash: await fb.sha256(body),
        };
      },
      { port: server.port, size },
    );
    const expected = pattern(size);
    expect(result.total).toBe(size);
    expect(result.md5).toBe(createHash('md5').update(expected).digest('base64'));
    expect(result.status).toBe(200);
    expect(result.len).toBe(size);
    expect(result.hash).toBe(sha256(expected));
    // Several intermediate progress events, monotonically increasing, ending at the total.
    const distinct = [...new Set(result.progress)];
    expect(distinct.length).toBeGreaterThan(3);
    expect(distinct.every((v, i) => i === 0 || v > distinct[i - 1])).toBe(true);
    expect(distinct.at(-1)).toBe(size);
    expect(result.states).toContain('running');
  });

  it('small, empty and unicode uploads; metadata round trip; list and delete', async () => {
    const page = await openPage();
    const result = await page.evaluate(async (port) => {
      const fb = (globalThis as unknown as PageGlobals).fb;
      const storage = fb.connect(port);
      const small = fb.ref(storage, 'docs/ñandú 1.txt');
      await fb.uploadString(small, 'hola', 'raw', { contentType: 'text/plain', customMetadata: { a: '1' } });
      await fb.uploadBytes(fb.ref(storage, 'docs/empty'), new Uint8Array(0));
      await fb.uploadBytes(fb.ref(storage, 'docs/sub/x'), new Uint8Array([1]));
      const md = await fb.updateMetadata(small, { customMetadata: { b: '2' }, cacheControl: 'max-age=5' });
      const listing = await fb.listAll(fb.ref(storage, 'docs'));
      const text = new TextDecoder().decode(await fb.getBytes(small));
      const empty = (await fb.getBytes(fb.ref(storage, 'docs/empty'))).byteLength;
      await fb.deleteObject(small);
      let code = '';
      try {
        await fb.getMetadata(small);
      } catch (e) {
        code = (e as { code?: string }).code ?? String(e);
      }
      return {
        custom: md.customMetadata,
        cache: md.cacheControl,
        items: listing.items.map((i) => i.fullPath),
        prefixes: listing.prefixes.map((p) => p.fullPath),
        text,
        empty,
        code,
      };
    }, server.port);
    expect(result).toEqual({
      custom: { a: '1', b: '2' },
      cache: 'max-age=5',
      items: ['docs/empty', 'docs/ñandú 1.txt'],
      prefixes: ['docs/sub'],
      text: 'hola',
      empty: 0,
      code: 'storage/object-not-found',
    });
  });

  it('download URLs work as <a href> (inline and attachment) without auth', async () => {
    const page = await openPage({ authorizer: recordingAuthorizer((r) => r.auth?.uid === 'owner-user') });
    const urls = await page.evaluate(async (port) => {
      const fb = (globalThis as unknown as PageGlobals).fb;
      const storage = fb.connect(port, { sub: 'owner-user' });
      const a = fb.ref(storage, 'share/readme.txt');
      await fb.uploadString(a, 'inline text', 'raw', { contentType: 'text/plain' });
      const b = fb.ref(storage, 'share/report.csv');
      await fb.uploadString(b, 'x,y\n1,2\n', 'raw', {
        contentType: 'text/csv',
        contentDisposition: 'attachment; filename="report.csv"',
      });
      return { inline: await fb.getDownloadURL(a), attachment: await fb.getDownloadURL(b) };
    }, server.port);

    // Click an <a href> to the attachment: the browser downloads it.
    await page.evaluate((href) => {
      const a = (globalThis as unknown as PageGlobals).document.createElement('a');
      a.href = href;
      a.id = 'dl';
      a.textContent = 'download';
      (globalThis as unknown as PageGlobals).document.body.appendChild(a);
    }, urls.attachment);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#dl')]);
    expect(download.suggestedFilename()).toBe('report.csv');
    expect(await readFile((await download.path())!, 'utf8')).toBe('x,y\n1,2\n');

    // Navigating to the inline one shows it.
    await page.evaluate((href) => {
      const a = (globalThis as unknown as PageGlobals).document.createElement('a');
      a.href = href;
      a.id = 'view';
      a.textContent = 'view';
      (globalThis as unknown as PageGlobals).document.body.appendChild(a);
    }, urls.inline);
    await Promise.all([page.waitForURL(urls.inline), page.click('#view')]);
    expect(await page.textContent('body')).toBe('inline text');
  });

  it('rules denials surface as storage/unauthorized in the browser', async () => {
    const page = await openPage({ authorizer: recordingAuthorizer((r) => r.method !== 'create') });
    const code = await page.evaluate(async (port) => {
      const fb = (globalThis as unknown as PageGlobals).fb;
      const storage = fb.connect(port, { sub: 'u' });
      try {
        await fb.uploadBytesResumable(fb.ref(storage, 'nope.bin'), fb.pattern(512 * 1024));
        return 'uploaded';
      } catch (e) {
        return (e as { code?: string }).code;
      }
    }, server.port);
    expect(code).toBe('storage/unauthorized');
  });
});
