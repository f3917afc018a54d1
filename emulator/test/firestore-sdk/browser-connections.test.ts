/**
 * Chrome opens at most six HTTP/1.1 connections to a host, and every WebChannel stream holds one
 * (its hanging back-channel GET). Firestore instances a page forgets to terminate keep their
 * Listen and Write streams open until the SDK's own 60 s idle timer: three of them starve every
 * other request of the page (Google's Firestore suite stalled this way in Chromium). The server
 * closes idle streams cleanly, so a page's fresh instance gets through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer } from '../../src/server.js';
import { launchChromium } from './drivers/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));

let server: FirestoreServer;
let pages: http.Server;
let browser: Browser;

beforeAll(async () => {
  server = await startFirestoreServer({
    port: 0,
    projectId: 'demo-connections',
    quiet: true,
    webChannel: { idleStreamMs: 1_000 },
  });
  const script = (
    await build({
      entryPoints: [path.join(here, 'browser', 'instances.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    })
  ).outputFiles[0].text;
  pages = http.createServer((req, res) => {
    const js = req.url === '/instances.js';
    res.writeHead(200, { 'Content-Type': js ? 'text/javascript' : 'text/html' });
    res.end(js ? script : '<!doctype html><script type="module" src="/instances.js"></script>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  pages?.closeAllConnections();
  pages?.close();
  await server?.close();
});

it('instances a page never terminated do not starve its next one of connections', async () => {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${(pages.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => typeof window.__useInstance === 'function');
  const use = (name: string) =>
    page.evaluate(([port, n]) => window.__useInstance(port as number, n as string), [server.port, name]);
  // Three forgotten instances: a Listen and a Write back channel each, six connections.
  for (const name of ['a', 'b', 'c']) await use(name);
  const ms = await use('fresh');
  // Before the server closed idle streams this waited for the SDK's 60 s idle timer.
  expect(ms).toBeLessThan(15_000);
  await page.close();
}, 60_000);
