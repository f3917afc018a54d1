/**
 * Helpers that shape client writes the way firestore.rules expects: the audit fields, the
 * search tokens, and nulls instead of empty strings. `serverTime` is the SDK's
 * `serverTimestamp()` sentinel, passed in so this package needs no Firebase import.
 */
import { tokensFor, type SearchableCollection } from './search.js';

export function stampCreate<T extends object>(data: T, uid: string, serverTime: unknown) {
  return { ...data, createdAt: serverTime, createdBy: uid, updatedAt: serverTime };
}

export function stampUpdate<T extends object>(patch: T, serverTime: unknown) {
  return { ...patch, updatedAt: serverTime };
}

/** '' and whitespace-only strings become null (spec: "empty company or contact sent as null"). */
export function emptyToNull<T extends Record<string, unknown>>(data: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = typeof v === 'string' && v.trim() === '' ? null : v;
  return out as T;
}

/** Adds `searchTokens` computed from the full document (pass the merged document on update). */
export function withSearchTokens<T extends Record<string, unknown>>(
  collection: SearchableCollection,
  data: T,
) {
  return { ...data, searchTokens: tokensFor(collection, data) };
}
