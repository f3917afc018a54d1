/**
 * Cloud Storage for Firebase emulator: one HTTP/1.1 port serving the Firebase Storage API
 * (`/v0`), the GCS JSON API subset used by firebase-admin, and the `/internal/*` control
 * endpoints of the official emulator. See README.md in this folder.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StorageAuthorizer } from './access.js';
import { decodeSegments, type ApiContext } from './context.js';
import { handleFirebaseApi } from './firebaseApi.js';
import { handleGcsApi, handleXmlApi, sendGcsError } from './gcsApi.js';
import { applyCors, HttpError, sendError, sendJson } from './http.js';
import { handleInternal, type RulesUpdateHook } from './internal.js';
import { exportObjects, importObjects } from './persistence.js';
import { StorageService } from './service.js';
import { StorageStore } from './store.js';
import { UploadSessions } from './uploads.js';

export type { RulesUpdateHook, RulesUpdateResult } from './internal.js';

export interface StorageServerOptions {
  /** 0 = an ephemeral port. */
  port: number;
  host?: string;
  /** null/absent = no ruleset loaded: every non-owner request is denied (as the official emulator). */
  authorizer?: StorageAuthorizer | null;
  /** Largest object accepted, in bytes (default 256 MiB). Bigger uploads get 413. */
  maxObjectSize?: number;
  /** Called by PUT /internal/setRules with the rules source. */
  onRulesUpdate?: RulesUpdateHook;
  /** Load an export directory at start-up. */
  importFrom?: string;
  log?: (line: string) => void;
  /** Do not log each request (errors and rule denials are still logged). */
  quiet?: boolean;
}

export interface StorageServer {
  port: number;
  host: string;
  /** e.g. "127.0.0.1:9199", the value for FIREBASE_STORAGE_EMULATOR_HOST. */
  hostAndPort: string;
  store: StorageStore;
  service: StorageService;
  setAuthorizer(a: StorageAuthorizer | null): void;
  /** Drop all objects and upload sessions (the ruleset stays). */
  reset(): void;
  exportTo(dir: string): Promise<{ objects: number; dir: string }>;
  importFrom(dir: string): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_OBJECT_SIZE = 256 * 1024 * 1024;

export async function startStorageServer(options: StorageServerOptions): Promise<StorageServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  const store = new StorageStore();
  const service = new StorageService(
    store,
    options.authorizer ?? null,
    options.maxObjectSize ?? DEFAULT_MAX_OBJECT_SIZE,
    log,
  );
  const uploads = new UploadSessions();
  const ctx: ApiContext = { service, uploads, jsonLimit: 4 * 1024 * 1024 };
  const setAuthorizer = (a: StorageAuthorizer | null) => {
    service.authorizer = a;
  };
  const reset = () => {
    store.reset();
    uploads.reset();
  };
  if (options.importFrom) store.replaceAll(await importObjects(options.importFrom));

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const segs = decodeSegments(url.pathname);
    const [first, second, third] = segs;
    if (first === 'internal' && segs.length === 2) {
      await handleInternal(
        ctx,
        { onRulesUpdate: options.onRulesUpdate, setAuthorizer, resetAll: reset, log },
        req,
        res,
        second,
      );
      return true;
    }
    if (first === 'v0') {
      await handleFirebaseApi(ctx, req, res, url, segs.slice(1));
      return true;
    }
    if ((first === 'upload' || first === 'download') && second === 'storage' && third === 'v1') {
      return handleGcsApi(ctx, req, res, url, segs.slice(3), first === 'upload');
    }
    if (first === 'storage' && second === 'v1') return handleGcsApi(ctx, req, res, url, segs.slice(2), false);
    if (first === 'b') return handleGcsApi(ctx, req, res, url, segs, false);
    if (url.pathname === '/' && req.method === 'GET') {
      sendJson(res, 200, { emulator: 'storage' });
      return true;
    }
    return handleXmlApi(ctx, req, res, segs);
  }

  const server = createServer((req, res) => {
    const started = Date.now();
    if (!options.quiet) {
      res.on('finish', () =>
        log(`[storage] ${req.method} ${req.url} -> ${res.statusCode} (${Date.now() - started} ms)`),
      );
    }
    if (applyCors(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const gcsStyle = !url.pathname.startsWith('/v0') && !url.pathname.startsWith('/internal');
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (gcsStyle) sendGcsError(res, status, message, headers);
      else sendError(res, status, message, headers);
    };
    route(req, res, url).then(
      (handled) => {
        if (!handled) fail(404, `Not found: ${req.method} ${url.pathname}`);
      },
      (err: unknown) => {
        if (err instanceof HttpError) {
          if (err.status === 403) log(`[storage] ${req.method} ${url.pathname}: ${err.message}`);
          fail(err.status, err.message, err.extraHeaders);
        } else {
          log(
            `[storage] internal error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`,
          );
          fail(500, 'Internal emulator error: ' + ((err as Error)?.message ?? String(err)));
        }
      },
    );
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostAndPort = `${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    port,
    host,
    hostAndPort,
    store,
    service,
    setAuthorizer,
    reset,
    exportTo: (dir) => exportObjects(store.all(), dir),
    importFrom: async (dir) => {
      const objects = await importObjects(dir);
      store.replaceAll(objects);
      return objects.length;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
