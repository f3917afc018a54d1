/**
 * The authorization seam of the Storage emulator: every object read, list, upload, metadata
 * update and delete passes through a StorageAuthorizer. The rules engine implements it from
 * storage.rules; `firestore.get()/exists()` in those rules read the in-process Firestore engine.
 */
import type { AuthInfo, Timestamp } from '../firestore/model.js';

/** What storage.rules see as `resource` / `request.resource` (names as in the rules reference). */
export interface StorageResource {
  name: string;
  bucket: string;
  generation?: number;
  metageneration?: number;
  size: number;
  timeCreated?: Timestamp;
  updated?: Timestamp;
  md5Hash?: string;
  crc32c?: string;
  etag?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentType?: string;
  metadata?: Record<string, string>;
}

export interface StorageAccessRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  bucket: string;
  /** Object name inside the bucket (for list: the prefix being listed, without trailing slash). */
  path: string;
  /** null when signed out; the owner token never reaches the authorizer (it bypasses rules). */
  auth: AuthInfo | null;
  time: Timestamp;
  /** The stored object, null when it does not exist (and on list). */
  resource: StorageResource | null;
  /** The object as it would be after the write; null on reads and delete. */
  requestResource: StorageResource | null;
}

export interface StorageDecision {
  allowed: boolean;
  reason?: string;
}

export interface StorageAuthorizer {
  authorize(request: StorageAccessRequest): StorageDecision;
}
