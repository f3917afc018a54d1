/**
 * Who changed what (issue 35, docs/offline.md "Conflicts: last write wins per field"): an update
 * of a contact, a company or a deal writes, in the same batch as the record, one timeline entry
 * per tracked field it changes — kind `contactEdit` | `companyEdit` | `dealEdit`, title the
 * field's key, the new value, the member and the server's time. Record updates write only their
 * fields, so when two members change the same field the later write wins and the record's
 * timeline shows both changes, newest first; firestore.rules admit an entry only when it is true
 * of the record after the write (docs/data-model.md, timeline).
 */
import { ID_PATTERN } from './constants.js';
import type { TimelineEntryData } from './entities.js';
import type { TimelineKind } from './enums.js';
import { paths } from './paths.js';

/** The timeline kinds of field edits, one per edited collection. */
export const CHANGE_KINDS = [
  'contactEdit',
  'companyEdit',
  'dealEdit',
] as const satisfies readonly TimelineKind[];
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The collections whose edits are tracked, and the kind of their entries. */
export const CHANGE_KIND_OF = {
  contacts: 'contactEdit',
  companies: 'companyEdit',
  deals: 'dealEdit',
} as const satisfies Record<string, ChangeKind>;
export type ChangeCollection = keyof typeof CHANGE_KIND_OF;

/**
 * Where an entry carries a field's new value: `detail` a string (text, enum value, id);
 * `bool` 'true' | 'false' in detail; `amount` a number; `at` a timestamp. The other two are null
 * (all three when the field was cleared). The rules compare the slot with the record's field.
 */
export type ChangeSlot = 'detail' | 'bool' | 'amount' | 'at';

/**
 * The fields whose edits a record's timeline shows, what a member edits in its dialog. Not
 * tracked: audit and derived fields (createdAt, updatedAt, searchTokens, searchIndex, hasEmail),
 * denormalised names that follow their link (companyName, primaryContactName), long free text
 * (a company's or a deal's notes), a contact's marketing lists (listIds) and consent (which has
 * its own entries). firestore.rules `changeFields` lists the same keys (rules-sync test).
 */
export const TRACKED_FIELDS = {
  contacts: {
    name: 'detail',
    email: 'detail',
    phone: 'detail',
    companyId: 'detail',
    jobTitle: 'detail',
    lifecycleStage: 'detail',
    status: 'detail',
    isCustomer: 'bool',
    ownerId: 'detail',
    city: 'detail',
    country: 'detail',
    rtn: 'detail',
    linkedinUrl: 'detail',
  },
  companies: {
    name: 'detail',
    website: 'detail',
    phone: 'detail',
    industry: 'detail',
    size: 'detail',
    linkedinUrl: 'detail',
    country: 'detail',
    city: 'detail',
    address: 'detail',
  },
  deals: {
    title: 'detail',
    stage: 'detail',
    amount: 'amount',
    probability: 'amount',
    closeDate: 'at',
    ownerId: 'detail',
    companyId: 'detail',
    primaryContactId: 'detail',
  },
} as const satisfies Record<ChangeCollection, Record<string, ChangeSlot>>;

/** Whether updates of `collection` write field-change entries. */
export function tracksChanges(collection: string): collection is ChangeCollection {
  return Object.hasOwn(CHANGE_KIND_OF, collection);
}

/** Whether a patch key of `collection` is a tracked field (its change gets an entry). */
export function isTrackedField(collection: string, key: string): boolean {
  return tracksChanges(collection) && Object.hasOwn(TRACKED_FIELDS[collection], key);
}

/** Whether a timeline kind is a field edit's. */
export function isChangeKind(kind: string): kind is ChangeKind {
  return (CHANGE_KINDS as readonly string[]).includes(kind);
}

/** How an entry of `kind` carries field `field` (null when the field is not tracked). */
export function changeSlotOf(kind: ChangeKind, field: string): ChangeSlot | null {
  const collection = (Object.keys(CHANGE_KIND_OF) as ChangeCollection[]).find(
    (c) => CHANGE_KIND_OF[c] === kind,
  )!;
  const fields: Record<string, ChangeSlot> = TRACKED_FIELDS[collection];
  return Object.hasOwn(fields, field) ? fields[field]! : null;
}

/** A change's own part of its entry id: a Firestore auto-id (20 letters and digits). */
export const CHANGE_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/**
 * `${kind}_${recordId}_${changeId}`: many entries per record, none of them a mirror's id
 * (`${kind}_${recordId}`, kinds differ). Kinds and change ids contain no '_', so the record id
 * (which may) is what lies between the first and the last '_' (parseTimelineEntryId).
 */
export function changeEntryId(kind: ChangeKind, recordId: string, changeId: string): string {
  if (!ID_PATTERN.test(recordId))
    throw new Error(`changeEntryId: invalid record id ${JSON.stringify(recordId)}`);
  if (!CHANGE_ID_PATTERN.test(changeId))
    throw new Error(`changeEntryId: a change id is 20 letters or digits, not ${JSON.stringify(changeId)}`);
  return `${kind}_${recordId}_${changeId}`;
}

/** Milliseconds of a Date, a Firestore Timestamp or `{ seconds, nanoseconds }`; else null. */
function millisOf(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { toMillis?: unknown; seconds?: unknown; nanoseconds?: unknown };
  if (typeof v.toMillis === 'function') return (v.toMillis as () => number).call(value);
  if (typeof v.seconds === 'number' && typeof v.nanoseconds === 'number')
    return v.seconds * 1000 + Math.floor(v.nanoseconds / 1e6);
  return null;
}

/**
 * Equal as stored: absent, null and '' alike (an empty field is stored as null), instants by
 * their time (a Date and a Timestamp), lists element by element.
 */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  const x = a === undefined || a === '' ? null : a;
  const y = b === undefined || b === '' ? null : b;
  if (x === y) return true;
  if (Array.isArray(x) && Array.isArray(y))
    return x.length === y.length && x.every((item, i) => sameStoredValue(item, y[i]));
  const mx = millisOf(x);
  return mx !== null && mx === millisOf(y);
}

export interface ChangeEntriesInput<TS> {
  orgId: string;
  /** 'contacts' | 'companies' | 'deals'; any other collection plans nothing. */
  collection: string;
  recordId: string;
  /** The update's fields: which fields changed (only its keys are read). */
  patch: Record<string, unknown>;
  /**
   * The whole record after the write (`{ ...current, ...payload }`): the new values, and the
   * links (a deal's primaryContactId and companyId, a contact's companyId) the entries carry,
   * which the rules compare with the record after the write. A field removed by the update is
   * absent or null (or pass `isCleared`).
   */
  recordAfter: Record<string, unknown>;
  /**
   * The record before the write (as shown or as committed), when known: a patch key whose value
   * it already has gets no entry (a dialog saves every field). Null / omitted: every tracked
   * key of the patch gets one.
   */
  recordBefore?: Record<string, unknown> | null;
  /** The member who writes (the entries' createdBy). */
  uid: string;
  /** serverTimestamp(): the entries' createdAt, which the rules require to be request.time. */
  now: TS;
  /** A new change id per entry: a Firestore auto-id, e.g. `() => doc(collection(db, 'x')).id`. */
  newId: () => string;
  /** Whether a value is a deleteField() sentinel (the field is cleared). */
  isCleared?: (value: unknown) => boolean;
}

export interface PlannedChangeEntry<TS> {
  op: 'set';
  path: string;
  data: { [K in keyof TimelineEntryData]: K extends 'createdAt' ? TS : TimelineEntryData[K] };
}

const invalid = (collection: string, field: string, value: unknown, expected: string) =>
  new Error(`changeEntriesFor(${collection}.${field}): ${expected} expected, not ${JSON.stringify(value)}`);

/**
 * The timeline entries of an update of a contact, a company or a deal: one per tracked field of
 * the patch whose value changes (TRACKED_FIELDS order), each to be written (set) IN THE SAME
 * BATCH as the record's update. None for another collection, and none for a deal linked to no
 * contact and no company after the write (an entry must appear on some timeline). Pure.
 */
export function changeEntriesFor<TS>(input: ChangeEntriesInput<TS>): PlannedChangeEntry<TS>[] {
  const { collection, recordId, patch, recordAfter, recordBefore, uid, now } = input;
  if (!tracksChanges(collection)) return [];
  if (!ID_PATTERN.test(recordId)) throw new Error(`changeEntriesFor(${collection}): invalid record id`);
  const kind = CHANGE_KIND_OF[collection];
  const cleared = input.isCleared ?? (() => false);
  const after = (field: string): unknown => {
    const value = recordAfter[field];
    return value === undefined || cleared(value) ? null : value;
  };
  const link = (field: string) => {
    const value = after(field);
    if (value !== null && (typeof value !== 'string' || !ID_PATTERN.test(value)))
      throw invalid(collection, field, value, 'an id or null');
    return value;
  };
  const contactId = kind === 'contactEdit' ? recordId : kind === 'dealEdit' ? link('primaryContactId') : null;
  const companyId = kind === 'companyEdit' ? recordId : link('companyId');
  if (contactId === null && companyId === null) return [];

  const fields: Record<string, ChangeSlot> = TRACKED_FIELDS[collection];
  const entries: PlannedChangeEntry<TS>[] = [];
  for (const [field, slot] of Object.entries(fields)) {
    if (!Object.hasOwn(patch, field)) continue;
    const value = after(field);
    if (recordBefore && sameStoredValue(recordBefore[field], value)) continue;
    let detail: string | null = null;
    let amount: number | null = null;
    let at: unknown = null;
    if (slot === 'detail') {
      if (value !== null && typeof value !== 'string')
        throw invalid(collection, field, value, 'a string or null');
      detail = value;
    } else if (slot === 'bool') {
      if (typeof value !== 'boolean') throw invalid(collection, field, value, 'a boolean');
      detail = String(value);
    } else if (slot === 'amount') {
      if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
        throw invalid(collection, field, value, 'a number or null');
      amount = value;
    } else {
      if (value !== null && typeof value !== 'object')
        throw invalid(collection, field, value, 'a timestamp or null');
      at = value;
    }
    const changeId = input.newId();
    entries.push({
      op: 'set',
      path: paths.timelineEntry(input.orgId, changeEntryId(kind, recordId, changeId)),
      data: {
        kind,
        recordId,
        title: field,
        detail,
        at,
        amount,
        contactId,
        companyId,
        createdAt: now,
        createdBy: uid,
      },
    });
  }
  return entries;
}
