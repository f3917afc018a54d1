/**
 * Conformance vectors (copied into ./conformance, see its NOTICE): loading, and running a case
 * through the real-traffic adapters (createFirestoreAuthorizer / createStorageAuthorizer) with
 * the pre-existing state seeded as real documents/objects, as the vectors' README describes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DataLookup } from '../../src/firestore/access.js';
import type { Document, Fields, Timestamp, Value } from '../../src/firestore/model.js';
import type { StorageResource } from '../../src/storage/access.js';
import { createFirestoreAuthorizer } from '../../src/rules/firestore.js';
import type { Ruleset } from '../../src/rules/loader.js';
import { createStorageAuthorizer } from '../../src/rules/storage.js';
import type { MockedFirestoreRequest, MockedStorageRequest } from '../../src/rules/testapi.js';

export const VECTOR_DIR = fileURLToPath(new URL('./conformance/', import.meta.url));

export interface VectorCase {
  description: string;
  expected: 'ALLOW' | 'DENY';
  testApiArtifact?: string;
  productionNote?: string;
  [k: string]: unknown;
}

export interface VectorFile {
  id: string;
  service: 'firestore' | 'storage';
  rules: string;
  cases: VectorCase[];
  file: string;
}

export function loadVectors(): VectorFile[] {
  const out: VectorFile[] = [];
  for (const service of ['firestore', 'storage'] as const) {
    const dir = `${VECTOR_DIR}${service}`;
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith('.json'))
      .sort()) {
      const data = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Omit<VectorFile, 'file'>;
      out.push({ ...data, file: `${service}/${f}` });
    }
  }
  return out;
}

const PROJECT = 'demo-conformance';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
const EPOCH: Timestamp = { seconds: 0, nanos: 0 };

export function isoToTimestamp(iso: string): Timestamp {
  const m = /^(.*?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(iso)!;
  const ms = Date.parse(`${m[1]}${m[3]}`);
  return { seconds: Math.floor(ms / 1000), nanos: m[2] ? Number(m[2].padEnd(9, '0')) : 0 };
}

function now(): Timestamp {
  const ms = Date.now();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
}

/** JSON vector value -> Firestore Value (integral numbers are integers, as on the wire). */
export function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: BigInt(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === '$timestamp')
    return { timestampValue: isoToTimestamp(String(o.$timestamp)) };
  if (keys.length === 1 && keys[0] === '$bytes') {
    return { bytesValue: new Uint8Array(Buffer.from(String(o.$bytes), 'base64')) };
  }
  if (keys.length === 1 && keys[0] === '$latlng') {
    return { geoPointValue: o.$latlng as { latitude: number; longitude: number } };
  }
  if (keys.length === 1 && keys[0] === '$reference')
    return { referenceValue: `${DOCS}/${String(o.$reference)}` };
  return { mapValue: { fields: toFields(o) } };
}

export function toFields(o: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, toValue(x)]));
}

function doc(path: string, fields: Record<string, unknown>): Document {
  return { name: `${DOCS}/${path}`, fields: toFields(fields), createTime: EPOCH, updateTime: EPOCH };
}

type Lookups = MockedFirestoreRequest['existing']['lookups'];

/** Seed existing documents and every get/exists lookup as real documents. */
function seededStore(
  documents: Record<string, Record<string, unknown>>,
  lookups: Lookups,
): Map<string, Document> {
  const store = new Map<string, Document>();
  for (const [p, f] of Object.entries(documents)) store.set(`${DOCS}/${p}`, doc(p, f));
  for (const [p, f] of Object.entries(lookups?.get ?? {})) store.set(`${DOCS}/${p}`, doc(p, f));
  for (const [p, ex] of Object.entries(lookups?.exists ?? {})) {
    if (ex && !store.has(`${DOCS}/${p}`)) store.set(`${DOCS}/${p}`, doc(p, {}));
  }
  return store;
}

export function runFirestoreReal(
  ruleset: Ruleset,
  c: MockedFirestoreRequest,
): { allowed: boolean; reason?: string } {
  const store = seededStore(c.existing.documents, c.existing.lookups);
  const name = `${DOCS}/${c.path}`;
  const existing = store.get(name) ?? null;
  const after = c.method === 'delete' ? null : c.data ? doc(c.path, c.data) : existing;
  const lookup: DataLookup = {
    get: (n) => store.get(n) ?? null,
    getAfter: (n) => (n === name ? after : (store.get(n) ?? null)),
  };
  const base = {
    caller: { kind: 'user' as const, auth: c.auth ? { uid: c.auth.uid, token: c.auth.token } : null },
    time: c.requestTime ? isoToTimestamp(c.requestTime) : now(),
    database: `projects/${PROJECT}/databases/(default)`,
    lookup,
  };
  const authz = createFirestoreAuthorizer(() => ruleset);
  if (c.method === 'list') {
    const segs = c.path.split('/');
    const collectionId = segs.length % 2 === 0 ? segs[segs.length - 2] : segs[segs.length - 1];
    const parentSegs = segs.length % 2 === 0 ? segs.slice(0, -2) : segs.slice(0, -1);
    const query: NonNullable<Parameters<typeof toQuery>[0]> = c.query ?? {};
    return authz.authorize({
      ...base,
      method: 'list',
      parent: [DOCS, ...parentSegs].join('/'),
      query: toQuery(query, collectionId),
      results: [],
    });
  }
  if (c.method === 'get') return authz.authorize({ ...base, method: 'get', name, resource: existing });
  return authz.authorize({
    ...base,
    method: c.method,
    name,
    resource: existing,
    requestResource: c.method === 'delete' ? null : doc(c.path, c.data ?? {}),
  });
}

function toQuery(q: { limit?: number; offset?: number; orderBy?: string }, collectionId: string) {
  return {
    from: [{ collectionId }],
    ...(q.limit !== undefined ? { limit: q.limit } : {}),
    ...(q.offset !== undefined ? { offset: q.offset } : {}),
    ...(q.orderBy ? { orderBy: [{ field: { fieldPath: q.orderBy }, direction: 'ASCENDING' as const }] } : {}),
  };
}

/** Storage metadata taken literally (no field derived from the path), as production does. */
function toStorageResource(o: Record<string, unknown> | null | undefined): StorageResource | null {
  if (!o) return null;
  const r: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    r[k] =
      v && typeof v === 'object' && '$timestamp' in v
        ? isoToTimestamp(String((v as { $timestamp: string }).$timestamp))
        : v;
  }
  return r as unknown as StorageResource;
}

export function runStorageReal(
  ruleset: Ruleset,
  c: MockedStorageRequest,
): { allowed: boolean; reason?: string } {
  const store = seededStore({}, c.existing.lookups);
  const authz = createStorageAuthorizer(() => ruleset, {
    firestore: { get: (n) => store.get(n) ?? null },
    projectId: PROJECT,
  });
  return authz.authorize({
    method: c.method,
    bucket: c.bucket,
    path: c.path,
    auth: c.auth ? { uid: c.auth.uid, token: c.auth.token } : null,
    time: c.requestTime ? isoToTimestamp(c.requestTime) : now(),
    resource: toStorageResource(c.existing.resource),
    requestResource: c.method === 'delete' ? null : toStorageResource(c.requestResource),
  });
}
