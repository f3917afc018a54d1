/**
 * Attacks: what a curious or malicious member, stranger or tenant would try. Every case names
 * the attack; a few positive controls (marked "control") prove the refusals are not accidental.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { uniformPermissions, type PermissionMap } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  activeSubscription,
  createAudit,
  crmBody,
  DAY,
  freshId,
  HOUR,
  memberDoc,
  NOW,
  seedWorld,
  storedAudit,
  tokensPatch,
  ts,
  userDoc,
  VICTIM,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';
const B = 'organizations/orgB';

const newContact = (uid: string, extra: Doc = {}) => ({
  ...crmBody('contacts', uid, 'x'),
  ...createAudit(uid),
  ...extra,
});
const db = (uid: string | null, claims?: Record<string, unknown>): Firestore => as(env, uid, claims);

/** Organizations in every subscription state, each with an admin `${org}-admin` and a contact. */
const BILLING: Record<string, Doc | null> = {
  orgGrace: { ...activeSubscription(), currentPeriodEnd: ts(NOW - DAY) },
  orgExpired: { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) },
  orgTrial: {
    ...activeSubscription(),
    status: 'trialing',
    trialEnd: ts(NOW + 5 * DAY),
    currentPeriodEnd: null,
  },
  orgTrialOver: {
    ...activeSubscription(),
    status: 'trialing',
    trialEnd: ts(NOW - HOUR),
    currentPeriodEnd: null,
  },
  orgTrialNoEnd: { ...activeSubscription(), status: 'trialing', trialEnd: null, currentPeriodEnd: null },
  orgPastDue: { ...activeSubscription(), status: 'past_due' },
  orgCanceled: { ...activeSubscription(), status: 'canceled' },
  orgUnpaid: { ...activeSubscription(), status: 'unpaid' },
  orgPaused: { ...activeSubscription(), status: 'paused' },
  orgNoBilling: null,
};

beforeAll(async () => {
  env = await createEnv('attacks');
  await seedWorld(env);
  const docs: Array<[string, Doc]> = [];
  for (const [org, sub] of Object.entries(BILLING)) {
    const p = `organizations/${org}`;
    docs.push([p, { name: org, country: null, rtn: null, createdAt: ts(NOW), createdBy: `${org}-admin` }]);
    docs.push([`${p}/members/${org}-admin`, memberDoc('admin', {}, `${org}-admin`)]);
    docs.push([`users/${org}-admin`, userDoc(`${org}-admin`, org)]);
    docs.push([`${p}/contacts/contact1`, { ...crmBody('contacts', 'x', 'contact1'), ...storedAudit() }]);
    if (sub) docs.push([`${p}/billing/subscription`, sub]);
  }
  // A seller who may delete contacts but not edit them (cascade control), and one with every right.
  const deleteOnly: PermissionMap = { contacts: { view: true, create: false, edit: false, delete: true } };
  docs.push([`${A}/members/deleter`, memberDoc('seller', deleteOnly, 'deleter')]);
  docs.push([`${A}/members/trusted`, memberDoc('seller', uniformPermissions(true), 'trusted')]);
  for (const id of ['c-cascade-1', 'c-cascade-2']) {
    docs.push([`${A}/contacts/${id}`, { ...crmBody('contacts', 'adminA', id), ...storedAudit() }]);
    docs.push([`${A}/contacts/${id}/notes/n1`, { ...crmBody('notes', 'adminA', 'n1'), ...storedAudit() }]);
    docs.push([`${A}/contacts/${id}/notes/n2`, { ...crmBody('notes', 'adminA', 'n2'), ...storedAudit() }]);
  }
  docs.push([`${A}/members/second-admin`, memberDoc('admin', {}, 'second-admin')]);
  // Members who rename themselves (each case its own, as the cases run concurrently).
  for (const uid of ['renamer1', 'renamer2', 'renamer3', 'renamer4', 'renamer5']) {
    docs.push([`users/${uid}`, userDoc(uid, 'orgA')]);
    docs.push([`${A}/members/${uid}`, memberDoc('seller', {}, uid)]);
  }
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, docs));
});

afterAll(async () => {
  await env?.cleanup();
});

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

/** What Perfil does: the profile's new name and, in the same batch, `memberChange` on a member. */
function renameBatch(uid: string, memberUid: string, memberChange: Doc): Promise<void> {
  const batch = writeBatch(db(uid));
  batch.update(doc(db(uid), `users/${uid}`), { fullName: memberChange.fullName });
  batch.update(doc(db(uid), `${A}/members/${memberUid}`), memberChange);
  return batch.commit();
}

describe.concurrent('tenant isolation', () => {
  denied('seller of A reads a company of B by path', () =>
    getDoc(doc(db('sellerA'), `${B}/companies/company1`)),
  );
  denied("admin of A creates a contact under B's path", () =>
    setDoc(doc(db('adminA'), `${B}/contacts/${freshId()}`), newContact('adminA')),
  );
  denied("admin of A updates B's deal", () =>
    updateDoc(doc(db('adminA'), `${B}/deals/deal1`), { stage: 'lost', updatedAt: serverTimestamp() }),
  );
  denied("admin of A deletes B's task", () => deleteDoc(doc(db('adminA'), `${B}/tasks/task1`)));
  denied("admin of B lists A's contacts", () => getDocs(collection(db('adminB'), `${A}/contacts`)));
  denied("admin of B counts A's deals by stage", () =>
    getDocs(query(collection(db('adminB'), `${A}/deals`), where('stage', '==', 'won'))),
  );
  denied("admin of A lists B's members", () => getDocs(collection(db('adminA'), `${B}/members`)));
  denied("admin of A reads B's subscription", () => getDoc(doc(db('adminA'), `${B}/billing/subscription`)));
  denied("admin of A lists B's invitations", () => getDocs(collection(db('adminA'), `${B}/invitations`)));
  denied("admin of A reads B's organization document", () => getDoc(doc(db('adminA'), B)));
  denied('a document record pointing at a file of B', () => {
    const id = freshId();
    return setDoc(doc(db('adminA'), `${A}/documents/${id}`), {
      ...crmBody('documents', 'adminA', id),
      storagePath: `organizations/orgB/documents/${id}/contrato.pdf`,
      ...createAudit('adminA'),
    });
  });
  denied('writing organizationId: orgB into a contact', () =>
    setDoc(doc(db('adminA'), `${A}/contacts/${freshId()}`), newContact('adminA', { organizationId: 'orgB' })),
  );
  denied("an admin of B reads A's notes", () =>
    getDocs(collection(db('adminB'), `${A}/contacts/contact1/notes`)),
  );
  denied("a seller of B enrolls A's contact in B's sequence", () =>
    setDoc(doc(db('sellerB'), `${B}/sequences/seq1/enrollments/contact-of-A`), {
      ...crmBody('enrollments', 'sellerB', 'contact-of-A'),
      ...createAudit('sellerB'),
    }),
  );
});

describe.concurrent('forged identity and history', () => {
  denied("a seller creates a contact with createdBy = the admin's uid", () =>
    setDoc(doc(db('trusted'), `${A}/contacts/${freshId()}`), newContact('adminA')),
  );
  denied('a seller rewrites createdBy of a company to themself', () =>
    updateDoc(doc(db('trusted'), `${A}/companies/company1`), {
      createdBy: 'trusted',
      updatedAt: serverTimestamp(),
    }),
  );
  denied('backdating createdAt on update', () =>
    updateDoc(doc(db('trusted'), `${A}/deals/deal1`), {
      createdAt: ts(NOW - 365 * DAY),
      updatedAt: serverTimestamp(),
    }),
  );
  denied('a client clock createdAt on create', () =>
    setDoc(doc(db('trusted'), `${A}/tasks/${freshId()}`), {
      ...crmBody('tasks', 'trusted', 'x'),
      ...createAudit('trusted'),
      createdAt: ts(NOW),
    }),
  );
  denied('a stale updatedAt on update', () =>
    updateDoc(doc(db('trusted'), `${A}/tickets/ticket1`), { status: 'Closed', updatedAt: ts(NOW - DAY) }),
  );
  denied('changing the contact an enrollment is for', () =>
    updateDoc(doc(db('adminA'), `${A}/sequences/seq1/enrollments/contact1`), {
      contactId: 'c-cascade-1',
      updatedAt: serverTimestamp(),
    }),
  );
});

describe.concurrent('privilege escalation', () => {
  denied('a seller makes themself admin', () =>
    updateDoc(doc(db('sellerA'), `${A}/members/sellerA`), { role: 'admin' }),
  );
  denied('a seller grants themself contacts.delete', () =>
    updateDoc(doc(db('sellerA'), `${A}/members/sellerA`), {
      permissions: { contacts: { view: true, create: true, edit: true, delete: true } },
    }),
  );
  denied('a seller flips one switch of their own by field path', () =>
    updateDoc(doc(db('sellerA'), `${A}/members/sellerA`), { 'permissions.deals.delete': true }),
  );
  denied("a seller edits another member's permissions", () =>
    updateDoc(doc(db('trusted'), `${A}/members/victimA`), { permissions: {} }),
  );
  denied('a seller adds a friend as a member', () =>
    setDoc(doc(db('trusted'), `${A}/members/friend`), memberDoc('seller', {}, 'friend')),
  );
  denied('a stranger joins A by writing their member document', () =>
    setDoc(doc(db('stranger'), `${A}/members/stranger`), memberDoc('seller', {}, 'stranger')),
  );
  denied('a stranger joins A as admin', () =>
    setDoc(doc(db('stranger'), `${A}/members/stranger`), memberDoc('admin', {}, 'stranger')),
  );
  denied('an admin of B adds themself to A', () =>
    setDoc(doc(db('adminB'), `${A}/members/adminB`), memberDoc('admin', {}, 'adminB')),
  );
  denied('the admin demotes themself (could leave no admin)', () =>
    updateDoc(doc(db('adminA'), `${A}/members/adminA`), { role: 'seller' }),
  );
  denied('the admin deletes their own membership (last admin)', () =>
    deleteDoc(doc(db('adminA'), `${A}/members/adminA`)),
  );
  denied('the admin edits their own permissions', () =>
    updateDoc(doc(db('adminA'), `${A}/members/adminA`), { 'permissions.contacts.view': false }),
  );
  denied('the admin rewrites their own member document unchanged', () =>
    updateDoc(doc(db('adminA'), `${A}/members/adminA`), { permissions: {} }),
  );
  denied('a seller deletes their own membership', () =>
    deleteDoc(doc(db('sellerA'), `${A}/members/sellerA`)),
  );
  denied('a user moves their profile to another organization', () =>
    updateDoc(doc(db('sellerA'), 'users/sellerA'), { organizationId: 'orgB' }),
  );
  denied('a user creates a profile for another uid', () =>
    setDoc(doc(db('sellerA'), 'users/brand-new'), userDoc('brand-new', 'orgA')),
  );
  denied("a user reads another user's profile", () => getDoc(doc(db('sellerA'), 'users/adminA')));
  denied("a user sets another user's time zone and clock", () =>
    updateDoc(doc(db('sellerA'), 'users/adminA'), { timeZone: 'UTC', timeFormat: '12h' }),
  );
  denied('a superadmin claim as the string "true" lists organizations', () =>
    getDocs(collection(db('fake', { superadmin: 'true' }), 'organizations')),
  );
  denied('a role: admin custom claim reads A contacts', () =>
    getDocs(collection(db('claimer', { role: 'admin', organizationId: 'orgA' }), `${A}/contacts`)),
  );
  denied("the superadmin reads A's contacts", () =>
    getDocs(collection(db('root', { superadmin: true }), `${A}/contacts`)),
  );
  denied('the superadmin writes a company in A', () =>
    setDoc(doc(db('root', { superadmin: true }), `${A}/companies/${freshId()}`), {
      ...crmBody('companies', 'root', 'x'),
      ...createAudit('root'),
    }),
  );
  denied("the superadmin changes a member's role", () =>
    updateDoc(doc(db('root', { superadmin: true }), `${A}/members/victimA`), { role: 'admin' }),
  );
  denied("the superadmin reads A's subscription", () =>
    getDoc(doc(db('root', { superadmin: true }), `${A}/billing/subscription`)),
  );
  denied('a member renames themself on the member document only (drifts from the profile)', () =>
    updateDoc(doc(db('renamer1'), `${A}/members/renamer1`), { fullName: 'Otro Nombre' }),
  );
  denied('a member slips a role change into their rename', () =>
    renameBatch('renamer2', 'renamer2', { fullName: 'Nuevo', role: 'admin' }),
  );
  denied("a member renames another member with their own profile's name", () =>
    renameBatch('renamer3', VICTIM, { fullName: 'Suplantado' }),
  );
  denied('a member renames themself to an empty name', () =>
    renameBatch('renamer4', 'renamer4', { fullName: '' }),
  );
  control('a member renames themself on their profile and membership together', () =>
    renameBatch('renamer5', 'renamer5', { fullName: 'Nombre Nuevo' }),
  );
  control('a second admin may demote the first', () =>
    updateDoc(doc(db('second-admin'), `${A}/members/victimA`), { role: 'seller' }),
  );
});

describe.concurrent('server-only stores', () => {
  denied('reading my own mail token', () => getDoc(doc(db('adminA'), 'mailTokens/adminA')));
  denied('listing mail tokens', () => getDocs(collection(db('adminA'), 'mailTokens')));
  denied('writing my own mail token', () =>
    setDoc(doc(db('adminA'), 'mailTokens/adminA'), { refreshToken: 'mine' }),
  );
  denied('reading an invitation token lookup by hash', () =>
    getDoc(doc(db('stranger'), `invitationTokens/${'a'.repeat(64)}`)),
  );
  denied('forging an invitation token lookup', () =>
    setDoc(doc(db('stranger'), `invitationTokens/${'b'.repeat(64)}`), {
      organizationId: 'orgA',
      invitationId: 'inv1',
    }),
  );
  denied('probing username availability by reading usernames', () =>
    getDoc(doc(db('stranger'), 'usernames/ana')),
  );
  denied('reserving a username directly', () =>
    setDoc(doc(db('stranger'), 'usernames/elon'), { uid: 'stranger' }),
  );
  denied('the admin forges the subscription as active for a year', () =>
    updateDoc(doc(db('adminA'), `${A}/billing/subscription`), {
      status: 'active',
      currentPeriodEnd: ts(NOW + 365 * DAY),
    }),
  );
  denied('the admin of an expired org re-opens it', () =>
    updateDoc(doc(db('orgExpired-admin'), 'organizations/orgExpired/billing/subscription'), {
      currentPeriodEnd: ts(NOW + 30 * DAY),
    }),
  );
  denied('creating a subscription mirror where none exists', () =>
    setDoc(
      doc(db('orgNoBilling-admin'), 'organizations/orgNoBilling/billing/subscription'),
      activeSubscription(),
    ),
  );
  denied('deleting the subscription mirror', () => deleteDoc(doc(db('adminA'), `${A}/billing/subscription`)));
  // The webhook maps a Stripe customer to an organization only through billing/customer.
  denied('the admin points the organization at another Stripe customer', () =>
    setDoc(doc(db('adminA'), `${A}/billing/customer`), { stripeCustomerId: 'cus_someone_else' }),
  );
  denied('the admin of B claims A’s Stripe customer for B', () =>
    setDoc(doc(db('adminB'), `${B}/billing/customer`), { stripeCustomerId: 'cus_of_A' }),
  );
  denied('a seller writes a trial mirror with a far trial end', () =>
    setDoc(doc(db('sellerA'), `${A}/billing/subscription`), {
      status: 'trialing',
      trialEnd: ts(NOW + 3650 * DAY),
    }),
  );
  denied('marking my mail connection connected', () =>
    setDoc(doc(db('adminA'), `${A}/mailConnections/adminA`), {
      provider: 'gmail',
      email: 'ceo@acme.hn',
      status: 'connected',
      connectedAt: ts(NOW),
    }),
  );
  denied("a seller reads another member's mail connection", () =>
    getDoc(doc(db('sellerA'), `${A}/mailConnections/adminA`)),
  );
  denied('a seller lists mail connections', () => getDocs(collection(db('trusted'), `${A}/mailConnections`)));
  denied('the admin creates an invitation without the callable', () =>
    setDoc(doc(db('adminA'), `${A}/invitations/${freshId()}`), {
      email: 'x@y.z',
      role: 'admin',
      permissions: {},
      invitedBy: 'adminA',
      status: 'pending',
      expiresAt: ts(NOW + 7 * DAY),
      createdAt: ts(NOW),
      tokenHash: 'c'.repeat(64),
    }),
  );
  denied('accepting an invitation by writing its status', () =>
    updateDoc(doc(db('stranger'), `${A}/invitations/inv1`), { status: 'accepted' }),
  );
  denied('the admin extends an invitation', () =>
    updateDoc(doc(db('adminA'), `${A}/invitations/inv1`), { expiresAt: ts(NOW + 365 * DAY) }),
  );
  denied('a seller lists pending invitations (tokens hashes)', () =>
    getDocs(query(collection(db('trusted'), `${A}/invitations`), where('status', '==', 'pending'))),
  );
  denied('a client writes a send-log entry', () =>
    setDoc(doc(db('adminA'), `${A}/sendLog/${freshId()}`), { status: 'sent' }),
  );
  denied('a client rewrites a send-log entry', () =>
    updateDoc(doc(db('adminA'), `${A}/sendLog/log1`), { status: 'failed' }),
  );
  denied('a client records an opt-out (only the unsubscribe page does)', () =>
    setDoc(doc(db('adminA'), `${A}/optOuts/${'c'.repeat(64)}`), {
      method: 'page',
      sequenceId: null,
      contactId: null,
      createdAt: serverTimestamp(),
    }),
  );
  denied('a client removes an opt-out (re-subscribing the address)', () =>
    deleteDoc(doc(db('adminA'), `${A}/optOuts/${'b'.repeat(64)}`)),
  );
  denied("a member resets a mailbox's daily count", () =>
    setDoc(doc(db('adminA'), 'mailQuotas/adminA'), { day: '2026-01-01', count: 0 }),
  );
  denied('replaying a Stripe event id', () =>
    setDoc(doc(db('adminA'), 'stripeEvents/evt_2'), { type: 'invoice.paid' }),
  );
  denied('pre-recording a future Stripe event id so its delivery is skipped', () =>
    setDoc(doc(db('adminA'), 'stripeEvents/evt_future_cancel'), { type: 'customer.subscription.deleted' }),
  );
  denied('deleting a processed Stripe event record', () =>
    deleteDoc(doc(db('adminA'), 'stripeEvents/evt_1')),
  );
  denied('reading processed Stripe events', () => getDoc(doc(db('adminA'), 'stripeEvents/evt_1')));
  denied('reading OAuth states', () => getDocs(collection(db('adminA'), 'oauthStates')));
});

describe.concurrent('collection-group queries (no organization in the path)', () => {
  denied('a seller lists every contact of every organization', () =>
    getDocs(collectionGroup(db('trusted'), 'contacts')),
  );
  denied('an admin lists every member of every organization', () =>
    getDocs(collectionGroup(db('adminA'), 'members')),
  );
  denied('an admin lists every mail connection', () =>
    getDocs(collectionGroup(db('adminA'), 'mailConnections')),
  );
  denied('an admin lists every note', () => getDocs(collectionGroup(db('adminA'), 'notes')));
  denied('an admin lists every invitation', () => getDocs(collectionGroup(db('adminA'), 'invitations')));
  denied('an admin lists every subscription', () => getDocs(collectionGroup(db('adminA'), 'billing')));
  denied('the superadmin lists every contact', () =>
    getDocs(collectionGroup(db('root', { superadmin: true }), 'contacts')),
  );
  denied('a signed-out caller lists organizations', () => getDocs(collection(db(null), 'organizations')));
  denied('a member lists all organizations', () =>
    getDocs(query(collection(db('adminA'), 'organizations'), limit(10))),
  );
  control('the superadmin lists every member (the /admin screen)', () =>
    getDocs(collectionGroup(db('root', { superadmin: true }), 'members')),
  );
  control('the superadmin lists organizations', () =>
    getDocs(collection(db('root', { superadmin: true }), 'organizations')),
  );
});

describe.concurrent('oversized and mistyped values', () => {
  denied('a 100,000-character contact name', () =>
    setDoc(
      doc(db('adminA'), `${A}/contacts/${freshId()}`),
      newContact('adminA', { name: 'x'.repeat(100_000) }),
    ),
  );
  denied('a 300,000-character note', () =>
    setDoc(doc(db('adminA'), `${A}/contacts/contact1/notes/${freshId()}`), {
      content: 'x'.repeat(300_000),
      ...createAudit('adminA'),
    }),
  );
  denied('5,000 search tokens (index explosion)', () =>
    setDoc(doc(db('adminA'), `${A}/companies/${freshId()}`), {
      name: 'Acme',
      ...tokensPatch(Array.from({ length: 5000 }, (_, i) => `t${i}`)),
      ...createAudit('adminA'),
    }),
  );
  denied('1,000 task assignees', () =>
    setDoc(doc(db('adminA'), `${A}/tasks/${freshId()}`), {
      ...crmBody('tasks', 'adminA', 'x'),
      assigneeIds: Array.from({ length: 1000 }, (_, i) => `u${i}`),
      ...createAudit('adminA'),
    }),
  );
  denied('a deal amount as a string', () =>
    setDoc(doc(db('adminA'), `${A}/deals/${freshId()}`), {
      ...crmBody('deals', 'adminA', 'x'),
      amount: '1000',
      ...createAudit('adminA'),
    }),
  );
  denied('a deal amount NaN', () =>
    setDoc(doc(db('adminA'), `${A}/deals/${freshId()}`), {
      ...crmBody('deals', 'adminA', 'x'),
      amount: NaN,
      ...createAudit('adminA'),
    }),
  );
  denied('a deal amount Infinity', () =>
    setDoc(doc(db('adminA'), `${A}/deals/${freshId()}`), {
      ...crmBody('deals', 'adminA', 'x'),
      amount: Infinity,
      ...createAudit('adminA'),
    }),
  );
  denied('a negative deal amount', () =>
    setDoc(doc(db('adminA'), `${A}/deals/${freshId()}`), {
      ...crmBody('deals', 'adminA', 'x'),
      amount: -5,
      ...createAudit('adminA'),
    }),
  );
  denied('a probability of 1000', () =>
    setDoc(doc(db('adminA'), `${A}/deals/${freshId()}`), {
      ...crmBody('deals', 'adminA', 'x'),
      probability: 1000,
      ...createAudit('adminA'),
    }),
  );
  denied('a javascript: website (stored XSS)', () =>
    setDoc(doc(db('adminA'), `${A}/companies/${freshId()}`), {
      ...crmBody('companies', 'adminA', 'x'),
      website: 'javascript:alert(document.cookie)',
      ...createAudit('adminA'),
    }),
  );
  denied('a contact status that is a map', () =>
    setDoc(doc(db('adminA'), `${A}/contacts/${freshId()}`), newContact('adminA', { status: { $ne: null } })),
  );
  denied('a meeting that ends before it starts', () =>
    setDoc(doc(db('adminA'), `${A}/meetings/${freshId()}`), {
      ...crmBody('meetings', 'adminA', 'x'),
      endTime: ts(NOW - DAY),
      ...createAudit('adminA'),
    }),
  );
  denied('a document record of 1 GB', () => {
    const id = freshId();
    return setDoc(doc(db('adminA'), `${A}/documents/${id}`), {
      ...crmBody('documents', 'adminA', id),
      size: 1024 ** 3,
      ...createAudit('adminA'),
    });
  });
  denied('a folder that is its own parent', () =>
    setDoc(doc(db('adminA'), `${A}/folders/loop`), {
      name: 'Loop',
      parentId: 'loop',
      ...createAudit('adminA'),
    }),
  );
  denied('a sequence created already active', () =>
    setDoc(doc(db('adminA'), `${A}/sequences/${freshId()}`), {
      ...crmBody('sequences', 'adminA', 'x'),
      isActive: true,
      ...createAudit('adminA'),
    }),
  );
});

describe.concurrent('subscription gate', () => {
  const contacts = (org: string) => () =>
    getDocs(collection(db(`${org}-admin`), `organizations/${org}/contacts`));
  control('an active subscription within the 48 h grace reads contacts', contacts('orgGrace'));
  control('a running trial reads contacts', contacts('orgTrial'));
  denied('an active subscription past the grace reads contacts', contacts('orgExpired'));
  denied('an ended trial reads contacts', contacts('orgTrialOver'));
  denied('a trial without an end reads contacts', contacts('orgTrialNoEnd'));
  denied('past_due reads contacts', contacts('orgPastDue'));
  denied('canceled reads contacts', contacts('orgCanceled'));
  denied('unpaid reads contacts', contacts('orgUnpaid'));
  denied('paused reads contacts', contacts('orgPaused'));
  denied('no subscription mirror at all reads contacts', contacts('orgNoBilling'));
  denied('an expired organization creates a company', () =>
    setDoc(doc(db('orgExpired-admin'), `organizations/orgExpired/companies/${freshId()}`), {
      ...crmBody('companies', 'orgExpired-admin', 'x'),
      ...createAudit('orgExpired-admin'),
    }),
  );
  denied('an expired organization reads one contact by id', () =>
    getDoc(doc(db('orgExpired-admin'), 'organizations/orgExpired/contacts/contact1')),
  );
  denied('an expired organization deletes a contact', () =>
    deleteDoc(doc(db('orgCanceled-admin'), 'organizations/orgCanceled/contacts/contact1')),
  );
  control('an expired organization still reads its organization', () =>
    getDoc(doc(db('orgExpired-admin'), 'organizations/orgExpired')),
  );
  control('an expired organization still reads its subscription', () =>
    getDoc(doc(db('orgExpired-admin'), 'organizations/orgExpired/billing/subscription')),
  );
  control('an expired organization still lists its members', () =>
    getDocs(collection(db('orgExpired-admin'), 'organizations/orgExpired/members')),
  );
  control('an expired organization still edits its settings', () =>
    updateDoc(doc(db('orgExpired-admin'), 'organizations/orgExpired'), { name: 'Renamed' }),
  );
  control('an expired organization still updates a profile', () =>
    updateDoc(doc(db('orgExpired-admin'), 'users/orgExpired-admin'), { language: 'en' }),
  );
});

describe.concurrent('deletes and their cascade', () => {
  denied('a seller without contacts.delete deletes a contact', () =>
    deleteDoc(doc(db('sellerA'), `${A}/contacts/contact1`)),
  );
  denied("a seller without contacts.delete deletes a contact's note", () =>
    deleteDoc(doc(db('sellerA'), `${A}/contacts/contact1/notes/note1`)),
  );
  denied("a seller with contacts.edit deletes another member's note", () =>
    deleteDoc(doc(db('s_on_contacts_edit'), `${A}/contacts/contact1/notes/note1`)),
  );
  denied('the author of a note deletes it without contacts.edit', () =>
    deleteDoc(doc(db('sellerA'), `${A}/contacts/contact1/notes/note_sellerA`)),
  );
  control('the author of a note deletes it with contacts.edit (no contacts.delete)', async () => {
    const note = doc(db('s_on_contacts_edit'), `${A}/contacts/contact1/notes/${freshId()}`);
    await setDoc(note, {
      ...crmBody('notes', 's_on_contacts_edit', 'x'),
      ...createAudit('s_on_contacts_edit'),
    });
    await deleteDoc(note);
  });
  denied('a seller without contacts.edit adds a note', () =>
    setDoc(doc(db('deleter'), `${A}/contacts/contact1/notes/${freshId()}`), {
      content: 'x',
      ...createAudit('deleter'),
    }),
  );
  control('the admin deletes a contact and its notes in one batch', () => {
    const b = writeBatch(db('adminA'));
    for (const n of ['n1', 'n2']) b.delete(doc(db('adminA'), `${A}/contacts/c-cascade-1/notes/${n}`));
    b.delete(doc(db('adminA'), `${A}/contacts/c-cascade-1`));
    return b.commit();
  });
  control('a seller with only contacts.delete deletes a contact and its notes in one batch', () => {
    const b = writeBatch(db('deleter'));
    for (const n of ['n1', 'n2']) b.delete(doc(db('deleter'), `${A}/contacts/c-cascade-2/notes/${n}`));
    b.delete(doc(db('deleter'), `${A}/contacts/c-cascade-2`));
    return b.commit();
  });
  denied('a batch that also deletes a document the caller may not delete fails whole', () => {
    const b = writeBatch(db('deleter'));
    b.delete(doc(db('deleter'), `${A}/contacts/contact1/notes/note1`));
    b.delete(doc(db('deleter'), `${A}/deals/deal1`));
    return b.commit();
  });
  denied('a note for a contact that does not exist', () =>
    setDoc(doc(db('adminA'), `${A}/contacts/ghost-contact/notes/${freshId()}`), {
      content: 'x',
      ...createAudit('adminA'),
    }),
  );
  denied('enrolling a contact that does not exist', () =>
    setDoc(doc(db('adminA'), `${A}/sequences/seq1/enrollments/ghost-contact`), {
      ...crmBody('enrollments', 'adminA', 'ghost-contact'),
      ...createAudit('adminA'),
    }),
  );
  denied('a step for a sequence that does not exist', () =>
    setDoc(doc(db('adminA'), `${A}/sequences/ghost-seq/steps/${freshId()}`), {
      ...crmBody('steps', 'adminA', 'x'),
      ...createAudit('adminA'),
    }),
  );
  denied('enrolling into a sequence that does not exist', () =>
    setDoc(doc(db('adminA'), `${A}/sequences/ghost-seq/enrollments/contact1`), {
      ...crmBody('enrollments', 'adminA', 'contact1'),
      ...createAudit('adminA'),
    }),
  );
  denied('enrolling the same contact twice (the id is the contact)', () =>
    setDoc(doc(db('adminA'), `${A}/sequences/seq1/enrollments/contact1`), {
      ...crmBody('enrollments', 'adminA', 'contact1'),
      ...createAudit('adminA'),
    }),
  );
  denied('a signed-out caller deletes a ticket', () => deleteDoc(doc(db(null), `${A}/tickets/ticket1`)));
});
