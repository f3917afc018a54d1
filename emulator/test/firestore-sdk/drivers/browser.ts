/// <reference lib="dom" />
/**
 * The web SDK in headless Chromium (WebChannel for Listen/Write, REST for transactions and
 * aggregations). The page comes from its own little HTTP server, so every emulator call is
 * cross-origin with credentials, as from a Vite dev server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Driver } from './types.js';
import type { WebDriverOptions } from './web.js';

const here = path.dirname(fileURLToPath(import.meta.url));

let bundle: Promise<string> | undefined;

/** The firebase SDK + driver, bundled once per test process. */
function pageScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(here, '..', 'browser', 'entry.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
  return bundle;
}

export interface PageHost {
  url: string;
  close(): Promise<void>;
}

/** Serves the test page (an empty document that loads the bundle). */
export async function startPageHost(): Promise<PageHost> {
  const script = await pageScript();
  const server = http.createServer((req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(script);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(
        '<!doctype html><html><head><script type="module" src="/bundle.js"></script></head><body>test</body></html>',
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}

let driverCounter = 0;

/** A driver running in its own page (tab) of `context`. */
export async function createBrowserDriver(
  context: BrowserContext,
  host: PageHost,
  options: WebDriverOptions,
): Promise<Driver & { page: Page }> {
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[page ${options.name}] ${err.message}`));
  await page.goto(host.url);
  await page.waitForFunction(() => typeof window.__createDriver === 'function');
  const id = `d${++driverCounter}`;
  const create = (a: [string, WebDriverOptions]) => window.__createDriver(a[0], a[1]);
  // page.evaluate's generic typing is too deep for these argument types; call it untyped.
  const evaluate = page.evaluate.bind(page) as (
    fn: (a: unknown) => unknown,
    arg: unknown,
  ) => Promise<unknown>;
  await evaluate(create as (a: unknown) => void, [id, options]);

  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };
    const invoke = (a: [string, string, unknown[]]) => window.__call(a[0], a[1], a[2]) as Promise<Outcome>;
    const outcome = (await evaluate(invoke as (a: unknown) => Promise<unknown>, [
      id,
      method,
      args,
    ])) as Outcome;
    if (outcome.ok) return outcome.value;
    const err = new Error(outcome.message) as Error & { code: string };
    err.code = outcome.code;
    throw err;
  };

  const proxy = new Proxy({} as Record<string, unknown>, {
    get(_t, prop) {
      if (prop === 'name') return options.name;
      if (prop === 'page') return page;
      if (prop === 'then') return undefined;
      if (prop === 'close')
        return async () => {
          await call('close', []).catch(() => {});
          await page.close();
        };
      return (...args: unknown[]) => call(String(prop), args);
    },
  });
  return proxy as unknown as Driver & { page: Page };
}
