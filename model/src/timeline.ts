/**
 * The timeline index: organizations/{orgId}/timeline/{kind}_{recordId} mirrors every note, task,
 * meeting and deal that references a contact or a company, so a contact's or a company's
 * timeline (newest first, paged) is one query. The client writes the entry in the same batch as
 * its record — the web's records.ts and the seed script both build it here — and firestore.rules
 * require it to equal the record (getAfter), so it cannot be forged.
 */
import { CHANGE_ID_PATTERN, isChangeKind } from './changes.js';
import type { EmailDirection } from './email.js';
import type { TimelineEntryData } from './entities.js';
import {
  TIMELINE_KIND_COLLECTION,
  TIMELINE_KIND_RESOURCE,
  TIMELINE_KINDS,
  type TimelineKind,
} from './enums.js';
import { isValidId } from './paths.js';
import type { ConsentStatus } from './enums.js';
import { can, type MemberLike } from './permissions.js';

/**
 * `${kind}_${recordId}` — one entry per record (kinds contain no '_'). A field edit's entries are
 * many per record: `changeEntryId` (`${kind}_${recordId}_${changeId}`).
 */
export function timelineEntryId(kind: TimelineKind, recordId: string): string {
  if (isChangeKind(kind)) throw new Error(`timelineEntryId(${kind}): a field edit's id is changeEntryId`);
  return `${kind}_${recordId}`;
}

/**
 * The kind and record id of an entry id (and a field edit's change id), or null when it is not
 * one. A field edit's record id lies between the first and the last '_'.
 */
export function parseTimelineEntryId(
  entryId: string,
): { kind: TimelineKind; recordId: string; changeId?: string } | null {
  const i = entryId.indexOf('_');
  const kind = entryId.slice(0, i) as TimelineKind;
  if (i <= 0 || !TIMELINE_KINDS.includes(kind)) return null;
  if (isChangeKind(kind)) {
    const j = entryId.lastIndexOf('_');
    const recordId = entryId.slice(i + 1, j);
    const changeId = entryId.slice(j + 1);
    return j > i + 1 && CHANGE_ID_PATTERN.test(changeId) ? { kind, recordId, changeId } : null;
  }
  const recordId = entryId.slice(i + 1);
  return recordId ? { kind, recordId } : null;
}

/**
 * The kinds whose records members write (and with them the entry, in the same batch); a form
 * submission's and a consent change's entries are written by the functions that record them.
 */
export const CLIENT_TIMELINE_KINDS = [
  'note',
  'task',
  'meeting',
  'deal',
] as const satisfies readonly TimelineKind[];
export type ClientTimelineKind = (typeof CLIENT_TIMELINE_KINDS)[number];

/** Which client-written kind a collection id maps to ('notes'|'tasks'|'meetings'|'deals'), else null. */
export function timelineKindOf(collection: string): ClientTimelineKind | null {
  return CLIENT_TIMELINE_KINDS.find((kind) => TIMELINE_KIND_COLLECTION[kind] === collection) ?? null;
}

/**
 * The entry of a form submission (title: the form's name; detail: 'created' when it created the
 * contact, 'updated' when it matched one), of a consent record (title: the consent text or the
 * source's name; detail: the new status) or of an e-mail (title: its subject, '' when its
 * mailbox is private; detail: 'in' or 'out'; recordId: its emailMessages id). Written by the
 * functions, `createdBy` the member who recorded it (an e-mail: the mailbox's owner) or '' for
 * the contact's own act (a form, a click).
 */
export function serverTimelineEntry<TS>(
  kind: 'submission' | 'consent' | 'email' | 'whatsapp',
  recordId: string,
  entry: {
    title: string;
    detail: 'created' | 'updated' | ConsentStatus | EmailDirection;
    contactId: string;
    companyId: string | null;
    createdAt: TS;
    createdBy: string;
  },
): {
  id: string;
  data: { [K in keyof TimelineEntryData]: K extends 'createdAt' ? TS : TimelineEntryData[K] };
} {
  return {
    id: timelineEntryId(kind, recordId),
    data: { kind, recordId, at: null, amount: null, ...entry },
  };
}

/**
 * The kinds a member may see on a timeline (the `kind in [...]` of the timeline queries): the
 * rules refuse a query that includes a kind whose resource the member may not view. Empty when
 * none: skip the query (Firestore refuses an empty `in`).
 */
export function viewableTimelineKinds(member: MemberLike | null | undefined): TimelineKind[] {
  return TIMELINE_KINDS.filter((kind) => can(member, TIMELINE_KIND_RESOURCE[kind], 'view'));
}

function present(kind: TimelineKind, record: Record<string, unknown>, key: string): unknown {
  const value = record[key];
  if (value === undefined || value === null)
    throw new Error(`timelineEntryFor(${kind}): the record has no ${key} (pass the whole record)`);
  return value;
}

const orNull = (value: unknown): unknown => (value === undefined ? null : value);

/** The timeline entry a record implies, or null when it references no contact or company. */
export function timelineEntryFor(
  kind: TimelineKind,
  recordId: string,
  record: Record<string, unknown>, // the whole record after the write (audit fields included)
  note?: { contactId: string; contactCompanyId: string | null }, // required for kind 'note'
): { id: string; data: TimelineEntryData } | null {
  if (!(CLIENT_TIMELINE_KINDS as readonly string[]).includes(kind))
    throw new Error(`timelineEntryFor: unknown kind ${String(kind)}`);
  if (!isValidId(recordId)) throw new Error(`timelineEntryFor(${kind}): invalid record id`);
  const audit = {
    createdAt: present(kind, record, 'createdAt'),
    createdBy: present(kind, record, 'createdBy') as string,
  };
  let data: TimelineEntryData;
  if (kind === 'note') {
    if (!note || !note.contactId)
      throw new Error('timelineEntryFor(note): pass the contact ({ contactId, contactCompanyId })');
    data = {
      kind,
      recordId,
      title: present(kind, record, 'content') as string,
      detail: null,
      at: null,
      amount: null,
      contactId: note.contactId,
      companyId: note.contactCompanyId ?? null,
      ...audit,
    };
  } else {
    data = {
      kind,
      recordId,
      title: present(kind, record, 'title') as string,
      detail: present(kind, record, kind === 'deal' ? 'stage' : 'status') as string,
      at: orNull(record[kind === 'task' ? 'dueDate' : kind === 'meeting' ? 'startTime' : 'closeDate']),
      amount: kind === 'deal' ? (orNull(record.amount) as number | null) : null,
      contactId: orNull(record[kind === 'deal' ? 'primaryContactId' : 'contactId']) as string | null,
      companyId: orNull(record.companyId) as string | null,
      ...audit,
    };
  }
  if (data.contactId === null && data.companyId === null) return null;
  return { id: timelineEntryId(kind, recordId), data };
}
