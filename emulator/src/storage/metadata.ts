/**
 * The stored object model and its three outward shapes: the Firebase Storage JSON (`/v0`), the
 * GCS JSON API resource (`storage#object`) and the rules `resource`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { StorageResource } from './access.js';
import type { Timestamp } from '../firestore/model.js';
import { crc32c, crc32cBase64 } from './crc32c.js';

export interface ObjectMetadata {
  name: string;
  bucket: string;
  generation: number;
  metageneration: number;
  contentType: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  etag: string;
  /** Milliseconds since the epoch. */
  timeCreated: number;
  updated: number;
  storageClass: string;
  downloadTokens: string[];
  customMetadata: Record<string, string>;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
}

export interface StoredObject {
  metadata: ObjectMetadata;
  data: Buffer;
}

/** The writable fields a client may send on upload or PATCH (null = remove). */
export interface IncomingMetadata {
  contentType?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  metadata?: Record<string, unknown> | null;
}

const OPTIONAL_FIELDS = ['cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage'] as const;

/** Custom-metadata key GCS clients use to carry Firebase download tokens. */
export const TOKENS_KEY = 'firebaseStorageDownloadTokens';

let lastGeneration = 0;
/** Generations are microsecond-like and strictly increasing, so two quick writes never collide. */
export function nextGeneration(): number {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return lastGeneration;
}

export function makeEtag(generation: number, metageneration: number): string {
  return createHash('md5').update(`${generation}/${metageneration}`).digest('base64').replace(/=+$/, '');
}

/** Validate client metadata (upload body or PATCH body); throws a message on bad input. */
export function parseIncoming(raw: unknown): IncomingMetadata {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('Metadata must be a JSON object.');
  const src = raw as Record<string, unknown>;
  const out: IncomingMetadata = {};
  for (const key of ['contentType', ...OPTIONAL_FIELDS] as const) {
    const v = src[key];
    if (v === undefined) continue;
    if (v !== null && typeof v !== 'string') throw new Error(`Metadata field "${key}" must be a string.`);
    out[key] = v;
  }
  const custom = src.metadata;
  if (custom !== undefined) {
    if (custom !== null && (typeof custom !== 'object' || Array.isArray(custom))) {
      throw new Error('Metadata field "metadata" must be an object of strings.');
    }
    out.metadata = custom as Record<string, unknown> | null;
  }
  return out;
}

function stringifyCustom(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Split `firebaseStorageDownloadTokens` out of custom metadata into the token list. */
function absorbTokens(custom: Record<string, string>, tokens: string[]): string[] {
  const raw = custom[TOKENS_KEY];
  if (raw === undefined) return tokens;
  delete custom[TOKENS_KEY];
  const extra = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set([...tokens, ...extra])];
}

/** Build the metadata of a fresh object (new generation) from its bytes and client metadata. */
export function newObjectMetadata(
  bucket: string,
  name: string,
  data: Buffer,
  incoming: IncomingMetadata,
  now = Date.now(),
  via: UploadApi = 'gcs',
): ObjectMetadata {
  const generation = nextGeneration();
  const custom: Record<string, string> = {};
  for (const [k, v] of Object.entries(incoming.metadata ?? {})) {
    if (v !== null && v !== undefined) custom[k] = stringifyCustom(v);
  }
  let tokens = absorbTokens(custom, []);
  // Production gives a download token to uploads through the Firebase API only; an object
  // written through GCS (firebase-admin, gsutil) has none until a Firebase read adds one.
  if (tokens.length === 0 && via === 'firebase') tokens = [randomUUID()];
  const md: ObjectMetadata = {
    name,
    bucket,
    generation,
    metageneration: 1,
    contentType: incoming.contentType || 'application/octet-stream',
    size: data.length,
    md5Hash: createHash('md5').update(data).digest('base64'),
    crc32c: crc32cBase64(crc32c(data)),
    etag: makeEtag(generation, 1),
    timeCreated: now,
    updated: now,
    storageClass: 'STANDARD',
    downloadTokens: tokens,
    customMetadata: custom,
  };
  for (const key of OPTIONAL_FIELDS) {
    const v = incoming[key];
    if (typeof v === 'string') md[key] = v;
  }
  // Firebase uploads store an inline disposition naming the file when the client sets none.
  if (via === 'firebase' && md.contentDisposition === undefined)
    md.contentDisposition = `inline; filename*=utf-8''${rfc5987(baseName(name))}`;
  return md;
}

/** Which API an object was written through (tokens and default disposition differ). */
export type UploadApi = 'firebase' | 'gcs';

export function baseName(name: string): string {
  return name.split('/').pop() ?? name;
}

/** RFC 5987 `filename*` value, so unicode names survive in Content-Disposition. */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

/** The metadata after a PATCH (a copy; the caller stores it). null values remove fields/keys. */
export function patchedMetadata(
  current: ObjectMetadata,
  incoming: IncomingMetadata,
  now = Date.now(),
): ObjectMetadata {
  const md: ObjectMetadata = {
    ...current,
    customMetadata: { ...current.customMetadata },
    downloadTokens: [...current.downloadTokens],
  };
  if (incoming.contentType !== undefined) md.contentType = incoming.contentType ?? 'application/octet-stream';
  for (const key of OPTIONAL_FIELDS) {
    const v = incoming[key];
    if (v === undefined) continue;
    if (v === null) delete md[key];
    else md[key] = v;
  }
  if (incoming.metadata === null) {
    md.customMetadata = {};
  } else if (incoming.metadata) {
    for (const [k, v] of Object.entries(incoming.metadata)) {
      if (v === null) delete md.customMetadata[k];
      else md.customMetadata[k] = stringifyCustom(v);
    }
    md.downloadTokens = absorbTokens(md.customMetadata, md.downloadTokens);
  }
  md.metageneration += 1;
  md.etag = makeEtag(md.generation, md.metageneration);
  md.updated = Math.max(now, current.updated);
  return md;
}

export function toTimestamp(ms: number): Timestamp {
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

export function toRulesResource(md: ObjectMetadata): StorageResource {
  return {
    name: md.name,
    bucket: md.bucket,
    generation: md.generation,
    metageneration: md.metageneration,
    size: md.size,
    timeCreated: toTimestamp(md.timeCreated),
    updated: toTimestamp(md.updated),
    md5Hash: md.md5Hash,
    crc32c: md.crc32c,
    etag: md.etag,
    contentDisposition: md.contentDisposition,
    contentEncoding: md.contentEncoding,
    contentLanguage: md.contentLanguage,
    contentType: md.contentType,
    metadata: { ...md.customMetadata },
  };
}

/** `request.resource` for an upload whose bytes are not all known yet (resumable start). */
export function pendingRulesResource(
  bucket: string,
  name: string,
  size: number,
  incoming: IncomingMetadata,
  now = Date.now(),
): StorageResource {
  const custom: Record<string, string> = {};
  for (const [k, v] of Object.entries(incoming.metadata ?? {})) {
    if (v !== null && v !== undefined && k !== TOKENS_KEY) custom[k] = stringifyCustom(v);
  }
  return {
    name,
    bucket,
    size,
    timeCreated: toTimestamp(now),
    updated: toTimestamp(now),
    contentType: incoming.contentType || 'application/octet-stream',
    contentDisposition: incoming.contentDisposition ?? undefined,
    contentEncoding: incoming.contentEncoding ?? undefined,
    contentLanguage: incoming.contentLanguage ?? undefined,
    metadata: custom,
  };
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

/** The Firebase Storage (`/v0`) JSON the web SDK parses. */
export function toFirebaseJson(md: ObjectMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: md.name,
    bucket: md.bucket,
    generation: String(md.generation),
    metageneration: String(md.metageneration),
    contentType: md.contentType,
    timeCreated: isoDate(md.timeCreated),
    updated: isoDate(md.updated),
    storageClass: md.storageClass,
    size: String(md.size),
    md5Hash: md.md5Hash,
    crc32c: md.crc32c,
    etag: md.etag,
    downloadTokens: md.downloadTokens.join(','),
    contentEncoding: md.contentEncoding ?? 'identity',
  };
  // Reported only when stored (production: objects written through GCS have none).
  if (md.contentDisposition !== undefined) out.contentDisposition = md.contentDisposition;
  if (md.downloadTokens.length === 0) delete out.downloadTokens;
  if (Object.keys(md.customMetadata).length > 0) out.metadata = { ...md.customMetadata };
  if (md.contentLanguage !== undefined) out.contentLanguage = md.contentLanguage;
  if (md.cacheControl !== undefined) out.cacheControl = md.cacheControl;
  return out;
}

/** The GCS JSON API `storage#object` resource (what @google-cloud/storage parses). */
export function toGcsJson(md: ObjectMetadata, baseUrl: string): Record<string, unknown> {
  const encoded = encodeURIComponent(md.name);
  const custom: Record<string, string> = { ...md.customMetadata };
  if (md.downloadTokens.length > 0) custom[TOKENS_KEY] = md.downloadTokens.join(',');
  const out: Record<string, unknown> = {
    kind: 'storage#object',
    id: `${md.bucket}/${md.name}/${md.generation}`,
    selfLink: `${baseUrl}/storage/v1/b/${md.bucket}/o/${encoded}`,
    mediaLink: `${baseUrl}/download/storage/v1/b/${md.bucket}/o/${encoded}?generation=${md.generation}&alt=media`,
    name: md.name,
    bucket: md.bucket,
    generation: String(md.generation),
    metageneration: String(md.metageneration),
    contentType: md.contentType,
    storageClass: md.storageClass,
    size: String(md.size),
    md5Hash: md.md5Hash,
    crc32c: md.crc32c,
    etag: md.etag,
    timeCreated: isoDate(md.timeCreated),
    updated: isoDate(md.updated),
    timeStorageClassUpdated: isoDate(md.timeCreated),
  };
  if (Object.keys(custom).length > 0) out.metadata = custom;
  for (const key of OPTIONAL_FIELDS) if (md[key] !== undefined) out[key] = md[key];
  return out;
}
