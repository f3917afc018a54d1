/**
 * Runs one scenario suite through every client: each test gets a fresh emulator on an ephemeral
 * port and drivers on demand. Clients:
 *   web-node          firebase web SDK in Node (gRPC)
 *   admin             firebase-admin Firestore (gRPC)
 *   browser           firebase web SDK in Chromium (WebChannel streaming + REST)
 *   browser-longpoll  the same with experimentalForceLongPolling
 *   lite-node         firebase/firestore/lite in Node (REST; no listeners)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer, FirestoreServerOptions } from '../../src/server.js';
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { createAdminDriver } from './drivers/admin.js';
import { createBrowserDriver, launchChromium, startPageHost } from './drivers/browser.js';
import type { PageHost } from './drivers/browser.js';
import type { Driver, Identity, ListenRecord } from './drivers/types.js';
import { createWebDriver } from './drivers/web.js';
import type { WebSdk } from './drivers/web.js';
import * as lite from 'firebase/firestore/lite';

export type ClientName = 'web-node' | 'admin' | 'browser' | 'browser-longpoll' | 'lite-node';
export const ALL_CLIENTS: ClientName[] = ['web-node', 'admin', 'browser', 'browser-longpoll', 'lite-node'];
/** Clients that can listen (the lite SDK cannot). */
export const hasListeners = (client: ClientName) => client !== 'lite-node';

const liteSdk = {
  ...lite,
  getAggregateFromServer: lite.getAggregate,
  onSnapshot: () => {
    throw new Error('The lite SDK has no listeners');
  },
} as unknown as WebSdk;

export interface Ctx {
  readonly client: ClientName;
  readonly projectId: string;
  readonly server: FirestoreServer;
  /** A driver for this test's client (owner unless told otherwise; admin is always owner). */
  driver(identity?: Identity): Promise<Driver>;
  /** Stop the emulator and start a new one on the same port with the same engine. */
  restartServer(): Promise<void>;
}

async function startServer(port: number, engine?: FirestoreEngine): Promise<FirestoreServer> {
  const options: FirestoreServerOptions = {
    port,
    projectId: 'demo-sdk',
    engine,
    quiet: !process.env.EMULATOR_LOG,
  };
  return startFirestoreServer(options);
}

export function clientSuite(clients: ClientName[], body: (ctx: () => Ctx, client: ClientName) => void): void {
  for (const client of clients) {
    describe(client, () => {
      const isBrowser = client.startsWith('browser');
      let browser: Browser | undefined;
      let host: PageHost | undefined;
      let context: BrowserContext | undefined;
      let server: FirestoreServer | undefined;
      let drivers: Driver[] = [];
      let current: Ctx | undefined;

      beforeAll(async () => {
        if (isBrowser) {
          [browser, host] = await Promise.all([launchChromium(), startPageHost()]);
        }
      });
      afterAll(async () => {
        await browser?.close();
        await host?.close();
      });

      beforeEach(async () => {
        server = await startServer(0);
        if (browser) context = await browser.newContext();
        drivers = [];
        let driverCount = 0;
        current = {
          client,
          projectId: 'demo-sdk',
          get server() {
            return server!;
          },
          async driver(identity: Identity = { kind: 'owner' }) {
            const name = `${client}-${++driverCount}`;
            const common = { name, projectId: 'demo-sdk', host: '127.0.0.1', port: server!.port, identity };
            let d: Driver;
            if (client === 'admin') d = createAdminDriver(common);
            else if (client === 'web-node') d = createWebDriver(common);
            else if (client === 'lite-node') d = createWebDriver(common, liteSdk);
            else
              d = await createBrowserDriver(context!, host!, {
                ...common,
                forceLongPolling: client === 'browser-longpoll',
              });
            drivers.push(d);
            return d;
          },
          async restartServer() {
            const { port, engine } = server!;
            await server!.close();
            server = await startServer(port, engine);
          },
        };
      });

      afterEach(async () => {
        await Promise.all(drivers.map((d) => d.close().catch(() => {})));
        await context?.close();
        await server?.close();
      });

      body(() => current!, client);
    });
  }
}

/** Polls until `pred` holds (listeners deliver asynchronously). */
export async function waitFor<T>(
  read: () => Promise<T>,
  pred: (value: T) => boolean,
  what = 'condition',
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (pred(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** The latest snapshot synced with the server whose ids satisfy `pred`. */
export function waitForSynced(
  d: Driver,
  listenerId: string,
  pred: (ids: string[], record: ListenRecord) => boolean,
  what?: string,
) {
  return waitFor(
    () => d.listenRecord(listenerId),
    (r) => {
      const last = r.snapshots.at(-1);
      return !!last && !last.fromCache && !last.hasPendingWrites && pred(last.ids, r);
    },
    what ?? `listener ${listenerId}`,
  );
}

/** Expects the promise to reject with a Firestore error code (e.g. 'permission-denied'). */
export async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
  } catch (err) {
    const actual = (err as { code?: string }).code;
    if (actual !== code) throw new Error(`Expected ${code}, got ${actual}: ${(err as Error).message}`);
    return;
  }
  throw new Error(`Expected ${code}, but it succeeded`);
}
