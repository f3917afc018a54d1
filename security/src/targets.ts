/**
 * How each matrix cell is performed: which document a get/update reads, which collection a
 * list reads, what a create writes (always a valid document, so only the access decides),
 * and a freshly seeded document for each delete. For the "(own)" targets the create cell is a
 * wholesale set of the caller's own document (it exists already), e.g. making oneself admin.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';

import { uniformPermissions } from '@trato/model';

import type { Op, TargetName } from './matrix.js';
import { ORG_A, type RoleDef } from './roles.js';
import {
  activeSubscription,
  CAMPAIGN,
  campaignDoc,
  campaignPath,
  campaignRunDoc,
  CONSENT,
  consentDoc,
  CONTACT,
  createAudit,
  crmBody,
  crmCollectionPath,
  freshId,
  GHOST,
  invitationDoc,
  mailConnectionDoc,
  memberDoc,
  NOW,
  DAY,
  entryOf,
  OTHER_USER,
  ownNoteId,
  SEEDED_ID,
  optOutDoc,
  ownCampaignId,
  ownSequenceId,
  RECIPIENT,
  recipientDoc,
  sendLogDoc,
  sequencePath,
  SUBMISSION,
  submissionDoc,
  storedAudit,
  TIMELINE_DEAL,
  timelineDealBody,
  TOPIC_OPT_OUT,
  topicOptOutDoc,
  ts,
  userDoc,
  VICTIM,
  VICTIM_SEQUENCE,
  victimCampaignId,
  unreadConversationId,
  WA_MESSAGE,
  WA_TEMPLATE,
  waConversationDoc,
  waMessageDoc,
  waTemplateDoc,
  whatsappChannelDoc,
  phoneNumberIdOf,
  type CrmName,
  type Doc,
} from './world.js';

interface TargetImpl {
  /** The existing document read by get and changed by update. */
  docPath(uid: string): string;
  /** Whether docPath exists for this caller (else update becomes a merge-set). */
  exists?(r: RoleDef): boolean;
  listPath: string | ((uid: string) => string);
  create(uid: string): { path: string; data: Doc; prepare?: Array<[string, Doc]> };
  update: Doc;
  /** A document seeded for the delete cell; default: a fresh copy of the create body. */
  deleteSeed(uid: string): { path: string; data: Doc; prepare?: Array<[string, Doc]> };
}

const A = `organizations/${ORG_A}`;

function serverDoc(
  listPath: string,
  docPath: (uid: string) => string,
  data: () => Doc,
  update: Doc,
): TargetImpl {
  return {
    docPath,
    listPath,
    create: () => ({ path: `${listPath}/${freshId()}`, data: data() }),
    update,
    deleteSeed: () => ({ path: `${listPath}/${freshId('del')}`, data: data() }),
  };
}

const CRM_UPDATES: Record<CrmName, Doc> = {
  companies: { name: 'Acme 2' },
  contacts: { name: 'Ana María Pérez' },
  notes: { content: 'Llamar el martes' },
  deals: { stage: 'won' },
  tasks: { status: 'completed' },
  meetings: { status: 'completed' },
  tickets: { status: 'Closed' },
  folders: { name: 'Contratos 2026' },
  documents: { fileName: 'contrato-firmado.pdf' },
  sequences: { name: 'Bienvenida 2' },
  steps: { subject: 'Hola de nuevo' },
  enrollments: { status: 'paused' },
  lists: { name: 'Boletín trimestral' },
  campaigns: { name: 'Lanzamiento 2028' },
  forms: { published: true },
  topics: { name: 'Boletín', description: 'Las novedades del mes.' },
};

function crmTarget(name: CrmName): TargetImpl {
  const listPath = crmCollectionPath(name);
  const fresh = (uid: string, id: string) => {
    const prepare: Array<[string, Doc]> =
      name === 'enrollments'
        ? [
            [
              `${crmCollectionPath('contacts')}/${id}`,
              { ...crmBody('contacts', 'adminA', id), ...storedAudit() },
            ],
          ]
        : [];
    return { path: `${listPath}/${id}`, prepare, body: crmBody(name, uid, id) };
  };
  return {
    docPath: () => `${listPath}/${SEEDED_ID[name]}`,
    listPath,
    create: (uid) => {
      const f = fresh(uid, freshId());
      return { path: f.path, data: { ...f.body, ...createAudit(uid) }, prepare: f.prepare };
    },
    update: { ...CRM_UPDATES[name], updatedAt: serverTimestamp() },
    deleteSeed: () => {
      const f = fresh('adminA', freshId('del'));
      return { path: f.path, data: { ...f.body, ...storedAudit() }, prepare: f.prepare };
    },
  };
}

const inA = (r: RoleDef) => r.org === ORG_A;

/** Steps of the sequence `sequenceOf(uid)`: its seeded step1, or a fresh step. */
function stepsTarget(sequenceOf: (uid: string) => string): TargetImpl {
  const steps = (uid: string) => `${sequencePath(sequenceOf(uid))}/steps`;
  return {
    docPath: (uid) => `${steps(uid)}/step1`,
    listPath: steps,
    create: (uid) => ({
      path: `${steps(uid)}/${freshId()}`,
      data: { ...crmBody('steps', uid, ''), ...createAudit(uid) },
    }),
    update: { ...CRM_UPDATES.steps, updatedAt: serverTimestamp() },
    deleteSeed: (uid) => ({
      path: `${steps(uid)}/${freshId('del')}`,
      data: { ...crmBody('steps', uid, ''), ...storedAudit(uid) },
    }),
  };
}

export const TARGETS: Record<TargetName, TargetImpl> = {
  'users (own)': {
    docPath: (uid) => `users/${uid}`,
    listPath: 'users',
    create: (uid) => ({ path: `users/${uid}`, data: { ...userDoc(uid, 'orgZ'), fullName: 'Me' } }),
    update: { fullName: 'Nuevo Nombre' },
    deleteSeed: () => ({ path: `users/${freshId('del')}`, data: userDoc('x', ORG_A) }),
  },
  'users (another user)': serverDoc(
    'users',
    () => `users/${OTHER_USER}`,
    () => userDoc('x', ORG_A),
    { fullName: 'Hacked' },
  ),
  usernames: serverDoc(
    'usernames',
    () => 'usernames/ana',
    () => ({ uid: 'x', createdAt: ts(NOW) }),
    { uid: 'me' },
  ),
  'organizations (A)': {
    docPath: () => A,
    listPath: 'organizations',
    create: (uid) => ({
      path: `organizations/${freshId()}`,
      data: { name: 'Nueva', country: null, rtn: null, createdAt: ts(NOW), createdBy: uid },
    }),
    update: { name: 'Org A renombrada' },
    // Deleting the organization itself (expected: nobody).
    deleteSeed: () => ({
      path: A,
      data: {
        name: 'Org orgA',
        country: 'HN',
        rtn: null,
        createdAt: ts(NOW - 30 * DAY),
        createdBy: 'adminA',
      },
    }),
  },
  'members (own)': {
    docPath: (uid) => `${A}/members/${uid}`,
    exists: inA,
    listPath: `${A}/members`,
    create: (uid) => ({ path: `${A}/members/${uid}`, data: memberDoc('admin', {}, uid) }),
    update: { role: 'admin', permissions: uniformPermissions(true) },
    deleteSeed: () => ({ path: '', data: {} }), // replaced per role below
  },
  'members (another member)': {
    docPath: () => `${A}/members/${VICTIM}`,
    listPath: `${A}/members`,
    create: () => ({ path: `${A}/members/${freshId()}`, data: memberDoc('seller', {}, 'x') }),
    update: { permissions: { contacts: { view: true, create: true, edit: true, delete: false } } },
    deleteSeed: () => ({ path: `${A}/members/${freshId('del')}`, data: memberDoc('seller', {}, 'x') }),
  },
  invitations: serverDoc(`${A}/invitations`, () => `${A}/invitations/inv1`, invitationDoc, {
    status: 'accepted',
  }),
  invitationTokens: serverDoc(
    'invitationTokens',
    () => `invitationTokens/${'a'.repeat(64)}`,
    () => ({ organizationId: ORG_A, invitationId: 'x' }),
    {
      organizationId: 'orgB',
    },
  ),
  billing: serverDoc(`${A}/billing`, () => `${A}/billing/subscription`, activeSubscription, {
    status: 'active',
    currentPeriodEnd: ts(NOW + 365 * DAY),
  }),
  'mailConnections (own)': {
    docPath: (uid) => `${A}/mailConnections/${uid}`,
    exists: inA,
    listPath: `${A}/mailConnections`,
    create: (uid) => ({
      path: `${A}/mailConnections/${uid}`,
      data: { ...mailConnectionDoc(uid), email: 'forged@gmail.com' },
    }),
    update: { status: 'connected', email: 'forged@gmail.com' },
    deleteSeed: () => ({ path: '', data: {} }), // replaced per role below
  },
  'mailConnections (another member)': serverDoc(
    `${A}/mailConnections`,
    () => `${A}/mailConnections/${VICTIM}`,
    () => mailConnectionDoc('x'),
    {
      email: 'forged@gmail.com',
    },
  ),
  mailTokens: serverDoc(
    'mailTokens',
    (uid) => `mailTokens/${uid}`,
    () => ({ refreshToken: 'x', updatedAt: ts(NOW) }),
    { refreshToken: 'mine' },
  ),
  oauthStates: serverDoc(
    'oauthStates',
    () => 'oauthStates/state1',
    () => ({ uid: 'x', createdAt: ts(NOW) }),
    { uid: 'me' },
  ),
  rateLimits: serverDoc(
    'rateLimits',
    () => `rateLimits/${'c'.repeat(64)}`,
    () => ({ purpose: 'checkUsername', windowStart: ts(NOW), count: 0, expireAt: ts(NOW) }),
    { count: 0 },
  ),
  digests: serverDoc(
    'digests',
    () => 'digests/adminA_2026-11-26',
    () => ({ uid: 'adminA', day: '2026-11-26', status: 'sent', at: ts(NOW) }),
    { status: 'failed' },
  ),
  stripeEvents: serverDoc(
    'stripeEvents',
    () => 'stripeEvents/evt_1',
    () => ({ type: 'x', processedAt: ts(NOW) }),
    { type: 'y' },
  ),
  sendLog: serverDoc(`${A}/sendLog`, () => `${A}/sendLog/log1`, sendLogDoc, { status: 'failed' }),
  optOuts: serverDoc(`${A}/optOuts`, () => `${A}/optOuts/${'b'.repeat(64)}`, optOutDoc, {
    method: 'one-click',
  }),
  mailQuotas: serverDoc(
    'mailQuotas',
    (uid) => `mailQuotas/${uid}`,
    () => ({ day: '2026-01-01', count: 0, updatedAt: ts(NOW) }),
    { count: 0 },
  ),
  companies: crmTarget('companies'),
  contacts: crmTarget('contacts'),
  // A note is edited only by its author: get and update use the caller's own note.
  notes: { ...crmTarget('notes'), docPath: (uid) => `${crmCollectionPath('notes')}/${ownNoteId(uid)}` },
  deals: crmTarget('deals'),
  tasks: crmTarget('tasks'),
  meetings: crmTarget('meetings'),
  tickets: crmTarget('tickets'),
  folders: crmTarget('folders'),
  documents: crmTarget('documents'),
  // The caller's own sequence (a rename) and step; another member's (VICTIM's) sequence (a
  // pause) and step. Creates and deletes use fresh documents of the same owner.
  'sequences (own)': {
    docPath: (uid) => sequencePath(ownSequenceId(uid)),
    listPath: crmCollectionPath('sequences'),
    create: (uid) => ({
      path: sequencePath(freshId()),
      data: { ...crmBody('sequences', uid, ''), ...createAudit(uid) },
    }),
    update: { ...CRM_UPDATES.sequences, updatedAt: serverTimestamp() },
    deleteSeed: (uid) => ({
      path: sequencePath(freshId('del')),
      data: { ...crmBody('sequences', uid, ''), ...storedAudit(uid) },
    }),
  },
  "sequences (another member's)": {
    docPath: () => sequencePath(VICTIM_SEQUENCE),
    listPath: crmCollectionPath('sequences'),
    create: () => ({
      path: sequencePath(freshId()),
      data: { ...crmBody('sequences', VICTIM, ''), ...createAudit(VICTIM) },
    }),
    update: { isActive: true, updatedAt: serverTimestamp() },
    deleteSeed: () => ({
      path: sequencePath(freshId('del')),
      data: { ...crmBody('sequences', VICTIM, ''), ...storedAudit(VICTIM) },
    }),
  },
  'steps (own sequence)': stepsTarget(ownSequenceId),
  "steps (another member's sequence)": stepsTarget(() => VICTIM_SEQUENCE),
  enrollments: crmTarget('enrollments'),
  lists: crmTarget('lists'),
  // The caller's own draft (update: its content) and VICTIM's scheduled campaign, one per caller
  // (update: a pause, which any member with marketing.edit may make). Creates are drafts to the
  // seeded list; deletes use fresh drafts of the same author.
  'campaigns (own)': {
    docPath: (uid) => campaignPath(ownCampaignId(uid)),
    listPath: crmCollectionPath('campaigns'),
    create: (uid) => ({
      path: campaignPath(freshId()),
      data: { ...crmBody('campaigns', uid, ''), ...createAudit(uid) },
    }),
    update: { ...CRM_UPDATES.campaigns, updatedAt: serverTimestamp() },
    deleteSeed: (uid) => ({ path: campaignPath(freshId('del')), data: campaignDoc(uid) }),
  },
  "campaigns (another member's)": {
    docPath: (uid) => campaignPath(victimCampaignId(uid)),
    listPath: crmCollectionPath('campaigns'),
    create: () => ({
      path: campaignPath(freshId()),
      data: { ...crmBody('campaigns', VICTIM, ''), ...createAudit(VICTIM) },
    }),
    update: { status: 'paused', updatedAt: serverTimestamp() },
    deleteSeed: () => ({ path: campaignPath(freshId('del')), data: campaignDoc(VICTIM) }),
  },
  recipients: serverDoc(
    `${campaignPath(CAMPAIGN)}/recipients`,
    () => `${campaignPath(CAMPAIGN)}/recipients/${RECIPIENT}`,
    recipientDoc,
    { status: 'skipped' },
  ),
  campaignRuns: serverDoc(`${A}/campaignRuns`, () => `${A}/campaignRuns/${CAMPAIGN}`, campaignRunDoc, {
    failureReason: null,
  }),
  forms: crmTarget('forms'),
  // The functions' records of a form submission and of a consent change (update: forging them).
  submissions: serverDoc(`${A}/submissions`, () => `${A}/submissions/${SUBMISSION}`, submissionDoc, {
    consent: false,
  }),
  consents: serverDoc(`${A}/consents`, () => `${A}/consents/${CONSENT}`, consentDoc, {
    status: 'pending',
    text: 'Otro texto',
  }),
  // Marketing topics (the preference centre), as lists; the topics an address opted out of,
  // written by the preference page (a function) only (update: opting it back in).
  topics: crmTarget('topics'),
  topicOptOuts: serverDoc(`${A}/topicOptOuts`, () => `${A}/topicOptOuts/${TOPIC_OPT_OUT}`, topicOptOutDoc, {
    topicIds: [],
  }),
  // WhatsApp (issue 33). The number: its update and create cells forge it (a create needs a
  // fresh id: every organization has its 'whatsapp'), its delete cell deletes it.
  'channels (whatsapp)': {
    ...serverDoc(
      `${A}/channels`,
      () => `${A}/channels/whatsapp`,
      () => whatsappChannelDoc(),
      {
        phoneNumberId: 'pn_forged',
        status: 'connected',
      },
    ),
    deleteSeed: () => ({ path: `${A}/channels/whatsapp`, data: whatsappChannelDoc() }),
  },
  'channels (another id)': serverDoc(
    `${A}/channels`,
    () => `${A}/channels/sms`,
    () => ({ status: 'x' }),
    {
      status: 'connected',
    },
  ),
  waTemplates: serverDoc(
    `${A}/waTemplates`,
    () => `${A}/waTemplates/${WA_TEMPLATE}`,
    () => waTemplateDoc({ status: 'pending' }),
    { status: 'approved', body: 'Otro texto' },
  ),
  waConversations: serverDoc(
    `${A}/waConversations`,
    () => `${A}/waConversations/${CONTACT}`,
    () => waConversationDoc(),
    { assigneeId: 'sellerA', updatedAt: serverTimestamp() },
  ),
  'waConversations (marking read)': serverDoc(
    `${A}/waConversations`,
    (uid) => `${A}/waConversations/${unreadConversationId(uid)}`,
    () => waConversationDoc(),
    { unreadCount: 0 },
  ),
  waMessages: serverDoc(
    `${A}/waMessages`,
    () => `${A}/waMessages/${WA_MESSAGE}`,
    () => waMessageDoc(),
    {
      status: 'read',
    },
  ),
  whatsappTokens: serverDoc(
    'whatsappTokens',
    () => `whatsappTokens/${ORG_A}`,
    () => ({ ciphertext: 'mine', updatedAt: ts(NOW) }),
    { ciphertext: 'mine' },
  ),
  whatsappNumbers: serverDoc(
    'whatsappNumbers',
    () => `whatsappNumbers/${phoneNumberIdOf(ORG_A)}`,
    () => ({ organizationId: ORG_A, wabaId: 'waba_forged' }),
    { organizationId: 'orgB' },
  ),
  // get/update: the entry of a deal only these cells use (update rewrites a field with the
  // deal's own value); create: the entry of a freshly seeded task; delete: an entry whose task
  // does not exist.
  timeline: {
    docPath: () => `${A}/timeline/deal_${TIMELINE_DEAL}`,
    listPath: `${A}/timeline`,
    create: () => {
      const id = freshId();
      const task: Doc = { ...crmBody('tasks', 'adminA', id), ...storedAudit() };
      const [path, data] = entryOf('task', id, task)!;
      return { path, data, prepare: [[`${crmCollectionPath('tasks')}/${id}`, task]] };
    },
    update: { title: timelineDealBody().title },
    deleteSeed: () => {
      const id = freshId('del');
      const [path, data] = entryOf('task', id, { ...crmBody('tasks', 'adminA', id), ...storedAudit() })!;
      return { path, data };
    },
  },
};

/** One matrix cell: documents to seed beforehand (rules off), then the caller's request. */
export interface Cell {
  seeds: Array<[string, Doc]>;
  run(db: Firestore): Promise<unknown>;
}

/**
 * Plans a cell. Everything a cell needs is seeded before the matrix runs (one batch write for
 * all cells), so a cell costs exactly one request.
 */
export function planCell(r: RoleDef, name: TargetName, op: Op): Cell {
  const t = TARGETS[name];
  const uid = r.uid ?? GHOST;
  switch (op) {
    case 'get':
      return { seeds: [], run: (db) => getDoc(doc(db, t.docPath(uid))) };
    case 'list':
      return {
        seeds: [],
        run: (db) => getDocs(collection(db, typeof t.listPath === 'string' ? t.listPath : t.listPath(uid))),
      };
    case 'create': {
      const c = t.create(uid);
      return { seeds: c.prepare ?? [], run: (db) => setDoc(doc(db, c.path), c.data) };
    }
    case 'update': {
      const path = t.docPath(uid);
      if (t.exists && !t.exists(r))
        return { seeds: [], run: (db) => setDoc(doc(db, path), t.update, { merge: true }) };
      return { seeds: [], run: (db) => updateDoc(doc(db, path), t.update) };
    }
    case 'delete': {
      // "(own)" targets delete the caller's own document (expected: nobody may).
      if (name === 'members (own)' || name === 'mailConnections (own)') {
        return { seeds: [], run: (db) => deleteDoc(doc(db, t.docPath(uid))) };
      }
      const s = t.deleteSeed(uid);
      return { seeds: [...(s.prepare ?? []), [s.path, s.data]], run: (db) => deleteDoc(doc(db, s.path)) };
    }
  }
}
