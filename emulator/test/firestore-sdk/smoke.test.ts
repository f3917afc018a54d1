import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer } from '../../src/server.js';
import { createTinyEngine } from './tiny-engine.js';
import { createWebDriver } from './drivers/web.js';
import { createAdminDriver } from './drivers/admin.js';
import { createBrowserDriver, launchChromium, startPageHost } from './drivers/browser.js';
import type { Driver } from './drivers/types.js';

async function waitFor<T>(fn: () => Promise<T>, pred: (x: T) => boolean, ms = 10000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error('timeout: ' + JSON.stringify(v));
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function basic(d: Driver) {
  await d.set('c/a', { x: 1, s: 'hi' });
  expect(await d.get('c/a')).toEqual({ exists: true, data: { x: 1, s: 'hi' } });
  await d.listenQuery('l', { collection: 'c' });
  await waitFor(() => d.listenRecord('l'), (r) => r.snapshots.some((s) => !s.fromCache && s.ids.length === 1));
  await d.set('c/b', { x: 2 });
  await waitFor(() => d.listenRecord('l'), (r) => r.snapshots.some((s) => s.ids.length === 2));
  await d.delete('c/a');
  await waitFor(() => d.listenRecord('l'), (r) => r.snapshots.at(-1)!.ids.join() === 'b');
  expect((await d.query({ collection: 'c' })).map((x) => x.id)).toEqual(['b']);
}

describe('smoke', () => {
  let server: FirestoreServer;
  beforeAll(async () => {
    server = await startFirestoreServer({ port: 0, projectId: 'demo-smoke', engine: createTinyEngine('demo-smoke'), log: (l) => console.log(l) });
  });
  afterAll(async () => server.close());

  it('web node', async () => {
    server.engine.clear();
    const d = createWebDriver({ name: 'n', projectId: 'demo-smoke', host: '127.0.0.1', port: server.port, identity: { kind: 'owner' } });
    await basic(d);
    await d.close();
  });
  it('admin', async () => {
    server.engine.clear();
    const d = createAdminDriver({ projectId: 'demo-smoke', host: '127.0.0.1', port: server.port });
    await basic(d);
    await d.close();
  });
  it('browser', async () => {
    server.engine.clear();
    const browser = await launchChromium();
    const host = await startPageHost();
    const ctx = await browser.newContext();
    for (const forceLongPolling of [false, true]) {
      server.engine.clear();
      const d = await createBrowserDriver(ctx, host, { name: 'b', projectId: 'demo-smoke', host: '127.0.0.1', port: server.port, identity: { kind: 'owner' }, forceLongPolling });
      await basic(d);
      await d.close();
    }
    await browser.close();
    await host.close();
  });
});
