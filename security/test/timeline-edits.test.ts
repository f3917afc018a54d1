/**
 * Field edits on the timeline (issue 35, model/src/changes.ts): an update of a contact, a company
 * or a deal writes, in the same batch, one entry per tracked field it changes —
 * organizations/{orgId}/timeline/{kind}_{recordId}_{changeId}, kind contactEdit | companyEdit |
 * dealEdit. The rules admit an entry only as the truth of the record after the write, by a member
 * who may edit it, now; nobody rewrites one; it goes when its record is gone; it is read with the
 * view right of the record's resource. Each refusal has a control that differs only in the point
 * under test.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  FieldValue,
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
  changeEntriesFor,
  isChangeKind,
  TIMELINE_KINDS,
  timelineEntryFor,
  uniformPermissions,
  viewableTimelineKinds,
  type PermissionMap,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { ROLES } from '../src/roles.js';
import {
  activeSubscription,
  CONTACT,
  CONTACT_COMPANY,
  crmBody,
  DAY,
  freshId,
  memberDoc,
  NOW,
  SEEDED_CHANGE,
  seedWorld,
  storedAudit,
  TIMELINE_DEAL,
  ts,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';
const LAPSED = 'organizations/orgLapsed';
const ADMIN = 'adminA';
/** A seller with every right. */
const TRUSTED = 'trusted';
const OTHER = 'sellerA';
const timeline = (org = A) => `${org}/timeline`;

type Edited = 'contacts' | 'companies' | 'deals';
const seeds: Array<[string, Doc]> = [];
const seed = (path: string, data: Doc) => seeds.push([path, data]);
const db = (uid: string | null): Firestore => as(env, uid);

const cleared = (v: unknown) => v instanceof FieldValue && v.isEqual(deleteField());

/** A Firestore auto-id's shape (20 letters and digits). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const autoId = () => Array.from({ length: 20 }, () => ALPHABET[Math.floor(Math.random() * 62)]).join('');

/** A stored record (rules off), created a day ago; a deal with its mirror entry. */
function stored(c: Edited, extra: Doc = {}, org = A): { id: string; record: Doc } {
  const id = freshId(c);
  const record = { ...crmBody(c, ADMIN, id), ...storedAudit(), ...extra };
  seed(`${org}/${c}/${id}`, record);
  if (c === 'deals') {
    const entry = timelineEntryFor('deal', id, record);
    if (entry) seed(`${org}/timeline/${entry.id}`, entry.data as Doc);
  }
  return { id, record };
}

type Op = ['set', string, Doc] | ['update', string, Doc] | ['delete', string];

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

interface EditOptions {
  /** Changes an entry before it is written (all of them by default). */
  forge?: (entry: Doc, index: number) => Doc;
  /** The id of each entry (default: the planned one). */
  entryId?: (planned: string, index: number) => string;
  /** Skip the record's update (the entries alone). */
  entriesOnly?: boolean;
  /** The record before, as the web has it (default: as stored). */
  before?: Doc | null;
  org?: string;
}

/**
 * What the web does on update: the record's fields (updatedAt = serverTimestamp()), a deal's
 * mirror entry, and the field-edit entries from `changeEntriesFor`, in one batch.
 */
function edit(uid: string, c: Edited, target: { id: string; record: Doc }, patch: Doc, o: EditOptions = {}) {
  const org = o.org ?? A;
  const payload = { ...patch, updatedAt: serverTimestamp() };
  const after = Object.fromEntries(
    Object.entries({ ...target.record, ...payload }).filter(([, v]) => !cleared(v)),
  );
  const entries = changeEntriesFor({
    orgId: org.split('/')[1]!,
    collection: c,
    recordId: target.id,
    patch,
    recordAfter: after,
    recordBefore: o.before === undefined ? target.record : o.before,
    uid,
    now: serverTimestamp(),
    newId: autoId,
  });
  const ops: Op[] = o.entriesOnly ? [] : [['update', `${org}/${c}/${target.id}`, payload]];
  if (c === 'deals' && !o.entriesOnly) {
    const mirror = timelineEntryFor('deal', target.id, after);
    ops.push(
      mirror
        ? ['set', `${org}/timeline/${mirror.id}`, mirror.data as Doc]
        : ['delete', `${org}/timeline/deal_${target.id}`],
    );
  }
  entries.forEach((e, i) => {
    const path = o.entryId ? `${org}/timeline/${o.entryId(e.path.split('/').pop()!, i)}` : e.path;
    ops.push(['set', path, o.forge ? o.forge(e.data as Doc, i) : (e.data as Doc)]);
  });
  return { run: () => commit(uid, ops), entries };
}

/** Runs an edit that must plan at least one entry. */
const run = (...args: Parameters<typeof edit>) => {
  const planned = edit(...args);
  expect(planned.entries.length).toBeGreaterThan(0);
  return planned.run();
};

const denied = (name: string, fn: () => Promise<unknown>) =>
  it(name, () => assertFails(fn()).then(() => undefined));
const control = (name: string, fn: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(fn()).then(() => undefined));

// ── Seeds ───────────────────────────────────────────────────────────────────────

seed(`${A}/members/${TRUSTED}`, memberDoc('seller', uniformPermissions(true), TRUSTED));

// Each case its own record (the cases run concurrently).
const contacts = Array.from({ length: 40 }, () => stored('contacts'));
const companies = Array.from({ length: 12 }, () => stored('companies'));
const deals = Array.from({ length: 30 }, () => stored('deals'));
let nc = 0;
let nk = 0;
let nd = 0;
const aContact = () => contacts[nc++]!;
const aCompany = () => companies[nk++]!;
const aDeal = () => deals[nd++]!;
const withJob = stored('contacts', { jobTitle: 'Gerente' });
const dealOfCompany = stored('deals', { primaryContactId: null });
const unlinkedDeal = stored('deals', { primaryContactId: null, companyId: null });

// A contact with a stored edit entry (to rewrite), and a deal with entries (to delete with it).
const withEntry = stored('contacts', { phone: '+504 2222-3333' });
const [storedEdit] = changeEntriesFor({
  orgId: 'orgA',
  collection: 'contacts',
  recordId: withEntry.id,
  patch: { phone: '+504 2222-3333' },
  recordAfter: withEntry.record,
  uid: ADMIN,
  now: ts(NOW - DAY),
  newId: () => SEEDED_CHANGE,
});
seed(storedEdit!.path, storedEdit!.data as Doc);
const dealToDelete = stored('deals');
const dealEdits = ['stage', 'amount', 'title'].map((field, i) => {
  const [e] = changeEntriesFor({
    orgId: 'orgA',
    collection: 'deals',
    recordId: dealToDelete.id,
    patch: { [field]: dealToDelete.record[field] },
    recordAfter: dealToDelete.record,
    uid: ADMIN,
    now: ts(NOW - DAY + i),
    newId: autoId,
  });
  seed(e!.path, e!.data as Doc);
  return e!.path;
});
// An edit entry whose contact is gone.
const goneContact = freshId('gone');
const [goneEdit] = changeEntriesFor({
  orgId: 'orgA',
  collection: 'contacts',
  recordId: goneContact,
  patch: { name: 'Ana' },
  recordAfter: { name: 'Ana', companyId: null },
  uid: ADMIN,
  now: ts(NOW - DAY),
  newId: autoId,
});
seed(goneEdit!.path, goneEdit!.data as Doc);

// An organization whose subscription was canceled, with a contact.
seed(LAPSED, { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW), createdBy: 'lapsed-admin' });
seed(`${LAPSED}/members/lapsed-admin`, memberDoc('admin', {}, 'lapsed-admin'));
seed(`${LAPSED}/billing/subscription`, { ...activeSubscription(), status: 'canceled' });
const lapsedContact = stored('contacts', {}, LAPSED);

beforeAll(async () => {
  env = await createEnv('timeline-edits');
  await seedWorld(env);
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});

// ── Writes: the truth, with the record's update ─────────────────────────────────

describe.concurrent('an edit entry is written with its record’s update and is true of it', () => {
  control('a contact’s phone, and its entry', () =>
    run(TRUSTED, 'contacts', aContact(), { phone: '+504 9999-8888' }),
  );
  control('two fields, two entries', () =>
    run(TRUSTED, 'contacts', aContact(), { name: 'Ana María Pérez', lifecycleStage: 'customer' }),
  );
  control('a field cleared (null)', () => run(TRUSTED, 'contacts', withJob, { jobTitle: null }));
  control('a field removed with deleteField() (absent = null)', () =>
    run(TRUSTED, 'contacts', aContact(), { email: deleteField() }),
  );
  control('a boolean as true', () => run(TRUSTED, 'contacts', aContact(), { isCustomer: true }));
  control('a contact moved to another company: the entries carry the new company', () =>
    run(TRUSTED, 'contacts', aContact(), { companyId: 'company2', companyName: 'Beta', city: 'Tegucigalpa' }),
  );
  control('a contact taken out of its company (companyId null)', () =>
    run(TRUSTED, 'contacts', aContact(), { companyId: null, companyName: null }),
  );
  control('the admin reassigns the owner', () => run(ADMIN, 'contacts', aContact(), { ownerId: OTHER }));
  control('a seller whose only right is contacts.edit', () =>
    run('s_on_contacts_edit', 'contacts', aContact(), { rtn: '0801-1990-12345' }),
  );
  control('a company’s industry (company only, no contact)', () =>
    run(TRUSTED, 'companies', aCompany(), { industry: 'retail', size: '51-200' }),
  );
  control('a deal moved to won at a new amount, with its mirror entry', () =>
    run(TRUSTED, 'deals', aDeal(), { stage: 'won', amount: 2500 }),
  );
  control('a decimal amount and a probability', () =>
    run(TRUSTED, 'deals', aDeal(), { amount: 1234.56, probability: 75 }),
  );
  control('a close date moved (at), and one cleared', async () => {
    await run(TRUSTED, 'deals', aDeal(), { closeDate: ts(NOW + 60 * DAY) });
    await run(TRUSTED, 'deals', aDeal(), { closeDate: null });
  });
  control('an amount cleared', () => run(TRUSTED, 'deals', aDeal(), { amount: null }));
  control('a deal of a company only (contactId null)', () =>
    run(TRUSTED, 'deals', dealOfCompany, { stage: 'proposal' }),
  );
  control('every tracked field of a deal at once, the owner reassigned (within the reads)', () =>
    run(ADMIN, 'deals', aDeal(), {
      title: 'Licencias 2028',
      stage: 'proposal',
      amount: 9000,
      probability: 90,
      closeDate: ts(NOW + 90 * DAY),
      ownerId: OTHER,
      companyId: 'company2',
      primaryContactId: 'contact2',
    }),
  );
  control('planned from a stale copy (offline): true of the record after the write all the same', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 3333-4444' },
      { before: { phone: '+504 0000-0000' } },
    ),
  );
  control('a value the record already had (a colleague set it meanwhile): still true after the write', () =>
    run(TRUSTED, 'deals', aDeal(), { stage: 'new' }, { before: null }),
  );

  denied('a forged value: the entry says another phone than the record gets', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 9999-8888' },
      { forge: (e) => ({ ...e, detail: '+504 1111-1111' }) },
    ),
  );
  denied('a forged stage', () =>
    run(TRUSTED, 'deals', aDeal(), { stage: 'lost' }, { forge: (e) => ({ ...e, detail: 'won' }) }),
  );
  denied('a forged amount', () =>
    run(TRUSTED, 'deals', aDeal(), { amount: 2500 }, { forge: (e) => ({ ...e, amount: 250000 }) }),
  );
  denied('an amount as a string in detail', () =>
    run(
      TRUSTED,
      'deals',
      aDeal(),
      { amount: 2500 },
      { forge: (e) => ({ ...e, amount: null, detail: '2500' }) },
    ),
  );
  denied('a forged close date', () =>
    run(
      TRUSTED,
      'deals',
      aDeal(),
      { closeDate: ts(NOW + 60 * DAY) },
      { forge: (e) => ({ ...e, at: ts(NOW + 61 * DAY) }) },
    ),
  );
  denied('a boolean forged', () =>
    run(TRUSTED, 'contacts', aContact(), { isCustomer: true }, { forge: (e) => ({ ...e, detail: 'false' }) }),
  );
  denied('a cleared field claimed to have a value', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { email: null },
      { forge: (e) => ({ ...e, detail: 'ana@acme.hn' }) },
    ),
  );
  denied("another member's uid", () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 9999-8888' },
      { forge: (e) => ({ ...e, createdBy: ADMIN }) },
    ),
  );
  denied('a client clock for createdAt', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 9999-8888' },
      { forge: (e) => ({ ...e, createdAt: ts(NOW) }) },
    ),
  );
  denied('a forged company link', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 9999-8888' },
      { forge: (e) => ({ ...e, companyId: 'company2' }) },
    ),
  );
  denied('a contact’s entry under another contact', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 9999-8888' },
      { forge: (e) => ({ ...e, contactId: 'contact2' }) },
    ),
  );
  denied('a deal’s entry under a contact that is not its primary contact', () =>
    run(TRUSTED, 'deals', aDeal(), { stage: 'won' }, { forge: (e) => ({ ...e, contactId: 'contact2' }) }),
  );
  denied('a company’s entry with a contact', () =>
    run(
      TRUSTED,
      'companies',
      aCompany(),
      { industry: 'retail' },
      { forge: (e) => ({ ...e, contactId: CONTACT }) },
    ),
  );
  denied(
    'an entry for a deal linked to nothing (the model plans none; one forged from a linked plan)',
    () => {
      const [e] = changeEntriesFor({
        orgId: 'orgA',
        collection: 'deals',
        recordId: unlinkedDeal.id,
        patch: { stage: 'won' },
        recordAfter: { ...unlinkedDeal.record, stage: 'won', primaryContactId: CONTACT },
        uid: TRUSTED,
        now: serverTimestamp(),
        newId: autoId,
      });
      return commit(TRUSTED, [
        ['update', `${A}/deals/${unlinkedDeal.id}`, { stage: 'won', updatedAt: serverTimestamp() }],
        ['set', e!.path, { ...(e!.data as Doc), contactId: null }],
      ]);
    },
  );
  control('the same deal moved without an entry', () =>
    commit(TRUSTED, [
      ['update', `${A}/deals/${unlinkedDeal.id}`, { stage: 'lost', updatedAt: serverTimestamp() }],
    ]),
  );
  denied('a field that is not tracked (the denormalised company name)', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { companyName: 'Otra', phone: '+504 1' },
      {
        forge: (e) => ({ ...e, title: 'companyName', detail: 'Otra' }),
      },
    ),
  );
  denied('an audit field (updatedAt as a title)', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 1' },
      { forge: (e) => ({ ...e, title: 'updatedAt', detail: null }) },
    ),
  );
  denied('kind/resource mismatch: a deal field on a contact’s entry', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 1' },
      { forge: (e) => ({ ...e, title: 'stage', detail: 'new' }) },
    ),
  );
  denied('kind/resource mismatch: a contact’s change filed as a deal’s', () => {
    const target = aContact();
    return run(
      TRUSTED,
      'contacts',
      target,
      { phone: '+504 1' },
      {
        forge: (e) => ({ ...e, kind: 'dealEdit' }),
        entryId: (id) => id.replace(/^contactEdit_/, 'dealEdit_'),
      },
    );
  });
  denied('kind/resource mismatch: a company’s change filed as a contact’s', () =>
    run(
      TRUSTED,
      'companies',
      aCompany(),
      { phone: '+504 1' },
      {
        forge: (e) => ({ ...e, kind: 'contactEdit', contactId: e.companyId, companyId: null }),
        entryId: (id) => id.replace(/^companyEdit_/, 'contactEdit_'),
      },
    ),
  );
  denied('a mirror kind for an edit (kind deal, title stage)', () =>
    run(
      TRUSTED,
      'deals',
      aDeal(),
      { stage: 'won' },
      {
        forge: (e) => ({ ...e, kind: 'deal' }),
        entryId: (id) => id.replace(/^dealEdit_/, 'deal_'),
      },
    ),
  );
  denied('an id that is not kind_recordId_changeId (another record)', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 1' },
      { entryId: () => `contactEdit_${CONTACT}_${autoId()}` },
    ),
  );
  denied('an id whose change part is not an auto-id', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 1' },
      { entryId: (id) => `${id.slice(0, -20)}short` },
    ),
  );
  denied('a mirror-shaped id (kind_recordId)', () =>
    run(TRUSTED, 'contacts', aContact(), { phone: '+504 1' }, { entryId: (id) => id.slice(0, -21) }),
  );
  denied('an unknown key', () =>
    run(TRUSTED, 'contacts', aContact(), { phone: '+504 1' }, { forge: (e) => ({ ...e, field: 'phone' }) }),
  );
  denied('a missing key', () =>
    run(
      TRUSTED,
      'contacts',
      aContact(),
      { phone: '+504 1' },
      {
        forge: (e) => {
          const { at: _, ...rest } = e;
          return rest;
        },
      },
    ),
  );
});

describe.concurrent('only with the update: not alone, not with a create, not without the right', () => {
  control('the record updated and the entry, one batch', () =>
    run(TRUSTED, 'contacts', aContact(), { city: 'La Ceiba' }),
  );
  denied('the entry alone, true of the stored record (no update in the write)', () => {
    const target = aContact();
    return run(
      TRUSTED,
      'contacts',
      target,
      { name: target.record.name },
      { entriesOnly: true, before: null },
    );
  });
  denied('the entry alone for the seeded contact (its phone as stored)', () =>
    setDoc(doc(db(ADMIN), `${timeline()}/contactEdit_${CONTACT}_${autoId()}`), {
      kind: 'contactEdit',
      recordId: CONTACT,
      title: 'name',
      detail: 'Ana Pérez',
      at: null,
      amount: null,
      contactId: CONTACT,
      companyId: CONTACT_COMPANY,
      createdAt: serverTimestamp(),
      createdBy: ADMIN,
    }),
  );
  denied('with the record’s create (not an edit)', () => {
    const id = freshId('contacts');
    const record: Doc = {
      ...crmBody('contacts', TRUSTED, id),
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
      createdBy: TRUSTED,
    };
    const [e] = changeEntriesFor({
      orgId: 'orgA',
      collection: 'contacts',
      recordId: id,
      patch: { name: record.name },
      recordAfter: record,
      uid: TRUSTED,
      now: serverTimestamp(),
      newId: autoId,
    });
    return commit(TRUSTED, [
      ['set', `${A}/contacts/${id}`, record],
      ['set', e!.path, e!.data as Doc],
    ]);
  });
  denied('a marketer adds the contact to a list (no contacts.edit) and writes an edit entry', () => {
    const target = aContact();
    const [e] = changeEntriesFor({
      orgId: 'orgA',
      collection: 'contacts',
      recordId: target.id,
      patch: { name: target.record.name },
      recordAfter: target.record,
      uid: 's_off_contacts_edit',
      now: serverTimestamp(),
      newId: autoId,
    });
    return commit('s_off_contacts_edit', [
      ['update', `${A}/contacts/${target.id}`, { listIds: ['list1'] }],
      ['set', e!.path, e!.data as Doc],
    ]);
  });
  control('the same marketer adds the contact to a list alone', () =>
    commit('s_off_contacts_edit', [['update', `${A}/contacts/${aContact().id}`, { listIds: ['list1'] }]]),
  );
  denied('no edit right: a seller without contacts.edit', () =>
    run('s_off_contacts_edit', 'contacts', aContact(), { phone: '+504 1' }),
  );
  denied('no edit right: a seller without deals.edit', () =>
    run('s_off_deals_edit', 'deals', aDeal(), { stage: 'won' }),
  );
  denied('no edit right: a seller without companies.edit', () =>
    run('s_off_companies_edit', 'companies', aCompany(), { industry: 'retail' }),
  );
  denied('lapsed subscription: its admin', () =>
    run('lapsed-admin', 'contacts', lapsedContact, { phone: '+504 1' }, { org: LAPSED }),
  );
  denied('a seller of another organization', () =>
    run('sellerB', 'contacts', aContact(), { phone: '+504 1' }),
  );
});

// ── Never rewritten; deleted with the record ────────────────────────────────────

describe.concurrent('an edit entry is never rewritten and goes with its record', () => {
  control('the same update with a new entry', () =>
    run(TRUSTED, 'contacts', withEntry, { phone: '+504 2222-3333' }, { before: null }),
  );
  denied('an update of an existing entry, true of the record after the write', () =>
    run(
      TRUSTED,
      'contacts',
      withEntry,
      { phone: '+504 2222-3333' },
      {
        before: null,
        entryId: () => storedEdit!.path.split('/').pop()!,
      },
    ),
  );
  denied('an update of an existing entry alone (by the admin)', () =>
    setDoc(doc(db(ADMIN), storedEdit!.path), { ...(storedEdit!.data as Doc), detail: '+504 0' }),
  );
  denied('a delete while its record exists (the admin)', () => deleteDoc(doc(db(ADMIN), storedEdit!.path)));
  denied('a delete of the seeded contact’s entry (it exists)', () =>
    deleteDoc(doc(db(ADMIN), `${timeline()}/contactEdit_${CONTACT}_${SEEDED_CHANGE}`)),
  );
  control('a deal deleted with its mirror and its edit entries, one batch', () =>
    commit(TRUSTED, [
      ['delete', `${A}/deals/${dealToDelete.id}`],
      ['delete', `${timeline()}/deal_${dealToDelete.id}`],
      ...dealEdits.map((path): Op => ['delete', path]),
    ]),
  );
  control('the entry of a contact that is gone, alone', () => deleteDoc(doc(db(TRUSTED), goneEdit!.path)));
  denied("the admin of B deletes A's entry of a gone contact", () =>
    deleteDoc(doc(db('adminB'), goneEdit!.path)),
  );
});

// ── Reads ───────────────────────────────────────────────────────────────────────

describe.concurrent('reads follow the view right of the record’s resource', () => {
  const seeded = {
    contactEdit: `${timeline()}/contactEdit_${CONTACT}_${SEEDED_CHANGE}`,
    companyEdit: `${timeline()}/companyEdit_${CONTACT_COMPANY}_${SEEDED_CHANGE}`,
    dealEdit: `${timeline()}/dealEdit_${TIMELINE_DEAL}_${SEEDED_CHANGE}`,
  };
  control('a seller (no entries) reads each kind', async () => {
    for (const path of Object.values(seeded)) await getDoc(doc(db(OTHER), path));
  });
  denied('without contacts.view: a contact’s edit', () =>
    getDoc(doc(db('s_off_contacts_view'), seeded.contactEdit)),
  );
  denied('without companies.view: a company’s edit', () =>
    getDoc(doc(db('s_off_companies_view'), seeded.companyEdit)),
  );
  denied('without deals.view: a deal’s edit', () => getDoc(doc(db('s_off_deals_view'), seeded.dealEdit)));
  control('without deals.view: a contact’s edit', () =>
    getDoc(doc(db('s_off_deals_view'), seeded.contactEdit)),
  );
  denied('another organization’s admin', () => getDoc(doc(db('adminB'), seeded.contactEdit)));

  const byCompany = (uid: string, kinds: readonly string[]) =>
    query(
      collection(db(uid), timeline()),
      where('companyId', '==', CONTACT_COMPANY),
      where('kind', 'in', kinds),
      orderBy('createdAt', 'desc'),
      limit(25),
    );
  const permissions = (uid: string): PermissionMap => ROLES.find((r) => r.uid === uid)!.permissions ?? {};
  const viewable = (uid: string) => viewableTimelineKinds({ role: 'seller', permissions: permissions(uid) });
  it('the model leaves the company edits out for a seller without companies.view', () =>
    expect(viewable('s_off_companies_view')).toEqual(TIMELINE_KINDS.filter((k) => k !== 'companyEdit')));
  control('without companies.view: the company timeline with the kinds they view', () =>
    getDocs(byCompany('s_off_companies_view', viewable('s_off_companies_view'))),
  );
  denied('without companies.view: a company timeline including its edits', () =>
    getDocs(byCompany('s_off_companies_view', TIMELINE_KINDS)),
  );
  denied('without companies.view: a timeline query without a kind filter', () =>
    getDocs(
      query(collection(db('s_off_companies_view'), timeline()), where('companyId', '==', CONTACT_COMPANY)),
    ),
  );
  control('the admin: every kind, and the edits among them', async () => {
    const snap = await getDocs(
      query(
        collection(db(ADMIN), timeline()),
        where('companyId', '==', CONTACT_COMPANY),
        where('kind', 'in', TIMELINE_KINDS),
        orderBy('createdAt', 'desc'),
      ),
    );
    const kinds = new Set(snap.docs.map((d) => d.get('kind') as string));
    for (const k of ['contactEdit', 'companyEdit', 'dealEdit']) expect(kinds).toContain(k);
  });
});

// ── Two members, one field ──────────────────────────────────────────────────────

describe('two members change the same field: the last write wins, the timeline shows both', () => {
  it('the record has the later value; two entries, newest first, each with its author', async () => {
    const target = aContact();
    // Ana (offline: her copy is the stored record) and Bo (online) both change the phone.
    await run(TRUSTED, 'contacts', target, { phone: '+504 1111-1111' });
    await run(ADMIN, 'contacts', target, { phone: '+504 2222-2222' }, { before: target.record });
    const record = await getDoc(doc(db(ADMIN), `${A}/contacts/${target.id}`));
    expect(record.get('phone')).toBe('+504 2222-2222');
    const snap = await getDocs(
      query(
        collection(db(ADMIN), timeline()),
        where('contactId', '==', target.id),
        where('kind', 'in', TIMELINE_KINDS),
        orderBy('createdAt', 'desc'),
      ),
    );
    const edits = snap.docs.filter((d) => isChangeKind(d.get('kind') as string));
    expect(edits.map((d) => [d.get('title'), d.get('detail'), d.get('createdBy')])).toEqual([
      ['phone', '+504 2222-2222', ADMIN],
      ['phone', '+504 1111-1111', TRUSTED],
    ]);
    // The entry's time is the record's update time.
    expect(edits[0]!.get('createdAt').isEqual(record.get('updatedAt'))).toBe(true);
  });

  it('different fields: both kept (the updates carry only their fields)', async () => {
    const target = aContact();
    await run(TRUSTED, 'contacts', target, { phone: '+504 3333-3333' });
    await run(ADMIN, 'contacts', target, { jobTitle: 'Compras' });
    const record = await getDoc(doc(db(ADMIN), `${A}/contacts/${target.id}`));
    expect([record.get('phone'), record.get('jobTitle')]).toEqual(['+504 3333-3333', 'Compras']);
  });
});
