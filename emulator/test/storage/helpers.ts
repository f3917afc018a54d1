/** Shared helpers for the Storage emulator tests: each test gets its own server on an ephemeral port. */
import { createHash, randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { StorageAccessRequest, StorageAuthorizer } from '../../src/storage/access.js';
import {
  startStorageServer,
  type StorageServer,
  type StorageServerOptions,
} from '../../src/storage/server.js';

export const allowAll: StorageAuthorizer = { authorize: () => ({ allowed: true }) };
export const denyAll: StorageAuthorizer = { authorize: () => ({ allowed: false, reason: 'denyAll' }) };

/** A hand-written authorizer from a function, recording every request it saw. */
export function recordingAuthorizer(
  fn: (r: StorageAccessRequest) => boolean,
): StorageAuthorizer & { seen: StorageAccessRequest[] } {
  const seen: StorageAccessRequest[] = [];
  return {
    seen,
    authorize(r) {
      seen.push(r);
      return { allowed: fn(r) };
    },
  };
}

export async function startTestServer(opts: Partial<StorageServerOptions> = {}): Promise<StorageServer> {
  return startStorageServer({ port: 0, quiet: true, log: () => {}, authorizer: allowAll, ...opts });
}

let appCounter = 0;

export interface SdkHandle {
  app: FirebaseApp;
  storage: FirebaseStorage;
  close(): Promise<void>;
}

/** A firebase web-SDK app pointed at the server, optionally signed in via an unsigned mock token. */
export function sdkFor(
  server: StorageServer,
  opts: { bucket?: string; user?: { sub: string; [claim: string]: unknown } } = {},
): SdkHandle {
  const bucket = opts.bucket ?? 'demo-test.appspot.com';
  const app = initializeApp(
    { projectId: 'demo-test', storageBucket: bucket, apiKey: 'fake' },
    `storage-test-${++appCounter}`,
  );
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', server.port, opts.user ? { mockUserToken: opts.user } : {});
  return { app, storage, close: () => deleteApp(app) };
}

export function unsignedJwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
}

export function md5(data: Uint8Array): string {
  return createHash('md5').update(data).digest('base64');
}

export function randomData(size: number): Uint8Array {
  return new Uint8Array(randomBytes(size));
}

export function base(server: StorageServer): string {
  return `http://127.0.0.1:${server.port}`;
}

/** A reply's JSON, loosely typed: the expectations check its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only convenience
export type LooseJson = any;
export async function json(r: Response): Promise<LooseJson> {
  return (await r.json()) as LooseJson;
}
