/**
 * The emulators under test, each in this process on an ephemeral loopback port, and the
 * firebase-admin client that drives them.
 */
import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { FirestoreServer as TheirServer } from '@firestore-emulator/server';
import type { IndexConfig } from '../src/firestore/api.js';
import { OWNER, type Write } from '../src/firestore/model.js';
import { fieldsFromJs } from '../src/firestore/values.js';
import { startFirestoreServer } from '../src/server.js';

export const PROJECT = 'demo-bench';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;

/** The composite index the `stage == … orderBy createdAt desc` query needs in production. */
export const INDEXES: IndexConfig = {
  indexes: [
    {
      collectionGroup: 'deals',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'stage', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    },
  ],
};

export interface Target {
  key: 'ours' | 'theirs';
  port: number;
  /** Writes documents without the transport (ours only): path relative to the database root. */
  seedInProcess?(docs: { path: string; data: Record<string, unknown> }[]): Promise<void>;
  close(): Promise<void>;
}

/** Ours, with strict indexes so that the composite query provably runs on its index. */
export async function startOurs(): Promise<Target> {
  const server = await startFirestoreServer({
    port: 0,
    projectId: PROJECT,
    indexes: INDEXES,
    strictIndexes: true,
    quiet: true,
  });
  return {
    key: 'ours',
    port: server.port,
    async seedInProcess(docs) {
      // 500 writes per commit, like a client batch: one version and one listener pass per commit.
      for (let i = 0; i < docs.length; i += 500) {
        const writes: Write[] = docs.slice(i, i + 500).map((d) => ({
          update: { name: `${DATABASE}/documents/${d.path}`, fields: fieldsFromJs(d.data) },
        }));
        await server.engine.commit(OWNER, DATABASE, writes);
      }
    },
    close: () => server.close(),
  };
}

/**
 * @firestore-emulator/server. Its start(port) binds 0.0.0.0 and drops the port the OS chose, so
 * the gRPC server it wraps is bound here directly, on loopback and an ephemeral port, with the
 * ServerCredentials of its own copy of @grpc/grpc-js (the server checks the class).
 */
export async function startTheirs(): Promise<Target> {
  const theirs = new TheirServer();
  const requireFromTheirs = createRequire(
    createRequire(import.meta.url).resolve('@firestore-emulator/server'),
  );
  const grpc = requireFromTheirs('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
  const inner = (theirs as unknown as { server: import('@grpc/grpc-js').Server }).server;
  const port = await new Promise<number>((resolve, reject) =>
    inner.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  // Each query listener adds three listeners to one emitter; silence Node's leak warning.
  (theirs.state.emitter as unknown as EventEmitter).setMaxListeners(0);
  return {
    key: 'theirs',
    port,
    close: async () => theirs.stop(),
  };
}

let apps = 0;

/** A firebase-admin Firestore on `port` (owner credentials, as against any emulator). */
export function adminClient(port: number): { db: Firestore; close(): Promise<void> } {
  // Set for this client (it wins over settings.host, and may point at someone's dev emulator):
  // with it, firebase-admin skips its credential lookup (a metadata-server request otherwise).
  // Each client reads it once, when created (settings() below), so clients of different
  // emulators can coexist.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  // google-gax still asks Application Default Credentials for a universe domain on every new
  // channel, which probes the GCE metadata server over the network; there is none here.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: PROJECT }, `bench-admin-${++apps}`);
  const db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${port}`, ssl: false });
  return { db, close: () => deleteApp(app) };
}
