/**
 * The timeline index (organizations/{orgId}/timeline/{kind}_{recordId}): an entry is written in
 * the same batch as its record and must equal it (model `timelineEntryFor`), so it cannot be
 * forged; it goes when its record is gone or linked to nothing; it is read with the view right
 * of its kind, and list queries must constrain `kind in [...]` to viewable kinds. Each refusal
 * has a control that differs only in the point under test.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  TIMELINE_KINDS,
  timelineEntryFor,
  uniformPermissions,
  viewableTimelineKinds,
  type PermissionMap,
  type TimelineKind,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { ROLES } from '../src/roles.js';
import {
  activeSubscription,
  CONTACT,
  CONTACT_COMPANY,
  createAudit,
  crmBody,
  entryOf,
  freshId,
  HOUR,
  memberDoc,
  NOW,
  seedWorld,
  storedAudit,
  ts,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';
const LAPSED = 'organizations/orgLapsed';
const ADMIN = 'adminA';
/** A seller with every right; a seller who may only create tasks (no view of anything else). */
const TRUSTED = 'trusted';
const TASK_CREATOR = 's_on_tasks_create';
/** A seller without deals.view (views notes, tasks and meetings). */
const NO_DEALS = 's_off_deals_view';

const seeds: Array<[string, Doc]> = [];
const seed = (path: string, data: Doc) => seeds.push([path, data]);
const db = (uid: string | null): Firestore => as(env, uid);

type Collection = 'tasks' | 'meetings' | 'deals';
const KIND: Record<Collection, TimelineKind> = { tasks: 'task', meetings: 'meeting', deals: 'deal' };
const timeline = (org = A) => `${org}/timeline`;

/** A stored record (rules off) and, unless `withEntry` is false, its stored entry. */
function storedRecord(
  c: Collection,
  extra: Doc = {},
  withEntry = true,
  org = A,
): { id: string; record: Doc } {
  const id = freshId(c);
  const record = { ...crmBody(c, ADMIN, id), ...storedAudit(), ...extra };
  seed(`${org}/${c}/${id}`, record);
  const entry = entryOf(KIND[c], id, record, org.split('/')[1]);
  if (withEntry && entry) seed(entry[0], entry[1]);
  return { id, record };
}

/** A stored note on `contactId` and its stored entry. */
function storedNote(contactId: string, companyId: string | null): { id: string; record: Doc } {
  const id = freshId('note');
  const record = { ...crmBody('notes', ADMIN, id), ...storedAudit() };
  seed(`${A}/contacts/${contactId}/notes/${id}`, record);
  const [path, data] = entryOf('note', id, record, 'orgA', { contactId, contactCompanyId: companyId })!;
  seed(path, data);
  return { id, record };
}

type Op = ['set', string, Doc] | ['update', string, Doc] | ['delete', string];

/** One batch of `uid`. */
function commit(uid: string, ops: Op[]): Promise<void> {
  const d = db(uid);
  const b = writeBatch(d);
  for (const op of ops) {
    if (op[0] === 'set') b.set(doc(d, op[1]), op[2]);
    else if (op[0] === 'update') b.update(doc(d, op[1]), op[2]);
    else b.delete(doc(d, op[1]));
  }
  return b.commit();
}

/**
 * What the web does on create: the record (createdAt = serverTimestamp()) and its entry from
 * `timelineEntryFor`, in one batch; `forge` changes the entry before it is written.
 */
function createWithEntry(
  uid: string,
  c: Collection,
  extra: Doc = {},
  forge: (entry: Doc) => Doc = (e) => e,
  entryId?: (id: string) => string,
): Promise<void> {
  const id = freshId(c);
  const record = { ...crmBody(c, uid, id), ...extra, ...createAudit(uid) };
  const entry = timelineEntryFor(KIND[c], id, record)!;
  return commit(uid, [
    ['set', `${A}/${c}/${id}`, record],
    ['set', `${timeline()}/${entryId ? entryId(id) : entry.id}`, forge(entry.data as Doc)],
  ]);
}

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

// ── Seeds (declared here, written in beforeAll) ───────────────────────────────

seed(`${A}/members/${TRUSTED}`, memberDoc('seller', uniformPermissions(true), TRUSTED));

// Updates: each case its own record (the cases run concurrently).
const toRetitle = storedRecord('tasks');
const toUnlink = storedRecord('tasks');
const toLink = storedRecord('tasks', { contactId: null, companyId: null });
const toRestage = storedRecord('deals');
const toDelete = storedRecord('tasks');
const staleRetitle = storedRecord('tasks');
const dealForStage = storedRecord('deals');
const unlinkedNoEntry = storedRecord('meetings', { contactId: null, companyId: null }, false);
const orphanTask = storedRecord('tasks', {}, false); // a record whose entry was never written
const goneTask = freshId('gone'); // an entry whose task does not exist
seed(...entryOf('task', goneTask, { ...crmBody('tasks', ADMIN, goneTask), ...storedAudit() })!);

// Notes on contact1 (company1) and on a contact without a company.
const noteToEdit = storedNote(CONTACT, CONTACT_COMPANY);
const noteToDelete = storedNote(CONTACT, CONTACT_COMPANY);
const noteKept = storedNote(CONTACT, CONTACT_COMPANY);
const LONER = 'contact-no-company';
seed(`${A}/contacts/${LONER}`, {
  ...crmBody('contacts', ADMIN, LONER),
  companyId: null,
  companyName: null,
  ...storedAudit(),
});
const lonerNote = freshId('note');
seed(`${A}/contacts/${LONER}/notes/${lonerNote}`, {
  ...crmBody('notes', ADMIN, lonerNote),
  ...storedAudit(),
});
const goneNote = freshId('note'); // a note entry whose note is gone (contact1 stays)
seed(
  ...entryOf('note', goneNote, { ...crmBody('notes', ADMIN, goneNote), ...storedAudit() }, 'orgA', {
    contactId: CONTACT,
    contactCompanyId: CONTACT_COMPANY,
  })!,
);

// A contact with 25 notes and their entries, deleted in one batch with the contact.
const BIG = 'contact-many-notes';
seed(`${A}/contacts/${BIG}`, { ...crmBody('contacts', ADMIN, BIG), ...storedAudit() });
const bigNotes = Array.from({ length: 25 }, () => storedNote(BIG, CONTACT_COMPANY).id);

// An organization whose subscription was canceled, with a task, its entry and a stale entry.
seed(LAPSED, { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW), createdBy: 'lapsed-admin' });
seed(`${LAPSED}/members/lapsed-admin`, memberDoc('admin', {}, 'lapsed-admin'));
seed(`${LAPSED}/billing/subscription`, { ...activeSubscription(), status: 'canceled' });
const lapsedTask = storedRecord('tasks', {}, true, LAPSED);
const lapsedGone = freshId('gone');
seed(
  ...entryOf('task', lapsedGone, { ...crmBody('tasks', ADMIN, lapsedGone), ...storedAudit() }, 'orgLapsed')!,
);

beforeAll(async () => {
  env = await createEnv('timeline');
  await seedWorld(env);
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});

// ── Writes ─────────────────────────────────────────────────────────────────────

describe.concurrent('an entry is written with its record and equals it', () => {
  control('a task and its entry (contact) in one batch', () => createWithEntry(TRUSTED, 'tasks'));
  control('a seller who may only create tasks writes the entry too', () =>
    createWithEntry(TASK_CREATOR, 'tasks'),
  );
  control('a meeting and its entry (company only)', () =>
    createWithEntry(TRUSTED, 'meetings', { contactId: null, companyId: 'company1' }),
  );
  control('a deal and its entry (stage, closeDate, amount, primary contact)', () =>
    createWithEntry(TRUSTED, 'deals'),
  );
  control('a deal without closeDate nor amount (at and amount null)', () =>
    createWithEntry(TRUSTED, 'deals', { closeDate: null, amount: null }),
  );
  control('a task with no due date (at null)', () => createWithEntry(TRUSTED, 'tasks', { dueDate: null }));

  denied('forged title', () => createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, title: 'Otra cosa' })));
  denied('forged detail (status)', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, detail: 'completed' })),
  );
  denied('forged detail (deal stage)', () =>
    createWithEntry(TRUSTED, 'deals', {}, (e) => ({ ...e, detail: 'won' })),
  );
  denied('forged at (due date)', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, at: ts(NOW + 2 * HOUR) })),
  );
  denied('forged amount', () => createWithEntry(TRUSTED, 'deals', {}, (e) => ({ ...e, amount: 999999 })));
  denied('an amount on a task entry', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, amount: 0 })),
  );
  denied('forged contactId', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, contactId: 'another-contact' })),
  );
  denied('forged companyId', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, companyId: 'company1' })),
  );
  denied('forged createdAt (a client clock)', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, createdAt: ts(NOW) })),
  );
  denied('forged createdBy', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, createdBy: ADMIN })),
  );
  denied('an unknown key', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => ({ ...e, organizationId: 'orgA' })),
  );
  denied('a missing key', () =>
    createWithEntry(TRUSTED, 'tasks', {}, (e) => {
      const { amount: _, ...rest } = e;
      return rest;
    }),
  );
  denied('the wrong kind (a deal mirrored as a task)', () =>
    createWithEntry(
      TRUSTED,
      'deals',
      {},
      (e) => ({ ...e, kind: 'task', detail: 'new' }),
      (id) => `task_${id}`,
    ),
  );
  denied('an id that does not match kind_recordId', () =>
    createWithEntry(
      TRUSTED,
      'tasks',
      {},
      (e) => e,
      () => `task_${freshId('other')}`,
    ),
  );
  denied('an id with the wrong kind prefix', () =>
    createWithEntry(
      TRUSTED,
      'tasks',
      {},
      (e) => e,
      (id) => `deal_${id}`,
    ),
  );
  denied('an entry for a task linked to nothing (equal to it otherwise)', () => {
    const id = freshId('tasks');
    const record = {
      ...crmBody('tasks', TRUSTED, id),
      contactId: null,
      companyId: null,
      ...createAudit(TRUSTED),
    };
    expect(timelineEntryFor('task', id, record)).toBeNull();
    const linked = timelineEntryFor('task', id, { ...record, contactId: CONTACT })!;
    return commit(TRUSTED, [
      ['set', `${A}/tasks/${id}`, record],
      ['set', `${timeline()}/${linked.id}`, { ...(linked.data as Doc), contactId: null }],
    ]);
  });
  denied('an entry for a record that does not exist', () => {
    const id = freshId('ghost');
    const [path, data] = entryOf('task', id, { ...crmBody('tasks', TRUSTED, id), ...storedAudit(TRUSTED) })!;
    return setDoc(doc(db(TRUSTED), path), data);
  });
});

describe.concurrent('an entry follows its record on update and delete', () => {
  control('a task retitled and its entry rewritten in one batch', () => {
    const merged = { ...toRetitle.record, title: 'Propuesta final' };
    const entry = timelineEntryFor('task', toRetitle.id, merged)!;
    return commit(TRUSTED, [
      ['update', `${A}/tasks/${toRetitle.id}`, { title: 'Propuesta final', updatedAt: serverTimestamp() }],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
  });
  denied('a task retitled but its entry keeps the old title (the record differs)', () => {
    const entry = timelineEntryFor('task', staleRetitle.id, staleRetitle.record)!;
    return commit(TRUSTED, [
      ['update', `${A}/tasks/${staleRetitle.id}`, { title: 'Nuevo', updatedAt: serverTimestamp() }],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
  });
  denied('an entry rewritten alone with a stage its deal does not have', () => {
    const entry = timelineEntryFor('deal', dealForStage.id, { ...dealForStage.record, stage: 'won' })!;
    return setDoc(doc(db(TRUSTED), `${timeline()}/${entry.id}`), entry.data as Doc);
  });
  control('a deal moved on the board and its entry rewritten', () => {
    const entry = timelineEntryFor('deal', toRestage.id, { ...toRestage.record, stage: 'won' })!;
    return commit(TRUSTED, [
      ['update', `${A}/deals/${toRestage.id}`, { stage: 'won', updatedAt: serverTimestamp() }],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
  });
  control('an entry written alone for a stored record it equals (repair)', () => {
    const [path, data] = entryOf('task', orphanTask.id, orphanTask.record)!;
    return setDoc(doc(db(TRUSTED), path), data);
  });
  control('a task unlinked from its contact and its entry deleted in one batch', () =>
    commit(TRUSTED, [
      [
        'update',
        `${A}/tasks/${toUnlink.id}`,
        { contactId: null, companyId: null, updatedAt: serverTimestamp() },
      ],
      ['delete', `${timeline()}/task_${toUnlink.id}`],
    ]),
  );
  control('a task linked to a company and its entry created in one batch', () => {
    const entry = timelineEntryFor('task', toLink.id, { ...toLink.record, companyId: 'company1' })!;
    return commit(TRUSTED, [
      ['update', `${A}/tasks/${toLink.id}`, { companyId: 'company1', updatedAt: serverTimestamp() }],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
  });
  control('a task and its entry deleted in one batch', () =>
    commit(TRUSTED, [
      ['delete', `${A}/tasks/${toDelete.id}`],
      ['delete', `${timeline()}/task_${toDelete.id}`],
    ]),
  );
  control('the entry of a task that no longer exists, alone', () =>
    deleteDoc(doc(db(TRUSTED), `${timeline()}/task_${goneTask}`)),
  );
  control('an entry that does not exist (the web deletes it blindly)', () =>
    deleteDoc(doc(db(TRUSTED), `${timeline()}/meeting_${unlinkedNoEntry.id}`)),
  );
  denied('an entry whose task still exists and references a contact', () =>
    deleteDoc(doc(db(ADMIN), `${timeline()}/task_task1`)),
  );
  denied('an entry whose deal still exists, by an admin with every right', () =>
    deleteDoc(doc(db(ADMIN), `${timeline()}/deal_deal1`)),
  );
});

describe.concurrent('notes', () => {
  const noteEntry = (id: string, record: Doc, contactId: string, companyId: string | null) =>
    timelineEntryFor('note', id, record, { contactId, contactCompanyId: companyId })!;

  const createNote = (contactId: string, companyId: string | null, forge: (e: Doc) => Doc = (e) => e) => {
    const id = freshId('note');
    const record = { ...crmBody('notes', TRUSTED, id), ...createAudit(TRUSTED) };
    const entry = noteEntry(id, record, contactId, companyId);
    return commit(TRUSTED, [
      ['set', `${A}/contacts/${contactId}/notes/${id}`, record],
      ['set', `${timeline()}/${entry.id}`, forge(entry.data as Doc)],
    ]);
  };

  control("a note and its entry (the contact's company)", () => createNote(CONTACT, CONTACT_COMPANY));
  control('a note on a contact without a company (companyId null)', () => createNote(LONER, null));
  denied("a note entry with a company that is not the contact's", () =>
    createNote(CONTACT, CONTACT_COMPANY, (e) => ({ ...e, companyId: 'company2' })),
  );
  denied('a note entry without the company its contact has', () => createNote(CONTACT, null));
  denied('a note entry with a company its contact does not have', () => createNote(LONER, 'company1'));
  denied('a note entry naming another contact', () =>
    createNote(CONTACT, CONTACT_COMPANY, (e) => ({ ...e, contactId: LONER })),
  );
  denied('a note entry whose title is not the content', () =>
    createNote(CONTACT, CONTACT_COMPANY, (e) => ({ ...e, title: 'Llamar el lunes.' })),
  );
  denied('a note entry with a detail', () =>
    createNote(CONTACT, CONTACT_COMPANY, (e) => ({ ...e, detail: 'pending' })),
  );
  denied('an entry for a note that does not exist', () => {
    const id = freshId('ghost');
    const entry = noteEntry(
      id,
      { ...crmBody('notes', TRUSTED, id), ...storedAudit(TRUSTED) },
      CONTACT,
      'company1',
    );
    return setDoc(doc(db(TRUSTED), `${timeline()}/${entry.id}`), entry.data as Doc);
  });
  denied('an entry for an existing note of a contact without a company, claiming one', () => {
    const record = { ...crmBody('notes', ADMIN, lonerNote), ...storedAudit() };
    const entry = noteEntry(lonerNote, record, LONER, 'company1');
    return setDoc(doc(db(TRUSTED), `${timeline()}/${entry.id}`), entry.data as Doc);
  });
  control('a note edited by its author and its entry rewritten', () => {
    // Each caller edits only their own notes: the author here is the admin.
    const content = 'Llamar el martes a las 10';
    const entry = noteEntry(noteToEdit.id, { ...noteToEdit.record, content }, CONTACT, CONTACT_COMPANY);
    return commit(ADMIN, [
      [
        'update',
        `${A}/contacts/${CONTACT}/notes/${noteToEdit.id}`,
        { content, updatedAt: serverTimestamp() },
      ],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
  });
  control('a note and its entry deleted in one batch', () =>
    commit(ADMIN, [
      ['delete', `${A}/contacts/${CONTACT}/notes/${noteToDelete.id}`],
      ['delete', `${timeline()}/note_${noteToDelete.id}`],
    ]),
  );
  control('the entry of a note that is gone, alone', () =>
    deleteDoc(doc(db(TRUSTED), `${timeline()}/note_${goneNote}`)),
  );
  denied('the entry of a note that still exists (its contact too)', () =>
    deleteDoc(doc(db(ADMIN), `${timeline()}/note_${noteKept.id}`)),
  );
  control('a contact, its 25 notes and their 25 entries in one batch (within 20 reads)', () =>
    commit(ADMIN, [
      ...bigNotes.flatMap((id): Op[] => [
        ['delete', `${A}/contacts/${BIG}/notes/${id}`],
        ['delete', `${timeline()}/note_${id}`],
      ]),
      ['delete', `${A}/contacts/${BIG}`],
    ]),
  );
});

describe.concurrent('subscription and membership', () => {
  const lapsedEntry = () => entryOf('task', lapsedTask.id, lapsedTask.record, 'orgLapsed')!;
  denied('a lapsed organization: its admin writes an entry equal to its task', () =>
    setDoc(doc(db('lapsed-admin'), lapsedEntry()[0]), lapsedEntry()[1]),
  );
  denied('a lapsed organization: its admin reads an entry', () =>
    getDoc(doc(db('lapsed-admin'), lapsedEntry()[0])),
  );
  denied('a lapsed organization: its admin lists the timeline', () =>
    getDocs(collection(db('lapsed-admin'), timeline(LAPSED))),
  );
  denied('a lapsed organization: its admin deletes a stale entry', () =>
    deleteDoc(doc(db('lapsed-admin'), `${timeline(LAPSED)}/task_${lapsedGone}`)),
  );
  denied('a stranger writes an exact mirror of an existing task', () => {
    const [path, data] = entryOf('task', 'task1', {
      ...crmBody('tasks', ADMIN, 'task1'),
      ...storedAudit(),
    })!;
    return setDoc(doc(db('stranger'), path), data);
  });
  denied("a seller of B writes an exact mirror of A's task", () => {
    const [path, data] = entryOf('task', 'task1', {
      ...crmBody('tasks', ADMIN, 'task1'),
      ...storedAudit(),
    })!;
    return setDoc(doc(db('sellerB'), path), data);
  });
  denied("the admin of B deletes A's stale entry", () =>
    deleteDoc(doc(db('adminB'), `${timeline()}/task_${goneTask}`)),
  );
  denied("the admin of B reads A's deal entry", () => getDoc(doc(db('adminB'), `${timeline()}/deal_deal1`)));
  denied("the admin of B lists A's timeline", () => getDocs(collection(db('adminB'), timeline())));
  denied('signed out: a read', () => getDoc(doc(db(null), `${timeline()}/task_task1`)));
});

// ── Reads ──────────────────────────────────────────────────────────────────────

describe.concurrent('reads follow the view right of the kind', () => {
  control('a seller with no entries reads a deal entry', () =>
    getDoc(doc(db('sellerA'), `${timeline()}/deal_deal1`)),
  );
  denied('a seller without deals.view reads a deal entry', () =>
    getDoc(doc(db(NO_DEALS), `${timeline()}/deal_deal1`)),
  );
  control('the same seller reads a task entry', () => getDoc(doc(db(NO_DEALS), `${timeline()}/task_task1`)));
  denied('a seller without contacts.view reads a note entry', () =>
    getDoc(doc(db('s_off_contacts_view'), `${timeline()}/note_note1`)),
  );

  const byContact = (uid: string, kinds: readonly string[]) =>
    query(
      collection(db(uid), timeline()),
      where('contactId', '==', CONTACT),
      where('kind', 'in', kinds),
      orderBy('createdAt', 'desc'),
      limit(25),
    );
  const byCompany = (uid: string, kinds: readonly string[]) =>
    query(
      collection(db(uid), timeline()),
      where('companyId', '==', CONTACT_COMPANY),
      where('kind', 'in', kinds),
      orderBy('createdAt', 'desc'),
      limit(25),
    );
  const permissions = (uid: string): PermissionMap => ROLES.find((r) => r.uid === uid)!.permissions ?? {};
  it('the roles used here are the ones the model sees', () => {
    expect(viewableTimelineKinds({ role: 'seller', permissions: permissions(NO_DEALS) })).toEqual([
      'note',
      'task',
      'meeting',
      'submission',
      'consent',
      'email',
      'whatsapp',
      'contactEdit',
      'companyEdit',
    ]);
  });

  control('a seller without deals.view: contact timeline with the kinds they view', () =>
    getDocs(
      byContact(NO_DEALS, viewableTimelineKinds({ role: 'seller', permissions: permissions(NO_DEALS) })),
    ),
  );
  control('a seller without deals.view: company timeline with the kinds they view', () =>
    getDocs(byCompany(NO_DEALS, ['note', 'task', 'meeting'])),
  );
  denied('a seller without deals.view: a contact timeline including deals', () =>
    getDocs(byContact(NO_DEALS, TIMELINE_KINDS)),
  );
  denied('a seller without deals.view: a company timeline of deals only', () =>
    getDocs(byCompany(NO_DEALS, ['deal'])),
  );
  denied('a seller without deals.view: a timeline query without a kind filter', () =>
    getDocs(query(collection(db(NO_DEALS), timeline()), where('contactId', '==', CONTACT))),
  );
  denied('a seller without deals.view: counting a contact timeline including deals', () =>
    getCountFromServer(byContact(NO_DEALS, TIMELINE_KINDS)),
  );
  control('a seller without deals.view: counting with the kinds they view', () =>
    getCountFromServer(byContact(NO_DEALS, ['note', 'task', 'meeting'])),
  );
  control('a seller who views only contacts: the notes of a contact', () =>
    getDocs(byContact('s_on_contacts_view', ['note'])),
  );
  control("a seller who views only contacts: a contact's notes, form submissions and consents", () =>
    getDocs(byContact('s_on_contacts_view', ['note', 'submission', 'consent'])),
  );
  denied('a seller without contacts.view: a contact timeline including form submissions', () =>
    getDocs(byContact('s_off_contacts_view', ['task', 'meeting', 'deal', 'submission'])),
  );
  denied('a seller who views only contacts: notes and tasks', () =>
    getDocs(byContact('s_on_contacts_view', ['note', 'task'])),
  );
  control('the admin: every kind', () => getDocs(byContact(ADMIN, TIMELINE_KINDS)));
  control('the admin: no kind filter (views every kind)', () =>
    getDocs(query(collection(db(ADMIN), timeline()), where('companyId', '==', CONTACT_COMPANY))),
  );

  it('a contact timeline returns its entries newest first, of the kinds asked', async () => {
    const snap = await getDocs(byContact(ADMIN, TIMELINE_KINDS));
    const kinds = new Set(snap.docs.map((d) => d.get('kind') as string));
    // Every kind but a company's edits (linked to no contact).
    for (const k of TIMELINE_KINDS.filter((kind) => kind !== 'companyEdit')) expect(kinds).toContain(k);
    const times = snap.docs.map((d) => (d.get('createdAt') as { toMillis(): number }).toMillis());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const seller = await getDocs(byContact(NO_DEALS, ['note', 'task', 'meeting']));
    expect(seller.docs.every((d) => d.get('kind') !== 'deal')).toBe(true);
  });
});

describe('timestamps', () => {
  it('an entry written with the record carries the same server time', async () => {
    const id = freshId('tasks');
    const record = { ...crmBody('tasks', TRUSTED, id), ...createAudit(TRUSTED) };
    const entry = timelineEntryFor('task', id, record)!;
    await commit(TRUSTED, [
      ['set', `${A}/tasks/${id}`, record],
      ['set', `${timeline()}/${entry.id}`, entry.data as Doc],
    ]);
    const [t, e] = await Promise.all([
      getDoc(doc(db(TRUSTED), `${A}/tasks/${id}`)),
      getDoc(doc(db(TRUSTED), `${timeline()}/${entry.id}`)),
    ]);
    expect(e.get('createdAt').isEqual(t.get('createdAt'))).toBe(true);
  });
});
