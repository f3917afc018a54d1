/**
 * The field contract of every client-writable document: required keys (must be present, may be
 * null where the type says so), optional keys, which keys a client may change on update, and
 * each field's type (FIELD_TYPES). firestore.rules implements exactly this (keys().hasAll /
 * hasOnly / diff().affectedKeys(), one check per type), the yup document schemas of schemas.ts
 * are built from it, and the security suite generates its validation and agreement cases from it.
 */
import {
  AMOUNT_MAX,
  ASSIGNEES_MAX,
  DELAY_DAYS_MAX,
  DELAY_DAYS_MIN,
  LIMITS,
  LIST_MEMBERSHIPS_MAX,
  PARTICIPANTS_MAX,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  SEARCH_TOKEN_MAX_LENGTH,
  SEARCH_TOKENS_MAX,
  STEP_ORDER_MAX,
  UPLOAD_MAX_BYTES,
} from './constants.js';
import {
  CAMPAIGN_STATUSES,
  COMPANY_SIZES,
  CONSENT_STATUSES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  ENROLLMENT_STATUSES,
  FORM_FIELD_MODES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  LIST_KINDS,
  MEETING_STATUSES,
  SEQUENCE_STEP_TYPES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from './enums.js';
import { SEGMENT_KEYS } from './marketing.js';

/**
 * A form's field modes (formFields.ts FORM_FIELD_PROPS, written out: the web's every page reads
 * these contracts, and importing that module gave it a chunk of its own; forms.test.ts checks
 * the two agree).
 */
export const FORM_FIELD_PROP_KEYS = [
  'emailField',
  'phoneField',
  'companyNameField',
  'jobTitleField',
  'cityField',
  'countryField',
  'messageField',
] as const;
import { searchIndexOf } from './search.js';

export const AUDIT_KEYS = ['createdAt', 'createdBy', 'updatedAt'] as const;

export interface FieldContract {
  required: readonly string[];
  optional: readonly string[];
  /** Keys an update may change; null = every key except createdAt/createdBy. */
  updatable: readonly string[] | null;
}

const crm = (required: string[], optional: string[], updatable: string[] | null = null): FieldContract => ({
  required: [...required, ...AUDIT_KEYS],
  optional,
  updatable,
});

export const FIELD_CONTRACTS = {
  companies: crm(
    ['name', 'searchTokens', 'searchIndex'],
    ['website', 'phone', 'linkedinUrl', 'industry', 'size', 'country', 'city', 'address', 'notes'],
  ),
  contacts: crm(
    ['name', 'status', 'isCustomer', 'lifecycleStage', 'companyId', 'ownerId', 'searchTokens', 'searchIndex'],
    [
      'email',
      'phone',
      'companyName',
      'jobTitle',
      'city',
      'country',
      'rtn',
      'linkedinUrl',
      'listIds',
      'hasEmail',
    ],
  ),
  // Signed: authorName is the author's member name, and only the author edits the content.
  notes: crm(['content', 'authorName'], [], ['content', 'updatedAt']),
  deals: crm(
    ['title', 'amount', 'stage', 'companyId', 'primaryContactId', 'ownerId', 'searchTokens', 'searchIndex'],
    ['probability', 'closeDate', 'companyName', 'primaryContactName', 'notes'],
  ),
  tasks: crm(
    ['title', 'status', 'dueDate', 'contactId', 'companyId', 'assigneeIds', 'searchTokens', 'searchIndex'],
    ['description', 'contactName', 'companyName'],
  ),
  meetings: crm(
    [
      'title',
      'startTime',
      'endTime',
      'status',
      'contactId',
      'companyId',
      'participantIds',
      'searchTokens',
      'searchIndex',
    ],
    ['notes', 'contactName', 'companyName'],
  ),
  tickets: crm(
    [
      'ticketName',
      'pipeline',
      'status',
      'ownerId',
      'priority',
      'contactId',
      'companyId',
      'searchTokens',
      'searchIndex',
    ],
    ['description', 'source', 'contactName', 'companyName'],
  ),
  // Folders are renamed, never moved (parentId is fixed at create: no cycles, bounded depth).
  folders: crm(['name', 'parentId'], [], ['name', 'updatedAt']),
  // A document's file is immutable: rename and move only.
  documents: crm(
    ['fileName', 'storagePath', 'size', 'mimeType', 'folderId', 'searchTokens', 'searchIndex'],
    [],
    ['fileName', 'folderId', 'searchTokens', 'searchIndex', 'updatedAt'],
  ),
  sequences: crm(['name', 'isActive'], ['description', 'topicId', 'topicName']),
  steps: crm(['stepOrder', 'type', 'subject', 'body', 'delayDays'], ['templateId']),
  // Clients pause/resume/stop; the scheduler (server) advances currentStep and nextSendAt.
  enrollments: crm(['contactId', 'status', 'currentStep', 'nextSendAt'], [], ['status', 'updatedAt']),
  // A list's kind is fixed; a segment's criteria are the optional keys (a static list has none).
  lists: crm(
    ['name', 'kind'],
    ['description', ...SEGMENT_KEYS],
    ['name', 'description', ...SEGMENT_KEYS, 'updatedAt'],
  ),
  // Created as a draft; the content changes while a draft, the status as the rules' table says.
  campaigns: crm(
    ['name', 'listId', 'listName', 'subject', 'body', 'status', 'scheduledAt'],
    ['topicId', 'topicName'],
  ),
  // A subject of the organization's marketing e-mails that contacts may opt out of on its own.
  topics: crm(['name'], ['description']),
  // A lead-capture form: what it asks (the name always), its consent, what follows a submission.
  forms: crm(
    ['name', 'published', 'doubleOptIn', ...FORM_FIELD_PROP_KEYS],
    [
      'consentTextEs',
      'consentTextEn',
      'thankYouEs',
      'thankYouEn',
      'redirectUrl',
      'listId',
      'listName',
      'sequenceId',
      'sequenceName',
      'notifyUid',
    ],
  ),
} as const satisfies Record<string, FieldContract>;

export type ContractCollection = keyof typeof FIELD_CONTRACTS;

/**
 * The keys of a timeline entry (organizations/{orgId}/timeline/{kind}_{recordId}), all required
 * (null where the kind has no value). Not a FIELD_CONTRACTS collection: an entry is never typed
 * by anyone, it is derived from its record (`timelineEntryFor`) and the rules require each field
 * to equal the record's, so its types are the record's.
 */
export const TIMELINE_ENTRY_KEYS = [
  'kind',
  'recordId',
  'title',
  'detail',
  'at',
  'amount',
  'contactId',
  'companyId',
  'createdAt',
  'createdBy',
] as const;

/** Settings documents the client may update (never create or delete). */
export const SETTINGS_UPDATABLE = {
  users: ['fullName', 'language'],
  organizations: ['name', 'country', 'rtn', 'marketingConsentRequired'],
  members: ['role', 'permissions'],
} as const;

/** Their required keys (server-written): an update never removes one (null where allowed). */
export const SETTINGS_REQUIRED = {
  users: ['fullName', 'email', 'username', 'language', 'organizationId', 'createdAt'],
  organizations: ['name', 'country', 'rtn', 'createdAt', 'createdBy'],
  members: ['role', 'fullName', 'email', 'username', 'permissions', 'joinedAt', 'invitedBy'],
} as const;

// ── Field types ───────────────────────────────────────────────────────────────
// String lengths count Unicode code points (the rules' size()); a required text is not blank.

export type FieldType =
  /** A string of at most `max` characters that is not blank (trim() not empty). */
  | { kind: 'text'; max: number }
  /** Any string of at most `max` characters (may be empty). */
  | { kind: 'string'; max: number }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'bool' }
  /** ID_PATTERN: 1–128 characters, no '/'. */
  | { kind: 'id' }
  /** At most `max` distinct ids. */
  | { kind: 'ids'; max: number }
  /** At most SEARCH_TOKENS_MAX distinct SEARCH_TOKEN_PATTERN strings. */
  | { kind: 'tokens' }
  /**
   * A map of at most SEARCH_TOKENS_MAX SEARCH_TOKEN_PATTERN keys, each `true`; the document's
   * `searchIndex`, whose keys are exactly its `searchTokens` (checked on the whole document).
   */
  | { kind: 'tokenMap' }
  | { kind: 'timestamp' }
  /** A number in [min, max]; `integer`: an int (not a float such as 1.5 or -0). */
  | { kind: 'number'; min: number; max: number; integer?: boolean }
  /** organizations/{orgId}/documents/{documentId}/{fileName}, at most LIMITS.storagePath. */
  | { kind: 'storagePath' };

/**
 * Where a value must come from beyond its type. The rules enforce every binding; the yup
 * document schema enforces those that need no database read when given a WriteContext.
 */
export type FieldBinding =
  /** The caller's member name (members/{uid}.fullName) on create; never changed. */
  | 'authorName'
  /** The caller on create; only an admin names another member (on create or by reassigning). */
  | 'owner'
  /** null or the uid of a member of the organization. */
  | 'member'
  /** The document's own id. */
  | 'ownId'
  /** The document's own storage path: this organization, this document id. */
  | 'ownPath'
  /** null or an existing folder (after the write). */
  | 'folder'
  /** null or an existing folder, never the folder itself, at most FOLDER_MAX_DEPTH levels; fixed. */
  | 'parentFolder'
  /** Written by a client only with its value on create (false, 'active', 0); see the rules for updates. */
  | 'initial';

export interface FieldSpec {
  type: FieldType;
  /** A required key whose value may be null. Optional keys are always nullable. */
  nullable?: boolean;
  bound?: FieldBinding;
  /** The value a create must have (with bound 'initial'). */
  initial?: unknown;
}

const text = (max: number): FieldSpec => ({ type: { kind: 'text', max } });
const str = (max: number): FieldSpec => ({ type: { kind: 'string', max } });
const oneOf = (values: readonly string[], nullable = false): FieldSpec => ({
  type: { kind: 'enum', values },
  nullable,
});
const id = (nullable = false): FieldSpec => ({ type: { kind: 'id' }, nullable });
const tokens: FieldSpec = { type: { kind: 'tokens' } };
const tokenMap: FieldSpec = { type: { kind: 'tokenMap' } };
const url: FieldSpec = { type: { kind: 'url' } };
const ts = (nullable = false): FieldSpec => ({ type: { kind: 'timestamp' }, nullable });
const num = (min: number, max: number, nullable = false, integer = false): FieldSpec => ({
  type: { kind: 'number', min, max, integer },
  nullable,
});

export const FIELD_TYPES: Record<ContractCollection, Record<string, FieldSpec>> = {
  companies: {
    name: text(LIMITS.name),
    searchTokens: tokens,
    searchIndex: tokenMap,
    website: url,
    phone: str(LIMITS.phone),
    linkedinUrl: url,
    industry: oneOf(INDUSTRIES),
    size: oneOf(COMPANY_SIZES),
    country: str(LIMITS.country),
    city: str(LIMITS.shortText),
    address: str(LIMITS.address),
    notes: str(LIMITS.notes),
  },
  contacts: {
    name: text(LIMITS.name),
    status: oneOf(CONTACT_STATUSES),
    isCustomer: { type: { kind: 'bool' } },
    lifecycleStage: oneOf(LIFECYCLE_STAGES),
    companyId: id(true),
    ownerId: { ...id(), bound: 'owner' },
    searchTokens: tokens,
    searchIndex: tokenMap,
    email: { type: { kind: 'email' } },
    phone: str(LIMITS.phone),
    companyName: str(LIMITS.name),
    jobTitle: str(LIMITS.shortText),
    city: str(LIMITS.shortText),
    country: str(LIMITS.country),
    rtn: str(LIMITS.rtn),
    linkedinUrl: url,
    listIds: { type: { kind: 'ids', max: LIST_MEMBERSHIPS_MAX } },
    // Derived (write.ts withDerivedFields): true exactly when `email` is set (checked on the
    // whole document). Absent on contacts written before it (scripts/migrate-search-index.mjs).
    hasEmail: { type: { kind: 'bool' } },
  },
  notes: {
    content: text(LIMITS.noteContent),
    authorName: { ...text(LIMITS.fullName), bound: 'authorName' },
  },
  deals: {
    title: text(LIMITS.title),
    amount: num(0, AMOUNT_MAX, true),
    stage: oneOf(DEAL_STAGES),
    companyId: id(true),
    primaryContactId: id(true),
    ownerId: { ...id(), bound: 'owner' },
    searchTokens: tokens,
    searchIndex: tokenMap,
    probability: num(PROBABILITY_MIN, PROBABILITY_MAX),
    closeDate: ts(),
    companyName: str(LIMITS.name),
    primaryContactName: str(LIMITS.name),
    notes: str(LIMITS.notes),
  },
  tasks: {
    title: text(LIMITS.title),
    status: oneOf(TASK_STATUSES),
    dueDate: ts(true),
    contactId: id(true),
    companyId: id(true),
    assigneeIds: { type: { kind: 'ids', max: ASSIGNEES_MAX } },
    searchTokens: tokens,
    searchIndex: tokenMap,
    description: str(LIMITS.description),
    contactName: str(LIMITS.name),
    companyName: str(LIMITS.name),
  },
  meetings: {
    title: text(LIMITS.title),
    startTime: ts(),
    endTime: ts(),
    status: oneOf(MEETING_STATUSES),
    contactId: id(true),
    companyId: id(true),
    participantIds: { type: { kind: 'ids', max: PARTICIPANTS_MAX } },
    searchTokens: tokens,
    searchIndex: tokenMap,
    notes: str(LIMITS.notes),
    contactName: str(LIMITS.name),
    companyName: str(LIMITS.name),
  },
  tickets: {
    ticketName: text(LIMITS.title),
    pipeline: text(LIMITS.shortText),
    status: oneOf(TICKET_STATUSES),
    ownerId: { ...id(true), bound: 'member' },
    priority: oneOf(TICKET_PRIORITIES, true),
    contactId: id(true),
    companyId: id(true),
    searchTokens: tokens,
    searchIndex: tokenMap,
    description: str(LIMITS.ticketDescription),
    source: str(LIMITS.shortText),
    contactName: str(LIMITS.name),
    companyName: str(LIMITS.name),
  },
  folders: {
    name: text(LIMITS.folderName),
    parentId: { ...id(true), bound: 'parentFolder' },
  },
  documents: {
    fileName: text(LIMITS.fileName),
    storagePath: { type: { kind: 'storagePath' }, bound: 'ownPath' },
    size: num(0, UPLOAD_MAX_BYTES, false, true),
    mimeType: str(LIMITS.mimeType),
    folderId: { ...id(true), bound: 'folder' },
    searchTokens: tokens,
    searchIndex: tokenMap,
  },
  sequences: {
    name: text(LIMITS.name),
    isActive: { type: { kind: 'bool' }, bound: 'initial', initial: false },
    description: str(LIMITS.sequenceDescription),
    topicId: id(),
    topicName: str(LIMITS.topicName),
  },
  steps: {
    stepOrder: num(1, STEP_ORDER_MAX, false, true),
    type: oneOf(SEQUENCE_STEP_TYPES),
    // Required by type (firestore.rules validStep): an e-mail's subject and body, a task's title.
    subject: str(LIMITS.subject),
    body: str(LIMITS.body),
    delayDays: num(DELAY_DAYS_MIN, DELAY_DAYS_MAX, false, true),
    templateId: id(),
  },
  enrollments: {
    contactId: { ...id(), bound: 'ownId' },
    status: { ...oneOf(ENROLLMENT_STATUSES), bound: 'initial', initial: 'active' },
    currentStep: { ...num(0, Number.MAX_SAFE_INTEGER, false, true), bound: 'initial', initial: 0 },
    nextSendAt: ts(true),
  },
  lists: {
    name: text(LIMITS.name),
    kind: oneOf(LIST_KINDS),
    description: str(LIMITS.sequenceDescription),
    lifecycleStage: oneOf(LIFECYCLE_STAGES),
    contactStatus: oneOf(CONTACT_STATUSES),
    isCustomer: { type: { kind: 'bool' } },
    companyId: id(),
    ownerId: { ...id(), bound: 'member' },
    city: str(LIMITS.shortText),
    country: str(LIMITS.country),
    emailConsent: oneOf(CONSENT_STATUSES),
    hasEmail: { type: { kind: 'bool' } },
    createdFrom: ts(),
    createdTo: ts(),
  },
  campaigns: {
    name: text(LIMITS.name),
    listId: id(),
    listName: text(LIMITS.name),
    subject: text(LIMITS.subject),
    body: text(LIMITS.body),
    status: { ...oneOf(CAMPAIGN_STATUSES), bound: 'initial', initial: 'draft' },
    // Created as a draft: no time yet.
    scheduledAt: { ...ts(true), bound: 'initial', initial: null },
    topicId: id(),
    topicName: str(LIMITS.topicName),
  },
  topics: {
    name: text(LIMITS.topicName),
    description: str(LIMITS.topicDescription),
  },
  forms: {
    name: text(LIMITS.name),
    published: { type: { kind: 'bool' } },
    doubleOptIn: { type: { kind: 'bool' } },
    ...Object.fromEntries(FORM_FIELD_PROP_KEYS.map((prop) => [prop, oneOf(FORM_FIELD_MODES)])),
    consentTextEs: str(LIMITS.consentText),
    consentTextEn: str(LIMITS.consentText),
    thankYouEs: str(LIMITS.sequenceDescription),
    thankYouEn: str(LIMITS.sequenceDescription),
    redirectUrl: url,
    listId: id(),
    listName: str(LIMITS.name),
    sequenceId: id(),
    sequenceName: str(LIMITS.name),
    notifyUid: { ...id(), bound: 'member' },
  },
};

/** A field's spec, with `nullable` resolved (optional keys are always nullable). */
export function fieldSpec(c: ContractCollection, key: string): FieldSpec & { optional: boolean } {
  const spec = FIELD_TYPES[c][key];
  if (!spec) throw new Error(`no field ${c}.${key}`);
  const optional = (FIELD_CONTRACTS[c].optional as readonly string[]).includes(key);
  return { ...spec, nullable: optional || spec.nullable === true, optional };
}

// ── Size ──────────────────────────────────────────────────────────────────────

/** Firestore's stored size of a string value or field name of `chars` code points, worst case (4 bytes each). */
const strBytes = (chars: number) => 4 * chars + 1;

function maxValueBytes(t: FieldType): number {
  switch (t.kind) {
    case 'text':
    case 'string':
      return strBytes(t.max);
    case 'email':
      return strBytes(LIMITS.email);
    case 'url':
      return strBytes(LIMITS.url);
    case 'storagePath':
      return strBytes(LIMITS.storagePath);
    case 'enum':
      return Math.max(...t.values.map((v) => strBytes(v.length)));
    case 'id':
      return strBytes(LIMITS.id);
    case 'ids':
      return t.max * strBytes(LIMITS.id);
    case 'tokens':
      return SEARCH_TOKENS_MAX * strBytes(SEARCH_TOKEN_MAX_LENGTH);
    case 'tokenMap':
      // Each key stored as a field name, each value a boolean.
      return SEARCH_TOKENS_MAX * (strBytes(SEARCH_TOKEN_MAX_LENGTH) + 1);
    case 'bool':
      return 1;
    case 'timestamp':
    case 'number':
      return 8;
  }
}

/**
 * The largest a client-written document of `c` can be, in Firestore's storage-size terms
 * (every string at its limit in 4-byte characters, a 6-segment name of 128-character ids,
 * audit fields, 32 bytes of overhead). Checked far below the 1 MiB document limit.
 */
export function maxDocumentBytes(c: ContractCollection): number {
  const name = 6 * strBytes(LIMITS.id) + 16;
  let total = name + 32;
  for (const [key, spec] of Object.entries(FIELD_TYPES[c]))
    total += key.length + 1 + maxValueBytes(spec.type);
  total +=
    'createdAt'.length + 1 + 8 + 'updatedAt'.length + 1 + 8 + 'createdBy'.length + 1 + strBytes(LIMITS.id);
  return total;
}

export function allowedKeys(c: FieldContract): string[] {
  return [...c.required, ...c.optional];
}

// ── Samples ───────────────────────────────────────────────────────────────────

/** What samples of bound fields refer to: the caller, the document and existing documents. */
export interface SampleContext {
  uid: string;
  orgId: string;
  /** The document's id. */
  id: string;
  /** The caller's member name. */
  authorName: string;
  /** Another member of the organization. */
  otherMember: string;
  /** An existing folder (a root folder). */
  folderId: string;
  now: Date;
  /** The document's search tokens: `searchIndex` samples are made from them. */
  searchTokens?: readonly string[];
}

const repeat = (n: number, c = 'x') => c.repeat(n);
const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);

/**
 * Values at and around every limit of a field's type, valid and invalid, including `undefined`
 * (the key absent). Bound fields get only values whose validity needs no database state beyond
 * `ctx` (an existing member or folder, never an unknown valid-looking id). Used by the
 * agreement test (yup document schema vs the rules, security/) and the form test (model).
 */
export function fieldSamples(c: ContractCollection, key: string, ctx: SampleContext): unknown[] {
  const spec = FIELD_TYPES[c][key]!;
  const t = spec.type;
  const wrongTypes: unknown[] = [undefined, null, 42, true, { x: 1 }, []];
  switch (spec.bound) {
    case 'authorName':
      return [...wrongTypes, ctx.authorName, `${ctx.authorName} `, 'Gerencia', '', repeat(101)];
    case 'owner':
      return [...wrongTypes, ctx.uid, ctx.otherMember, '', repeat(129), 'a/b'];
    case 'member':
      return [...wrongTypes, ctx.uid, ctx.otherMember, '', repeat(129), 'a/b'];
    case 'ownId':
      return [...wrongTypes, ctx.id, ctx.otherMember, '', 'a/b'];
    case 'folder':
      return [...wrongTypes, ctx.folderId, '', repeat(129), 'a/b'];
    case 'parentFolder':
      return [...wrongTypes, ctx.folderId, ctx.id, '', repeat(129), 'a/b'];
    case 'ownPath': {
      const base = `organizations/${ctx.orgId}/documents/${ctx.id}`;
      return [
        ...wrongTypes,
        `${base}/a.pdf`,
        `${base}/${repeat(1024 - base.length - 1)}`,
        `${base}/${repeat(1024 - base.length)}`,
        `${base}/`,
        `${base}/x/a.pdf`,
        `/${base}/a.pdf`,
        `organizations/other/documents/${ctx.id}/a.pdf`,
        `organizations/${ctx.orgId}/documents/another/a.pdf`,
        `organizations/${ctx.orgId}/folders/${ctx.id}/a.pdf`,
      ];
    }
    default:
      break;
  }
  switch (t.kind) {
    case 'text':
      return [
        ...wrongTypes,
        '',
        ' ',
        ' \t\n',
        '\u00a0',
        'A',
        ' A ',
        repeat(t.max),
        repeat(t.max + 1),
        repeat(t.max, '😀'),
        repeat(t.max + 1, 'ñ'),
      ];
    case 'string':
      return [
        ...wrongTypes,
        '',
        ' ',
        'A',
        repeat(t.max),
        repeat(t.max + 1),
        repeat(t.max, '😀'),
        repeat(t.max + 1, '😀'),
      ];
    case 'email':
      return [
        ...wrongTypes,
        'ana@acme.hn',
        'a.b+c@sub.acme.com',
        'ana',
        'ana@acme',
        'a b@c.de',
        'a@b@c.de',
        '\u00a0a@b.co',
        'a\u000b@b.co',
        `${repeat(245)}@acme.com`,
        `${repeat(246)}@acme.com`,
        '',
      ];
    case 'url':
      return [
        ...wrongTypes,
        'https://acme.hn',
        'http://acme.hn/x?y=1',
        'HTTPS://acme.hn',
        'ftp://acme.hn',
        'javascript:alert(1)',
        'acme.hn',
        'https://',
        'https://a b',
        `https://${repeat(2040)}`,
        `https://${repeat(2041)}`,
        '',
      ];
    case 'enum':
      return [...wrongTypes, ...t.values, t.values[0]!.toUpperCase(), `${t.values[0]} `, 'other', ''];
    case 'bool':
      return [...wrongTypes, false, 'true', 0];
    case 'id':
      return [...wrongTypes, 'abc123', repeat(128), repeat(129), repeat(128, '😀'), '', 'a/b', 'a\nb', ' '];
    case 'ids':
      return [
        ...wrongTypes,
        idsOf(t.max),
        idsOf(t.max + 1),
        [ctx.uid, ctx.otherMember],
        [repeat(128)],
        [repeat(129)],
        [''],
        ['a/b'],
        ['u1', 'u1'],
        ['u1', 5],
        [null],
        [{ uid: 'u1' }],
        'u1',
      ];
    case 'tokens': {
      const tokens120 = Array.from({ length: 121 }, (_, i) => `t${String(i).padStart(3, '0')}`);
      return [
        ...wrongTypes,
        tokens120.slice(0, 120),
        tokens120,
        ['ab', repeat(20)],
        [repeat(21)],
        ['a'],
        [''],
        ['ab cd'],
        ['a-b'],
        ['ÁRBOL', 'ñandú', '١٢', '𝓐𝓑'],
        ['ab', 'ab'],
        ['ab', 5],
        [null],
        [{}],
        'acme',
      ];
    }
    case 'tokenMap': {
      const index = searchIndexOf(ctx.searchTokens ?? []);
      const [first] = Object.keys(index);
      const without = Object.fromEntries(Object.entries(index).filter(([k]) => k !== first));
      return [
        ...wrongTypes,
        index,
        {},
        without,
        { ...index, zzqx: true },
        ...(first
          ? [
              { ...index, [first]: false },
              { ...index, [first]: 1 },
            ]
          : []),
        { ...index, a: true },
        { ...index, 'ab cd': true },
      ];
    }
    case 'timestamp':
      return [
        ...wrongTypes,
        ctx.now,
        new Date(ctx.now.getTime() + 3_600_000),
        new Date(ctx.now.getTime() - 86_400_000),
        '2026-01-01',
        ctx.now.getTime(),
      ];
    case 'number': {
      const out: unknown[] = [
        ...wrongTypes,
        t.min,
        t.max,
        t.min - 1,
        t.max + 1,
        t.min + 0.5,
        '1',
        NaN,
        Infinity,
        -0,
      ];
      if (t.integer) out.push(t.max + 0.5, Number.MAX_SAFE_INTEGER + 1);
      return out;
    }
    case 'storagePath':
      return wrongTypes;
  }
}
