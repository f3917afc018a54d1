// Record writes of the signed-in area, shaped in one place the way firestore.rules expects:
// empty strings become null, audit stamps (createdAt/createdBy/updatedAt) and search tokens are
// added, ids come from the SDK. Writes are latency-compensated: listeners see them at once, and
// a refused write reverts there and rejects the returned promise (the caller toasts it).
import {
  collection,
  deleteDoc,
  doc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore';
import {
  emptyToNull,
  SEARCH_FIELDS,
  stampCreate,
  stampUpdate,
  withSearchTokens,
  type SearchableCollection,
} from '@trato/model';
import { getCoreServices } from './app';
import { getDataServices } from './data';

/** Where records of one kind live: `organizations/{orgId}` (or a parent record) and the collection id. */
export interface RecordTarget {
  parentPath: string;
  collection: string;
}

type Data = Record<string, unknown>;

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

/** The document a create writes (pure apart from the timestamp sentinel). */
export function createPayload(
  target: RecordTarget,
  data: Data,
  uid: string,
  now: unknown = serverTimestamp(),
): Data {
  const cleaned = emptyToNull(data);
  const stamped = stampCreate(cleaned, uid, now);
  return isSearchable(target.collection) ? withSearchTokens(target.collection, stamped) : stamped;
}

/**
 * The fields an update writes. Search tokens are recomputed from the whole record after the
 * change, so `current` (the record as shown) is needed for searchable collections.
 */
export function updatePayload(
  target: RecordTarget,
  patch: Data,
  current: Data | null,
  now: unknown = serverTimestamp(),
): Data {
  const cleaned = stampUpdate(emptyToNull(patch), now);
  if (!isSearchable(target.collection)) return cleaned;
  const { searchTokens } = withSearchTokens(target.collection, { ...(current ?? {}), ...cleaned });
  return { ...cleaned, searchTokens };
}

export async function createRecord(
  target: RecordTarget,
  data: Data,
  id = newRecordId(target),
): Promise<string> {
  await setDoc(doc(collectionRef(target), id), createPayload(target, data, currentUid()));
  return id;
}

export async function updateRecord(
  target: RecordTarget,
  id: string,
  patch: Data,
  current: Data | null,
): Promise<void> {
  await updateDoc(doc(collectionRef(target), id), updatePayload(target, patch, current) as DocumentData);
}

export async function deleteRecord(target: RecordTarget, id: string): Promise<void> {
  await deleteDoc(doc(collectionRef(target), id));
}

export type RecordWrite =
  | { kind: 'create'; target: RecordTarget; id?: string; data: Data }
  | { kind: 'update'; target: RecordTarget; id: string; patch: Data; current: Data | null }
  | { kind: 'delete'; target: RecordTarget; id: string };

/** Firestore's limit of writes in one batch. */
export const BATCH_LIMIT = 500;

/**
 * Several writes (a cascade: a record and its children), atomically when they fit in one batch;
 * larger sets are committed in batches of 500, in order, so children go before their parent.
 */
export async function writeRecords(writes: RecordWrite[]): Promise<void> {
  const { firestore } = getDataServices();
  const uid = currentUid();
  for (let start = 0; start < writes.length; start += BATCH_LIMIT) {
    const batch = writeBatch(firestore);
    for (const write of writes.slice(start, start + BATCH_LIMIT)) {
      if (write.kind === 'create') {
        const ref = doc(collectionRef(write.target), write.id ?? newRecordId(write.target));
        batch.set(ref, createPayload(write.target, write.data, uid));
      } else if (write.kind === 'update') {
        batch.update(
          doc(collectionRef(write.target), write.id),
          updatePayload(write.target, write.patch, write.current),
        );
      } else {
        batch.delete(doc(collectionRef(write.target), write.id));
      }
    }
    await batch.commit();
  }
}
