// For the web (cloud) suite only (*.cloud.test.ts, never the app): a project of its own on the
// local cloud that `npm test -- "web (cloud)"` starts (FIRESTORE_EMULATOR_HOST; firestore.rules,
// strict index checks), emptied and given the rules, and the app's own data layer
// (getDataServices, and the signed-in uid of getCoreServices) pointed at it as a member: what
// runs is the app's code (queries, hooks, record writes) against the real rules and query planner.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setLogLevel,
  terminate,
  Timestamp,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';

const [HOST, PORT] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':') as [string, string];
const EMULATOR = `http://${HOST}:${PORT}`;
// The keys under which the app caches its services (firebase/app.ts, firebase/data.ts).
const CORE_KEY = Symbol.for('trato.firebase.core');
const DATA_KEY = Symbol.for('trato.firebase.data');

export interface TestCloud {
  /** A client of the project: 'owner' bypasses the rules (seeding, checking), any other name is that uid. */
  clientAs(uid: string): Firestore;
  /** Points the app's data layer at the project as `uid` (records.ts reads it when a write starts). */
  signIn(uid: string): void;
  /** Writes documents as the owner, in batches of 500. */
  seed(docs: Array<[string, Record<string, unknown>]>): Promise<void>;
  stop(): Promise<void>;
}

export async function openTestProject(projectId: string): Promise<TestCloud> {
  setLogLevel('error');
  // The suite runs in web/: the rules are the repository's.
  const rules = readFileSync(path.resolve(process.cwd(), '../firestore.rules'), 'utf8');
  const loaded = await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
  });
  if (!loaded.ok) throw new Error(`rules not loaded: ${loaded.status} ${await loaded.text()}`);
  await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  const clients = new Map<string, Firestore>();
  const clientAs = (uid: string): Firestore => {
    const known = clients.get(uid);
    if (known) return known;
    const app = initializeApp({ projectId, apiKey: 'demo' }, `${projectId}-${uid}`);
    const firestore = getFirestore(app);
    connectFirestoreEmulator(firestore, HOST, Number(PORT), {
      mockUserToken: uid === 'owner' ? 'owner' : { sub: uid, user_id: uid },
    });
    clients.set(uid, firestore);
    return firestore;
  };
  const caches = globalThis as Record<symbol, unknown>;
  return {
    clientAs,
    signIn(uid) {
      caches[CORE_KEY] = { auth: { currentUser: { uid } } };
      caches[DATA_KEY] = { firestore: clientAs(uid) };
    },
    async seed(docs) {
      const owner = clientAs('owner');
      for (let i = 0; i < docs.length; i += 500) {
        const batch = writeBatch(owner);
        for (const [p, data] of docs.slice(i, i + 500)) batch.set(doc(owner, p), data);
        await batch.commit();
      }
    },
    async stop() {
      delete caches[CORE_KEY];
      delete caches[DATA_KEY];
      for (const client of clients.values()) await terminate(client);
      await Promise.all([...clients.values()].map((client) => deleteApp(client.app)));
    },
  };
}

/**
 * An organization as the rules need it to serve CRM data: an active subscription and each of
 * `uids` a member (admins: every right, so the rights are not what a test is about).
 */
export function organizationDocs(orgId: string, uids: string[]): Array<[string, Record<string, unknown>]> {
  const now = Date.now();
  return [
    ...uids.map((uid): [string, Record<string, unknown>] => [
      `organizations/${orgId}/members/${uid}`,
      {
        role: 'admin',
        fullName: `User ${uid}`,
        email: `${uid}@example.com`,
        username: uid,
        permissions: {},
        joinedAt: Timestamp.fromMillis(now),
        invitedBy: null,
      },
    ]),
    [
      `organizations/${orgId}/billing/subscription`,
      {
        status: 'active',
        trialEnd: null,
        currentPeriodEnd: Timestamp.fromMillis(now + 30 * 86_400_000),
        updatedAt: Timestamp.fromMillis(now),
      },
    ],
  ];
}
