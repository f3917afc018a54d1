// Record writes of the signed-in area, shaped in one place the way firestore.rules expects:
// empty strings become null, audit stamps (createdAt/createdBy/updatedAt) and search tokens are
// added, ids come from the SDK. Writes are latency-compensated: listeners see them at once, and
// a refused write reverts there and rejects the returned promise (the caller toasts it).
//
// Timeline index: a note, task, meeting or deal that references a contact or a company has a
// mirror entry in organizations/{orgId}/timeline/{kind}_{recordId} (model `timelineEntryFor`).
// Every write of such a record writes (or deletes) its entry IN THE SAME BATCH (or transaction),
// automatically; the rules refuse an entry that is not equal to its record after the write.
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  FieldValue,
  getDocFromCache,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore';
import {
  CHANGE_KIND_OF,
  changedFields,
  changeEntriesFor,
  derivedFieldsOf,
  emptyToNull,
  entryPatchFor,
  patchChangesLinks,
  WRITE_QUEUED_AFTER_MS,
  paths,
  SEARCH_FIELDS,
  stampCreate,
  stampUpdate,
  timelineEntryFor,
  timelineEntryId,
  timelineKindOf,
  tracksChanges,
  withDerivedFields,
  type SearchableCollection,
  type TimelineKind,
} from '@trato/model';
import { getCoreServices } from './app';
import { isOnline } from './connectivity';
import { getDataServices } from './data';
import { followQueuedWrite } from './pendingWrites';
import { idsOf, orgRequest } from './queries';

/** Where records of one kind live: `organizations/{orgId}` (or a parent record) and the collection id. */
export interface RecordTarget {
  parentPath: string;
  collection: string;
  /**
   * Notes only (`{ parentPath: 'organizations/{orgId}/contacts/{contactId}', collection:
   * 'notes' }`): the contact's `companyId` (null when it has none). The note's timeline entry
   * carries it, and the rules compare it with the contact after the write. Planning a note's
   * create or update without it throws; createRecord and updateRecord fill it from the contact as
   * committed (planCommittedWrite); deleting a note does not need it.
   */
  context?: { contactCompanyId: string | null };
}

type Data = Record<string, unknown>;
/** A record as shown (typed entities such as `WithId<Task>` are accepted as they are). */
type Current = object | null;

/** One document write, by full path (pure: the SDK references are made when committing). */
export type PlannedWrite =
  | { op: 'set'; path: string; data: Data }
  | { op: 'update'; path: string; data: Data }
  | { op: 'delete'; path: string };

function isSearchable(name: string): name is SearchableCollection {
  return name in SEARCH_FIELDS;
}

function currentUid(): string {
  const uid = getCoreServices().auth.currentUser?.uid;
  if (!uid) throw Object.assign(new Error('Not signed in'), { code: 'unauthenticated' });
  return uid;
}

function collectionRef(target: RecordTarget) {
  return collection(getDataServices().firestore, `${target.parentPath}/${target.collection}`);
}

/** A new id for a record about to be created (to navigate to it before the write is confirmed). */
export function newRecordId(target: RecordTarget): string {
  return doc(collectionRef(target)).id;
}

/**
 * The fields the contract types as a string that is never null (FIELD_TYPES: kind 'string', not
 * nullable): an empty one stays '' (a WhatsApp or wait step's subject and body). Spelled out so
 * the contract's tables stay out of every page; records.test.ts checks it against FIELD_TYPES.
 */
export const KEEP_EMPTY: Readonly<Record<string, readonly string[]>> = {
  steps: ['subject', 'body'],
  documents: ['mimeType'],
};

/** Empty strings become null, but in the fields of KEEP_EMPTY. */
export function cleanEmpty(collection: string, data: Data): Data {
  const cleaned = emptyToNull(data);
  for (const key of KEEP_EMPTY[collection] ?? [])
    if (typeof data[key] === 'string' && cleaned[key] === null) cleaned[key] = '';
  return cleaned;
}

/** The document a create writes (pure apart from the timestamp sentinel). */
export function createPayload(
  target: RecordTarget,
  data: Data,
  uid: string,
  now: unknown = serverTimestamp(),
): Data {
  const cleaned = cleanEmpty(target.collection, data);
  const stamped = stampCreate(cleaned, uid, now);
  return isSearchable(target.collection) ? withDerivedFields(target.collection, stamped) : stamped;
}

/** Whether an update changes a field its record's search tokens are made of (SEARCH_FIELDS). */
export function touchesSearch(target: RecordTarget, patch: Data): boolean {
  return isSearchable(target.collection) && SEARCH_FIELDS[target.collection].some((f) => f in patch);
}

/**
 * The fields an update writes. When it changes a searchable field, the search tokens (both
 * forms) are rebuilt from the whole record after the change: `current` must then be the record
 * as committed (updateRecord reads it in a transaction, see needsCommittedState), or a
 * colleague's concurrent change of another searchable field would drop out of them. Other
 * updates leave the tokens alone.
 */
export function updatePayload(
  target: RecordTarget,
  patch: Data,
  current: Current,
  now: unknown = serverTimestamp(),
): Data {
  const cleaned = stampUpdate(cleanEmpty(target.collection, patch), now);
  if (!isSearchable(target.collection) || !touchesSearch(target, patch)) return cleaned;
  return { ...cleaned, ...derivedFieldsOf(target.collection, { ...(current ?? {}), ...cleaned }) };
}

// ── Timeline entries ──────────────────────────────────────────────────────────

interface Mirror {
  kind: TimelineKind;
  orgId: string;
  /** Notes: the contact of the path. */
  contactId?: string;
}

const ORG_PATH = /^organizations\/([^/]+)$/;
const CONTACT_PATH = /^organizations\/([^/]+)\/contacts\/([^/]+)$/;

/** Whether records of `target` have timeline entries (and where), or null. */
function mirrorOf(target: RecordTarget): Mirror | null {
  const kind = timelineKindOf(target.collection);
  if (!kind) return null;
  const m = (kind === 'note' ? CONTACT_PATH : ORG_PATH).exec(target.parentPath);
  if (!m)
    throw new Error(
      `${target.collection} live under ${kind === 'note' ? 'organizations/{orgId}/contacts/{contactId}' : 'organizations/{orgId}'}, not ${target.parentPath}`,
    );
  return kind === 'note' ? { kind, orgId: m[1]!, contactId: m[2]! } : { kind, orgId: m[1]! };
}

const DELETE_FIELD = deleteField();
const isDeleteField = (v: unknown) => v instanceof FieldValue && v.isEqual(DELETE_FIELD);

/**
 * The timeline write a record implies after a create or an update: its entry (set) when it
 * references a contact or a company, else the deletion of its entry (harmless when there is
 * none). `record` is the whole record after the write; null when the collection has no timeline.
 */
export function timelineWriteFor(target: RecordTarget, id: string, record: Data): PlannedWrite | null {
  const mirror = mirrorOf(target);
  if (!mirror) return null;
  let note: { contactId: string; contactCompanyId: string | null } | undefined;
  if (mirror.kind === 'note') {
    if (!target.context || target.context.contactCompanyId === undefined)
      throw new Error(
        "Writing a note needs target.context.contactCompanyId (the contact's companyId) for its timeline entry",
      );
    note = { contactId: mirror.contactId!, contactCompanyId: target.context.contactCompanyId };
  }
  // A field removed by the update (deleteField()) is absent from the record after it.
  const after = Object.fromEntries(Object.entries(record).filter(([, v]) => !isDeleteField(v)));
  const entry = timelineEntryFor(mirror.kind, id, after, note);
  const path = paths.timelineEntry(mirror.orgId, timelineEntryId(mirror.kind, id));
  return entry ? { op: 'set', path, data: entry.data } : { op: 'delete', path };
}

/** The deletion of a record's timeline entry, or null when the collection has no timeline. */
export function timelineDeleteFor(target: RecordTarget, id: string): PlannedWrite | null {
  const mirror = mirrorOf(target);
  if (!mirror) return null;
  return { op: 'delete', path: paths.timelineEntry(mirror.orgId, timelineEntryId(mirror.kind, id)) };
}

// ── Planning (pure) ───────────────────────────────────────────────────────────

export type RecordWrite =
  | { kind: 'create'; target: RecordTarget; id?: string; data: Data }
  | { kind: 'update'; target: RecordTarget; id: string; patch: Data; current: Current }
  | { kind: 'delete'; target: RecordTarget; id: string };

/** Firestore's limit of writes in one batch. */
export const BATCH_LIMIT = 500;

const recordPath = (target: RecordTarget, id: string) => `${target.parentPath}/${target.collection}/${id}`;

/** Where a change entry's id comes from (any collection of the organization: only the id is used). */
const CHANGE_IDS = (orgId: string): RecordTarget => ({
  parentPath: `organizations/${orgId}`,
  collection: 'timeline',
});

/**
 * Who changed what (model changeEntriesFor): an update of a contact's, a company's or a deal's
 * tracked fields writes one timeline entry per field it changes, in the record's batch, so that
 * when two members change the same field the record's timeline shows both changes (the later
 * value wins, field by field). `write.current` is the record before the write.
 */
function editEntriesFor(
  write: Extract<RecordWrite, { kind: 'update' }>,
  data: Data,
  uid: string,
  now: unknown,
  newId: (target: RecordTarget) => string,
): PlannedWrite[] {
  const org = ORG_PATH.exec(write.target.parentPath);
  if (!org) return [];
  const before = (write.current ?? null) as Data | null;
  const after = Object.fromEntries(
    Object.entries({ ...before, ...data }).filter(([, v]) => !isDeleteField(v)),
  );
  return changeEntriesFor({
    orgId: org[1]!,
    collection: write.target.collection,
    recordId: write.id,
    patch: write.patch,
    recordAfter: after,
    recordBefore: before,
    uid,
    now,
    newId: () => newId(CHANGE_IDS(org[1]!)),
    isCleared: isDeleteField,
  });
}

/**
 * The writes one record write makes: the record, then its timeline entry's set or delete when
 * its collection has a timeline. They must be committed in the same batch. `newId` gives the id
 * of a create without one. Pure apart from `now` (serverTimestamp() by default).
 */
export function planRecordWrite(
  write: RecordWrite,
  uid: string,
  now: unknown = serverTimestamp(),
  newId: (target: RecordTarget) => string = newRecordId,
): PlannedWrite[] {
  const { target } = write;
  if (write.kind === 'create') {
    const id = write.id ?? newId(target);
    const data = createPayload(target, write.data, uid, now);
    const entry = timelineWriteFor(target, id, data);
    // A new record linked to nothing has no entry to delete.
    return [{ op: 'set', path: recordPath(target, id), data }, ...(entry?.op === 'set' ? [entry] : [])];
  }
  if (write.kind === 'update') {
    const data = updatePayload(target, write.patch, write.current, now);
    const planned: PlannedWrite = { op: 'update', path: recordPath(target, write.id), data };
    const edits = editEntriesFor(write, data, uid, now, newId);
    if (!timelineKindOf(target.collection)) return [planned, ...edits];
    if (!write.current)
      throw new Error(
        `Updating ${target.collection} needs the current record (its timeline entry is rewritten from it)`,
      );
    return [planned, timelineWriteFor(target, write.id, { ...write.current, ...data })!, ...edits];
  }
  const entry = timelineDeleteFor(target, write.id);
  return [{ op: 'delete', path: recordPath(target, write.id) }, ...(entry ? [entry] : [])];
}

/**
 * Batches for a list of record writes: in order, at most BATCH_LIMIT writes each, a record and
 * its timeline entry always in the same batch.
 */
export function planBatches(
  writes: RecordWrite[],
  uid: string,
  now: unknown = serverTimestamp(),
  newId: (target: RecordTarget) => string = newRecordId,
): PlannedWrite[][] {
  const batches: PlannedWrite[][] = [];
  let current: PlannedWrite[] = [];
  for (const write of writes) {
    const group = planRecordWrite(write, uid, now, newId);
    if (current.length + group.length > BATCH_LIMIT) {
      batches.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length) batches.push(current);
  return batches;
}

// ── Planning from the committed state ─────────────────────────────────────────

/** Reads a document as committed (in a transaction): its data, or null when it does not exist. */
export type CommittedRead = (path: string) => Promise<Data | null>;

/**
 * Whether a write's timeline entry or search tokens depend on documents as committed rather than
 * as shown: an update of a note, task, meeting or deal (the entry mirrors the whole record after
 * the write, fields the patch leaves alone included), a note's create (its entry carries the
 * contact's company), and an update of a searchable field (the tokens are the whole record's).
 * Built from the screen's copy, such an entry no longer matched the record when another member
 * had changed it in between, and the rules refused the whole write; such tokens left out the
 * other member's change (their new phone stored but not findable).
 */
export function needsCommittedState(write: RecordWrite): boolean {
  const kind = timelineKindOf(write.target.collection);
  return (
    (write.kind === 'update' && (kind !== null || touchesSearch(write.target, write.patch))) ||
    (write.kind === 'create' && kind === 'note')
  );
}

const notFound = (path: string) => Object.assign(new Error(`${path} does not exist`), { code: 'not-found' });

/**
 * A note's target with its contact's companyId as `read` gives it (its timeline entry carries
 * it); `missing` answers when the contact is not there. Other targets as they are.
 */
async function withNoteContext(
  target: RecordTarget,
  read: CommittedRead,
  missing: () => string | null,
): Promise<RecordTarget> {
  if (timelineKindOf(target.collection) !== 'note') return target;
  const contact = await read(target.parentPath);
  const contactCompanyId = contact ? ((contact.companyId as string | null) ?? null) : missing();
  return { ...target, context: { contactCompanyId } };
}

/**
 * The writes of `write` planned from the documents as committed, read with `read` (the same
 * transaction commits them): the record to update — `write.current` is replaced by it — and,
 * for a note, its contact's company. A missing record or contact is `not-found`. Writes that do
 * not need them are planned as they are.
 */
export async function planCommittedWrite(
  write: RecordWrite,
  uid: string,
  read: CommittedRead,
  now: unknown = serverTimestamp(),
  newId: (target: RecordTarget) => string = newRecordId,
): Promise<PlannedWrite[]> {
  if (!needsCommittedState(write)) return planRecordWrite(write, uid, now, newId);
  const target = await withNoteContext(write.target, read, () => {
    throw notFound(write.target.parentPath);
  });
  if (write.kind !== 'update') return planRecordWrite({ ...write, target }, uid, now, newId);
  const path = recordPath(target, write.id);
  const current = await read(path);
  if (!current) throw notFound(path);
  return planRecordWrite({ ...write, target, current }, uid, now, newId);
}

// ── Committing ────────────────────────────────────────────────────────────────

/** What a batch and a transaction have in common. */
interface Writer {
  set(ref: DocumentReference, data: DocumentData): unknown;
  update(ref: DocumentReference, data: DocumentData): unknown;
  delete(ref: DocumentReference): unknown;
}

/** Stages a planned write in a batch or a transaction of `firestore`. */
function stage(firestore: Firestore, writer: Writer, w: PlannedWrite): void {
  const ref = doc(firestore, w.path);
  if (w.op === 'set') writer.set(ref, w.data);
  else if (w.op === 'update') writer.update(ref, w.data);
  else writer.delete(ref);
}

/** Sends one planned batch; a lone write goes without a batch. Resolves when the server confirms it. */
function commitBatch(firestore: Firestore, writes: PlannedWrite[]): Promise<void> {
  if (writes.length === 1) {
    const w = writes[0]!;
    const ref = doc(firestore, w.path);
    if (w.op === 'set') return setDoc(ref, w.data);
    if (w.op === 'update') return updateDoc(ref, w.data as DocumentData);
    return deleteDoc(ref);
  }
  const batch = writeBatch(firestore);
  for (const w of writes) stage(firestore, batch, w);
  return batch.commit();
}

/**
 * Commits planned batches in order. Online, each waits for the server's answer before the next (a
 * cascade stops at a refused batch, its parent kept). Offline they are all handed to Firestore at
 * once — it keeps them in order in its queue and applies them on screen now; waiting would leave
 * the later ones unwritten until the network returns.
 */
function commitPlanned(batches: PlannedWrite[][]): Promise<void> {
  const { firestore } = getDataServices();
  if (!isOnline())
    return Promise.all(batches.map((writes) => commitBatch(firestore, writes))).then(() => undefined);
  return batches.reduce<Promise<void>>(
    (previous, writes) => previous.then(() => commitBatch(firestore, writes)),
    Promise.resolve(),
  );
}

/**
 * Commits record writes (at most BATCH_LIMIT documents) in one transaction: the documents their
 * timeline entries and search tokens depend on are read as committed (every read before the
 * first write), the payloads and entries are computed from them and written; when another member
 * commits in between, the SDK runs it again with their change. So a colleague's move or edit
 * never fails an honest one (issue 28: 3 of 832 writes at 50 members), and two members editing
 * different fields of a contact both stay findable.
 * Trade-off: a transaction needs the server. It is not latency-compensated (the deals board
 * keeps its own pending cards) and it cannot be queued offline: offline writes (a later issue)
 * need entries the rules can judge without the whole record, e.g. entry fields updated one by
 * one with the record's; for search, per-field token lists (`search.phone: [...]`) could be
 * written alone, but a query needs the union of the fields' tokens, which only a reader of the
 * whole record (or a server trigger) can write.
 */
export async function commitAtCommittedState(writes: RecordWrite[]): Promise<void> {
  const { firestore } = getDataServices();
  const uid = currentUid();
  await runTransaction(firestore, async (transaction) => {
    const read: CommittedRead = async (path) => {
      const snapshot = await transaction.get(doc(firestore, path));
      return snapshot.exists() ? snapshot.data() : null;
    };
    const planned = (await Promise.all(writes.map((w) => planCommittedWrite(w, uid, read)))).flat();
    if (planned.length > BATCH_LIMIT) throw new Error(`A transaction has more than ${BATCH_LIMIT} writes`);
    for (const w of planned) stage(firestore, transaction, w);
  });
}

// ── Offline (issue 35) ────────────────────────────────────────────────────────

/** The document as this browser last saw it (its offline cache), or null when it has none. */
async function readCached(path: string): Promise<Data | null> {
  try {
    const snapshot = await getDocFromCache(doc(getDataServices().firestore, path));
    return snapshot.exists() ? snapshot.data() : null;
  } catch {
    return null;
  }
}

/**
 * A write planned without asking the server first (offline, or when it cannot be reached), from
 * the documents as this browser has them — else as the screen showed them. An update of a
 * task's, meeting's, deal's or note's own fields updates its timeline entry field by field
 * (model entryPatchFor), so the entry stays equal to the record whatever a colleague changed in
 * other fields meanwhile; an update that relinks the record rewrites its entry whole, which the
 * rules refuse if a colleague changed the entry's other fields in between (shown as refused, the
 * text kept). Search tokens are rebuilt from the cached record: a colleague's concurrent change of
 * another searchable field stays out of them until the record's next edit.
 */
export async function planCachedWrite(
  write: RecordWrite,
  uid: string,
  read: CommittedRead,
  now: unknown = serverTimestamp(),
  newId: (target: RecordTarget) => string = newRecordId,
): Promise<PlannedWrite[]> {
  if (!needsCommittedState(write)) return planRecordWrite(write, uid, now, newId);
  // A contact not in the cache: its company as the screen showed it.
  const target = await withNoteContext(
    write.target,
    read,
    () => write.target.context?.contactCompanyId ?? null,
  );
  const kind = timelineKindOf(target.collection);
  if (write.kind !== 'update') return planRecordWrite({ ...write, target }, uid, now, newId);
  const current = (await read(recordPath(target, write.id))) ?? (write.current as Data | null);
  if (!kind || patchChangesLinks(kind, write.patch))
    return planRecordWrite({ ...write, target, current: current ?? {} }, uid, now, newId);
  const data = updatePayload(target, write.patch, current, now);
  const planned: PlannedWrite[] = [
    { op: 'update', path: recordPath(target, write.id), data },
    ...editEntriesFor({ ...write, target, current }, data, uid, now, newId),
  ];
  const entry = entryPatchFor(kind, write.patch, isDeleteField);
  // No entry while the record is linked to nothing; none to change when no mirrored field moved.
  const linked = current && timelineWriteFor(target, write.id, current)?.op === 'set';
  if (linked && Object.keys(entry).length)
    planned.push({ op: 'update', path: timelinePathOf(target, write.id)!, data: entry });
  return planned;
}

/** The path of a record's timeline entry, or null when its collection has none. */
function timelinePathOf(target: RecordTarget, id: string): string | null {
  const w = timelineDeleteFor(target, id);
  return w ? w.path : null;
}

const DERIVED_KEYS = new Set(['createdBy', 'searchTokens', 'searchIndex']);

/** A write as the sync indicator lists it: the record's name and the fields as typed. */
export function describeWrite(write: RecordWrite): {
  action: RecordWrite['kind'];
  collection: string;
  path: string;
  title: string;
  fields: Record<string, string>;
} {
  const values = write.kind === 'create' ? write.data : write.kind === 'update' ? write.patch : {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values))
    if (!DERIVED_KEYS.has(key) && ['string', 'number', 'boolean'].includes(typeof value) && value !== '')
      fields[key] = String(value);
  const named = { ...((write.kind === 'update' && (write.current as Data | null)) || {}), ...values } as Data;
  const person = [named.firstName, named.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  const title = [named.name, named.title, person, named.content].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const id = write.kind === 'create' ? (write.id ?? '') : write.id;
  return {
    action: write.kind,
    collection: write.target.collection,
    path: recordPath(write.target, id),
    title: (title ?? '').slice(0, 120),
    fields,
  };
}

/** Whether a failure means the server could not be reached (the write can still be queued). */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'unavailable' || code === 'deadline-exceeded';
}

const later = (ms: number) => new Promise<'queued'>((resolve) => setTimeout(() => resolve('queued'), ms));

/**
 * Waits for the server's answer to a write already applied on screen — at most
 * WRITE_QUEUED_AFTER_MS, none offline. Then the write is queued: the sync indicator follows it
 * (pendingWrites.ts) and the caller moves on as if it were saved. A refusal before that is thrown
 * to the caller, which keeps the form as typed. `write` describes it to the indicator (also for
 * writes made elsewhere, e.g. a contact's lists: listMembers.ts).
 */
export async function settleWrite(
  acked: Promise<void>,
  write: RecordWrite,
  retry: () => Promise<void>,
): Promise<void> {
  if (isOnline()) {
    // Never rejects, so a refusal after the wait is the indicator's, not an unhandled rejection.
    const answer = acked.then(
      () => ({ refused: null }),
      (error: unknown) => ({ refused: error }),
    );
    const first = await Promise.race([answer, later(WRITE_QUEUED_AFTER_MS)]);
    if (first !== 'queued') {
      if (first.refused) throw first.refused;
      return;
    }
  }
  followQueuedWrite(describeWrite(write), acked, retry);
}

/**
 * Commits one record write. Online, in a transaction when its entry or tokens need the committed
 * state; offline — or when the transaction cannot reach the server — planned from this browser's
 * cache and queued (planCachedWrite), on screen at once.
 */
async function commitRecordWrite(write: RecordWrite): Promise<void> {
  const uid = currentUid();
  const planned = needsCommittedState(write)
    ? isOnline()
      ? await commitAtCommittedState([write]).then(
          () => null,
          (error: unknown) => {
            if (unreachable(error)) return planCachedWrite(write, uid, readCached);
            throw error;
          },
        )
      : await planCachedWrite(write, uid, readCached)
    : planRecordWrite(write, uid);
  if (!planned) return;
  await settleWrite(commitPlanned([planned]), write, () => commitRecordWrite(write));
}

/** The server's time of the write, for a field a record sets to "now" (an enrolment's first send, sequences.ts). */
export function serverTime(): unknown {
  return serverTimestamp();
}

/**
 * Creates a record (with its timeline entry, in one batch, for tasks, meetings, deals; a note in a
 * transaction that reads its contact's company).
 */
export async function createRecord(
  target: RecordTarget,
  data: Data,
  id = newRecordId(target),
): Promise<string> {
  await commitRecordWrite({ kind: 'create', target, id, data });
  return id;
}

/**
 * Updates a record. `current` is the record as shown. Notes, tasks, meetings and deals, and any
 * update of a searchable field, are written in a transaction from the record as committed
 * instead (their timeline entry mirrors it whole; search tokens are the whole record's).
 */
export async function updateRecord(
  target: RecordTarget,
  id: string,
  patch: Data,
  current: Current,
): Promise<void> {
  // Only what the member changed: the rest stays as a colleague may have left it meanwhile.
  const changed = changedFields(patch, current as Data | null, (value) => value instanceof FieldValue);
  if (!Object.keys(changed).length) return;
  await commitRecordWrite({ kind: 'update', target, id, patch: changed, current });
}

/**
 * Deletes a record (and its timeline entry, in the same batch); a contact's, company's or deal's
 * field-edit entries go after it (editEntryDeletions).
 */
export async function deleteRecord(target: RecordTarget, id: string): Promise<void> {
  await writeRecords([{ kind: 'delete', target, id }, ...(await editEntryDeletions(target, id))]);
}

/**
 * The deletes of a contact's, company's or deal's field-edit entries (editEntriesFor), to follow
 * the record's own delete: the rules let them go once it is gone, and they would stay on the
 * linked contact's and company's Actividad. Offline, Firestore answers from this device's cache.
 */
export async function editEntryDeletions(target: RecordTarget, id: string): Promise<RecordWrite[]> {
  const org = ORG_PATH.exec(target.parentPath)?.[1];
  if (!org || !tracksChanges(target.collection)) return [];
  const request = orgRequest(org, 'timeline.editsOf', {
    kind: CHANGE_KIND_OF[target.collection],
    recordId: id,
  });
  const ids = await idsOf(request);
  return ids.map((entryId) => ({ kind: 'delete', target: CHANGE_IDS(org), id: entryId }));
}

/**
 * Several writes (a cascade: a record and its children), atomically when they fit in one batch;
 * larger sets are committed in batches of 500, in order, so children go before their parent.
 * Timeline entries ride along with their records (each in its record's batch). Writes whose
 * entry needs the committed state go through createRecord / updateRecord instead.
 */
export async function writeRecords(writes: RecordWrite[]): Promise<void> {
  const stale = writes.find(needsCommittedState);
  if (stale)
    throw new Error(
      `A batch cannot ${stale.kind} ${stale.target.collection}: its timeline entry is built from the committed record (createRecord / updateRecord)`,
    );
  if (!writes.length) return;
  await settleWrite(commitPlanned(planBatches(writes, currentUid())), writes[writes.length - 1]!, () =>
    writeRecords(writes),
  );
}
