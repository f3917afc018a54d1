/**
 * Production conformance through the public path: every rules vector under
 * ../rules/conformance (copies of shared/conformance/rules) is run like a real client would.
 *
 *  - One local cloud per vector file (src/cloud.ts, the CLI's own wiring) on ephemeral ports.
 *  - The vector's rules are loaded over HTTP by @firebase/rules-unit-testing.
 *  - Per case: data cleared; `existing.documents`, `existing.lookups.get` and `exists: true`
 *    lookups seeded as real documents, a Storage `existing.resource` as a real object with that
 *    metadata, all with withSecurityRulesDisabled; then the case's method is performed on its path
 *    as `authenticatedContext(uid, token)` / `unauthenticatedContext()`, judged by
 *    assertSucceeds / assertFails.
 *  - Cases with `testApiArtifact`, cases that need `requestTime` (the emulator has no settable
 *    clock) and cases whose inputs real traffic cannot express are run and written to
 *    ./known-differences.json with the reason (generated), never failed. Every other case must
 *    match `expected`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../src/cloud.js';
import { loadVectors, type VectorCase, type VectorFile } from '../rules/vectors.js';

/** Storage rules read Firestore in the project named by the bucket (demo-pyric.appspot.com). */
const PROJECT = 'demo-pyric';
const OUT = fileURLToPath(new URL('./known-differences.json', import.meta.url));

type Verdict = 'ALLOW' | 'DENY';
type Json = Record<string, unknown>;

interface Auth {
  uid: string;
  token: Json;
}
interface FirestoreCase extends VectorCase {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  path: string;
  auth: Auth | null;
  data?: Json;
  query?: { limit?: number; offset?: number; orderBy?: string };
  requestTime?: string;
  existing: { documents: Record<string, Json>; lookups?: Lookups };
}
interface StorageCase extends VectorCase {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  path: string;
  bucket: string;
  auth: Auth | null;
  requestResource?: Json;
  requestTime?: string;
  existing: { resource: Json | null; lookups?: Lookups };
}
interface Lookups {
  get?: Record<string, Json>;
  exists?: Record<string, boolean>;
}

// ------------------------------------------------------------------------------------------------
// What real traffic cannot express. Each rule is general (it looks at the inputs and, where the
// difference only matters when the rules read a field, at the rules text), never at a case name.

/** Metadata a real object always gets from the server; a vector can set or omit it freely. */
const SERVER_ASSIGNED = ['timeCreated', 'updated', 'generation', 'metageneration', 'md5Hash', 'etag'];
/** Fields every real object (and every real upload's request.resource) has. */
const ALWAYS_PRESENT = ['name', 'bucket', 'size', 'contentType', ...SERVER_ASSIGNED];

/** Reasons known before the case runs: artifacts, the clock, requests no client can send. */
function staticReasons(v: VectorFile, c: VectorCase): string[] {
  const reasons: string[] = [];
  if (c.testApiArtifact) reasons.push(`testApiArtifact: ${c.testApiArtifact}`);
  if (c.requestTime)
    reasons.push(
      `needs requestTime ${String(c.requestTime)}: the emulator has no settable clock (request.time is now)`,
    );
  if (v.service === 'firestore') {
    const f = c as FirestoreCase;
    const odd = [...new Set([f.path, ...Object.keys(f.existing.documents)])].filter(
      (p) => p.split('/').length % 2,
    );
    if (odd.length)
      reasons.push(
        `${odd.join(', ')}: not a document path (odd number of segments), no real request or document has it`,
      );
    if (f.method === 'create' && f.existing.documents[f.path])
      reasons.push('create of a document that exists: a real write there is an update');
    if (f.method === 'list' && f.query?.offset !== undefined)
      reasons.push('request.query.offset: the client SDKs cannot send an offset');
    return reasons;
  }
  const s = c as StorageCase;
  const er = s.existing.resource;
  const rr = s.requestResource;
  // Production judges every upload as a create, an overwrite too (with resource = the object
  // replaced); only metadata changes are updates. So an update case whose bytes differ from the
  // existing object's, or with no existing object, is no request a real client can make.
  if (s.method === 'update' && (!er || (rr?.size !== undefined && rr.size !== er.size)))
    reasons.push(
      'update that changes the bytes (or of no object): a real upload is judged as a create, only a metadata change is an update',
    );
  if (typeof er?.name === 'string' && er.name !== s.path)
    reasons.push(`existing.resource.name ${er.name} differs from the object path`);
  const md = rr?.metadata;
  if (md && typeof md === 'object' && Object.values(md).some((x) => typeof x !== 'string'))
    reasons.push('requestResource.metadata has non-string values: custom metadata maps strings to strings');
  if ((s.method === 'create' || s.method === 'update') && !rr)
    reasons.push('a write without requestResource: a real upload always has one');
  return reasons;
}

/**
 * Reasons found by running the case: the evaluation (seen through rules coverage) read a field
 * whose vector value real traffic cannot reproduce: one the vector leaves out although every real
 * object / upload has it, or a server-assigned one the vector sets.
 */
function dynamicReasons(v: VectorFile, c: VectorCase, read: Set<string>): string[] {
  const reasons: string[] = [];
  if (v.service === 'firestore') {
    const f = c as FirestoreCase;
    if (
      f.method === 'delete' &&
      f.data !== undefined &&
      [...read].some((t) => t.startsWith('request.resource'))
    )
      reasons.push('the rules read request.resource on a delete that carries one: a real delete has none');
    return reasons;
  }
  const s = c as StorageCase;
  const check = (what: string, r: Json | null | undefined, prefix: string) => {
    if (!r) return;
    const omitted = ALWAYS_PRESENT.filter((k) => !(k in r) && read.has(`${prefix}.${k}`));
    if (omitted.length)
      reasons.push(`${what} omits ${omitted.join(', ')}, which the rules read and every real object has`);
    const assigned = SERVER_ASSIGNED.filter((k) => k in r && read.has(`${prefix}.${k}`));
    if (assigned.length)
      reasons.push(
        `${what} sets ${assigned.join(', ')}, which the rules read and a real object gets from the server`,
      );
  };
  check('existing.resource', s.existing.resource, 'resource');
  if (s.method === 'create' || s.method === 'update')
    check('requestResource', s.requestResource, 'request.resource');
  return reasons;
}

/** Expression evaluation counts, to see which expressions one case evaluated. */
function coverageCounts(
  cloud: LocalCloud,
  service: 'firestore' | 'storage',
): Map<string, { text: string; n: number }> {
  const out = new Map<string, { text: string; n: number }>();
  for (const e of cloud.coverage[service].report().expressions) {
    const n = e.counts.true + e.counts.false + e.counts.error + e.counts.value;
    out.set(`${e.file}#${e.id}`, { text: e.text.replace(/\s+/g, ''), n });
  }
  return out;
}

function evaluatedSince(before: Map<string, { n: number }>, after: Map<string, { text: string; n: number }>) {
  const read = new Set<string>();
  for (const [k, { text, n }] of after) if (n > (before.get(k)?.n ?? 0)) read.add(text);
  return read;
}

// ------------------------------------------------------------------------------------------------
// Running a case.

/** Judged by rules-unit-testing's own assertions; other errors are reported as they are. */
async function verdictOf(op: () => Promise<unknown>): Promise<Verdict | `ERROR ${string}`> {
  let error: unknown;
  try {
    await assertSucceeds(op());
    return 'ALLOW';
  } catch (err) {
    error = err;
  }
  // Storage authorizes before it looks the object up: a 404 means the rules allowed the request.
  if ((error as { code?: string }).code === 'storage/object-not-found') return 'ALLOW';
  try {
    await assertFails(Promise.reject(error));
    return 'DENY';
  } catch {
    return `ERROR ${String(error)}`;
  }
}

function context(env: RulesTestEnvironment, auth: Auth | null): RulesTestContext {
  return auth ? env.authenticatedContext(auth.uid, auth.token) : env.unauthenticatedContext();
}

async function seedFirestore(env: RulesTestEnvironment, docs: Record<string, Json>, lookups?: Lookups) {
  const all = new Map<string, Json>(Object.entries(docs));
  for (const [p, fields] of Object.entries(lookups?.get ?? {})) all.set(p, fields);
  for (const [p, exists] of Object.entries(lookups?.exists ?? {})) if (exists && !all.has(p)) all.set(p, {});
  if (!all.size) return;
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    for (const [p, fields] of all) await db.doc(p).set(fields);
  });
}

async function runFirestoreCase(env: RulesTestEnvironment, c: FirestoreCase) {
  await seedFirestore(env, c.existing.documents, c.existing.lookups);
  const db = context(env, c.auth).firestore();
  const ref = db.doc(c.path);
  switch (c.method) {
    case 'get':
      return verdictOf(() => ref.get());
    case 'list': {
      let q: ReturnType<typeof db.collection> | ReturnType<ReturnType<typeof db.collection>['limit']> =
        ref.parent;
      if (c.query?.orderBy) q = q.orderBy(c.query.orderBy);
      if (c.query?.limit !== undefined) q = q.limit(c.query.limit);
      return verdictOf(() => q.get());
    }
    case 'create':
    case 'update': {
      // set() writes the complete document: request.resource.data is exactly `data` (a create when
      // nothing is stored there, an update of the seeded document otherwise).
      const verdict = await verdictOf(() => ref.set(c.data ?? {}));
      if (verdict === 'ALLOW') {
        const stored = await env.withSecurityRulesDisabled(async (ctx) => {
          const snap = await ctx.firestore().doc(c.path).get();
          expect(snap.data(), 'the written document is `data`').toEqual(c.data ?? {});
        });
        void stored;
      }
      return verdict;
    }
    case 'delete':
      return verdictOf(() => ref.delete());
  }
}

function bytes(size: unknown): Uint8Array {
  return new Uint8Array(typeof size === 'number' ? size : 0).fill(0x61);
}

function uploadMetadata(r: Json): { contentType?: string; customMetadata?: Record<string, string> } {
  const out: { contentType?: string; customMetadata?: Record<string, string> } = {};
  if (typeof r.contentType === 'string') out.contentType = r.contentType;
  if (r.metadata && typeof r.metadata === 'object') out.customMetadata = r.metadata as Record<string, string>;
  return out;
}

async function runStorageCase(env: RulesTestEnvironment, c: StorageCase) {
  await seedFirestore(env, {}, c.existing.lookups);
  const bucket = `gs://${c.bucket}`;
  const er = c.existing.resource;
  if (er) {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage(bucket).ref(c.path).put(bytes(er.size), uploadMetadata(er));
    });
  }
  const storage = context(env, c.auth).storage(bucket);
  const ref = storage.ref(c.path);
  const rr = c.requestResource ?? {};
  switch (c.method) {
    case 'get':
      return verdictOf(() => ref.getMetadata());
    case 'list': {
      // A list names a prefix: the folder of the case's object.
      const parent = ref.parent ?? storage.ref();
      return verdictOf(() => parent.list({ maxResults: 100 }));
    }
    case 'create':
      return verdictOf(() => Promise.resolve(ref.put(bytes(rr.size), uploadMetadata(rr))));
    case 'update': {
      if (er && (rr.size === undefined || rr.size === er.size)) {
        // Same bytes: a metadata update; removed custom metadata keys are sent as null.
        const md = uploadMetadata(rr);
        const custom: Record<string, string | null> = { ...(md.customMetadata ?? {}) };
        for (const k of Object.keys((er.metadata as Json | undefined) ?? {}))
          if (!(k in custom)) custom[k] = null;
        return verdictOf(() =>
          ref.updateMetadata({
            ...(md.contentType ? { contentType: md.contentType } : {}),
            customMetadata: custom as Record<string, string>,
          }),
        );
      }
      // Other bytes: the nearest real request, an upload over the object (judged as a create).
      return verdictOf(() => Promise.resolve(ref.put(bytes(rr.size), uploadMetadata(rr))));
    }
    case 'delete':
      return verdictOf(() => ref.delete());
  }
}

// ------------------------------------------------------------------------------------------------

interface Outcome {
  file: string;
  description: string;
  method: string;
  path: string;
  expected: Verdict;
  observed: string;
  matches: boolean;
  reasons: string[];
}
const known: Outcome[] = [];
const counts = { files: 0, cases: 0, asserted: 0, matched: 0 };

const vectors = loadVectors();
setLogLevel('silent'); // denials are expected: no SDK warning per denied write

describe('conformance vectors through the public path', () => {
  it('finds every vector file', () => {
    expect(vectors.length).toBe(38);
  });

  for (const v of vectors) {
    describe(v.file, () => {
      counts.files++;
      let cloud: LocalCloud;
      let env: RulesTestEnvironment;
      const lines: string[] = [];

      beforeAll(async () => {
        cloud = await startLocalCloud({
          projectId: PROJECT,
          firestorePort: 0,
          storagePort: v.service === 'storage' ? 0 : undefined,
          log: (line) => lines.push(line),
        });
        const host = '127.0.0.1';
        env = await initializeTestEnvironment({
          projectId: PROJECT,
          firestore:
            v.service === 'firestore'
              ? { host, port: cloud.firestore.port, rules: v.rules }
              : { host, port: cloud.firestore.port },
          ...(v.service === 'storage'
            ? { storage: { host, port: cloud.storage!.port, rules: v.rules } }
            : {}),
        });
      });
      afterAll(async () => {
        await env?.cleanup();
        await cloud?.close();
      });

      for (const c of v.cases) {
        counts.cases++;
        const reasons = staticReasons(v, c);
        const title = reasons.length ? `[known difference, reported] ${c.description}` : c.description;
        it(title, async () => {
          await env.clearFirestore();
          if (cloud.storage) {
            const reset = await fetch(`http://${cloud.storage.hostAndPort}/internal/reset`, {
              method: 'POST',
            });
            expect(reset.status).toBe(200);
          }
          lines.length = 0;
          const before = coverageCounts(cloud, v.service);
          const run = () =>
            v.service === 'firestore'
              ? runFirestoreCase(env, c as FirestoreCase)
              : runStorageCase(env, c as StorageCase);
          // A reported case may not even be sendable: record the error as its outcome.
          const observed = reasons.length
            ? await run().catch((err: unknown) => `ERROR ${String(err)}` as const)
            : await run();
          const log = lines.filter((l) => !l.includes('Rules updated')).join('\n');
          reasons.push(...dynamicReasons(v, c, evaluatedSince(before, coverageCounts(cloud, v.service))));
          if (reasons.length) {
            const s = c as FirestoreCase | StorageCase;
            known.push({
              file: v.file,
              description: c.description,
              method: s.method,
              path: s.path,
              expected: c.expected,
              observed,
              matches: observed === c.expected,
              reasons,
            });
            return;
          }
          counts.asserted++;
          expect(observed, `emulator log:\n${log}`).toBe(c.expected);
          counts.matched++;
        });
      }
    });
  }

  afterAll(() => {
    known.sort((a, b) => a.file.localeCompare(b.file) || a.description.localeCompare(b.description));
    const summary = {
      generatedBy: 'emulator/test/rules-public/conformance.test.ts',
      note:
        'Conformance vectors run through the public path (rules-unit-testing against the local ' +
        'cloud). These cases are reported, not asserted: they carry a testApiArtifact, need a ' +
        'requestTime, or have inputs real traffic cannot express. "observed" is the verdict ' +
        'real traffic got; "matches" says whether it equals the recorded production verdict.',
      totals: {
        files: counts.files,
        cases: counts.cases,
        asserted: counts.asserted,
        assertedMatched: counts.matched,
        knownDifferences: known.length,
        knownDifferencesMatchingAnyway: known.filter((k) => k.matches).length,
      },
      cases: known,
    };
    if (counts.cases && known.length + counts.matched === counts.cases) {
      writeFileSync(OUT, JSON.stringify(summary, null, 2) + '\n');
    }
    console.log(`[rules conformance, public path] ${JSON.stringify(summary.totals)}`);
  });
});
