/**
 * The operations both wire APIs share (Firebase `/v0` and GCS JSON): each one authorizes through
 * the StorageAuthorizer seam, then reads or replaces whole objects in the store.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../firestore/model.js';
import type { StorageAccessRequest, StorageAuthorizer, StorageResource } from './access.js';
import { HttpError } from './http.js';
import {
  newObjectMetadata,
  patchedMetadata,
  type UploadApi,
  toRulesResource,
  toTimestamp,
  type IncomingMetadata,
  type ObjectMetadata,
  type StoredObject,
} from './metadata.js';
import { StorageStore, type ListOptions, type ListResult } from './store.js';

export const NO_RULESET_MESSAGE = 'Permission denied. Storage Emulator has no loaded ruleset.';

const DENIED: Record<StorageAccessRequest['method'], string> = {
  get: 'Permission denied. No READ permission.',
  list: 'Permission denied. No LIST permission.',
  create: 'Permission denied. No WRITE permission.',
  update: 'Permission denied. No WRITE permission.',
  delete: 'Permission denied. No WRITE permission.',
};

/** GCS's text, which the official emulator and both SDKs' errors carry. */
export function notFound(bucket: string, name: string): HttpError {
  return new HttpError(404, `No such object: ${bucket}/${name}`);
}

export class StorageService {
  authorizer: StorageAuthorizer | null;

  constructor(
    readonly store: StorageStore,
    authorizer: StorageAuthorizer | null,
    readonly maxObjectSize: number,
    private readonly log: (line: string) => void,
  ) {
    this.authorizer = authorizer;
  }

  /** Throws 403 unless the caller is the owner or the rules allow the request. */
  authorize(
    caller: Caller,
    method: StorageAccessRequest['method'],
    bucket: string,
    path: string,
    resource: StorageResource | null,
    requestResource: StorageResource | null,
  ): void {
    if (caller.kind === 'owner') return;
    if (!this.authorizer) {
      this.log(`[storage] ${method} ${bucket}/${path} denied: no ruleset loaded`);
      throw new HttpError(403, NO_RULESET_MESSAGE);
    }
    let decision;
    try {
      decision = this.authorizer.authorize({
        method,
        bucket,
        path,
        auth: caller.auth,
        time: toTimestamp(Date.now()),
        resource,
        requestResource,
      });
    } catch (err) {
      // A crashing rule denies, as a rules evaluation error does in production.
      this.log(`[storage] rules error on ${method} ${bucket}/${path}: ${(err as Error).message}`);
      decision = { allowed: false, reason: (err as Error).message };
    }
    if (!decision.allowed) {
      const why = decision.reason ? ` (${decision.reason})` : '';
      throw new HttpError(403, DENIED[method] + why);
    }
  }

  /** Metadata or download; a matching download token grants read without rules. */
  getObject(caller: Caller, bucket: string, name: string, token?: string): StoredObject {
    const obj = this.store.get(bucket, name);
    const tokenOk = !!token && !!obj && obj.metadata.downloadTokens.includes(token);
    if (!tokenOk) {
      this.authorize(caller, 'get', bucket, name, obj ? toRulesResource(obj.metadata) : null, null);
    }
    if (!obj) throw notFound(bucket, name);
    return obj;
  }

  list(caller: Caller, bucket: string, opts: ListOptions): ListResult {
    const path = (opts.prefix ?? '').replace(/\/$/, '');
    this.authorize(caller, 'list', bucket, path, null, null);
    try {
      return this.store.list(bucket, opts);
    } catch (err) {
      throw new HttpError(400, (err as Error).message);
    }
  }

  checkSize(size: number): void {
    if (size > this.maxObjectSize) {
      throw new HttpError(
        413,
        `Object size ${size} exceeds the maximum object size of ${this.maxObjectSize} bytes.`,
      );
    }
  }

  /**
   * Create or replace an object in one step. Production judges every upload as a `create`, an
   * overwrite too, with `resource` = the object it replaces (null when there is none); `update`
   * is for metadata changes only. So `allow create: if resource == null` forbids overwrites.
   */
  upload(
    caller: Caller,
    bucket: string,
    name: string,
    data: Buffer,
    incoming: IncomingMetadata,
    via: UploadApi,
  ): ObjectMetadata {
    validateObjectName(name);
    this.checkSize(data.length);
    const existing = this.store.get(bucket, name);
    const md = newObjectMetadata(bucket, name, data, incoming, Date.now(), via);
    if (existing) md.timeCreated = md.updated; // a new generation is a new object, as in GCS
    this.authorize(
      caller,
      'create',
      bucket,
      name,
      existing ? toRulesResource(existing.metadata) : null,
      toRulesResource(md),
    );
    this.store.put({ metadata: md, data });
    return md;
  }

  patch(caller: Caller, bucket: string, name: string, incoming: IncomingMetadata): ObjectMetadata {
    const obj = this.store.get(bucket, name);
    const next = obj ? patchedMetadata(obj.metadata, incoming) : null;
    this.authorize(
      caller,
      'update',
      bucket,
      name,
      obj ? toRulesResource(obj.metadata) : null,
      next ? toRulesResource(next) : null,
    );
    if (!obj || !next) throw notFound(bucket, name);
    this.store.setMetadata(next);
    return next;
  }

  delete(caller: Caller, bucket: string, name: string): void {
    const obj = this.store.get(bucket, name);
    this.authorize(caller, 'delete', bucket, name, obj ? toRulesResource(obj.metadata) : null, null);
    if (!obj) throw notFound(bucket, name);
    this.store.delete(bucket, name);
  }

  /**
   * A read through the Firebase API of an object without a download token (one written through
   * GCS) gives it one, as production does: a new metageneration.
   */
  ensureToken(obj: StoredObject): StoredObject {
    if (obj.metadata.downloadTokens.length > 0) return obj;
    const next = patchedMetadata(obj.metadata, {});
    next.downloadTokens = [randomUUID()];
    this.store.setMetadata(next);
    return { metadata: next, data: obj.data };
  }

  /** Token management is admin-only (as in production, where only the console/admin does it). */
  changeTokens(
    caller: Caller,
    bucket: string,
    name: string,
    op: { create: true } | { remove: string },
  ): ObjectMetadata {
    if (caller.kind !== 'owner') throw new HttpError(403, 'Missing admin credentials.');
    const obj = this.store.get(bucket, name);
    if (!obj) throw notFound(bucket, name);
    let tokens = [...obj.metadata.downloadTokens];
    if ('create' in op) tokens.push(randomUUID());
    else {
      tokens = tokens.filter((t) => t !== op.remove);
      if (tokens.length === 0) tokens.push(randomUUID());
    }
    const next = patchedMetadata(obj.metadata, {});
    next.downloadTokens = tokens;
    this.store.setMetadata(next);
    return next;
  }
}

/** GCS naming rules that matter locally: 1..1024 UTF-8 bytes, no CR/LF. */
export function validateObjectName(name: string): void {
  if (!name) throw new HttpError(400, 'Object name is required.');
  if (Buffer.byteLength(name, 'utf8') > 1024) throw new HttpError(400, 'Object name exceeds 1024 bytes.');
  if (/[\r\n]/.test(name))
    throw new HttpError(400, 'Object name must not contain carriage return or line feed.');
  if (name === '.' || name === '..') throw new HttpError(400, 'Object name must not be "." or "..".');
}
