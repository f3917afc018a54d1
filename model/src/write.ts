/**
 * Helpers that shape client writes the way firestore.rules expects: the audit fields, the
 * search tokens, and nulls instead of empty strings. `serverTime` is the SDK's
 * `serverTimestamp()` sentinel, passed in so this package needs no Firebase import.
 */
import { INLINE_CONTENT_TYPES, LIMITS } from './constants.js';
import { searchIndexOf, tokensFor, type SearchableCollection } from './search.js';

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

/**
 * The fields derived from the full document: `searchTokens` and `searchIndex` (search.ts) and,
 * on a contact, `hasEmail` (whether it has an address: a segment's 'has e-mail' is an equality
 * on it). On update, pass the document as committed merged with the change
 * (web/src/firebase/records.ts reads it in a transaction).
 */
export function derivedFieldsOf(
  collection: SearchableCollection,
  data: Record<string, unknown>,
): { searchTokens: string[]; searchIndex: Record<string, true>; hasEmail?: boolean } {
  const searchTokens = tokensFor(collection, data);
  const derived = { searchTokens, searchIndex: searchIndexOf(searchTokens) };
  return collection === 'contacts' ? { ...derived, hasEmail: hasEmailOf(data) } : derived;
}

/** `data` with its derived fields (derivedFieldsOf). */
export function withDerivedFields<T extends Record<string, unknown>>(
  collection: SearchableCollection,
  data: T,
) {
  return { ...data, ...derivedFieldsOf(collection, data) };
}

/** A contact's `hasEmail`, as the rules require it: true exactly when `email` is set (not blank). */
export function hasEmailOf(contact: { email?: unknown }): boolean {
  return typeof contact.email === 'string' && contact.email.trim() !== '';
}

/**
 * Signs a note: `authorName` is the author's member name (members/{uid}.fullName), which the
 * rules compare with the caller's member document; it never changes afterwards.
 */
export function withAuthorName<T extends object>(data: T, member: { fullName: string }) {
  return { ...data, authorName: member.fullName };
}

/**
 * Storage metadata for an upload (storage.rules): the file's type, or application/octet-stream
 * when the browser gives none (or an absurd one); any type outside INLINE_CONTENT_TYPES is
 * stored with an attachment disposition, so opening it from the bucket downloads it instead of
 * rendering it (no HTML or SVG runs at the bucket's origin). No custom metadata: the rules
 * refuse it. Use the same `contentType` as the record's `mimeType`.
 */
export function uploadMetadata(file: { type: string; name: string }): {
  contentType: string;
  contentDisposition?: string;
} {
  const type = file.type.trim().toLowerCase();
  const contentType = type && type.length <= LIMITS.mimeType ? type : 'application/octet-stream';
  if ((INLINE_CONTENT_TYPES as readonly string[]).includes(contentType)) return { contentType };
  const name = encodeURIComponent(file.name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return { contentType, contentDisposition: `attachment; filename*=UTF-8''${name}` };
}
