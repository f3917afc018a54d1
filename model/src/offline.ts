/**
 * Working on a flaky connection (issue 35, docs/offline.md): the size of the browser's offline
 * cache, and how a record write is planned when the server cannot be asked first.
 */
import { sameStoredValue } from './changes.js';
import type { ClientTimelineKind } from './timeline.js';

/**
 * The most the browser keeps of documents read (IndexedDB), Firestore's own default. Past it,
 * Firestore's LRU collector evicts the documents no open listener uses, least recently used
 * first, a minute after start and every five minutes; writes waiting to be sent are never
 * evicted.
 */
export const OFFLINE_CACHE_BYTES = 40 * 1024 * 1024;

/**
 * A write that has not reached the server after this long is reported as queued: the screen
 * moves on (the change is already on it) and the sync indicator follows the write. Offline,
 * writes are reported queued at once.
 */
export const WRITE_QUEUED_AFTER_MS = 4000;

/** Which record field each timeline entry field mirrors, per kind (model timelineEntryFor). */
const ENTRY_SOURCES: Record<ClientTimelineKind, Record<string, string>> = {
  note: { content: 'title' },
  task: { title: 'title', status: 'detail', dueDate: 'at' },
  meeting: { title: 'title', status: 'detail', startTime: 'at' },
  deal: { title: 'title', stage: 'detail', closeDate: 'at', amount: 'amount' },
};

/** The record fields that decide whether (and under whom) a record has a timeline entry. */
const LINK_FIELDS: Record<ClientTimelineKind, readonly string[]> = {
  note: [],
  task: ['contactId', 'companyId'],
  meeting: ['contactId', 'companyId'],
  deal: ['primaryContactId', 'companyId'],
};

/** Whether an update changes what the record's timeline entry is linked to. */
export function patchChangesLinks(kind: ClientTimelineKind, patch: Record<string, unknown>): boolean {
  return LINK_FIELDS[kind].some((field) => field in patch);
}

/**
 * The timeline entry fields an update changes, field by field (`isCleared` tells a deleteField()
 * sentinel, which clears the entry's field too). Written as an update of the entry beside the
 * record's own, the two stay equal whatever a colleague changed in between in other fields —
 * which lets the write go without reading the record as committed first (offline).
 */
export function entryPatchFor(
  kind: ClientTimelineKind,
  patch: Record<string, unknown>,
  isCleared: (value: unknown) => boolean = () => false,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const [field, entryField] of Object.entries(ENTRY_SOURCES[kind])) {
    if (!(field in patch)) continue;
    const value = patch[field];
    entry[entryField] = value === undefined || isCleared(value) ? null : value;
  }
  return entry;
}

/**
 * The part of an edit that changes something: the fields whose value differs from the record as
 * the member saw it (a dialog saves every field). Writing only those is what makes the last
 * write win per field: a colleague's change of another field, made meanwhile, is not overwritten
 * by this member's stale copy of it. `isSentinel` keeps write-time values (deleteField(),
 * serverTimestamp()) whatever they are compared with.
 */
export function changedFields(
  patch: Record<string, unknown>,
  shown: Record<string, unknown> | null | undefined,
  isSentinel: (value: unknown) => boolean = () => false,
): Record<string, unknown> {
  if (!shown) return patch;
  return Object.fromEntries(
    Object.entries(patch).filter(([key, value]) => isSentinel(value) || !sameStoredValue(shown[key], value)),
  );
}
