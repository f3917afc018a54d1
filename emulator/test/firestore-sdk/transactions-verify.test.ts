/**
 * Transactions that read a document without writing it, judged by the unmodified SDKs. The web
 * SDKs run transactions optimistically: reads are plain BatchGetDocuments, and the Commit carries
 * a `verify` write (with the read version as its precondition) for every document read but not
 * written — over gRPC in Node, over REST for the lite SDK (and in browsers). firebase-admin runs
 * them pessimistically (server transactions with locks) and sends no verify.
 *
 * Also the production answers of the web SDK's own transaction table (delete / update / set pairs
 * on one document, with and without a read first), from firebase-js-sdk's integration tests
 * (packages/firestore/test/integration/api/transactions.test.ts), which run against production.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase/app';
import * as full from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import type { Firestore } from 'firebase/firestore';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { firestoreRules } from '../../src/rules/index.js';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer } from '../../src/server.js';

const PROJECT = 'demo-verify';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;

/** The full SDK's surface; the lite SDK fits the part used here. */
type Sdk = typeof full;
const SDKS: [string, Sdk][] = [
  ['web SDK in Node (gRPC)', full],
  ['lite SDK (REST)', lite as unknown as Sdk],
];

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /contacts/{id} {
      allow read: if request.auth != null;
      allow write: if false;
    }
    match /deals/{id} {
      allow read, write: if request.auth != null;
    }
  }
}`;

let server: FirestoreServer;
let rules: ReturnType<typeof firestoreRules>;
let cleanups: (() => Promise<unknown>)[] = [];
let appCounter = 0;

beforeEach(async () => {
  rules = firestoreRules({ noRuleset: 'allow' });
  server = await startFirestoreServer({
    port: 0,
    projectId: PROJECT,
    quiet: !process.env.EMULATOR_LOG,
    onRulesUpdate: rules.onRulesUpdate,
  });
  server.engine.setAuthorizer(rules.authorizer);
});

afterEach(async () => {
  await Promise.all(cleanups.map((c) => c().catch(() => {})));
  cleanups = [];
  await server.close();
});

/** A web or lite SDK client: the owner (rules bypass) unless a uid is given. */
function webClient(sdk: Sdk, uid?: string): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `verify-${++appCounter}`);
  const db = sdk.initializeFirestore(app, {});
  sdk.connectFirestoreEmulator(db, '127.0.0.1', server.port, {
    mockUserToken: uid ? { sub: uid, user_id: uid } : 'owner',
  });
  cleanups.push(async () => {
    await sdk.terminate(db);
    await deleteApp(app);
  });
  return db;
}

function adminClient(): AdminFirestore {
  // The environment variable would override the per-instance host.
  delete process.env.FIRESTORE_EMULATOR_HOST;
  const app = initializeAdminApp({ projectId: PROJECT }, `verify-admin-${++appCounter}`);
  const db = getAdminFirestore(app);
  db.settings({ host: `127.0.0.1:${server.port}`, ssl: false });
  cleanups.push(async () => {
    await db.terminate();
    await deleteAdminApp(app);
  });
  return db;
}

/** The stored document, with its update time, straight from the engine. */
const stored = (path: string) => server.engine.readCommitted(`${ROOT}/${path}`);

async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return String((err as { code?: unknown }).code);
  }
  return 'succeeded';
}

for (const [label, sdk] of SDKS) {
  describe(label, () => {
    const { doc, getDoc, runTransaction, setDoc } = sdk;

    it('a transaction that reads one document and writes another commits; the read one is untouched', async () => {
      const db = webClient(sdk);
      await setDoc(doc(db, 'contacts/a'), { name: 'Ada', deals: 0 });
      const before = stored('contacts/a');
      let runs = 0;
      const result = await runTransaction(db, async (t) => {
        runs++;
        const contact = await t.get(doc(db, 'contacts/a'));
        t.set(doc(db, 'deals/d1'), { contact: contact.get('name'), amount: 100 });
        return 'done';
      });
      expect(result).toBe('done');
      expect(runs).toBe(1);
      expect((await getDoc(doc(db, 'deals/d1'))).data()).toEqual({ contact: 'Ada', amount: 100 });
      // Not rewritten: same data and the same update time.
      expect(stored('contacts/a')).toEqual(before);
    });

    it('a transaction that only reads commits (the commit holds nothing but verifies)', async () => {
      const db = webClient(sdk);
      await setDoc(doc(db, 'contacts/a'), { name: 'Ada' });
      const before = stored('contacts/a');
      const names = await runTransaction(db, async (t) => {
        const a = await t.get(doc(db, 'contacts/a'));
        const missing = await t.get(doc(db, 'contacts/missing'));
        return [a.get('name'), missing.exists()];
      });
      expect(names).toEqual(['Ada', false]);
      expect(stored('contacts/a')).toEqual(before);
      expect(stored('contacts/missing')).toBeNull();
    });

    it('retries when the read document changes before the commit; the retry writes the new value', async () => {
      const db = webClient(sdk);
      const other = webClient(sdk);
      await setDoc(doc(db, 'contacts/a'), { deals: 1 });
      let runs = 0;
      await runTransaction(db, async (t) => {
        runs++;
        const contact = await t.get(doc(db, 'contacts/a'));
        // A second client changes the contact between this attempt's read and its commit.
        if (runs === 1) await setDoc(doc(other, 'contacts/a'), { deals: 7 });
        t.set(doc(db, 'deals/d1'), { contactDeals: contact.get('deals') });
      });
      expect(runs).toBe(2);
      expect((await getDoc(doc(db, 'deals/d1'))).data()).toEqual({ contactDeals: 7 });
      expect((await getDoc(doc(db, 'contacts/a'))).data()).toEqual({ deals: 7 });
    });

    it('retries when a document read as missing is created before the commit', async () => {
      const db = webClient(sdk);
      const other = webClient(sdk);
      let runs = 0;
      await runTransaction(db, async (t) => {
        runs++;
        const contact = await t.get(doc(db, 'contacts/new'));
        if (runs === 1) await setDoc(doc(other, 'contacts/new'), { name: 'Grace' });
        t.set(doc(db, 'deals/d1'), { contactExists: contact.exists(), name: contact.get('name') ?? null });
      });
      expect(runs).toBe(2);
      expect((await getDoc(doc(db, 'deals/d1'))).data()).toEqual({ contactExists: true, name: 'Grace' });
    });

    it('under rules, a user who may read a contact but not write it runs the transaction that reads it and writes a deal', async () => {
      expect(rules.onRulesUpdate(RULES)).toEqual({ ok: true });
      const owner = webClient(sdk);
      await setDoc(doc(owner, 'contacts/c1'), { name: 'Ada' });
      const before = stored('contacts/c1');
      const alice = webClient(sdk, 'alice');
      await runTransaction(alice, async (t) => {
        const contact = await t.get(doc(alice, 'contacts/c1'));
        t.set(doc(alice, 'deals/d1'), { contact: contact.get('name') });
      });
      expect((await getDoc(doc(alice, 'deals/d1'))).data()).toEqual({ contact: 'Ada' });
      expect(stored('contacts/c1')).toEqual(before);
      // The rules are in force: the contact itself cannot be written, in a transaction or not.
      const writeContact = runTransaction(alice, async (t) => {
        const contact = await t.get(doc(alice, 'contacts/c1'));
        t.update(doc(alice, 'contacts/c1'), { name: `${contact.get('name')}!` });
      });
      expect(await errorCode(writeContact)).toBe('permission-denied');
    });
  });
}

describe('firebase-admin (gRPC, server transactions)', () => {
  it('a transaction that reads one document and writes another commits; the read one is untouched', async () => {
    const db = adminClient();
    await db.doc('contacts/a').set({ name: 'Ada' });
    const before = (await db.doc('contacts/a').get()).updateTime;
    let runs = 0;
    await db.runTransaction(async (t) => {
      runs++;
      const contact = await t.get(db.doc('contacts/a'));
      t.set(db.doc('deals/d1'), { contact: contact.get('name') });
    });
    expect(runs).toBe(1);
    expect((await db.doc('deals/d1').get()).data()).toEqual({ contact: 'Ada' });
    const after = await db.doc('contacts/a').get();
    expect(after.data()).toEqual({ name: 'Ada' });
    expect(after.updateTime?.isEqual(before!)).toBe(true);
  });

  it('a write to the read document waits for the transaction (pessimistic lock) instead of forcing a retry', async () => {
    const db = adminClient();
    const web = webClient(full);
    await db.doc('contacts/a').set({ deals: 1 });
    let runs = 0;
    let concurrentWrite: Promise<void> | undefined;
    await db.runTransaction(async (t) => {
      runs++;
      const contact = await t.get(db.doc('contacts/a'));
      concurrentWrite ??= full.setDoc(full.doc(web, 'contacts/a'), { deals: 7 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      t.set(db.doc('deals/d1'), { contactDeals: contact.get('deals') });
    });
    await concurrentWrite;
    expect(runs).toBe(1);
    expect((await db.doc('deals/d1').get()).data()).toEqual({ contactDeals: 1 });
    expect((await db.doc('contacts/a').get()).data()).toEqual({ deals: 7 });
  });
});

/**
 * The web SDK's transaction table: two operations on one document, optionally after reading it,
 * from an existing, a never-created or a deleted document. Outcomes as production answers them:
 * 'none' (no document after), 'bar2' (the document is {foo: 'bar2'}), or the error code.
 * `invalid-argument` after a read of a missing document is the SDK's own ("Can't update a document
 * that doesn't exist."); every other error comes from the server.
 */
type Op = 'delete' | 'update' | 'set';
type Start = 'existing' | 'nonexistent' | 'deleted';
const PAIRS: [Op, Op][] = [
  ['delete', 'delete'],
  ['delete', 'update'],
  ['delete', 'set'],
  ['update', 'delete'],
  ['update', 'update'],
  ['update', 'set'],
  ['set', 'delete'],
  ['set', 'update'],
  ['set', 'set'],
];
const ROW_EXISTING = ['none', 'invalid-argument', 'bar2', 'none', 'bar2', 'bar2', 'none', 'bar2', 'bar2'];
const ROW_READ_MISSING = [
  'none',
  'invalid-argument',
  'bar2',
  'invalid-argument',
  'invalid-argument',
  'invalid-argument',
  'none',
  'bar2',
  'bar2',
];
const ROW_BLIND_MISSING = [
  'none',
  'invalid-argument',
  'bar2',
  'not-found',
  'not-found',
  'not-found',
  'none',
  'bar2',
  'bar2',
];
const TABLE: { read: boolean; start: Start; outcomes: string[] }[] = [
  { read: true, start: 'existing', outcomes: ROW_EXISTING },
  { read: true, start: 'nonexistent', outcomes: ROW_READ_MISSING },
  { read: true, start: 'deleted', outcomes: ROW_READ_MISSING },
  { read: false, start: 'existing', outcomes: ROW_EXISTING },
  { read: false, start: 'nonexistent', outcomes: ROW_BLIND_MISSING },
];

describe('the web SDK transaction table (gRPC)', () => {
  it('answers every delete / update / set pair as production does', async () => {
    const db = webClient(full);
    const { deleteDoc, doc, getDoc, runTransaction, setDoc } = full;
    let n = 0;
    const observed: string[] = [];
    const expected: string[] = [];
    for (const { read, start, outcomes } of TABLE) {
      for (const [i, [first, second]] of PAIRS.entries()) {
        const ref = doc(db, `tester/${++n}`);
        if (start !== 'nonexistent') await setDoc(ref, { foo: 'bar0' });
        if (start === 'deleted') await deleteDoc(ref);
        const outcome = await runTransaction(db, async (t) => {
          if (read) await t.get(ref);
          for (const [op, value] of [
            [first, 'bar1'],
            [second, 'bar2'],
          ] as const) {
            if (op === 'delete') t.delete(ref);
            else if (op === 'update') t.update(ref, { foo: value });
            else t.set(ref, { foo: value });
          }
        }).then(
          async () => {
            const snap = await getDoc(ref);
            return snap.exists() ? String(snap.get('foo')) : 'none';
          },
          (err: { code?: string }) => String(err.code),
        );
        const what = `${read ? 'get, ' : ''}${first}, ${second} (${start} document)`;
        observed.push(`${what}: ${outcome}`);
        expected.push(`${what}: ${outcomes[i]}`);
      }
    }
    expect(observed).toEqual(expected);
  });

  it('a delete then an update is refused by the server, over REST too (HTTP 400)', async () => {
    const db = webClient(lite as unknown as Sdk);
    const { doc, getDoc, runTransaction, setDoc } = lite as unknown as Sdk;
    const ref = doc(db, 'tester/x');
    await setDoc(ref, { foo: 'bar0' });
    const refused = runTransaction(
      db,
      async (t) => {
        t.delete(ref);
        t.update(ref, { foo: 'bar2' });
      },
      { maxAttempts: 1 },
    );
    // The lite SDK maps HTTP statuses, not the status names: 400 (INVALID_ARGUMENT) reads as
    // failed-precondition, as it does against production.
    expect(await errorCode(refused)).toBe('failed-precondition');
    expect((await getDoc(ref)).data()).toEqual({ foo: 'bar0' });
  });
});
