/**
 * A Firestore data converter written against a minimal snapshot interface, so it works with
 * `firebase/firestore` (`withConverter(converter<Contact>())`) and firebase-admin alike without
 * importing either. It adds the document id on read and strips it on write.
 */
import type { WithId } from './entities.js';

export interface SnapshotLike {
  readonly id: string;
  data(options?: unknown): unknown;
}

export interface Converter<T> {
  toFirestore(model: Partial<WithId<T>> | Record<string, unknown>): Record<string, unknown>;
  fromFirestore(snapshot: SnapshotLike, options?: unknown): WithId<T>;
}

export function converter<T extends object>(): Converter<T> {
  return {
    toFirestore(model) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { id, ...rest } = model as Record<string, unknown>;
      return rest;
    },
    fromFirestore(snapshot, options) {
      return { ...(snapshot.data(options) as T), id: snapshot.id };
    },
  };
}
