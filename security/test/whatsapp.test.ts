/**
 * The WhatsApp channel (issue 33), from the attacker's side first, each refusal with a control
 * that differs only in the point under test.
 * 1. The number (channels/whatsapp): read by every member, one at a time, whatever the
 *    subscription (Ajustes shows it, the composer needs it); written by the callables only, not
 *    even by an admin; no other channel id.
 * 2. Templates (waTemplates): read with marketing.view or conversations.view; written by the
 *    callables and the webhook only (a status is the platform's).
 * 3. Conversations (waConversations): read with conversations.view; created and deleted by the
 *    functions. A member changes two things: with conversations.edit the assignee (nobody or a
 *    member of the organization, stamping updatedAt), with conversations.view the unread count
 *    back to 0 — each alone, nothing else (not the 24-hour window's lastInboundAt).
 * 4. Messages (waMessages): read with conversations.view; written by the functions only (the
 *    sender checks consent and the window, the webhook is the contact's voice).
 * 5. Tokens and number routes: no client at all.
 * 6. contacts.whatsappConsent: the functions' alone, as emailConsent; consent records of channel
 *    'whatsapp' (source 'keyword') read with contacts.view, never written by a client.
 * 7. Timeline entries of kind 'whatsapp': the webhook's, read with conversations.view (a member
 *    without it reads none, with or without a kind filter).
 * 8. Another tenant, a visitor, the superadmin, a lapsed subscription.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
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
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CONSENT_STATUSES,
  TIMELINE_KINDS,
  uniformPermissions,
  viewableTimelineKinds,
  type PermissionMap,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  activeSubscription,
  CONTACT,
  createAudit,
  crmBody,
  crmCollectionPath,
  DAY,
  freshId,
  HOUR,
  LIST,
  memberDoc,
  NOW,
  phoneNumberIdOf,
  seedWorld,
  storedAudit,
  ts,
  userDoc,
  WA_MESSAGE,
  WA_TEMPLATE,
  waConversationDoc,
  waMessageDoc,
  waTemplateDoc,
  whatsappChannelDoc,
  whatsappEntryOf,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string | null): Firestore => as(env, uid);
const A = 'organizations/orgA';
const B = 'organizations/orgB';
const ADMIN = 'adminA';
/** A seller of A with every right (conversations.edit among them). */
const AGENT = 'waAgent';
/** A seller of A who may only view conversations. */
const VIEWER = 'waViewer';
/** A seller of A with every right but conversations.view (edit, create and delete on). */
const NO_VIEW = 'waNoView';
/** A seller of A who may only view marketing (the templates, not the inbox). */
const MARKETER = 'waMarketer';
/** A seller of A with every right but the view of marketing and of conversations. */
const NO_TEMPLATES = 'waNoTemplates';
/** A seller of A with no right at all: still a member. */
const NOTHING = 'waNothing';
/** Every marketing right, contacts viewed only: adds contacts to lists (listIds alone). */
const LIST_MARKETER = 'waListMarketer';
/** A seller of A without permission entries: views everything, edits nothing. */
const SELLER = 'sellerA';
const ADMIN_B = 'adminB';
/** A seller of B with every right there. */
const SELLER_B = 'sellerB';
/** Matrix sellers of A (src/roles.ts). */
const CONTACTS_VIEW_ONLY = 's_on_contacts_view';
const NO_CONTACTS_VIEW = 's_off_contacts_view';
/** An organization whose subscription lapsed (past the grace), and its admin. */
const LAPSED = 'organizations/orgWaLapsed';
const LAPSED_ADMIN = 'orgWaLapsed-admin';
/** An organization with a live subscription and no number connected, and its admin. */
const FRESH = 'organizations/orgWaFresh';
const FRESH_ADMIN = 'orgWaFresh-admin';

const off = { view: false, create: false, edit: false, delete: false };
const on = { view: true, create: true, edit: true, delete: true };
const MEMBERS: Record<string, PermissionMap> = {
  [AGENT]: uniformPermissions(true),
  [VIEWER]: { ...uniformPermissions(false), conversations: { ...off, view: true } },
  [NO_VIEW]: { ...uniformPermissions(true), conversations: { ...on, view: false } },
  [MARKETER]: { ...uniformPermissions(false), marketing: { ...off, view: true } },
  [NO_TEMPLATES]: {
    ...uniformPermissions(true),
    marketing: { ...on, view: false },
    conversations: { ...on, view: false },
  },
  [NOTHING]: uniformPermissions(false),
  [LIST_MARKETER]: { ...uniformPermissions(true), contacts: { ...off, view: true } },
};

const seeds: Array<[string, Doc]> = [];
const channel = (org = A) => `${org}/channels/whatsapp`;
const template = (id = WA_TEMPLATE, org = A) => `${org}/waTemplates/${id}`;
const conversation = (id = CONTACT, org = A) => `${org}/waConversations/${id}`;
const message = (id = WA_MESSAGE, org = A) => `${org}/waMessages/${id}`;
const contacts = crmCollectionPath('contacts');
const timeline = (org = A) => `${org}/timeline`;
const edit = (patch: Doc): Doc => ({ ...patch, updatedAt: serverTimestamp() });

/** A fresh thread of A as the webhook keeps it (its own contact id), for one case to change. */
function conversationOf(patch: Doc = {}): string {
  const id = freshId('wc');
  seeds.push([conversation(id), waConversationDoc(id, patch)]);
  return conversation(id);
}

/** A fresh contact of A as stored (with the consents the functions recorded, if any). */
function contactOf(patch: Doc = {}): string {
  const path = `${contacts}/${freshId('c')}`;
  seeds.push([path, { ...crmBody('contacts', ADMIN, ''), ...storedAudit(), ...patch }]);
  return path;
}

/** A new contact of `uid` (create body). */
const newContact = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('contacts', uid, ''),
  ...createAudit(uid),
  ...patch,
});

/** A consent record of channel 'whatsapp', as the webhook writes it when a contact says BAJA. */
const keywordConsent = (contactId = CONTACT): Doc => ({
  contactId,
  channel: 'whatsapp',
  status: 'withdrawn',
  source: 'keyword',
  sourceId: WA_MESSAGE,
  text: 'BAJA',
  language: 'es',
  recordedBy: null,
  createdAt: ts(NOW - HOUR),
});
const KEYWORD_CONSENT = 'consent-wa-keyword';

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

// ── 1. The number ──────────────────────────────────────────────────────────

describe.concurrent('the number (channels/whatsapp): every member reads it, the callables write it', () => {
  control('the admin reads it', () => getDoc(doc(db(ADMIN), channel())));
  control('a seller without permission entries reads it', () => getDoc(doc(db(SELLER), channel())));
  control('a member with no right at all reads it (the composer needs to know)', () =>
    getDoc(doc(db(NOTHING), channel())),
  );
  control('a member without conversations.view reads it', () => getDoc(doc(db(NO_VIEW), channel())));
  control("a lapsed organization's admin still reads it (Ajustes, as a mail connection)", () =>
    getDoc(doc(db(LAPSED_ADMIN), channel(LAPSED))),
  );
  denied('the admin lists the channels (one is read at a time)', () =>
    getDocs(collection(db(ADMIN), `${A}/channels`)),
  );
  denied('the admin reads a channel that is not WhatsApp', () => getDoc(doc(db(ADMIN), `${A}/channels/sms`)));
  // Escalations: connecting, re-pointing, configuring or disconnecting without the callables.
  denied('the admin connects a number by writing the channel (no token checked)', () =>
    setDoc(doc(db(FRESH_ADMIN), channel(FRESH)), whatsappChannelDoc('orgWaFresh')),
  );
  denied("the admin points the channel at another number (another organization's)", () =>
    updateDoc(doc(db(ADMIN), channel()), { phoneNumberId: phoneNumberIdOf('orgB'), wabaId: 'waba_orgB' }),
  );
  denied('the admin marks a broken channel connected', () =>
    updateDoc(doc(db(ADMIN), channel()), { status: 'connected', lastError: null }),
  );
  denied('the admin changes the opt-out keywords directly (the settings callable checks them)', () =>
    updateDoc(doc(db(ADMIN), channel()), { optOutKeywords: [] }),
  );
  denied('the admin disconnects by deleting the channel (the token would stay)', () =>
    deleteDoc(doc(db(ADMIN), channel())),
  );
  denied('the admin creates another channel', () =>
    setDoc(doc(db(ADMIN), `${A}/channels/telegram`), { status: 'connected' }),
  );
  denied('a seller with every right renames the verified name', () =>
    updateDoc(doc(db(AGENT), channel()), { verifiedName: 'Otra empresa' }),
  );
  denied("another organization's admin reads it", () => getDoc(doc(db(ADMIN_B), channel())));
  denied('a signed-in stranger reads it', () => getDoc(doc(db('stranger'), channel())));
  denied('a visitor (signed out) reads it', () => getDoc(doc(db(null), channel())));
  denied('the superadmin reads it', () => getDoc(doc(as(env, 'root', { superadmin: true }), channel())));
  control("B's admin reads B's own", () => getDoc(doc(db(ADMIN_B), channel(B))));
});

// ── 2. Templates ───────────────────────────────────────────────────────────

describe.concurrent(
  'templates: marketing.view or conversations.view reads them, the callables write them',
  () => {
    const approved = (uid: string) =>
      query(
        collection(db(uid), `${A}/waTemplates`),
        where('status', '==', 'approved'),
        orderBy('name', 'asc'),
        limit(50),
      );
    control('a seller with only marketing.view reads a template', () =>
      getDoc(doc(db(MARKETER), template())),
    );
    control('a seller with only marketing.view lists them by name (Plantillas)', () =>
      getDocs(query(collection(db(MARKETER), `${A}/waTemplates`), orderBy('name', 'asc'))),
    );
    control('a seller with only conversations.view lists the approved ones (the composer)', () =>
      getDocs(approved(VIEWER)),
    );
    control('a seller without conversations.view but with marketing.view reads one', () =>
      getDoc(doc(db(NO_VIEW), template())),
    );
    control('the admin reads one', () => getDoc(doc(db(ADMIN), template())));
    denied('a seller without either view reads a template', () => getDoc(doc(db(NO_TEMPLATES), template())));
    denied('a seller without either view lists the approved ones', () => getDocs(approved(NO_TEMPLATES)));
    denied('a member with no right lists the templates', () =>
      getDocs(collection(db(NOTHING), `${A}/waTemplates`)),
    );
    // Escalations: a template's content and status are the platform's.
    denied('a seller with marketing.create creates a template directly (never submitted)', () =>
      setDoc(doc(db(AGENT), template(freshId('tpl'))), waTemplateDoc({ createdBy: AGENT })),
    );
    denied('the admin creates one already approved', () =>
      setDoc(doc(db(ADMIN), template(freshId('tpl'))), waTemplateDoc()),
    );
    denied('the admin approves a pending template', () =>
      updateDoc(doc(db(ADMIN), template('tpl-pending')), {
        status: 'approved',
        updatedAt: serverTimestamp(),
      }),
    );
    denied("the admin rewrites an approved template's body (sent as approved)", () =>
      updateDoc(doc(db(ADMIN), template()), { body: 'Pague ahora: {{1}}', updatedAt: serverTimestamp() }),
    );
    denied('a seller with marketing.edit remaps its variables', () =>
      updateDoc(doc(db(AGENT), template()), { variables: [{ source: 'literal', fallback: 'x' }] }),
    );
    denied('a seller with marketing.delete deletes one (the platform keeps it)', () =>
      deleteDoc(doc(db(AGENT), template())),
    );
    denied('the admin deletes one', () => deleteDoc(doc(db(ADMIN), template())));
  },
);

// ── 3. Conversations ───────────────────────────────────────────────────────

describe.concurrent('conversations: read with conversations.view', () => {
  const recent = (uid: string) =>
    query(collection(db(uid), `${A}/waConversations`), orderBy('lastMessageAt', 'desc'), limit(25));
  control('a seller with only conversations.view reads a thread', () =>
    getDoc(doc(db(VIEWER), conversation())),
  );
  control('a seller with only conversations.view lists the inbox, newest first', () =>
    getDocs(recent(VIEWER)),
  );
  control('a seller without permission entries reads a thread', () =>
    getDoc(doc(db(SELLER), conversation())),
  );
  control('the admin lists the unassigned threads', () =>
    getDocs(
      query(
        collection(db(ADMIN), `${A}/waConversations`),
        where('assigneeId', '==', null),
        orderBy('lastMessageAt', 'desc'),
      ),
    ),
  );
  denied('a seller without conversations.view reads a thread', () =>
    getDoc(doc(db(NO_VIEW), conversation())),
  );
  denied('a seller without conversations.view lists the inbox', () => getDocs(recent(NO_VIEW)));
  denied('a seller with only marketing.view reads a thread', () => getDoc(doc(db(MARKETER), conversation())));
  denied('a member with no right lists the threads with unread messages', () =>
    getDocs(
      query(
        collection(db(NOTHING), `${A}/waConversations`),
        where('unreadCount', '>', 0),
        orderBy('unreadCount', 'desc'),
      ),
    ),
  );
});

describe.concurrent('conversations: assigning (conversations.edit), to nobody or a member', () => {
  {
    const p = conversationOf();
    control('a seller with conversations.edit assigns a thread to a member', () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: SELLER })),
    );
  }
  {
    const p = conversationOf();
    control('a seller with conversations.edit takes a thread', () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: AGENT })),
    );
  }
  {
    const p = conversationOf({ assigneeId: SELLER });
    control('a seller with conversations.edit unassigns a thread (null)', () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: null })),
    );
  }
  {
    const p = conversationOf({ assigneeId: SELLER });
    control('the admin reassigns a thread to another member', () =>
      updateDoc(doc(db(ADMIN), p), edit({ assigneeId: VIEWER })),
    );
  }
  {
    // As every CRM edit, the edit right alone decides (a permission map may turn view off).
    const p = conversationOf();
    control('a seller with conversations.edit but not view assigns a thread', () =>
      updateDoc(doc(db(NO_VIEW), p), edit({ assigneeId: NO_VIEW })),
    );
  }
  // Escalations: who assigns.
  {
    const p = conversationOf();
    denied('a seller with only conversations.view assigns a thread to themself', () =>
      updateDoc(doc(db(VIEWER), p), edit({ assigneeId: VIEWER })),
    );
  }
  {
    const p = conversationOf({ assigneeId: AGENT });
    denied('a seller without permission entries (view only) unassigns a thread', () =>
      updateDoc(doc(db(SELLER), p), edit({ assigneeId: null })),
    );
  }
  // To whom.
  for (const [label, assignee] of [
    ['someone who is no member', 'ghost-uid'],
    ["another organization's admin", ADMIN_B],
    ['a signed-in stranger', 'stranger'],
    ['a path instead of a uid', 'members/waAgent'],
    ['an empty uid', ''],
    ['a number', 7],
    ['a list of members', [SELLER]],
    ['a map', { uid: SELLER }],
  ] as const) {
    const p = conversationOf();
    denied(`a seller with conversations.edit assigns a thread to ${label}`, () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: assignee })),
    );
  }
  {
    const p = conversationOf();
    denied('the admin assigns a thread to someone who is no member', () =>
      updateDoc(doc(db(ADMIN), p), edit({ assigneeId: 'ghost-uid' })),
    );
  }
  {
    const p = conversationOf({ assigneeId: SELLER });
    denied('removing the assignee key (deleteField) instead of null', () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: deleteField() })),
    );
  }
  // The audit: updatedAt is the request's time.
  {
    const p = conversationOf();
    denied('assigning without stamping updatedAt', () =>
      updateDoc(doc(db(AGENT), p), { assigneeId: SELLER }),
    );
  }
  {
    const p = conversationOf();
    denied('assigning with updatedAt in the past', () =>
      updateDoc(doc(db(AGENT), p), { assigneeId: SELLER, updatedAt: ts(NOW - DAY) }),
    );
  }
  // What rides along: nothing but the assignee.
  for (const [label, extra] of [
    ['lastMessageAt moved (up the inbox)', { lastMessageAt: ts(NOW + DAY) }],
    ['lastInboundAt moved (the 24-hour window reopened)', { lastInboundAt: serverTimestamp() }],
    ['contactId changed (the thread moved to another contact)', { contactId: 'contact2' }],
    ['waId changed (messages to another phone)', { waId: '50488887777' }],
    ['unreadCount set to 5', { unreadCount: 5 }],
    ['unreadCount set to 0 (read and assigned in one write)', { unreadCount: 0 }],
    ['lastMessageText rewritten', { lastMessageText: 'Todo resuelto' }],
    ['createdAt changed', { createdAt: serverTimestamp() }],
    ['a new key', { priority: 'high' }],
  ] as const) {
    const p = conversationOf();
    denied(`assigning with ${label}`, () =>
      updateDoc(doc(db(AGENT), p), edit({ assigneeId: SELLER, ...extra })),
    );
  }
  {
    const p = conversationOf();
    denied('the admin reopens the 24-hour window while assigning', () =>
      updateDoc(doc(db(ADMIN), p), edit({ assigneeId: ADMIN, lastInboundAt: serverTimestamp() })),
    );
  }
  {
    const p = conversationOf();
    denied('the admin reopens the 24-hour window alone (with updatedAt)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ lastInboundAt: serverTimestamp() })),
    );
  }
  {
    const p = conversationOf();
    denied('the admin rewrites the whole thread (set) with another contact', () =>
      setDoc(doc(db(ADMIN), p), { ...waConversationDoc('contact2'), updatedAt: serverTimestamp() }),
    );
  }
});

describe.concurrent('conversations: marking read (conversations.view), unreadCount 0 alone', () => {
  {
    const p = conversationOf();
    control('a seller with only conversations.view marks a thread read', () =>
      updateDoc(doc(db(VIEWER), p), { unreadCount: 0 }),
    );
  }
  {
    const p = conversationOf();
    control('a seller without permission entries marks a thread read', () =>
      updateDoc(doc(db(SELLER), p), { unreadCount: 0 }),
    );
  }
  {
    const p = conversationOf();
    control('the admin marks a thread read', () => updateDoc(doc(db(ADMIN), p), { unreadCount: 0 }));
  }
  {
    const p = conversationOf({ unreadCount: 0 });
    control('marking a read thread read again (nothing changes)', () =>
      updateDoc(doc(db(VIEWER), p), { unreadCount: 0 }),
    );
  }
  {
    const p = conversationOf();
    denied('a seller without conversations.view (edit on) marks a thread read', () =>
      updateDoc(doc(db(NO_VIEW), p), { unreadCount: 0 }),
    );
  }
  {
    const p = conversationOf();
    denied('a member with no right marks a thread read', () =>
      updateDoc(doc(db(NOTHING), p), { unreadCount: 0 }),
    );
  }
  for (const [label, value] of [
    ['5', 5],
    ['-1', -1],
    ["'0'", '0'],
    ['0.5', 0.5],
    ['null', null],
    ['false', false],
    ['-0 (a float zero)', -0],
  ] as const) {
    const p = conversationOf();
    denied(`setting unreadCount to ${label}`, () => updateDoc(doc(db(VIEWER), p), { unreadCount: value }));
  }
  {
    const p = conversationOf();
    denied('removing unreadCount (deleteField)', () =>
      updateDoc(doc(db(VIEWER), p), { unreadCount: deleteField() }),
    );
  }
  {
    const p = conversationOf({ unreadCount: 0 });
    denied('the admin raises the unread count', () => updateDoc(doc(db(ADMIN), p), { unreadCount: 3 }));
  }
  // Nothing rides along.
  for (const [label, extra] of [
    ['updatedAt stamped', { updatedAt: serverTimestamp() }],
    ['the viewer assigning themself', { assigneeId: VIEWER }],
    ['lastInboundAt moved (the 24-hour window reopened)', { lastInboundAt: serverTimestamp() }],
    ['lastMessageText rewritten', { lastMessageText: 'Leído' }],
    ['a new key', { readBy: VIEWER }],
  ] as const) {
    const p = conversationOf();
    denied(`marking read with ${label}`, () => updateDoc(doc(db(VIEWER), p), { unreadCount: 0, ...extra }));
  }
  {
    const p = conversationOf();
    denied('a seller with conversations.edit marks read and assigns in one write', () =>
      updateDoc(doc(db(AGENT), p), edit({ unreadCount: 0, assigneeId: AGENT })),
    );
  }
  {
    const p = conversationOf();
    denied('the admin marks read and moves lastMessageAt', () =>
      updateDoc(doc(db(ADMIN), p), { unreadCount: 0, lastMessageAt: ts(NOW) }),
    );
  }
});

describe.concurrent('conversations: created and deleted by the functions', () => {
  denied('a seller with conversations.create opens a thread', () =>
    setDoc(doc(db(AGENT), conversation(freshId('wc'))), waConversationDoc()),
  );
  denied('the admin opens a thread', () =>
    setDoc(doc(db(ADMIN), conversation(freshId('wc'))), waConversationDoc()),
  );
  denied("the admin opens a thread for a contact that has none, unread 0 and nobody's", () =>
    setDoc(doc(db(ADMIN), conversation(freshId('wc'))), waConversationDoc('contact-x', { unreadCount: 0 })),
  );
  {
    const p = conversationOf();
    denied('a seller with conversations.delete deletes a thread', () => deleteDoc(doc(db(AGENT), p)));
  }
  {
    const p = conversationOf();
    denied('the admin deletes a thread', () => deleteDoc(doc(db(ADMIN), p)));
  }
  {
    const p = conversationOf();
    denied('a seller without view but with delete deletes a thread', () => deleteDoc(doc(db(NO_VIEW), p)));
  }
});

// ── 4. Messages ────────────────────────────────────────────────────────────

describe.concurrent('messages: read with conversations.view, written by the functions', () => {
  const byContact = (uid: string) =>
    query(
      collection(db(uid), `${A}/waMessages`),
      where('contactId', '==', CONTACT),
      orderBy('at', 'desc'),
      limit(50),
    );
  control('a seller with only conversations.view reads a message', () => getDoc(doc(db(VIEWER), message())));
  control("a seller with only conversations.view lists a contact's messages", () =>
    getDocs(byContact(VIEWER)),
  );
  control('the admin reads a message', () => getDoc(doc(db(ADMIN), message())));
  denied('a seller without conversations.view reads a message', () => getDoc(doc(db(NO_VIEW), message())));
  denied("a seller without conversations.view lists a contact's messages", () => getDocs(byContact(NO_VIEW)));
  denied('a seller with only marketing.view reads a message', () => getDoc(doc(db(MARKETER), message())));
  denied('a seller with only contacts.view reads a message', () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), message())),
  );
  denied('a member with no right lists the messages', () =>
    getDocs(collection(db(NOTHING), `${A}/waMessages`)),
  );
  // Escalations: sending without the sender (consent, the window, the caps), speaking for the contact.
  denied('a seller with conversations.create writes an outbound message', () =>
    setDoc(
      doc(db(AGENT), message(freshId('out'))),
      waMessageDoc(CONTACT, {
        direction: 'out',
        status: 'pending',
        sentBy: AGENT,
        text: 'Oferta',
        wamid: null,
      }),
    ),
  );
  denied('the admin writes an inbound message (the contact never said it)', () =>
    setDoc(doc(db(ADMIN), message(`in_${freshId()}`)), waMessageDoc(CONTACT, { text: 'Sí, acepto' })),
  );
  denied("the admin marks a message read (the platform's status)", () =>
    updateDoc(doc(db(ADMIN), message()), { status: 'read', statusAt: serverTimestamp() }),
  );
  denied("a seller with conversations.edit rewrites a message's text", () =>
    updateDoc(doc(db(AGENT), message()), { text: 'Otro texto' }),
  );
  denied('the admin moves a message to another contact', () =>
    updateDoc(doc(db(ADMIN), message()), { contactId: 'contact2' }),
  );
  denied('a seller with conversations.delete deletes a message', () => deleteDoc(doc(db(AGENT), message())));
  denied('the admin deletes a message', () => deleteDoc(doc(db(ADMIN), message())));
  denied('a seller without view (create on) writes a message', () =>
    setDoc(doc(db(NO_VIEW), message(freshId('out'))), waMessageDoc(CONTACT, { direction: 'out' })),
  );
});

// ── 5. Tokens and routes ───────────────────────────────────────────────────

describe.concurrent('tokens and number routes: no client, not even an admin', () => {
  denied("the admin reads the organization's access token", () =>
    getDoc(doc(db(ADMIN), 'whatsappTokens/orgA')),
  );
  denied('the admin lists the tokens', () => getDocs(collection(db(ADMIN), 'whatsappTokens')));
  denied('the admin writes a token for the organization', () =>
    setDoc(doc(db(ADMIN), 'whatsappTokens/orgA'), { ciphertext: 'mine', updatedAt: serverTimestamp() }),
  );
  denied("the admin of B reads A's token", () => getDoc(doc(db(ADMIN_B), 'whatsappTokens/orgA')));
  denied('the admin deletes the token', () => deleteDoc(doc(db(ADMIN), 'whatsappTokens/orgA')));
  denied("the admin reads the organization's number route", () =>
    getDoc(doc(db(ADMIN), `whatsappNumbers/${phoneNumberIdOf('orgA')}`)),
  );
  denied('the admin lists the routes (every connected number)', () =>
    getDocs(collection(db(ADMIN), 'whatsappNumbers')),
  );
  denied("the admin routes B's number to A (B's messages would land in A)", () =>
    setDoc(doc(db(ADMIN), `whatsappNumbers/${phoneNumberIdOf('orgB')}`), {
      organizationId: 'orgA',
      wabaId: 'waba_orgB',
    }),
  );
  denied("the admin of B re-points A's route", () =>
    updateDoc(doc(db(ADMIN_B), `whatsappNumbers/${phoneNumberIdOf('orgA')}`), { organizationId: 'orgB' }),
  );
  denied('the admin routes a new number to A', () =>
    setDoc(doc(db(ADMIN), 'whatsappNumbers/pn_new'), { organizationId: 'orgA', wabaId: 'waba_new' }),
  );
  denied("the admin deletes the organization's route", () =>
    deleteDoc(doc(db(ADMIN), `whatsappNumbers/${phoneNumberIdOf('orgA')}`)),
  );
  denied('a signed-in stranger reads a route', () =>
    getDoc(doc(db('stranger'), `whatsappNumbers/${phoneNumberIdOf('orgA')}`)),
  );
  denied('the superadmin reads a token', () =>
    getDoc(doc(as(env, 'root', { superadmin: true }), 'whatsappTokens/orgA')),
  );
});

// ── 6. Consent ─────────────────────────────────────────────────────────────

describe.concurrent("a contact's whatsappConsent: the functions' alone", () => {
  const at = () => `${contacts}/${freshId()}`;
  for (const status of CONSENT_STATUSES)
    denied(`the admin creates a contact with whatsappConsent '${status}'`, () =>
      setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { whatsappConsent: status })),
    );
  denied("a seller with contacts.create creates a contact 'granted'", () =>
    setDoc(doc(db(AGENT), at()), newContact(AGENT, { whatsappConsent: 'granted' })),
  );
  denied('a contact created with a consent that is not a status', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { whatsappConsent: true })),
  );
  denied('a contact created with both consents granted', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { emailConsent: 'granted', whatsappConsent: 'granted' })),
  );
  {
    const p = contactOf();
    denied("the admin grants WhatsApp consent to a contact that has none ('granted')", () =>
      updateDoc(doc(db(ADMIN), p), edit({ whatsappConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied("the admin turns a withdrawn consent (the contact wrote BAJA) into 'granted'", () =>
      updateDoc(doc(db(ADMIN), p), edit({ whatsappConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'pending' });
    denied('a member with contacts.edit confirms a pending consent', () =>
      updateDoc(doc(db(AGENT), p), edit({ whatsappConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied('the admin clears a withdrawn consent (null)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ whatsappConsent: null })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied('the admin removes a withdrawn consent (deleteField)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ whatsappConsent: deleteField() })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied('the admin rewrites the contact whole without its consent (set)', () =>
      setDoc(doc(db(ADMIN), p), {
        ...crmBody('contacts', ADMIN, ''),
        ...storedAudit(),
        updatedAt: serverTimestamp(),
      }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted', whatsappConsent: 'withdrawn' });
    denied('an edit that keeps the e-mail consent and grants the WhatsApp one', () =>
      updateDoc(doc(db(ADMIN), p), edit({ name: 'Ana P.', whatsappConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied("the marketer's listIds path, granting consent on the way", () =>
      updateDoc(doc(db(LIST_MARKETER), p), { listIds: arrayUnion(LIST), whatsappConsent: 'granted' }),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied("the marketer's listIds path, removing a withdrawn consent on the way", () =>
      updateDoc(doc(db(LIST_MARKETER), p), { listIds: arrayUnion(LIST), whatsappConsent: deleteField() }),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    denied("the admin of B grants consent to A's contact", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ whatsappConsent: 'granted' })),
    );
  }
  // Controls: a write that leaves it alone (a contact the functions gave a consent stays editable).
  control('a contact created without whatsappConsent', () => setDoc(doc(db(ADMIN), at()), newContact(ADMIN)));
  control('a contact created with whatsappConsent null (none recorded)', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { whatsappConsent: null })),
  );
  for (const status of CONSENT_STATUSES) {
    const p = contactOf({ whatsappConsent: status });
    control(`a member with contacts.edit edits a contact whose WhatsApp consent is '${status}'`, () =>
      updateDoc(doc(db(AGENT), p), edit({ jobTitle: 'Gerente', phone: '+504 9999-8888' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted', whatsappConsent: 'withdrawn' });
    control('the admin edits a contact with both consents', () =>
      updateDoc(doc(db(ADMIN), p), edit({ name: 'Ana María Pérez' })),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'granted' });
    control('the admin rewrites the contact whole, its consent as stored (set)', () =>
      setDoc(doc(db(ADMIN), p), {
        ...crmBody('contacts', ADMIN, ''),
        ...storedAudit(),
        name: 'Ana María Pérez',
        whatsappConsent: 'granted',
        updatedAt: serverTimestamp(),
      }),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'withdrawn' });
    control('a marketer (no contacts.edit) adds a contact with a WhatsApp consent to a list', () =>
      updateDoc(doc(db(LIST_MARKETER), p), { listIds: arrayUnion(LIST) }),
    );
  }
  {
    const p = contactOf({ whatsappConsent: 'granted' });
    control('the admin deletes a contact with a WhatsApp consent', () => deleteDoc(doc(db(ADMIN), p)));
  }
});

describe.concurrent("consent records of channel 'whatsapp': read with contacts.view, never written", () => {
  const record = `${A}/consents/${KEYWORD_CONSENT}`;
  control("a seller with only contacts.view reads a contact's opt-out by keyword", () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), record)),
  );
  control("a seller with only contacts.view lists a contact's consent records", () =>
    getDocs(query(collection(db(CONTACTS_VIEW_ONLY), `${A}/consents`), where('contactId', '==', CONTACT))),
  );
  denied('a seller without contacts.view reads it', () => getDoc(doc(db(NO_CONTACTS_VIEW), record)));
  denied('a seller with only conversations.view reads it', () => getDoc(doc(db(VIEWER), record)));
  denied('the admin records a WhatsApp consent (granted, from a form)', () =>
    setDoc(doc(db(ADMIN), `${A}/consents/${freshId('cons')}`), {
      ...keywordConsent(),
      status: 'granted',
      source: 'form',
      text: 'Acepto',
      recordedBy: ADMIN,
    }),
  );
  denied('a seller with every right records an opt-out by keyword', () =>
    setDoc(doc(db(AGENT), `${A}/consents/${freshId('cons')}`), keywordConsent()),
  );
  denied('the admin turns the opt-out into a grant', () =>
    updateDoc(doc(db(ADMIN), record), { status: 'granted' }),
  );
  denied('the admin deletes the opt-out', () => deleteDoc(doc(db(ADMIN), record)));
});

// ── 7. Timeline ────────────────────────────────────────────────────────────

describe.concurrent("timeline: the webhook's 'whatsapp' entries, read with conversations.view", () => {
  const [entryPath] = whatsappEntryOf();
  const byContact = (uid: string, kinds: readonly string[]) =>
    query(
      collection(db(uid), timeline()),
      where('contactId', '==', CONTACT),
      where('kind', 'in', kinds),
      orderBy('createdAt', 'desc'),
      limit(25),
    );
  const viewable = (uid: string) => viewableTimelineKinds({ role: 'seller', permissions: MEMBERS[uid]! });
  it('the members used here view what the model says', () => {
    expect(viewable(VIEWER)).toEqual(['whatsapp']);
    expect(viewable(NO_VIEW)).toEqual(TIMELINE_KINDS.filter((k) => k !== 'whatsapp'));
  });
  control('a seller with only conversations.view reads a WhatsApp entry', () =>
    getDoc(doc(db(VIEWER), entryPath)),
  );
  control("a seller with only conversations.view lists a contact's WhatsApp entries", () =>
    getDocs(byContact(VIEWER, viewable(VIEWER))),
  );
  control('a seller without conversations.view lists the kinds they view', () =>
    getDocs(byContact(NO_VIEW, viewable(NO_VIEW))),
  );
  control('a seller with every right lists a contact timeline without a kind filter', () =>
    getDocs(query(collection(db(AGENT), timeline()), where('contactId', '==', CONTACT))),
  );
  // A member who views every other kind is no longer one who views every kind.
  denied('a seller without conversations.view reads a WhatsApp entry', () =>
    getDoc(doc(db(NO_VIEW), entryPath)),
  );
  denied('a seller without conversations.view lists a contact timeline without a kind filter', () =>
    getDocs(query(collection(db(NO_VIEW), timeline()), where('contactId', '==', CONTACT))),
  );
  denied('a seller without conversations.view lists every kind', () =>
    getDocs(byContact(NO_VIEW, TIMELINE_KINDS)),
  );
  denied('a seller who views only contacts lists notes and WhatsApp entries', () =>
    getDocs(byContact(CONTACTS_VIEW_ONLY, ['note', 'whatsapp'])),
  );
  // Escalations: the entries are the webhook's.
  denied('the admin writes a WhatsApp entry exactly as the webhook would', () => {
    const [path, data] = whatsappEntryOf('orgA', `in_${freshId()}`);
    return setDoc(doc(db(ADMIN), path), data);
  });
  denied('a seller with every right writes a WhatsApp entry of a message that exists', () => {
    const [path, data] = whatsappEntryOf('orgA', 'in_wam2');
    return setDoc(doc(db(AGENT), path), data);
  });
  denied("the admin rewrites a WhatsApp entry's text", () =>
    updateDoc(doc(db(ADMIN), entryPath), { title: 'Otro texto' }),
  );
  denied('the admin deletes a WhatsApp entry whose contact exists', () =>
    deleteDoc(doc(db(ADMIN), entryPath)),
  );
  denied('a seller with every right deletes it', () => deleteDoc(doc(db(AGENT), entryPath)));
  // Controls: an entry goes once its contact is gone.
  {
    const [path, data] = whatsappEntryOf('orgA', `in_${freshId()}`, freshId('gone'));
    seeds.push([path, data]);
    control('a member deletes a WhatsApp entry whose contact is gone', () => deleteDoc(doc(db(AGENT), path)));
  }
  {
    const contactPath = contactOf();
    const [path, data] = whatsappEntryOf('orgA', `in_${freshId()}`, contactPath.split('/').pop()!);
    seeds.push([path, data]);
    control('the admin deletes a contact and its WhatsApp entry in one batch', () => {
      const b = writeBatch(db(ADMIN));
      b.delete(doc(db(ADMIN), contactPath));
      b.delete(doc(db(ADMIN), path));
      return b.commit();
    });
  }
});

// ── 8. Another tenant, a visitor, a lapsed subscription ─────────────────────

describe.concurrent('another tenant, a visitor, a lapsed subscription', () => {
  denied("another organization's admin reads A's thread", () => getDoc(doc(db(ADMIN_B), conversation())));
  denied("another organization's admin lists A's messages", () =>
    getDocs(collection(db(ADMIN_B), `${A}/waMessages`)),
  );
  denied("another organization's admin reads A's template", () => getDoc(doc(db(ADMIN_B), template())));
  {
    const p = conversationOf();
    denied("another organization's admin assigns A's thread to themself", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ assigneeId: ADMIN_B })),
    );
  }
  {
    const p = conversationOf();
    denied("a seller of B with every right marks A's thread read", () =>
      updateDoc(doc(db(SELLER_B), p), { unreadCount: 0 }),
    );
  }
  control("B's admin reads B's own thread and message", () =>
    Promise.all([
      getDoc(doc(db(ADMIN_B), conversation(CONTACT, B))),
      getDoc(doc(db(ADMIN_B), message(WA_MESSAGE, B))),
    ]),
  );
  denied('a visitor (signed out) reads a thread', () => getDoc(doc(db(null), conversation())));
  denied('a signed-in stranger reads a message', () => getDoc(doc(db('stranger'), message())));
  denied("the superadmin reads an organization's thread", () =>
    getDoc(doc(as(env, 'root', { superadmin: true }), conversation())),
  );
  denied("the superadmin lists an organization's messages", () =>
    getDocs(collection(as(env, 'root', { superadmin: true }), `${A}/waMessages`)),
  );
  denied("a lapsed organization's admin reads its thread", () =>
    getDoc(doc(db(LAPSED_ADMIN), conversation(CONTACT, LAPSED))),
  );
  denied("a lapsed organization's admin lists its messages", () =>
    getDocs(collection(db(LAPSED_ADMIN), `${LAPSED}/waMessages`)),
  );
  denied("a lapsed organization's admin reads its template", () =>
    getDoc(doc(db(LAPSED_ADMIN), template(WA_TEMPLATE, LAPSED))),
  );
  denied("a lapsed organization's admin assigns its thread", () =>
    updateDoc(doc(db(LAPSED_ADMIN), conversation(CONTACT, LAPSED)), edit({ assigneeId: LAPSED_ADMIN })),
  );
  denied("a lapsed organization's admin marks its thread read", () =>
    updateDoc(doc(db(LAPSED_ADMIN), conversation(CONTACT, LAPSED)), { unreadCount: 0 }),
  );
});

beforeAll(async () => {
  env = await createEnv('whatsapp');
  await seedWorld(env);
  for (const [uid, permissions] of Object.entries(MEMBERS))
    seeds.push(
      [`${A}/members/${uid}`, memberDoc('seller', permissions, uid)],
      [`users/${uid}`, userDoc(uid, 'orgA')],
    );
  seeds.push(
    [template('tpl-pending'), waTemplateDoc({ name: 'promo', status: 'pending', graphId: null })],
    [message('in_wam2'), waMessageDoc(CONTACT, { wamid: 'wamid.in2' })],
    [`${A}/consents/${KEYWORD_CONSENT}`, keywordConsent()],
    [
      LAPSED,
      { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: LAPSED_ADMIN },
    ],
    [`${LAPSED}/members/${LAPSED_ADMIN}`, memberDoc('admin', {}, LAPSED_ADMIN)],
    [`users/${LAPSED_ADMIN}`, userDoc(LAPSED_ADMIN, 'orgWaLapsed')],
    [`${LAPSED}/billing/subscription`, { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) }],
    [channel(LAPSED), whatsappChannelDoc('orgWaLapsed')],
    [template(WA_TEMPLATE, LAPSED), waTemplateDoc()],
    [conversation(CONTACT, LAPSED), waConversationDoc()],
    [message(WA_MESSAGE, LAPSED), waMessageDoc()],
    [FRESH, { name: 'Fresh', country: null, rtn: null, createdAt: ts(NOW - DAY), createdBy: FRESH_ADMIN }],
    [`${FRESH}/members/${FRESH_ADMIN}`, memberDoc('admin', {}, FRESH_ADMIN)],
    [`users/${FRESH_ADMIN}`, userDoc(FRESH_ADMIN, 'orgWaFresh')],
    [`${FRESH}/billing/subscription`, activeSubscription()],
  );
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
