/**
 * Two members writing one record, through the web's own record writes (records.ts), the real
 * Firestore SDK and firestore.rules on the local cloud (issue 28: 3 of 832 writes refused at 50
 * members). A colleague changes a deal, a task or a contact; the other member then moves,
 * completes or adds a note from the copy on their screen, after it or at the same time. Both
 * writes succeed, and the timeline entry mirrors the record with both changes.
 */
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  disableNetwork,
  doc,
  enableNetwork,
  getDoc,
  getDocs,
  getFirestore,
  query,
  setDoc,
  setLogLevel,
  terminate,
  Timestamp,
  waitForPendingWrites,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, timelineEntryFor, type TimelineKind } from '@trato/model';
import { getPendingChanges, setPendingOwner } from './pendingWrites';
import { createRecord, deleteRecord, updateRecord, type RecordTarget } from './records';

const PROJECT = 'demo-trato-web-records';
const [HOST, PORT] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':') as [string, string];
const EMULATOR = `http://${HOST}:${PORT}`;
const ORG = 'org1';
const ANA = 'ana';
const BETO = 'beto';
const EDIT = { view: true, create: true, edit: true, delete: false };

setLogLevel('error');

/** A signed-in member's Firestore ('owner': the rules are bypassed, for seeding and checking). */
interface Writer {
  uid: string;
  db: Firestore;
}
const writers: Writer[] = [];
function writer(uid: string): Writer {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, `${uid}-${writers.length}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, HOST, Number(PORT), {
    mockUserToken: uid === 'owner' ? 'owner' : { sub: uid },
  });
  const w = { uid, db };
  writers.push(w);
  return w;
}

/**
 * Runs one of records.ts's writes as `w`: records.ts takes the signed-in user and Firestore from
 * the app's service caches (app.ts, data.ts), read when a write starts.
 */
function as<T>(w: Writer, write: () => Promise<T>): Promise<T> {
  const caches = globalThis as Record<symbol, unknown>;
  caches[Symbol.for('trato.firebase.core')] = { auth: { currentUser: { uid: w.uid } } };
  caches[Symbol.for('trato.firebase.data')] = { firestore: w.db };
  return write();
}

const target = (collection: string): RecordTarget => ({ parentPath: paths.organization(ORG), collection });
let owner: Writer;
let ana: Writer;
let beto: Writer;

async function read(path: string): Promise<Record<string, unknown>> {
  const snapshot = await getDoc(doc(owner.db, path));
  if (!snapshot.exists()) throw new Error(`${path} is missing`);
  return snapshot.data();
}

/** A card or row as a member's screen shows it: the record as it is now, with its id. */
async function shown(w: Writer, collection: string, id: string): Promise<Record<string, unknown>> {
  const snapshot = await getDoc(doc(w.db, `${paths.organization(ORG)}/${collection}/${id}`));
  return { id, ...snapshot.data() };
}

/** The record as committed, after checking its timeline entry is its exact mirror. */
async function mirrored(kind: TimelineKind, path: string, note?: { contactId: string }) {
  const record = await read(path);
  const id = path.split('/').pop()!;
  const contact = note && (await read(`${paths.organization(ORG)}/contacts/${note.contactId}`));
  const expected = timelineEntryFor(
    kind,
    id,
    record,
    note && { contactId: note.contactId, contactCompanyId: (contact?.companyId as string | null) ?? null },
  );
  expect(await read(paths.timelineEntry(ORG, expected!.id))).toEqual(expected!.data);
  return record;
}

async function newContact(): Promise<string> {
  return as(ana, () =>
    createRecord(target('contacts'), {
      name: 'Marta Ríos',
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      companyId: 'co1',
      companyName: 'Licorería Ríos',
      ownerId: ANA,
    }),
  );
}

async function newDeal(contactId: string): Promise<string> {
  return as(ana, () =>
    createRecord(target('deals'), {
      title: 'Licencias',
      amount: 1_000,
      stage: 'new',
      companyId: 'co1',
      primaryContactId: contactId,
      ownerId: ANA,
    }),
  );
}

beforeAll(async () => {
  const rules = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
  const loaded = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
  });
  if (!loaded.ok) throw new Error(`rules not loaded: ${loaded.status} ${await loaded.text()}`);
  await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  owner = writer('owner');
  ana = writer(ANA);
  beto = writer(BETO);
  const org = paths.organization(ORG);
  const joinedAt = Timestamp.now();
  await setDoc(doc(owner.db, `${org}/members/${ANA}`), {
    role: 'admin',
    fullName: 'Ana López',
    email: 'ana@example.com',
    username: 'ana',
    permissions: {},
    joinedAt,
    invitedBy: null,
  });
  await setDoc(doc(owner.db, `${org}/members/${BETO}`), {
    role: 'seller',
    fullName: 'Beto Ruiz',
    email: 'beto@example.com',
    username: 'beto',
    permissions: { contacts: EDIT, deals: EDIT, tasks: EDIT },
    joinedAt,
    invitedBy: ANA,
  });
  await setDoc(doc(owner.db, `${org}/billing/subscription`), {
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: Timestamp.fromMillis(Date.now() + 30 * 86_400_000),
    updatedAt: joinedAt,
  });
});

afterAll(async () => {
  for (const w of writers) await terminate(w.db);
  await Promise.all(writers.map((w) => deleteApp(w.db.app)));
});

describe('a colleague changed the record first', () => {
  it('a move from a stale card after the deal was renamed, re-priced and moved', async () => {
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const anaCard = await shown(ana, 'deals', id);
    const betoCard = await shown(beto, 'deals', id);
    await as(ana, () =>
      updateRecord(
        target('deals'),
        id,
        { title: 'Licencias 2027', amount: 2_500, stage: 'proposal' },
        anaCard,
      ),
    );
    // Beto's board still shows 'Licencias', $1,000, Nuevo.
    await as(beto, () => updateRecord(target('deals'), id, { stage: 'won' }, betoCard));
    const deal = await mirrored('deal', `${paths.organization(ORG)}/deals/${id}`);
    expect(deal).toMatchObject({ title: 'Licencias 2027', amount: 2_500, stage: 'won' });
  });

  it('a completed task from a stale row after the task was renamed', async () => {
    const contactId = await newContact();
    const id = await as(ana, () =>
      createRecord(target('tasks'), {
        title: 'Llamar',
        status: 'pending',
        dueDate: null,
        contactId,
        companyId: null,
        assigneeIds: [BETO],
      }),
    );
    const anaRow = await shown(ana, 'tasks', id);
    const betoRow = await shown(beto, 'tasks', id);
    await as(ana, () => updateRecord(target('tasks'), id, { title: 'Llamar a Marta' }, anaRow));
    await as(beto, () => updateRecord(target('tasks'), id, { status: 'completed' }, betoRow));
    const task = await mirrored('task', `${paths.organization(ORG)}/tasks/${id}`);
    expect(task).toMatchObject({ title: 'Llamar a Marta', status: 'completed' });
  });

  it("a note added after the contact's company changed", async () => {
    const contactId = await newContact();
    const betoContact = await shown(beto, 'contacts', contactId);
    const anaContact = await shown(ana, 'contacts', contactId);
    await as(ana, () =>
      updateRecord(
        target('contacts'),
        contactId,
        { companyId: 'co2', companyName: 'Ríos y Hnos.' },
        anaContact,
      ),
    );
    // Beto's contact page still shows the old company (before issue 28 the entry was built from it).
    const notes: RecordTarget = {
      parentPath: `${paths.organization(ORG)}/contacts/${contactId}`,
      collection: 'notes',
      context: { contactCompanyId: betoContact.companyId as string },
    };
    const noteId = await as(beto, () =>
      createRecord(notes, { content: 'Pide factura', authorName: 'Beto Ruiz' }),
    );
    await mirrored('note', `${notes.parentPath}/notes/${noteId}`, { contactId });
    expect(await read(paths.timelineEntry(ORG, `note_${noteId}`))).toMatchObject({ companyId: 'co2' });
  });
});

describe('at the same time', () => {
  it('an edit and a move of one deal from the same card both land', async () => {
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const card = await shown(ana, 'deals', id);
    await Promise.all([
      as(ana, () => updateRecord(target('deals'), id, { amount: 4_000 }, card)),
      as(beto, () => updateRecord(target('deals'), id, { stage: 'in_progress' }, card)),
    ]);
    const deal = await mirrored('deal', `${paths.organization(ORG)}/deals/${id}`);
    expect(deal).toMatchObject({ title: 'Licencias', amount: 4_000, stage: 'in_progress' });
  });

  it('two moves of one deal: the entry follows the move committed last', async () => {
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const card = await shown(beto, 'deals', id);
    await Promise.all([
      as(ana, () => updateRecord(target('deals'), id, { stage: 'proposal', title: 'Licencias (3)' }, card)),
      as(beto, () => updateRecord(target('deals'), id, { stage: 'lost' }, card)),
    ]);
    const deal = await mirrored('deal', `${paths.organization(ORG)}/deals/${id}`);
    expect(deal.title).toBe('Licencias (3)');
    expect(['proposal', 'lost']).toContain(deal.stage);
  });
});

describe('offline (issue 35)', () => {
  /** Beto's browser without a network: Firestore's and the browser's own flag. */
  async function offline(w: Writer) {
    vi.stubGlobal('navigator', { onLine: false });
    await disableNetwork(w.db);
  }
  async function online(w: Writer) {
    vi.unstubAllGlobals();
    await enableNetwork(w.db);
  }
  afterEach(() => vi.unstubAllGlobals());

  it('a move made offline is queued, sent on reconnect, and wins its field only; the timeline shows both changes', async () => {
    setPendingOwner(BETO);
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const betoCard = await shown(beto, 'deals', id);
    await offline(beto);
    // Returns at once: on Beto's screen, queued (the sync indicator lists it).
    await as(beto, () => updateRecord(target('deals'), id, { stage: 'won', amount: 1_200 }, betoCard));
    expect(getPendingChanges()).toMatchObject([
      {
        action: 'update',
        collection: 'deals',
        status: 'pending',
        title: 'Licencias',
        fields: { stage: 'won' },
      },
    ]);
    // Meanwhile Ana renames the deal and moves it elsewhere.
    const anaCard = await shown(ana, 'deals', id);
    await as(ana, () =>
      updateRecord(target('deals'), id, { title: 'Licencias 2027', stage: 'lost' }, anaCard),
    );
    await online(beto);
    await waitForPendingWrites(beto.db);
    const deal = await mirrored('deal', `${paths.organization(ORG)}/deals/${id}`);
    // Last write wins per field: Beto's stage and amount, Ana's title.
    expect(deal).toMatchObject({ title: 'Licencias 2027', stage: 'won', amount: 1_200 });
    await vi.waitFor(() => expect(getPendingChanges()).toEqual([]));
    const edits = await getDocs(
      query(
        collection(owner.db, `${paths.organization(ORG)}/timeline`),
        where('kind', '==', 'dealEdit'),
        where('recordId', '==', id),
      ),
    );
    const stages = edits.docs
      .map((d) => d.data())
      .filter((e) => e.title === 'stage')
      .map((e) => [e.detail, e.createdBy]);
    expect(stages).toEqual(
      expect.arrayContaining([
        ['lost', ANA],
        ['won', BETO],
      ]),
    );
  });

  it('a change the server refuses on reconnect is kept with the reason and the text as typed', async () => {
    setPendingOwner(BETO);
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const betoCard = await shown(beto, 'deals', id);
    await offline(beto);
    await as(beto, () =>
      updateRecord(target('deals'), id, { stage: 'won', title: 'Licencias, firmado' }, betoCard),
    );
    // Ana deletes the deal before Beto's change arrives.
    await as(ana, () => deleteRecord(target('deals'), id));
    await online(beto);
    await vi.waitFor(() =>
      expect(getPendingChanges()).toMatchObject([
        {
          status: 'refused',
          reason: 'not-found',
          fields: { stage: 'won', title: 'Licencias, firmado' },
        },
      ]),
    );
  });
});

describe('a deleted record takes its field-edit entries with it', () => {
  const editsOf = async (kind: string, recordId: string) =>
    (
      await getDocs(
        query(
          collection(owner.db, `${paths.organization(ORG)}/timeline`),
          where('kind', '==', kind),
          where('recordId', '==', recordId),
        ),
      )
    ).docs.map((d) => d.data().title as string);

  it("a deal edited by two members: its entries go, another deal's stay", async () => {
    const contactId = await newContact();
    const id = await newDeal(contactId);
    const other = await newDeal(contactId);
    await as(beto, async () =>
      updateRecord(target('deals'), id, { stage: 'won' }, await shown(beto, 'deals', id)),
    );
    await as(ana, async () =>
      updateRecord(target('deals'), id, { title: 'Licencias 2027' }, await shown(ana, 'deals', id)),
    );
    await as(ana, async () =>
      updateRecord(target('deals'), other, { amount: 3_000 }, await shown(ana, 'deals', other)),
    );
    expect((await editsOf('dealEdit', id)).sort()).toEqual(['stage', 'title']);

    await as(ana, () => deleteRecord(target('deals'), id));
    expect(await editsOf('dealEdit', id)).toEqual([]);
    expect(await editsOf('dealEdit', other)).toEqual(['amount']);
    expect((await getDoc(doc(owner.db, paths.timelineEntry(ORG, `deal_${id}`)))).exists()).toBe(false);
  });

  it('a company renamed three times: its entries go with it', async () => {
    const id = await as(ana, () => createRecord(target('companies'), { name: 'Ríos', industry: null }));
    for (let i = 0; i < 3; i++)
      await as(ana, async () =>
        updateRecord(target('companies'), id, { name: `Ríos ${i}` }, await shown(ana, 'companies', id)),
      );
    expect(await editsOf('companyEdit', id)).toHaveLength(3);
    await as(ana, () => deleteRecord(target('companies'), id));
    expect(await editsOf('companyEdit', id)).toEqual([]);
  });
});
