/**
 * Validation cases: for every field of every client-writable collection, values the rules must
 * accept and values they must refuse. A value may be a function of the new document's id
 * (documents embed it in storagePath; enrollments and folders compare with it).
 */
import {
  FIELD_CONTRACTS,
  FORM_FIELD_PROPS,
  type ContractCollection,
  type SearchableCollection,
} from '@trato/model';

import { crmBody, DAY, HOUR, LIST, NOW, ts } from './world.js';

export type Value = unknown | ((id: string) => unknown);
export interface FieldCases {
  ok: Value[];
  bad: Value[];
}

const s = (n: number, c = 'x') => c.repeat(n);
const list = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);

/** A required, non-blank text of at most `max` characters. */
const text = (max: number): FieldCases => ({
  ok: ['A', s(max)],
  bad: ['', '   ', s(max + 1), 42, null, ['A']],
});
/** An optional text (string or null) of at most `max` characters. */
const optText = (max: number): FieldCases => ({ ok: [null, '', s(max)], bad: [s(max + 1), 42, true] });
const url: FieldCases = {
  ok: [null, 'https://acme.hn', 'http://acme.hn/x?y=1'],
  bad: ['javascript:alert(1)', 'acme.hn', `https://${s(2050)}`, 5],
};
const nullableId: FieldCases = { ok: [null, 'abc123', s(128)], bad: ['', 5, s(129), { id: 'x' }, 'a/b'] };
/** ownerId of contacts and deals (created by the admin: themself or another member). */
const owner: FieldCases = { ok: ['adminA', 'sellerA'], bad: [null, '', s(129), 5, 'not-a-member', 'a/b'] };
/** A list of distinct ids (assigneeIds, participantIds). */
const idList = (max: number): FieldCases => ({
  ok: [[], list(max), ['sellerA', 'x'.repeat(128)]],
  bad: ['u1', list(max + 1), null, [5], [null], [{}], [''], ['x'.repeat(129)], ['a/b'], ['u1', 'u1'], [true]],
});
/** An optional list of distinct ids (a contact's listIds): absent or null is fine too. */
const optIdList = (max: number): FieldCases => ({
  ok: [null, ...idList(max).ok],
  bad: idList(max).bad.filter((v) => v !== null),
});
/** A campaign's list: an existing list (the seeded one, or one of 128 characters seeded too). */
export const LONG_LIST_ID = s(128);
const tokens: FieldCases = {
  ok: [[], list(120), ['ñandu', 'x'.repeat(20), 'ÁRBOL', '١٢']],
  bad: [
    'acme',
    list(121),
    null,
    [5],
    [null],
    [{}],
    ['a'],
    ['x'.repeat(21)],
    ['ab cd'],
    ['a-b'],
    ['ab', 'ab'],
    [''],
  ],
};
/**
 * searchIndex of a collection's valid document (crmBody): exactly its searchTokens as keys, each
 * true; anything else is refused (a word the tokens lack, a token missing, another value).
 */
function tokenMap(c: SearchableCollection): FieldCases {
  const { searchTokens, searchIndex } = crmBody(c, 'adminA', 'x') as {
    searchTokens: string[];
    searchIndex: Record<string, true>;
  };
  const [first] = searchTokens;
  return {
    ok: [searchIndex],
    bad: [
      { ...searchIndex, zzqx: true },
      Object.fromEntries(Object.entries(searchIndex).filter(([k]) => k !== first)),
      { ...searchIndex, [first!]: false },
      { ...searchIndex, [first!]: 1 },
      {},
      searchTokens,
      'acme',
      null,
    ],
  };
}
const nullableTs: FieldCases = { ok: [null, ts(NOW + DAY)], bad: ['2026-01-01', 1767225600000] };
/** A required bool (a form's published, doubleOptIn). */
const bool: FieldCases = { ok: [true, false], bad: ['true', 1, 0, null] };
/** How a form asks one of its fields. */
const fieldMode: FieldCases = {
  ok: ['off', 'optional', 'required'],
  bad: ['Required', 'hidden', '', null, true, ['required']],
};

export const FIELD_CASES: Record<ContractCollection, Record<string, FieldCases>> = {
  companies: {
    name: text(200),
    searchTokens: tokens,
    searchIndex: tokenMap('companies'),
    website: url,
    phone: optText(50),
    linkedinUrl: url,
    industry: { ok: [null, 'finance', 'construction'], bad: ['Tecnología', 'space', 3] },
    size: { ok: [null, '1-10', '1000+'], bad: ['1-5', 10, '1000'] },
    country: optText(100),
    city: optText(100),
    address: optText(500),
    notes: optText(5000),
  },
  contacts: {
    name: text(200),
    email: {
      ok: [null, 'ana@acme.hn', 'a.b+c@sub.acme.com'],
      bad: ['ana', 'ana@acme', 'a b@c.de', `${s(250)}@a.com`, 5],
    },
    phone: optText(50),
    companyId: nullableId,
    companyName: optText(200),
    jobTitle: optText(100),
    city: optText(100),
    country: optText(100),
    rtn: optText(50),
    status: { ok: ['active', 'inactive'], bad: ['deleted', null, 'Active'] },
    isCustomer: { ok: [true, false], bad: ['yes', null, 1] },
    lifecycleStage: { ok: ['lead', 'customer', 'other'], bad: ['Lead', 'client', null] },
    linkedinUrl: url,
    ownerId: owner,
    searchTokens: tokens,
    searchIndex: tokenMap('contacts'),
    // The static marketing lists it is on (LIST_MEMBERSHIPS_MAX).
    listIds: optIdList(50),
    // Derived: whether it has an address (the document has ana@acme.hn); absent on older ones.
    hasEmail: { ok: [true], bad: [false, null, 'true', 1] },
  },
  notes: {
    content: text(10_000),
    // The author's member name (memberDoc: 'User adminA').
    authorName: { ok: ['User adminA'], bad: [null, '', 'User sellerA', 'x'.repeat(101), 5] },
  },
  deals: {
    title: text(200),
    amount: { ok: [null, 0, 1500.5, 1_000_000_000_000], bad: [-1, '100', 1_000_000_000_001, true] },
    stage: { ok: ['new', 'in_progress', 'proposal', 'won', 'lost'], bad: ['closed', null, 'Won'] },
    probability: { ok: [null, 0, 100, 55.5], bad: [-1, 101, '50'] },
    closeDate: nullableTs,
    companyId: nullableId,
    primaryContactId: nullableId,
    companyName: optText(200),
    primaryContactName: optText(200),
    ownerId: owner,
    notes: optText(5000),
    searchTokens: tokens,
    searchIndex: tokenMap('deals'),
  },
  tasks: {
    title: text(200),
    description: optText(5000),
    status: { ok: ['pending', 'in_progress', 'completed', 'cancelled'], bad: ['done', null] },
    dueDate: nullableTs,
    contactId: nullableId,
    companyId: nullableId,
    contactName: optText(200),
    companyName: optText(200),
    assigneeIds: idList(20),
    searchTokens: tokens,
    searchIndex: tokenMap('tasks'),
  },
  meetings: {
    title: text(200),
    notes: optText(5000),
    startTime: { ok: [ts(NOW)], bad: ['10:00', null, ts(NOW + 3 * HOUR)] },
    endTime: { ok: [ts(NOW + HOUR + 1), ts(NOW + 10 * DAY)], bad: [ts(NOW + HOUR), ts(NOW), null, '11:00'] },
    status: { ok: ['scheduled', 'completed', 'rescheduled', 'no_show'], bad: ['cancelled', null] },
    contactId: nullableId,
    companyId: nullableId,
    contactName: optText(200),
    companyName: optText(200),
    participantIds: idList(50),
    searchTokens: tokens,
    searchIndex: tokenMap('meetings'),
  },
  tickets: {
    ticketName: text(200),
    pipeline: text(100),
    status: { ok: ['New', 'In Progress', 'Waiting', 'Resolved', 'Closed'], bad: ['new', 'Open', null] },
    description: optText(10_000),
    source: optText(100),
    // null or a member of the organization.
    ownerId: { ok: [null, 'sellerA', 'adminA'], bad: ['', 5, 'not-a-member', 'adminB', 'a/b'] },
    priority: { ok: [null, 'Low', 'Medium', 'High'], bad: ['Urgent', 'low'] },
    contactId: nullableId,
    companyId: nullableId,
    contactName: optText(200),
    companyName: optText(200),
    searchTokens: tokens,
    searchIndex: tokenMap('tickets'),
  },
  folders: {
    name: text(100),
    parentId: { ok: [null, 'folder1'], bad: [(self: string) => self, 5, '', 'ghost-folder', 'a/b'] },
  },
  documents: {
    fileName: text(255),
    storagePath: {
      ok: [(self: string) => `organizations/orgA/documents/${self}/contrato.pdf`],
      bad: [
        (self: string) => `organizations/orgB/documents/${self}/contrato.pdf`,
        () => 'organizations/orgA/documents/another/contrato.pdf',
        (self: string) => `organizations/orgA/documents/${self}/x/contrato.pdf`,
        (self: string) => `organizations/orgA/documents/${self}/`,
        (self: string) => `organizations/orgA/avatars/${self}/a.png`,
        (self: string) => `/organizations/orgA/documents/${self}/a.pdf`,
        5,
      ],
    },
    size: { ok: [0, 26_214_400], bad: [26_214_401, -1, 1.5, '10'] },
    mimeType: { ok: ['', 'application/pdf'], bad: [s(256), 5, null] },
    // null or an existing folder.
    folderId: { ok: [null, 'folder1'], bad: ['', 5, 'ghost-folder', 'a/b'] },
    searchTokens: tokens,
    searchIndex: tokenMap('documents'),
  },
  sequences: {
    name: text(200),
    description: optText(2000),
    // The topic its e-mails speak of (issue 31), any id (no existence check), and its name.
    topicId: nullableId,
    topicName: optText(100),
    // Created inactive (spec section 4).
    isActive: { ok: [false], bad: [true, 'no', null] },
  },
  // The document is an e-mail step (crmBody): its subject and body are required texts; a task
  // keeps its title, and a WhatsApp step needs its template (the per-type cases are in
  // validation.test.ts, 'steps: by type').
  steps: {
    stepOrder: { ok: [1, 100], bad: [0, 101, 1.5, '1'] },
    // 'whatsapp' without a templateId (the document has none) is refused.
    type: { ok: ['email', 'task', 'wait'], bad: ['sms', 'Email', '', null, 'whatsapp'] },
    subject: text(300),
    body: text(50_000),
    // Any step may name a template (only a WhatsApp step needs one): absent, null or an id.
    templateId: nullableId,
    delayDays: { ok: [0, 365], bad: [-1, 366, 2.5, '1'] },
  },
  enrollments: {
    contactId: { ok: [(self: string) => self], bad: ['contact1', null] },
    // Created active at step 0; completion is the scheduler's.
    status: { ok: ['active'], bad: ['paused', 'completed', 'done'] },
    currentStep: { ok: [0], bad: [1, -1, '0'] },
    nextSendAt: nullableTs,
  },
  // The document is a segment without criteria (crmBody): each criterion is judged alone.
  lists: {
    name: text(200),
    kind: { ok: ['static', 'segment'], bad: ['Static', 'smart', null, 5] },
    description: optText(2000),
    lifecycleStage: { ok: [null, 'lead', 'partner'], bad: ['Lead', 'client', 5] },
    contactStatus: { ok: [null, 'active', 'inactive'], bad: ['deleted', 'Active', true] },
    isCustomer: { ok: [null, true, false], bad: ['yes', 1, 'false'] },
    companyId: nullableId,
    // null or a member of the organization.
    ownerId: { ok: [null, 'sellerA', 'adminA'], bad: ['', 5, 'not-a-member', 'adminB', 'a/b'] },
    city: optText(100),
    country: optText(100),
    // Contacts by consent status (issue 31); a static list has no criteria (marketing.test.ts).
    emailConsent: { ok: [null, 'granted', 'pending', 'withdrawn'], bad: ['Granted', 'revoked', '', true, 5] },
    hasEmail: { ok: [null, true, false], bad: ['yes', 1, 'false'] },
    createdFrom: nullableTs,
    createdTo: nullableTs,
  },
  // Created as a draft (scheduledAt null) for a list that exists.
  campaigns: {
    name: text(200),
    listId: { ok: [LIST, LONG_LIST_ID], bad: ['ghost-list', '', 5, null, 'a/b', s(129), ['list1']] },
    listName: text(200),
    subject: text(300),
    body: text(50_000),
    status: { ok: ['draft'], bad: ['scheduled', 'sending', 'paused', 'sent', 'Draft', null] },
    scheduledAt: { ok: [null], bad: [ts(NOW + DAY), ts(NOW - DAY), '2026-01-01'] },
    // The topic it speaks of (issue 31), any id (no existence check), and its name.
    topicId: nullableId,
    topicName: optText(100),
  },
  // A marketing topic (issue 31's preference centre).
  topics: {
    name: text(100),
    description: optText(300),
  },
  // A lead-capture form (the document asks the default fields, with consent texts).
  forms: {
    name: text(200),
    published: bool,
    doubleOptIn: bool,
    ...Object.fromEntries(FORM_FIELD_PROPS.map((prop) => [prop, fieldMode])),
    consentTextEs: optText(1000),
    consentTextEn: optText(1000),
    thankYouEs: optText(2000),
    thankYouEn: optText(2000),
    // Where the visitor goes after sending: http(s) only, never javascript:.
    redirectUrl: url,
    listId: nullableId,
    listName: optText(200),
    sequenceId: nullableId,
    sequenceName: optText(200),
    // The member told of each submission: null or a member of the organization.
    notifyUid: { ok: [null, 'sellerA', 'adminA'], bad: ['', 5, 'not-a-member', 'adminB', 'a/b', s(129)] },
  },
};

/** Every field of the contract has cases, and nothing else. */
export function missingCases(): string[] {
  const out: string[] = [];
  for (const [c, contract] of Object.entries(FIELD_CONTRACTS)) {
    const cases = FIELD_CASES[c as ContractCollection];
    for (const k of [...contract.required, ...contract.optional])
      if (!['createdAt', 'createdBy', 'updatedAt'].includes(k) && !cases[k]) out.push(`${c}.${k}`);
    for (const k of Object.keys(cases))
      if (![...contract.required, ...contract.optional].includes(k)) out.push(`${c}.${k} (extra)`);
  }
  return out;
}

export const show = (v: unknown): string => {
  if (typeof v === 'function') return 'ƒ(id)';
  if (typeof v === 'string') return v.length > 24 ? `'${v.slice(0, 12)}…' (${v.length} chars)` : `'${v}'`;
  if (Array.isArray(v)) return v.length > 3 ? `[${v.length} items]` : JSON.stringify(v);
  if (v && typeof v === 'object' && 'toMillis' in v)
    return `timestamp(${(v as { toMillis(): number }).toMillis() - NOW}ms from now)`;
  return JSON.stringify(v);
};
