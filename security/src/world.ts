/**
 * The seeded world: organizations A and B with a live subscription, every role's member,
 * profile and mail documents, and one valid document of every kind. Seeded with rules
 * disabled (withSecurityRulesDisabled), as the server would write it.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, Timestamp, writeBatch, type Firestore } from 'firebase/firestore';

import {
  changeEntriesFor,
  DEFAULT_FORM_FIELDS,
  SEARCH_TOKEN_PATTERN,
  searchIndexOf,
  serverTimelineEntry,
  timelineEntryFor,
  tokensFor,
  type PermissionMap,
  type SearchableCollection,
  type TimelineKind,
} from '@trato/model';

import { ORG_A, ORG_B, ROLES } from './roles.js';

export const NOW = Date.now();
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ts = (ms: number) => Timestamp.fromMillis(ms);

/** uid used in paths for callers without one (signed-out). */
export const GHOST = 'ghost';
export const VICTIM = 'victimA';
export const OTHER_USER = 'otherUser';

export type Doc = Record<string, unknown>;

/** Audit fields as a client sends them on create. */
export const createAudit = (uid: string): Doc => ({
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  createdBy: uid,
});
/** Audit fields as stored. */
export const storedAudit = (uid = 'adminA'): Doc => ({
  createdAt: ts(NOW - DAY),
  updatedAt: ts(NOW - DAY),
  createdBy: uid,
});

/** Which CRM collection a path's parent is, and the fixed ids of the parents used. */
export const CONTACT = 'contact1';
export const SEQUENCE = 'seq1';
/** The seeded marketing list (a segment without criteria) and campaign (a draft to it). */
export const LIST = 'list1';
export const CAMPAIGN = 'campaign1';
/** The seeded lead-capture form, and the submission and consent record it left on contact1. */
export const FORM = 'form1';
export const SUBMISSION = 'submission1';
export const CONSENT = 'consent1';
/** The seeded marketing topic (issue 31's preference centre), and the opt-outs of an address. */
export const TOPIC = 'topic1';
export const TOPIC_OPT_OUT = 'e'.repeat(64);

export type CrmName =
  | 'companies'
  | 'contacts'
  | 'notes'
  | 'deals'
  | 'tasks'
  | 'meetings'
  | 'tickets'
  | 'folders'
  | 'documents'
  | 'sequences'
  | 'steps'
  | 'enrollments'
  | 'lists'
  | 'campaigns'
  | 'forms'
  | 'topics';

export function crmCollectionPath(name: CrmName, org = ORG_A): string {
  const base = `organizations/${org}`;
  if (name === 'notes') return `${base}/contacts/${CONTACT}/notes`;
  if (name === 'steps') return `${base}/sequences/${SEQUENCE}/steps`;
  if (name === 'enrollments') return `${base}/sequences/${SEQUENCE}/enrollments`;
  return `${base}/${name}`;
}

/** searchTokens and searchIndex (model search.ts) of the given searchable texts. */
export function searchFields(c: SearchableCollection, texts: Record<string, string>): Doc {
  const searchTokens = tokensFor(c, texts);
  return { searchTokens, searchIndex: searchIndexOf(searchTokens) };
}

/**
 * A searchTokens value with the searchIndex that mirrors it (its valid tokens as keys): the rules
 * require the two to agree, so a case about the tokens is judged on the tokens alone.
 */
export function tokensPatch(tokens: unknown): Doc {
  const valid = Array.isArray(tokens)
    ? tokens.filter((t): t is string => typeof t === 'string' && SEARCH_TOKEN_PATTERN.test(t))
    : [];
  return { searchTokens: tokens, searchIndex: searchIndexOf(valid) };
}

/**
 * A valid document body (without audit fields) of each CRM kind. `id` is the document's own
 * id (documents embed it in storagePath; enrollments equal the contact id).
 */
export function crmBody(name: CrmName, uid: string, id: string, org = ORG_A): Doc {
  switch (name) {
    case 'companies':
      return {
        name: 'Acme Honduras',
        industry: 'technology',
        size: '11-50',
        ...searchFields('companies', { name: 'Acme Honduras' }),
      };
    case 'contacts':
      return {
        name: 'Ana Pérez',
        email: 'ana@acme.hn',
        status: 'active',
        isCustomer: false,
        lifecycleStage: 'lead',
        companyId: 'company1',
        companyName: 'Acme Honduras',
        ownerId: uid,
        ...searchFields('contacts', { name: 'Ana Pérez', email: 'ana@acme.hn' }),
      };
    case 'notes':
      // Signed with the author's member name (memberDoc: `User ${uid}`).
      return { content: 'Llamar el lunes', authorName: `User ${uid}` };
    case 'deals':
      return {
        title: 'Licencias 2027',
        amount: 1500,
        stage: 'new',
        probability: 40,
        closeDate: ts(NOW + 30 * DAY),
        companyId: 'company1',
        primaryContactId: CONTACT,
        ownerId: uid,
        ...searchFields('deals', { title: 'Licencias 2027' }),
      };
    case 'tasks':
      return {
        title: 'Enviar propuesta',
        status: 'pending',
        dueDate: ts(NOW + HOUR),
        contactId: CONTACT,
        companyId: null,
        assigneeIds: [uid],
        ...searchFields('tasks', { title: 'Enviar propuesta' }),
      };
    case 'meetings':
      return {
        title: 'Demo',
        startTime: ts(NOW + HOUR),
        endTime: ts(NOW + 2 * HOUR),
        status: 'scheduled',
        contactId: CONTACT,
        companyId: null,
        participantIds: [uid],
        ...searchFields('meetings', { title: 'Demo' }),
      };
    case 'tickets':
      return {
        ticketName: 'No puedo entrar',
        pipeline: 'Support Pipeline',
        status: 'New',
        ownerId: null,
        priority: 'High',
        contactId: null,
        companyId: null,
        ...searchFields('tickets', { ticketName: 'No puedo entrar' }),
      };
    case 'folders':
      return { name: 'Contratos', parentId: null };
    case 'documents':
      return {
        fileName: 'contrato.pdf',
        storagePath: `organizations/${org}/documents/${id}/contrato.pdf`,
        size: 1234,
        mimeType: 'application/pdf',
        folderId: 'folder1',
        ...searchFields('documents', { fileName: 'contrato.pdf' }),
      };
    case 'sequences':
      return { name: 'Bienvenida', description: null, isActive: false };
    case 'steps':
      return { stepOrder: 1, type: 'email', subject: 'Hola', body: 'Bienvenido a Trato', delayDays: 0 };
    case 'enrollments':
      return { contactId: id, status: 'active', currentStep: 0, nextSendAt: ts(NOW + DAY) };
    case 'lists':
      // A segment without criteria (every contact): kind may become 'static' in a generated case
      // and any one criterion may be set, so each field is judged on its own.
      return { name: 'Boletín mensual', description: null, kind: 'segment' };
    case 'campaigns':
      // Created as a draft for an existing list; sent from its author's Gmail.
      return {
        name: 'Lanzamiento 2027',
        listId: LIST,
        listName: 'Boletín mensual',
        subject: 'Novedades de Trato',
        body: 'Hola, esto es lo nuevo.',
        status: 'draft',
        scheduledAt: null,
      };
    case 'forms':
      // An unpublished form with the default fields, a consent text in both languages and no
      // follow-up: each optional key may be set in a generated case, so each is judged alone.
      return {
        name: 'Contáctenos',
        published: false,
        doubleOptIn: false,
        ...DEFAULT_FORM_FIELDS,
        consentTextEs: 'Acepto recibir correos de Acme.',
        consentTextEn: 'I agree to receive e-mails from Acme.',
        thankYouEs: null,
        thankYouEn: null,
        redirectUrl: null,
        listId: null,
        listName: null,
        sequenceId: null,
        sequenceName: null,
        notifyUid: null,
      };
    case 'topics':
      // A subject of the marketing e-mails; campaigns and sequences name it (topicId, topicName)
      // only in generated cases, so their crmBody stays as before.
      return { name: 'Promociones', description: null };
  }
}

/**
 * A sequence speaks with its owner's voice (its creator): every caller owns one sequence with one
 * step ('step1'), and VICTIM, a seller without rights, owns VICTIM_SEQUENCE with one step.
 */
export const ownSequenceId = (uid: string) => `seq_${uid}`;
export const VICTIM_SEQUENCE = 'seq-victim';
export const sequencePath = (sequenceId: string, org = ORG_A) =>
  `organizations/${org}/sequences/${sequenceId}`;

/** A sequence of `uid` with its first step, as stored. */
export function sequenceSeeds(sequenceId: string, uid: string, org = ORG_A): Array<[string, Doc]> {
  return [
    [sequencePath(sequenceId, org), { ...crmBody('sequences', uid, sequenceId, org), ...storedAudit(uid) }],
    [
      `${sequencePath(sequenceId, org)}/steps/step1`,
      { ...crmBody('steps', uid, 'step1', org), ...storedAudit(uid) },
    ],
  ];
}

/** The fixed id of the seeded document of each CRM kind. */
export const SEEDED_ID: Record<CrmName, string> = {
  companies: 'company1',
  contacts: CONTACT,
  notes: 'note1',
  deals: 'deal1',
  tasks: 'task1',
  meetings: 'meeting1',
  tickets: 'ticket1',
  folders: 'folder1',
  documents: 'document1',
  sequences: SEQUENCE,
  steps: 'step1',
  enrollments: CONTACT,
  lists: LIST,
  campaigns: CAMPAIGN,
  forms: FORM,
  topics: TOPIC,
};

export const CRM_NAMES = Object.keys(SEEDED_ID) as CrmName[];

/** The id of the note on contact1 written by `uid` (seeded for every role). */
export const ownNoteId = (uid: string) => `note_${uid}`;

export function activeSubscription(): Doc {
  return {
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: ts(NOW + 30 * DAY),
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    priceId: 'price_1',
    updatedAt: ts(NOW),
  };
}

export function memberDoc(role: 'admin' | 'seller', permissions: PermissionMap, uid: string): Doc {
  return {
    role,
    fullName: `User ${uid}`,
    email: `${uid}@example.com`,
    username: uid
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 20),
    permissions,
    joinedAt: ts(NOW - 10 * DAY),
    invitedBy: role === 'admin' ? null : 'adminA',
  };
}

export function userDoc(uid: string, org: string | null): Doc {
  return {
    fullName: `User ${uid}`,
    email: `${uid}@example.com`,
    username: uid.toLowerCase().slice(0, 20),
    language: 'es',
    organizationId: org,
    createdAt: ts(NOW - 10 * DAY),
  };
}

export function invitationDoc(): Doc {
  return {
    email: 'new@example.com',
    role: 'seller',
    permissions: {},
    invitedBy: 'adminA',
    status: 'pending',
    expiresAt: ts(NOW + 7 * DAY),
    createdAt: ts(NOW),
    tokenHash: 'a'.repeat(64),
  };
}

export function mailConnectionDoc(uid: string): Doc {
  return { provider: 'gmail', email: `${uid}@gmail.com`, status: 'connected', connectedAt: ts(NOW - DAY) };
}

export function optOutDoc(): Doc {
  return { method: 'page', sequenceId: SEQUENCE, contactId: CONTACT, createdAt: ts(NOW - HOUR) };
}

/**
 * A campaign speaks with its author's voice (createdBy's Gmail sends it): every caller has a
 * draft of their own (`ownCampaignId`), and VICTIM, a seller without rights, a scheduled one
 * per caller (`victimCampaignId`), which that caller may only stop (pause, cancel).
 */
export const ownCampaignId = (uid: string) => `camp_${uid}`;
export const victimCampaignId = (uid: string) => `camp_victim_for_${uid}`;
export const campaignPath = (campaignId: string, org = ORG_A) =>
  `organizations/${org}/campaigns/${campaignId}`;

/** A campaign of `uid` as stored (a draft unless `patch` says otherwise). */
export function campaignDoc(uid: string, patch: Doc = {}, org = ORG_A): Doc {
  return { ...crmBody('campaigns', uid, '', org), ...storedAudit(uid), ...patch };
}

/** A scheduled campaign's fields (an hour from now). */
export const scheduled = (): Doc => ({ status: 'scheduled', scheduledAt: ts(NOW + HOUR) });

/** The seeded recipient of the seeded campaign (id: sha256 of its address, as optOutId). */
export const RECIPIENT = 'd'.repeat(64);

export function recipientDoc(): Doc {
  return {
    contactId: CONTACT,
    name: 'Ana Pérez',
    to: 'ana@acme.hn',
    status: 'sent',
    error: null,
    messageId: 'msg-1',
    claimedAt: null,
    attempts: 1,
    sentAt: ts(NOW - HOUR),
    createdAt: ts(NOW - 2 * HOUR),
    updatedAt: ts(NOW - HOUR),
  };
}

export function campaignRunDoc(): Doc {
  return {
    audience: { contacts: 1, recipients: 1, noEmail: 0, unsubscribed: 0, duplicates: 0 },
    audienceDone: true,
    cursor: null,
    nextRunAt: null,
    holdReason: null,
    failureReason: null,
    startedAt: ts(NOW - 2 * HOUR),
    finishedAt: ts(NOW - HOUR),
    updatedAt: ts(NOW - HOUR),
  };
}

export function sendLogDoc(): Doc {
  return {
    sequenceId: SEQUENCE,
    stepId: 'step1',
    contactId: CONTACT,
    senderUid: 'adminA',
    to: 'ana@acme.hn',
    subject: 'Hola',
    status: 'sent',
    error: null,
    createdAt: ts(NOW - HOUR),
    sentAt: ts(NOW - HOUR),
  };
}

/**
 * The topics an address opted out of on the preference centre, as its page (a function) stores
 * them (id: optOutId of the address).
 */
export function topicOptOutDoc(): Doc {
  return { topicIds: [TOPIC], contactId: CONTACT, updatedAt: ts(NOW - HOUR) };
}

/** A form submission as the submitForm function stores it (it matched contact1 by e-mail). */
export function submissionDoc(contactId = CONTACT): Doc {
  return {
    formId: FORM,
    formName: 'Contáctenos',
    contactId,
    contactName: 'Ana Pérez',
    createdContact: false,
    values: { name: 'Ana Pérez', email: 'ana@acme.hn' },
    consent: true,
    language: 'es',
    createdAt: ts(NOW - HOUR),
  };
}

/** A consent record as the functions store it (given on the seeded form). */
export function consentDoc(contactId = CONTACT): Doc {
  return {
    contactId,
    channel: 'email',
    status: 'granted',
    source: 'form',
    sourceId: FORM,
    text: 'Acepto recibir correos de Acme.',
    language: 'es',
    recordedBy: null,
    createdAt: ts(NOW - HOUR),
  };
}

/**
 * The timeline entry (path and data) of a form submission or a consent record as the functions
 * write it (model `serverTimelineEntry`): the contact's own act, so createdBy is ''.
 */
export function serverEntryOf(
  kind: 'submission' | 'consent',
  recordId: string,
  record: Doc,
  org = ORG_A,
  companyId: string | null = CONTACT_COMPANY,
): [string, Doc] {
  const entry = serverTimelineEntry(kind, recordId, {
    title: String(kind === 'submission' ? record.formName : record.text),
    detail:
      kind === 'submission'
        ? record.createdContact
          ? 'created'
          : 'updated'
        : (record.status as 'granted' | 'pending' | 'withdrawn'),
    contactId: record.contactId as string,
    companyId,
    createdAt: record.createdAt,
    createdBy: (record.recordedBy as string | null | undefined) ?? '',
  });
  return [`organizations/${org}/timeline/${entry.id}`, entry.data as Doc];
}

/** Writes many documents in batches of 250, committed concurrently. */
export async function writeAll(db: Firestore, docs: Array<[string, Doc]>): Promise<void> {
  const commits: Promise<void>[] = [];
  for (let i = 0; i < docs.length; i += 250) {
    const batch = writeBatch(db);
    for (const [path, data] of docs.slice(i, i + 250)) batch.set(doc(db, path), data);
    commits.push(batch.commit());
  }
  await Promise.all(commits);
}

export function crmSeeds(org: string): Array<[string, Doc]> {
  return CRM_NAMES.map((name) => [
    `${crmCollectionPath(name, org)}/${SEEDED_ID[name]}`,
    { ...crmBody(name, 'adminA', SEEDED_ID[name], org), ...storedAudit() },
  ]);
}

/** The contact1 company (crmBody contacts). */
export const CONTACT_COMPANY = 'company1';

/**
 * The timeline entry (path and data) of a record as stored, built by the model's
 * `timelineEntryFor` (the function the web and the seed script use); null when the record is
 * linked to nothing. A note's contact is CONTACT with CONTACT_COMPANY unless given.
 */
export function entryOf(
  kind: TimelineKind,
  recordId: string,
  record: Doc,
  org = ORG_A,
  note = { contactId: CONTACT, contactCompanyId: CONTACT_COMPANY as string | null },
): [string, Doc] | null {
  const entry = timelineEntryFor(kind, recordId, record, kind === 'note' ? note : undefined);
  return entry ? [`organizations/${org}/timeline/${entry.id}`, entry.data as Doc] : null;
}

/**
 * A deal only the timeline's matrix cells read (the deals cells change deal1, which would make
 * its entry differ); stage 'proposal', so the 'new' column total stays deal1's.
 */
export const TIMELINE_DEAL = 'deal-timeline';
export const timelineDealBody = (org = ORG_A): Doc => ({
  ...crmBody('deals', 'adminA', TIMELINE_DEAL, org),
  stage: 'proposal',
  ...storedAudit(),
});

/**
 * The timeline entries of the seeded note, task, meeting and deal, the timeline's own deal, and
 * contact1's submission and consent entries.
 */
export function timelineSeeds(org: string): Array<[string, Doc]> {
  const kinds: Array<[TimelineKind, CrmName]> = [
    ['note', 'notes'],
    ['task', 'tasks'],
    ['meeting', 'meetings'],
    ['deal', 'deals'],
  ];
  return [
    ...kinds.map(([kind, name]) =>
      entryOf(
        kind,
        SEEDED_ID[name],
        { ...crmBody(name, 'adminA', SEEDED_ID[name], org), ...storedAudit() },
        org,
      )!,
    ),
    [`${crmCollectionPath('deals', org)}/${TIMELINE_DEAL}`, timelineDealBody(org)],
    entryOf('deal', TIMELINE_DEAL, timelineDealBody(org), org)!,
    // The functions' kinds: contact1's form submission and consent record.
    serverEntryOf('submission', SUBMISSION, submissionDoc(), org),
    serverEntryOf('consent', CONSENT, consentDoc(), org),
    // The mail sync's (issue 32): an e-mail contact1 sent to adminA's mailbox.
    emailEntryOf(org),
    // The WhatsApp webhook's (issue 33): the message contact1 wrote.
    whatsappEntryOf(org),
    // Field edits (issue 35): contact1's phone, company1's industry, the timeline deal's stage.
    ...changeSeeds(org),
  ];
}

/** The change id of the seeded field-edit entries (a Firestore auto-id's shape). */
export const SEEDED_CHANGE = 'seededChange00000001';

/**
 * The stored field-edit entries of contact1 (its phone), company1 (its industry) and the timeline
 * deal (its stage), as `changeEntriesFor` plans them, written by adminA a day ago.
 */
export function changeSeeds(org: string): Array<[string, Doc]> {
  const plan = (collection: 'contacts' | 'companies' | 'deals', recordId: string, patch: Doc, record: Doc) =>
    changeEntriesFor({
      orgId: org,
      collection,
      recordId,
      patch,
      recordAfter: { ...record, ...patch },
      uid: 'adminA',
      now: ts(NOW - DAY),
      newId: () => SEEDED_CHANGE,
    }).map((e): [string, Doc] => [e.path, e.data as Doc]);
  return [
    ...plan('contacts', CONTACT, { phone: '+504 2222-3333' }, crmBody('contacts', 'adminA', CONTACT, org)),
    ...plan(
      'companies',
      CONTACT_COMPANY,
      { industry: 'technology' },
      crmBody('companies', 'adminA', CONTACT_COMPANY, org),
    ),
    ...plan('deals', TIMELINE_DEAL, { stage: 'proposal' }, timelineDealBody(org)),
  ];
}

/** The timeline entry of a message contact1 sent to adminA's mailbox, as the mail sync writes it. */
export function emailEntryOf(org = ORG_A): [string, Doc] {
  const entry = serverTimelineEntry('email', 'adminA_m1', {
    title: 'Propuesta',
    detail: 'in',
    contactId: CONTACT,
    companyId: CONTACT_COMPANY,
    createdAt: ts(NOW - 2 * DAY),
    createdBy: 'adminA',
  });
  return [`organizations/${org}/timeline/${entry.id}`, entry.data as Doc];
}

// ── WhatsApp (issue 33) ──────────────────────────────────────────────────────
// Everything here is the functions' (connect callable, template callables, webhook, sender).

/** The seeded template (approved), contact1's thread and the message contact1 wrote in it. */
export const WA_TEMPLATE = 'tpl1';
export const WA_MESSAGE = 'in_wam1';
/** Phone number ids of the organizations' numbers (whatsappNumbers/{id} routes their webhooks). */
export const phoneNumberIdOf = (org: string) => `pn_${org}`;
/** Per caller, a thread with unread messages that only that caller's matrix cell marks read. */
export const unreadConversationId = (uid: string) => `unread_${uid}`;

/** organizations/{orgId}/channels/whatsapp as the connect callable stores it. */
export function whatsappChannelDoc(org = ORG_A): Doc {
  return {
    status: 'connected',
    phoneNumberId: phoneNumberIdOf(org),
    wabaId: `waba_${org}`,
    displayPhoneNumber: '+504 2222 3333',
    verifiedName: `Org ${org}`,
    callingCode: '504',
    optOutKeywords: ['STOP', 'BAJA'],
    lastError: null,
    connectedBy: 'adminA',
    connectedAt: ts(NOW - 10 * DAY),
    updatedAt: ts(NOW - 10 * DAY),
  };
}

export function waTemplateDoc(patch: Doc = {}): Doc {
  return {
    name: 'bienvenida',
    language: 'es',
    category: 'marketing',
    header: null,
    body: 'Hola {{1}}, gracias por escribirnos.',
    footer: null,
    buttons: ['Sí', 'No'],
    variables: [{ source: 'firstName', fallback: 'cliente' }],
    status: 'approved',
    rejectedReason: null,
    graphId: 'g_tpl1',
    createdAt: ts(NOW - 5 * DAY),
    createdBy: 'adminA',
    updatedAt: ts(NOW - 4 * DAY),
    ...patch,
  };
}

/** A contact's thread as the webhook keeps it (contact1's by default: two unread, nobody's). */
export function waConversationDoc(contactId = CONTACT, patch: Doc = {}): Doc {
  return {
    contactId,
    contactName: 'Ana Pérez',
    waId: '50499998888',
    profileName: 'Ana',
    lastMessageAt: ts(NOW - HOUR),
    lastMessageText: 'Hola, quisiera una cotización',
    lastDirection: 'in',
    lastInboundAt: ts(NOW - HOUR),
    unreadCount: 2,
    assigneeId: null,
    timelineDay: new Date(NOW - HOUR).toISOString().slice(0, 10),
    createdAt: ts(NOW - 2 * DAY),
    updatedAt: ts(NOW - HOUR),
    ...patch,
  };
}

export function waMessageDoc(contactId = CONTACT, patch: Doc = {}): Doc {
  return {
    contactId,
    direction: 'in',
    kind: 'text',
    text: 'Hola, quisiera una cotización',
    templateId: null,
    templateName: null,
    wamid: 'wamid.in1',
    status: 'received',
    failure: null,
    failureDetail: null,
    sentBy: null,
    sequenceId: null,
    sendLogId: null,
    at: ts(NOW - HOUR),
    statusAt: null,
    createdAt: ts(NOW - HOUR),
    ...patch,
  };
}

/**
 * The timeline entry of the message contact1 wrote, as the webhook writes it with the day's first
 * message (recordId its waMessages id, detail its direction, createdBy '' for the contact's act).
 */
export function whatsappEntryOf(org = ORG_A, recordId = WA_MESSAGE, contactId = CONTACT): [string, Doc] {
  const entry = serverTimelineEntry('whatsapp', recordId, {
    title: 'Hola, quisiera una cotización',
    detail: 'in',
    contactId,
    companyId: CONTACT_COMPANY,
    createdAt: ts(NOW - HOUR),
    createdBy: '',
  });
  return [`organizations/${org}/timeline/${entry.id}`, entry.data as Doc];
}

/** An organization's WhatsApp documents: its number, token and route, a template, contact1's thread. */
export function whatsappSeeds(org: string): Array<[string, Doc]> {
  const base = `organizations/${org}`;
  return [
    [`${base}/channels/whatsapp`, whatsappChannelDoc(org)],
    // A channel no client may read (only 'whatsapp' exists).
    [`${base}/channels/sms`, { status: 'connected' }],
    [`${base}/waTemplates/${WA_TEMPLATE}`, waTemplateDoc()],
    [`${base}/waConversations/${CONTACT}`, waConversationDoc()],
    [`${base}/waMessages/${WA_MESSAGE}`, waMessageDoc()],
    [`whatsappTokens/${org}`, { ciphertext: 'x', iv: 'y', tag: 'z', updatedAt: ts(NOW - DAY) }],
    [`whatsappNumbers/${phoneNumberIdOf(org)}`, { organizationId: org, wabaId: `waba_${org}` }],
  ];
}

export async function seedWorld(env: RulesTestEnvironment): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    const docs: Array<[string, Doc]> = [];
    for (const org of [ORG_A, ORG_B]) {
      docs.push([
        `organizations/${org}`,
        { name: `Org ${org}`, country: 'HN', rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: 'adminA' },
      ]);
      docs.push([`organizations/${org}/billing/subscription`, activeSubscription()]);
      docs.push([`organizations/${org}/invitations/inv1`, invitationDoc()]);
      docs.push([`organizations/${org}/sendLog/log1`, sendLogDoc()]);
      docs.push([`organizations/${org}/optOuts/${'b'.repeat(64)}`, optOutDoc()]);
      docs.push(...crmSeeds(org), ...timelineSeeds(org));
      docs.push([`${campaignPath(CAMPAIGN, org)}/recipients/${RECIPIENT}`, recipientDoc()]);
      docs.push([`organizations/${org}/campaignRuns/${CAMPAIGN}`, campaignRunDoc()]);
      docs.push([`organizations/${org}/submissions/${SUBMISSION}`, submissionDoc()]);
      docs.push([`organizations/${org}/consents/${CONSENT}`, consentDoc()]);
      docs.push([`organizations/${org}/topicOptOuts/${TOPIC_OPT_OUT}`, topicOptOutDoc()]);
      docs.push(...whatsappSeeds(org));
    }
    for (const r of ROLES) {
      const uid = r.uid ?? GHOST;
      docs.push([`users/${uid}`, userDoc(uid, r.org)]);
      docs.push([`mailTokens/${uid}`, { refreshToken: 'secret', updatedAt: ts(NOW) }]);
      docs.push([`mailQuotas/${uid}`, { day: '2026-01-01', count: 3, updatedAt: ts(NOW) }]);
      if (r.org && r.role) {
        docs.push([`organizations/${r.org}/members/${uid}`, memberDoc(r.role, r.permissions ?? {}, uid)]);
        docs.push([`organizations/${r.org}/mailConnections/${uid}`, mailConnectionDoc(uid)]);
      }
    }
    // Each caller's own note on contact1 (only the author edits a note).
    for (const r of ROLES)
      docs.push([
        `${crmCollectionPath('notes')}/${ownNoteId(r.uid ?? GHOST)}`,
        { ...crmBody('notes', r.uid ?? GHOST, ''), ...storedAudit(r.uid ?? GHOST) },
      ]);
    for (const r of ROLES) docs.push(...sequenceSeeds(ownSequenceId(r.uid ?? GHOST), r.uid ?? GHOST));
    // Each caller's own unread thread (the matrix marks it read).
    for (const r of ROLES)
      docs.push([
        `organizations/${ORG_A}/waConversations/${unreadConversationId(r.uid ?? GHOST)}`,
        waConversationDoc(unreadConversationId(r.uid ?? GHOST)),
      ]);
    docs.push(...sequenceSeeds(VICTIM_SEQUENCE, VICTIM));
    for (const r of ROLES) {
      const uid = r.uid ?? GHOST;
      docs.push([campaignPath(ownCampaignId(uid)), campaignDoc(uid)]);
      docs.push([campaignPath(victimCampaignId(uid)), campaignDoc(VICTIM, scheduled())]);
    }
    docs.push([`users/${OTHER_USER}`, userDoc(OTHER_USER, ORG_A)]);
    docs.push([`organizations/${ORG_A}/members/${VICTIM}`, memberDoc('seller', {}, VICTIM)]);
    docs.push([`organizations/${ORG_A}/mailConnections/${VICTIM}`, mailConnectionDoc(VICTIM)]);
    docs.push(['usernames/ana', { uid: 'adminA', createdAt: ts(NOW) }]);
    docs.push([`invitationTokens/${'a'.repeat(64)}`, { organizationId: ORG_A, invitationId: 'inv1' }]);
    docs.push(['oauthStates/state1', { uid: 'adminA', createdAt: ts(NOW) }]);
    docs.push([
      `rateLimits/${'c'.repeat(64)}`,
      { purpose: 'checkUsername', windowStart: ts(NOW), count: 3, expireAt: ts(NOW) },
    ]);
    docs.push(['stripeEvents/evt_1', { type: 'customer.subscription.updated', processedAt: ts(NOW) }]);
    docs.push([
      'digests/adminA_2026-11-26',
      { uid: 'adminA', day: '2026-11-26', status: 'sent', at: ts(NOW) },
    ]);
    await writeAll(db, docs);
  });
}

let counter = 0;
/** A fresh document id, unique in this process. */
export const freshId = (prefix = 'new') => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}`;
