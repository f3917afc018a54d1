/**
 * yup schemas. Two kinds:
 * - document schemas (`documentSchemas`), built from the field contract of fields.ts: the body of
 *   a document as a client writes it (audit fields excluded: stampCreate/stampUpdate add them).
 *   A body they accept is one firestore.rules accept and vice versa (security/test/agreement.test.ts
 *   runs generated documents through both).
 * - form schemas for the web's forms (formik), which cast what a user typed ('' → null, trimmed
 *   texts, numbers from strings) and check the same limits with the same value rules, so a form
 *   never sends what the rules refuse (schemas.test.ts checks each form field against the
 *   document schema).
 * Lengths count code points, as the rules' size() does. Messages are i18n keys ("errors.*"); the
 * web translates them (e.g. contacts: errors.required → 'El nombre es obligatorio').
 */
import * as yup from 'yup';

import {
  AMOUNT_MAX,
  ASSIGNEES_MAX,
  DELAY_DAYS_MAX,
  DELAY_DAYS_MIN,
  EMAIL_PATTERN,
  ID_PATTERN,
  LIMITS,
  PARTICIPANTS_MAX,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  SEARCH_TOKEN_PATTERN,
  SEARCH_TOKENS_MAX,
  URL_PATTERN,
  USERNAME_PATTERN,
} from './constants.js';
import {
  allowedKeys,
  FIELD_CONTRACTS,
  fieldSpec,
  type ContractCollection,
  type FieldType,
} from './fields.js';
import {
  COMPANY_SIZES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  MEETING_STATUSES,
  SEQUENCE_STEP_TYPES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from './enums.js';
import { hasEmailOf } from './write.js';

export const ERR = {
  required: 'errors.required',
  email: 'errors.email',
  url: 'errors.url',
  tooLong: 'errors.tooLong',
  number: 'errors.number',
  min: 'errors.min',
  max: 'errors.max',
  oneOf: 'errors.oneOf',
  endBeforeStart: 'errors.endBeforeStart',
  /** Not a whole date (or time): the date fields put an invalid Date in the form. */
  date: 'errors.date',
  username: 'errors.username',
} as const;

// ── Value rules (the rules' checks, one per field type) ───────────────────────

/** Length in code points (the rules' string size()). */
export const charCount = (v: string): number => Array.from(v).length;

/** A Firestore timestamp as the client sends it: a valid Date or a Timestamp. */
export function isTimestampValue(v: unknown): boolean {
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { seconds?: unknown }).seconds === 'number' &&
    typeof (v as { nanoseconds?: unknown }).nanoseconds === 'number' &&
    typeof (v as { toMillis?: unknown }).toMillis === 'function'
  );
}

/** [seconds, nanoseconds] of a timestamp value, for exact comparisons. */
function timestampParts(v: unknown): [number, number] {
  if (v instanceof Date) {
    const ms = v.getTime();
    return [Math.floor(ms / 1000), (((ms % 1000) + 1000) % 1000) * 1_000_000];
  }
  const t = v as { seconds: number; nanoseconds: number };
  return [t.seconds, t.nanoseconds];
}

const isString = (v: unknown): v is string => typeof v === 'string';
/** A value the SDK writes as a map (not a list, a timestamp or another class). */
const isPlainMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const distinctStrings = (v: unknown[], ok: (s: string) => boolean) =>
  v.every((x) => isString(x) && ok(x)) && new Set(v).size === v.length;

/** Whether a (non-null) value has the field type, exactly as firestore.rules check it. */
export function valueMatches(t: FieldType, v: unknown): boolean {
  switch (t.kind) {
    case 'text':
      return isString(v) && charCount(v) <= t.max && v.trim().length > 0;
    case 'string':
      return isString(v) && charCount(v) <= t.max;
    case 'email':
      return isString(v) && charCount(v) <= LIMITS.email && EMAIL_PATTERN.test(v);
    case 'url':
      return isString(v) && charCount(v) <= LIMITS.url && URL_PATTERN.test(v);
    case 'enum':
      return isString(v) && t.values.includes(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'id':
      return isString(v) && ID_PATTERN.test(v);
    case 'ids':
      return Array.isArray(v) && v.length <= t.max && distinctStrings(v, (s) => ID_PATTERN.test(s));
    case 'tokens':
      return (
        Array.isArray(v) &&
        v.length <= SEARCH_TOKENS_MAX &&
        distinctStrings(v, (s) => SEARCH_TOKEN_PATTERN.test(s))
      );
    case 'tokenMap':
      return (
        isPlainMap(v) &&
        Object.keys(v).length <= SEARCH_TOKENS_MAX &&
        Object.entries(v).every(([k, x]) => SEARCH_TOKEN_PATTERN.test(k) && x === true)
      );
    case 'timestamp':
      return isTimestampValue(v);
    case 'number':
      // The SDK sends safe integers (but -0) as int, every other number as float.
      if (typeof v !== 'number' || Number.isNaN(v) || v < t.min || v > t.max) return false;
      return !t.integer || (Number.isSafeInteger(v) && !Object.is(v, -0));
    case 'storagePath':
      return (
        isString(v) &&
        charCount(v) <= LIMITS.storagePath &&
        /^organizations\/[^/]+\/documents\/[^/]+\/[^/]+$/u.test(v)
      );
  }
}

// ── Document schemas ──────────────────────────────────────────────────────────

/**
 * Who writes what: with it, a document schema also checks the bindings that need no database
 * read (fields.ts FieldBinding): the author's name, the owner, the document's own id and path,
 * a folder not its own parent, the values a create must have. Membership, existence of parents
 * and folder depth need the database: only the rules check them.
 */
export interface WriteContext {
  op: 'create' | 'update';
  uid: string;
  orgId: string;
  /** The document's id. */
  id: string;
  isAdmin?: boolean;
  /** The caller's member name (members/{uid}.fullName). */
  authorName?: string;
}

function bindingHolds(
  c: ContractCollection,
  key: string,
  v: unknown,
  ctx: WriteContext | undefined,
): boolean {
  const spec = fieldSpec(c, key);
  if (!ctx || !spec.bound || v === null || v === undefined) return true;
  switch (spec.bound) {
    case 'authorName':
      return ctx.op !== 'create' || ctx.authorName === undefined || v === ctx.authorName;
    case 'owner':
      return ctx.op !== 'create' || v === ctx.uid || ctx.isAdmin === true;
    case 'ownId':
      return v === ctx.id;
    case 'ownPath':
      return isString(v) && v.startsWith(`organizations/${ctx.orgId}/documents/${ctx.id}/`);
    case 'parentFolder':
      return v !== ctx.id;
    case 'initial':
      return ctx.op !== 'create' || v === spec.initial;
    case 'member':
    case 'folder':
      return true;
  }
}

function fieldSchema(c: ContractCollection, key: string) {
  const spec = fieldSpec(c, key);
  return yup
    .mixed()
    .nullable()
    .test('field', ERR.oneOf, function (v: unknown) {
      const ctx = (this.options.context ?? undefined) as WriteContext | undefined;
      if (v === undefined) return spec.optional;
      if (v === null) return spec.nullable === true;
      return valueMatches(spec.type, v) && bindingHolds(c, key, v, ctx);
    });
}

function documentSchema(c: ContractCollection) {
  const keys = allowedKeys(FIELD_CONTRACTS[c]).filter(
    (k) => !['createdAt', 'createdBy', 'updatedAt'].includes(k),
  );
  const shape = Object.fromEntries(keys.map((k) => [k, fieldSchema(c, k)]));
  let schema = yup.object(shape).noUnknown(true, ERR.oneOf).strict(true);
  // searchIndex lists exactly the searchTokens (search.ts): a one-word and a several-word search
  // find the same documents.
  if (keys.includes('searchIndex'))
    schema = schema.test('searchIndexOfTokens', ERR.oneOf, (d) => {
      const { searchTokens, searchIndex } = d as { searchTokens?: unknown; searchIndex?: unknown };
      if (!Array.isArray(searchTokens) || !isPlainMap(searchIndex)) return true;
      const indexed = new Set(Object.keys(searchIndex));
      const tokens = new Set<unknown>(searchTokens);
      return indexed.size === tokens.size && [...tokens].every((t) => isString(t) && indexed.has(t));
    });
  // A contact's derived hasEmail says whether it has an address (write.ts hasEmailOf).
  if (c === 'contacts')
    schema = schema.test('hasEmailOfEmail', ERR.oneOf, (d) => {
      const { hasEmail, email } = d as { hasEmail?: unknown; email?: unknown };
      return hasEmail === undefined || hasEmail === hasEmailOf({ email });
    });
  // A sequence step's fields by its type (firestore.rules validStep): an e-mail has its subject
  // and body, a task its title (subject), a WhatsApp step its template; a wait needs nothing.
  if (c === 'steps')
    schema = schema.test('stepByType', ERR.required, (d) => {
      const { type, subject, body, templateId } = d as Record<string, unknown>;
      const filled = (v: unknown, max: number) => valueMatches({ kind: 'text', max }, v);
      if (type === 'email') return filled(subject, LIMITS.subject) && filled(body, LIMITS.body);
      if (type === 'task') return filled(subject, LIMITS.subject);
      if (type === 'whatsapp') return valueMatches({ kind: 'id' }, templateId);
      return true;
    });
  if (c === 'meetings')
    schema = schema.test('endAfterStart', ERR.endBeforeStart, (d) => {
      const { startTime, endTime } = d as { startTime?: unknown; endTime?: unknown };
      if (!isTimestampValue(startTime) || !isTimestampValue(endTime)) return true;
      const [s1, n1] = timestampParts(startTime);
      const [s2, n2] = timestampParts(endTime);
      return s1 < s2 || (s1 === s2 && n1 < n2);
    });
  return schema;
}

/**
 * The body of a document of each client-written collection, as the client writes it (before
 * stampCreate/stampUpdate). Validate with `{ strict: true, context }` (a WriteContext) to check
 * the bindings too: `documentSchemas.notes.isValidSync(body, { context })`.
 */
export const documentSchemas = Object.fromEntries(
  (Object.keys(FIELD_CONTRACTS) as ContractCollection[]).map((c) => [c, documentSchema(c)]),
) as Record<ContractCollection, ReturnType<typeof documentSchema>>;

// ── Form schemas ──────────────────────────────────────────────────────────────

const maxChars = (max: number) => (v: string | null | undefined) => v == null || charCount(v) <= max;
/** A string, trimmed (yup's trim() throws on values that are not strings). */
const trimmed = () => yup.string().transform((v: unknown) => (typeof v === 'string' ? v.trim() : v));

/** Optional text: '' becomes null (what the rules and lists expect). */
const text = (max: number) =>
  trimmed()
    .test('max', ERR.tooLong, maxChars(max))
    .nullable()
    .transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v))
    .default(null);
const requiredText = (max: number) =>
  trimmed().required(ERR.required).test('max', ERR.tooLong, maxChars(max));
const email = () => text(LIMITS.email).matches(EMAIL_PATTERN, ERR.email);
const url = () => text(LIMITS.url).matches(URL_PATTERN, ERR.url);
const id = () => text(LIMITS.id).matches(ID_PATTERN, ERR.oneOf);
/** A list of distinct member uids (assignees, participants). */
const ids = (max: number) =>
  yup
    .array(yup.string().required(ERR.required).matches(ID_PATTERN, ERR.oneOf))
    .max(max, ERR.max)
    .test('distinct', ERR.oneOf, (v) => !v || new Set(v).size === v.length)
    .default([]);
const oneOf = <T extends string>(values: readonly T[]) => yup.mixed<T>().oneOf([...values], ERR.oneOf);
const optionalNumber = () =>
  yup
    .number()
    .typeError(ERR.number)
    .nullable()
    .transform((v: unknown, orig: unknown) => (orig === '' || orig === null || orig === undefined ? null : v))
    .default(null);

export const companySchema = yup.object({
  name: requiredText(LIMITS.name),
  website: url(),
  phone: text(LIMITS.phone),
  linkedinUrl: url(),
  industry: oneOf(INDUSTRIES).nullable().default(null),
  size: oneOf(COMPANY_SIZES).nullable().default(null),
  country: text(LIMITS.country),
  city: text(LIMITS.shortText),
  address: text(LIMITS.address),
  notes: text(LIMITS.notes),
});

export const contactSchema = yup.object({
  name: requiredText(LIMITS.name),
  email: email(),
  phone: text(LIMITS.phone),
  companyId: id(),
  jobTitle: text(LIMITS.shortText),
  city: text(LIMITS.shortText),
  country: text(LIMITS.country),
  rtn: text(LIMITS.rtn),
  status: oneOf(CONTACT_STATUSES).required(ERR.required).default('active'),
  isCustomer: yup.boolean().default(false),
  lifecycleStage: oneOf(LIFECYCLE_STAGES).required(ERR.required).default('lead'),
  linkedinUrl: url(),
});

export const dealSchema = yup.object({
  title: requiredText(LIMITS.title),
  amount: optionalNumber().min(0, ERR.min).max(AMOUNT_MAX, ERR.max),
  stage: oneOf(DEAL_STAGES).required(ERR.required).default('new'),
  probability: optionalNumber().min(PROBABILITY_MIN, ERR.min).max(PROBABILITY_MAX, ERR.max),
  closeDate: yup.date().typeError(ERR.date).nullable().default(null),
  companyId: id(),
  primaryContactId: id(),
  notes: text(LIMITS.notes),
});

/** The contact's Oportunidades dialog: title and client required (spec section 5). */
export const opportunitySchema = dealSchema.shape({
  primaryContactId: requiredText(LIMITS.id).matches(ID_PATTERN, ERR.oneOf),
});

export const taskSchema = yup.object({
  title: requiredText(LIMITS.title),
  description: text(LIMITS.description),
  status: oneOf(TASK_STATUSES).required(ERR.required).default('pending'),
  dueDate: yup.date().typeError(ERR.date).nullable().default(null),
  contactId: id(),
  companyId: id(),
  assigneeIds: ids(ASSIGNEES_MAX),
});

export const meetingSchema = yup.object({
  title: requiredText(LIMITS.title),
  notes: text(LIMITS.notes),
  startTime: yup.date().typeError(ERR.date).required(ERR.required),
  endTime: yup
    .date()
    .typeError(ERR.date)
    .required(ERR.required)
    .when('startTime', ([start], s) =>
      start instanceof Date ? s.min(new Date(start.getTime() + 1), ERR.endBeforeStart) : s,
    ),
  status: oneOf(MEETING_STATUSES).required(ERR.required).default('scheduled'),
  contactId: id(),
  companyId: id(),
  participantIds: ids(PARTICIPANTS_MAX),
});

export const ticketSchema = yup.object({
  ticketName: requiredText(LIMITS.title),
  pipeline: requiredText(LIMITS.shortText).default('Support Pipeline'),
  status: oneOf(TICKET_STATUSES).required(ERR.required).default('New'),
  description: text(LIMITS.ticketDescription),
  source: text(LIMITS.shortText),
  ownerId: id(),
  priority: oneOf(TICKET_PRIORITIES).nullable().default(null),
  contactId: id(),
  companyId: id(),
});

export const noteSchema = yup.object({ content: requiredText(LIMITS.noteContent) });
export const folderSchema = yup.object({ name: requiredText(LIMITS.folderName) });

export const sequenceSchema = yup.object({
  name: requiredText(LIMITS.name),
  description: text(LIMITS.sequenceDescription),
  /** The topic its e-mails speak of; none: null. */
  topicId: id(),
});

export const stepSchema = yup.object({
  type: oneOf(SEQUENCE_STEP_TYPES).required(ERR.required).default('email'),
  subject: requiredText(LIMITS.subject),
  body: requiredText(LIMITS.body),
  delayDays: yup
    .number()
    .typeError(ERR.number)
    // -0 would travel as a float (the rules want an int).
    .transform((v: unknown) => (Object.is(v, -0) ? 0 : v))
    .integer(ERR.number)
    .min(DELAY_DAYS_MIN, ERR.min)
    .max(DELAY_DAYS_MAX, ERR.max)
    .default(0),
});

export const listSchema = yup.object({
  name: requiredText(LIMITS.name),
  description: text(LIMITS.sequenceDescription),
});

export const campaignSchema = yup.object({
  name: requiredText(LIMITS.name),
  listId: id().required(ERR.required),
  subject: requiredText(LIMITS.subject),
  body: requiredText(LIMITS.body),
  /** The topic it speaks of; none: null. */
  topicId: id(),
});

/** A marketing topic ('Promociones', 'Boletín'): what the preference centre shows of it. */
export const topicSchema = yup.object({
  name: requiredText(LIMITS.topicName),
  description: text(LIMITS.topicDescription),
});

export const usernameSchema = yup.string().required(ERR.required).matches(USERNAME_PATTERN, ERR.username);
