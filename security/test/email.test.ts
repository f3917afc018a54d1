/**
 * Two-way e-mail (issue 32), from the attacker's side first, each refusal with a control that
 * differs only in the point under test.
 * 1. Conversations and messages (emailThreads, emailMessages): written by the mail sync only —
 *    never by a client, not even the mailbox's owner or an admin; read with contacts.view.
 * 2. Bodies (emailBodies): read by the mailbox's owner, or with contacts.view when the owner
 *    shares their mailbox; never with metadata-only or private sharing by anyone else (an admin
 *    included); never listed (a body is opened one at a time).
 * 3. Timeline entries of kind 'email': the sync's; read with contacts.view.
 * 4. An enrolment's 'replied' status is the sync's: a member cannot set it.
 * 5. Another tenant, a signed-out caller, a lapsed subscription.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { serverTimelineEntry, uniformPermissions, type MailPrivacy, type PermissionMap } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  activeSubscription,
  CONTACT,
  DAY,
  memberDoc,
  NOW,
  ownSequenceId,
  seedWorld,
  sequencePath,
  ts,
  userDoc,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string | null): Firestore => as(env, uid);
const A = 'organizations/orgA';
const B = 'organizations/orgB';
const ADMIN = 'adminA';
/** The mailbox owners: a seller of A with every right (contacts.view among them). */
const OWNER = 'emOwner';
/** Another seller of A with every right. */
const COLLEAGUE = 'emColleague';
/** A seller of A with every right but contacts.view. */
const NO_CONTACTS_VIEW = 'emNoContactsView';
const ADMIN_B = 'adminB';
const LAPSED = 'organizations/orgEmLapsed';
const LAPSED_ADMIN = 'orgEmLapsed-admin';

const MEMBERS: Record<string, PermissionMap> = {
  [OWNER]: uniformPermissions(true),
  [COLLEAGUE]: uniformPermissions(true),
  [NO_CONTACTS_VIEW]: {
    ...uniformPermissions(true),
    contacts: { view: false, create: true, edit: true, delete: true },
  },
};

const party = (address: string) => ({ name: null, address });

/** A conversation of OWNER's mailbox with CONTACT, as the sync writes it for `privacy`. */
function threadDoc(privacy: MailPrivacy, owner = OWNER): Doc {
  const open = privacy !== 'private';
  return {
    ownerUid: owner,
    mailbox: 'owner@trato.test',
    gmailThreadId: `t-${privacy}`,
    visibility: privacy,
    subject: open ? 'Propuesta' : null,
    snippet: open ? 'Hola Ana' : null,
    participants: open ? ['owner@trato.test', 'ana@acme.hn'] : null,
    contactIds: [CONTACT],
    companyIds: ['company1'],
    messageCount: 1,
    lastMessageAt: ts(NOW - DAY),
    lastDirection: 'in',
    searchTokens: [],
    searchIndex: {},
    createdAt: ts(NOW - DAY),
    updatedAt: ts(NOW - DAY),
  };
}

function messageDoc(privacy: MailPrivacy, owner = OWNER): Doc {
  const open = privacy !== 'private';
  return {
    ownerUid: owner,
    mailbox: 'owner@trato.test',
    gmailId: `m-${privacy}`,
    gmailThreadId: `t-${privacy}`,
    threadKey: `${owner}_t-${privacy}`,
    direction: 'in',
    visibility: privacy,
    from: open ? party('ana@acme.hn') : null,
    to: open ? [party('owner@trato.test')] : null,
    cc: open ? [] : null,
    subject: open ? 'Propuesta' : null,
    snippet: open ? 'Hola Ana' : null,
    attachments: open ? [] : null,
    date: ts(NOW - DAY),
    contactIds: [CONTACT],
    companyIds: ['company1'],
    hasBody: privacy !== 'metadata',
    isBounce: false,
    messageIdHeader: '<m1@acme.hn>',
    inReplyTo: null,
    createdAt: ts(NOW - DAY),
  };
}

function bodyDoc(privacy: MailPrivacy, owner = OWNER): Doc {
  return {
    ownerUid: owner,
    visibility: privacy,
    from: party('ana@acme.hn'),
    to: [party('owner@trato.test')],
    cc: [],
    subject: 'Propuesta',
    text: 'Hola, nos interesa.',
    html: null,
    attachments: [],
    truncated: false,
    createdAt: ts(NOW - DAY),
  };
}

const key = (privacy: MailPrivacy, owner = OWNER) => `${owner}_m-${privacy}`;
const threadPath = (privacy: MailPrivacy, org = A) => `${org}/emailThreads/${OWNER}_t-${privacy}`;
const messagePath = (privacy: MailPrivacy, org = A) => `${org}/emailMessages/${key(privacy)}`;
const bodyPath = (privacy: MailPrivacy, org = A) => `${org}/emailBodies/${key(privacy)}`;
const emailEntry = () =>
  serverTimelineEntry('email', key('shared'), {
    title: 'Propuesta',
    detail: 'in',
    contactId: CONTACT,
    companyId: 'company1',
    createdAt: ts(NOW - DAY),
    createdBy: OWNER,
  });

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

describe.concurrent('conversations and messages: the sync writes, contacts.view reads', () => {
  for (const privacy of ['shared', 'metadata', 'private'] as const) {
    control(`a colleague reads a ${privacy} conversation and its message`, () =>
      Promise.all([
        getDoc(doc(db(COLLEAGUE), threadPath(privacy))),
        getDoc(doc(db(COLLEAGUE), messagePath(privacy))),
      ]),
    );
    denied(`a member without contacts.view reads a ${privacy} conversation`, () =>
      getDoc(doc(db(NO_CONTACTS_VIEW), threadPath(privacy))),
    );
    denied(`a member without contacts.view reads a ${privacy} message`, () =>
      getDoc(doc(db(NO_CONTACTS_VIEW), messagePath(privacy))),
    );
  }
  control("a colleague lists a contact's conversations (the Emails tab)", () =>
    getDocs(
      query(
        collection(db(COLLEAGUE), `${A}/emailThreads`),
        where('contactIds', 'array-contains', CONTACT),
        orderBy('lastMessageAt', 'desc'),
        limit(20),
      ),
    ),
  );
  control("a conversation's messages, oldest first", () =>
    getDocs(
      query(
        collection(db(COLLEAGUE), `${A}/emailMessages`),
        where('threadKey', '==', `${OWNER}_t-shared`),
        orderBy('date', 'asc'),
      ),
    ),
  );
  control('the replies the owner received (the bell)', () =>
    getDocs(
      query(
        collection(db(OWNER), `${A}/emailMessages`),
        where('ownerUid', '==', OWNER),
        where('direction', '==', 'in'),
        orderBy('date', 'desc'),
        limit(10),
      ),
    ),
  );
  denied('a member without contacts.view lists the conversations', () =>
    getDocs(collection(db(NO_CONTACTS_VIEW), `${A}/emailThreads`)),
  );
  // Escalations: the sync's documents are nobody else's to write.
  denied('the owner writes a message into their own mailbox', () =>
    setDoc(doc(db(OWNER), `${A}/emailMessages/${OWNER}_forged`), messageDoc('shared')),
  );
  denied('the admin writes a conversation', () =>
    setDoc(doc(db(ADMIN), `${A}/emailThreads/${OWNER}_forged`), threadDoc('shared')),
  );
  denied('the owner turns a private conversation shared', () =>
    updateDoc(doc(db(OWNER), threadPath('private')), { visibility: 'shared', subject: 'x' }),
  );
  denied("the admin rewrites a message's sender", () =>
    updateDoc(doc(db(ADMIN), messagePath('shared')), { from: party('ceo@trato.test') }),
  );
  denied('the owner deletes a message', () => deleteDoc(doc(db(OWNER), messagePath('shared'))));
  denied('the admin deletes a conversation', () => deleteDoc(doc(db(ADMIN), threadPath('shared'))));
});

describe.concurrent("bodies: the owner's, and the organization's only when shared", () => {
  for (const privacy of ['shared', 'metadata', 'private'] as const)
    control(`the owner reads a body of their ${privacy} mailbox`, () =>
      getDoc(doc(db(OWNER), bodyPath(privacy))),
    );
  control('a colleague reads a body of a shared mailbox', () =>
    getDoc(doc(db(COLLEAGUE), bodyPath('shared'))),
  );
  denied('a colleague reads a body of a private mailbox', () =>
    getDoc(doc(db(COLLEAGUE), bodyPath('private'))),
  );
  denied('the admin reads a body of a private mailbox', () => getDoc(doc(db(ADMIN), bodyPath('private'))));
  denied('a colleague reads a body kept while metadata-only', () =>
    getDoc(doc(db(COLLEAGUE), bodyPath('metadata'))),
  );
  denied('a member without contacts.view reads a body of a shared mailbox', () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), bodyPath('shared'))),
  );
  denied('a colleague lists the bodies (even those shared)', () =>
    getDocs(query(collection(db(COLLEAGUE), `${A}/emailBodies`), where('visibility', '==', 'shared'))),
  );
  denied('the owner lists their own bodies', () =>
    getDocs(query(collection(db(OWNER), `${A}/emailBodies`), where('ownerUid', '==', OWNER))),
  );
  denied('the owner writes a body', () =>
    setDoc(doc(db(OWNER), `${A}/emailBodies/${OWNER}_forged`), bodyDoc('shared')),
  );
  denied('the owner shares a private body', () =>
    updateDoc(doc(db(OWNER), bodyPath('private')), { visibility: 'shared' }),
  );
  denied('the owner deletes a body', () => deleteDoc(doc(db(OWNER), bodyPath('shared'))));
});

describe.concurrent("timeline: the sync's 'email' entries", () => {
  control("a colleague reads a contact's e-mail entry", () =>
    getDoc(doc(db(COLLEAGUE), `${A}/timeline/${emailEntry().id}`)),
  );
  denied('a member without contacts.view reads an e-mail entry', () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), `${A}/timeline/${emailEntry().id}`)),
  );
  denied('the owner writes an e-mail entry exactly as the sync would', () => {
    const entry = serverTimelineEntry('email', `${OWNER}_forged`, {
      title: 'Propuesta',
      detail: 'out',
      contactId: CONTACT,
      companyId: 'company1',
      createdAt: ts(NOW - DAY),
      createdBy: OWNER,
    });
    return setDoc(doc(db(OWNER), `${A}/timeline/${entry.id}`), entry.data);
  });
  denied("the admin rewrites an e-mail entry's subject", () =>
    updateDoc(doc(db(ADMIN), `${A}/timeline/${emailEntry().id}`), { title: 'Otro' }),
  );
  denied('the admin deletes an e-mail entry whose contact exists', () =>
    deleteDoc(doc(db(ADMIN), `${A}/timeline/${emailEntry().id}`)),
  );
});

describe.concurrent("an enrolment's 'replied' is the sync's", () => {
  const enrolment = `${sequencePath(ownSequenceId(OWNER))}/enrollments/${CONTACT}`;
  denied("the sequence's owner marks an enrolment replied", () =>
    updateDoc(doc(db(OWNER), enrolment), { status: 'replied', updatedAt: serverTimestamp() }),
  );
  control("the sequence's owner pauses it", () =>
    updateDoc(doc(db(OWNER), enrolment), { status: 'paused', updatedAt: serverTimestamp() }),
  );
});

describe.concurrent('another tenant, a visitor, a lapsed subscription', () => {
  denied("another organization's admin reads a conversation", () =>
    getDoc(doc(db(ADMIN_B), threadPath('shared'))),
  );
  denied("another organization's admin reads a shared body", () =>
    getDoc(doc(db(ADMIN_B), bodyPath('shared'))),
  );
  denied("another organization's admin lists A's conversations", () =>
    getDocs(collection(db(ADMIN_B), `${A}/emailThreads`)),
  );
  denied('a visitor (signed out) reads a message', () => getDoc(doc(db(null), messagePath('shared'))));
  denied('a signed-in stranger reads a body', () => getDoc(doc(db('stranger'), bodyPath('shared'))));
  denied("the superadmin reads an organization's message", () =>
    getDoc(doc(as(env, 'root', { superadmin: true }), messagePath('shared'))),
  );
  control("B's admin reads B's own conversation", () => getDoc(doc(db(ADMIN_B), threadPath('shared', B))));
  denied("a lapsed organization's admin reads its conversation", () =>
    getDoc(doc(db(LAPSED_ADMIN), threadPath('shared', LAPSED))),
  );
  denied("a lapsed organization's mailbox owner reads their own body", () =>
    getDoc(doc(db(LAPSED_ADMIN), `${LAPSED}/emailBodies/${key('shared', LAPSED_ADMIN)}`)),
  );
});

beforeAll(async () => {
  env = await createEnv('email');
  await seedWorld(env);
  const seeds: Array<[string, Doc]> = [];
  for (const [uid, permissions] of Object.entries(MEMBERS))
    seeds.push(
      [`${A}/members/${uid}`, memberDoc('seller', permissions, uid)],
      [`users/${uid}`, userDoc(uid, 'orgA')],
    );
  for (const privacy of ['shared', 'metadata', 'private'] as const)
    seeds.push(
      [threadPath(privacy), threadDoc(privacy)],
      [messagePath(privacy), messageDoc(privacy)],
      [bodyPath(privacy), bodyDoc(privacy)],
    );
  seeds.push(
    [threadPath('shared', B), threadDoc('shared', ADMIN_B)],
    [`${A}/timeline/${emailEntry().id}`, emailEntry().data as Doc],
    [
      sequencePath(ownSequenceId(OWNER)),
      {
        name: 'Bienvenida',
        description: null,
        isActive: true,
        createdAt: ts(NOW - DAY),
        createdBy: OWNER,
        updatedAt: ts(NOW - DAY),
      },
    ],
    [
      `${sequencePath(ownSequenceId(OWNER))}/enrollments/${CONTACT}`,
      {
        contactId: CONTACT,
        status: 'active',
        currentStep: 1,
        nextSendAt: ts(NOW + DAY),
        createdAt: ts(NOW - DAY),
        createdBy: OWNER,
        updatedAt: ts(NOW - DAY),
      },
    ],
    [
      LAPSED,
      { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: LAPSED_ADMIN },
    ],
    [`${LAPSED}/members/${LAPSED_ADMIN}`, memberDoc('admin', {}, LAPSED_ADMIN)],
    [`users/${LAPSED_ADMIN}`, userDoc(LAPSED_ADMIN, 'orgEmLapsed')],
    [`${LAPSED}/billing/subscription`, { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) }],
    [threadPath('shared', LAPSED), threadDoc('shared', LAPSED_ADMIN)],
    [`${LAPSED}/emailBodies/${key('shared', LAPSED_ADMIN)}`, bodyDoc('shared', LAPSED_ADMIN)],
  );
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
