/**
 * The rules workloads (ours only: @firestore-emulator/server has no rules engine). A realistic
 * CRM rule: a membership get() and a permission-map lookup.
 *  - in-process: authorizer.authorize() calls per second, no transport;
 *  - end-to-end: getDoc / setDoc through @firebase/rules-unit-testing contexts (web SDK, gRPC);
 *  - listener fan-out through the web SDK, 100 clients (one app and connection each).
 */
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  limit,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import type { AccessRequest, DataLookup } from '../src/firestore/access.js';
import { createFirestoreEngine } from '../src/firestore/engine.js';
import { OWNER, type Caller, type Write } from '../src/firestore/model.js';
import { fieldsFromJs, timestampFromDate } from '../src/firestore/values.js';
import { createFirestoreAuthorizer, firestoreRules, loadRuleset } from '../src/rules/index.js';
import { startFirestoreServer } from '../src/server.js';
import { callsFor, sequentialFor, type Throughput } from './stats.js';
import { DATABASE, PROJECT } from './targets.js';
import { fanOut, type FanOutResult } from './workloads.js';

export const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function member(org) {
      return get(/databases/$(database)/documents/organizations/$(org)/members/$(request.auth.uid));
    }
    match /organizations/{org}/members/{uid} {
      allow read: if request.auth != null && request.auth.uid == uid;
    }
    match /organizations/{org}/contacts/{id} {
      allow read: if request.auth != null
        && member(org).data.permissions.contacts.view == true;
      allow create, update: if request.auth != null
        && member(org).data.permissions.contacts.edit == true
        && request.resource.data.keys().hasOnly(['name', 'email', 'stage', 'updatedAt'])
        && request.resource.data.name is string
        && request.resource.data.name.size() <= 200;
    }
    match /organizations/{org}/deals/{id} {
      allow read: if request.auth != null
        && member(org).data.permissions.deals.view == true;
    }
    match /open/{id} {
      allow read, write: if true;
    }
  }
}
`;

const ORG = 'acme';
const root = `${DATABASE}/documents`;

/** alice may view and edit contacts; bob is a member without contact rights; m0..m99 may view. */
function member(uid: string): Record<string, unknown> {
  const edit = uid === 'alice';
  const view = uid !== 'bob';
  return { role: 'seller', permissions: { contacts: { view, edit }, deals: { view: true, edit: false } } };
}

function contact(i: number): Record<string, unknown> {
  return {
    name: `Contact ${i}`,
    email: `c${i}@example.com`,
    stage: 'lead',
    updatedAt: new Date(1_700_000_000_000 + i),
  };
}

const userCaller = (uid: string): Caller => ({
  kind: 'user',
  auth: { uid, token: { sub: uid, user_id: uid, firebase: { sign_in_provider: 'custom' } } },
});

export interface InProcessResult {
  label: string;
  allowed: boolean;
  perSecond: number;
  /** Median over 10 windows. */
  usPerCall: number;
  /** Fastest window: the least disturbed by other load on the machine. */
  bestUsPerCall: number;
}

/** authorize() on an engine holding the member documents: the per-request cost of the rules. */
export async function rulesInProcess(ms: number): Promise<InProcessResult[]> {
  const engine = createFirestoreEngine({ projectId: PROJECT });
  const writes: Write[] = ['alice', 'bob'].map((uid) => ({
    update: { name: `${root}/organizations/${ORG}/members/${uid}`, fields: fieldsFromJs(member(uid)) },
  }));
  writes.push({
    update: { name: `${root}/organizations/${ORG}/contacts/c1`, fields: fieldsFromJs(contact(1)) },
  });
  writes.push({ update: { name: `${root}/open/o1`, fields: fieldsFromJs({ text: 'hello' }) } });
  await engine.commit(OWNER, DATABASE, writes);

  const loaded = loadRuleset(RULES, 'bench.rules');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  const ruleset = loaded.ruleset;
  let denials = 0;
  const authorizer = createFirestoreAuthorizer(() => ruleset, { onDenied: () => denials++ });
  // The engine's own lookup reads the store at the request's read time; readCommitted is the same
  // store read without the version bookkeeping.
  const lookup: DataLookup = {
    get: (n) => engine.readCommitted(n),
    getAfter: (n) => engine.readCommitted(n),
  };
  const time = timestampFromDate(new Date());
  const contactName = `${root}/organizations/${ORG}/contacts/c1`;
  const stored = engine.readCommitted(contactName);
  const newContact = (uid: string): AccessRequest => ({
    method: 'create',
    caller: userCaller(uid),
    time,
    database: DATABASE,
    // A fresh lookup per request: the batch budget of get() calls is kept per DataLookup.
    lookup: { ...lookup },
    name: `${root}/organizations/${ORG}/contacts/new`,
    resource: null,
    requestResource: {
      name: `${root}/organizations/${ORG}/contacts/new`,
      fields: fieldsFromJs(contact(2)),
      createTime: time,
      updateTime: time,
    },
  });
  const cases: { label: string; expect: boolean; request: () => AccessRequest }[] = [
    {
      label: 'get, `allow read: if true` (baseline)',
      expect: true,
      request: () => ({
        method: 'get',
        caller: userCaller('alice'),
        time,
        database: DATABASE,
        lookup,
        name: `${root}/open/o1`,
        resource: engine.readCommitted(`${root}/open/o1`),
      }),
    },
    {
      label: 'get, membership get() + permission map (allowed)',
      expect: true,
      request: () => ({
        method: 'get',
        caller: userCaller('alice'),
        time,
        database: DATABASE,
        lookup,
        name: contactName,
        resource: stored,
      }),
    },
    {
      label: 'get, membership get() + permission map (denied)',
      expect: false,
      request: () => ({
        method: 'get',
        caller: userCaller('bob'),
        time,
        database: DATABASE,
        lookup,
        name: contactName,
        resource: stored,
      }),
    },
    {
      label: 'create, membership + schema checks (allowed)',
      expect: true,
      request: () => newContact('alice'),
    },
    { label: 'create, membership + schema checks (denied)', expect: false, request: () => newContact('bob') },
  ];
  const out: InProcessResult[] = [];
  for (const c of cases) {
    const first = authorizer.authorize(c.request());
    if (first.allowed !== c.expect)
      throw new Error(`${c.label}: expected allowed=${c.expect}: ${first.reason}`);
    const r = callsFor(ms, () => void authorizer.authorize(c.request()));
    out.push({
      label: c.label,
      allowed: c.expect,
      perSecond: r.perSecond,
      usPerCall: r.usPerCall,
      bestUsPerCall: r.bestUsPerCall,
    });
  }
  return out;
}

export interface EndToEndResult {
  getDoc: { label: string; result: Throughput }[];
  writes: { label: string; result: Throughput }[];
  fanOut: { label: string; result: FanOutResult | { error: string } }[];
}

/** Through @firebase/rules-unit-testing and the web SDK over gRPC, against our server with rules. */
export async function rulesEndToEnd(options: {
  ms: number;
  listeners: number;
  rounds: number;
}): Promise<EndToEndResult> {
  // The SDK logs every rejected Write stream at error level; denials are expected here.
  setLogLevel('silent');
  const rules = firestoreRules({ noRuleset: 'allow' });
  const server = await startFirestoreServer({
    port: 0,
    projectId: PROJECT,
    quiet: true,
    onRulesUpdate: rules.onRulesUpdate,
  });
  server.engine.setAuthorizer(rules.authorizer);
  let env: RulesTestEnvironment | undefined;
  try {
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: { host: '127.0.0.1', port: server.port, rules: RULES },
    });
    const uids = ['alice', 'bob', ...Array.from({ length: options.listeners }, (_, i) => `m${i}`)];
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      for (const uid of uids) batch.set(doc(db, `organizations/${ORG}/members/${uid}`), member(uid));
      for (let i = 0; i < 100; i++) batch.set(doc(db, `organizations/${ORG}/contacts/c${i}`), contact(i));
      for (let i = 0; i < 100; i++) batch.set(doc(db, `open/o${i}`), { at: i, text: `item ${i}` });
      await batch.commit();
    });

    const web = (uid: string) => env!.authenticatedContext(uid).firestore() as unknown as Firestore;
    const alice = web('alice');
    const bob = web('bob');
    const ms = options.ms;

    // getDoc: the web SDK reads through a one-shot Listen target (add, snapshot, remove).
    const getDocs: EndToEndResult['getDoc'] = [];
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      await getDoc(doc(db, `organizations/${ORG}/contacts/c1`));
      getDocs.push({
        label: 'rules disabled (owner)',
        result: await sequentialFor(ms, () => getDoc(doc(db, `organizations/${ORG}/contacts/c1`))),
      });
    });
    await getDoc(doc(alice, 'open/o1'));
    getDocs.push({
      label: '`allow read: if true`',
      result: await sequentialFor(ms, () => getDoc(doc(alice, 'open/o1'))),
    });
    getDocs.push({
      label: 'membership get() + permission map',
      result: await sequentialFor(ms, () => getDoc(doc(alice, `organizations/${ORG}/contacts/c1`))),
    });

    // Writes: a denied write makes the server end the Write stream; the SDK opens a new one.
    const writes: EndToEndResult['writes'] = [];
    writes.push({
      label: 'allowed (membership + schema)',
      result: await sequentialFor(ms, (i) =>
        setDoc(doc(alice, `organizations/${ORG}/contacts/w${i}`), contact(i)),
      ),
    });
    let unexpected = 0;
    const denied = await sequentialFor(ms, (i) =>
      setDoc(doc(bob, `organizations/${ORG}/contacts/x${i}`), contact(i)).then(
        () => unexpected++,
        (e: { code?: string }) => {
          if (e.code !== 'permission-denied') throw e;
        },
      ),
    );
    if (unexpected) throw new Error(`${unexpected} writes by bob were allowed`);
    writes.push({ label: 'denied (no edit permission)', result: denied });

    // Fan-out: one client (app, connection, Listen stream) per listener, the writer is alice.
    const clients = Array.from({ length: options.listeners }, (_, i) => web(`m${i}`));
    const fan: EndToEndResult['fanOut'] = [];
    const run = async (
      label: string,
      path: string,
      field: string,
      data: (at: number) => Record<string, unknown>,
    ) => {
      try {
        const result = await fanOut({
          listeners: options.listeners,
          rounds: options.rounds,
          timeoutMs: 30_000,
          listen: (i, onFirstId, onError) =>
            onSnapshot(
              query(collection(clients[i], path), orderBy(field, 'desc'), limit(25)),
              (snap) => onFirstId(snap.docs[0]?.id),
              onError,
            ),
          write: (id, at) => setDoc(doc(alice, `${path}/${id}`), data(at)),
        });
        fan.push({ label, result });
      } catch (e) {
        fan.push({ label, result: { error: e instanceof Error ? e.message : String(e) } });
      }
    };
    await run('`allow read: if true`', 'open', 'at', (at) => ({ at, text: 'new' }));
    await run('membership get() + permission map', `organizations/${ORG}/contacts`, 'updatedAt', (at) => ({
      ...contact(at),
      updatedAt: new Date(2_000_000_000_000 + at),
    }));
    return { getDoc: getDocs, writes, fanOut: fan };
  } finally {
    await env?.cleanup();
    await server.close();
  }
}
