/**
 * Direct evaluation with the Rules Test API's mocked model, as used by the conformance vectors
 * (/work/shared/conformance/README.md, "Behaviours observed through the Rules Test API"):
 *  - `existing.documents[path]` is bound to `resource` as {data} (no id / __name__); when it is
 *    absent `resource` is unbound and any use is "Null value error.";
 *  - get()/exists() answer from mocks matched by exact path; an unmocked call is
 *    "Function not found error"; getAfter()/existsAfter() of the request's own path see the
 *    request's write, other paths fall back to the mocks;
 *  - a missing auth leaves `request.auth` undefined (reading it is an error).
 * Real traffic goes through firestore.ts / storage.ts instead.
 */
import { jsonToRules } from './convert.js';
import { DocAccessBudget } from './docaccess.js';
import { evaluateRequest, type Method } from './engine.js';
import { Evaluator, Frame, type EvaluatorOptions } from './evaluator.js';
import { describeDenial } from './explain.js';
import type { Ruleset } from './loader.js';
import { functionNotFound, nullValue, unsupported } from './stdlib/errors.js';
import {
  RBytes,
  RError,
  RLatLng,
  RMap,
  RPath,
  RTimestamp,
  typeName,
  type Result,
  type RValue,
} from './values.js';

export interface MockedAuth {
  uid: string;
  token: Record<string, unknown>;
}

export interface MockedLookups {
  get?: Record<string, Record<string, unknown>>;
  exists?: Record<string, boolean>;
}

export interface MockedFirestoreRequest {
  method: Method;
  /** Document path relative to /databases/(default)/documents. */
  path: string;
  auth: MockedAuth | null;
  data?: Record<string, unknown>;
  query?: { limit?: number; offset?: number; orderBy?: string };
  requestTime?: string;
  existing: { documents: Record<string, Record<string, unknown>>; lookups?: MockedLookups };
}

export interface MockedStorageRequest {
  method: Method;
  path: string;
  bucket: string;
  auth: MockedAuth | null;
  requestResource?: Record<string, unknown>;
  requestTime?: string;
  existing: { resource: Record<string, unknown> | null; lookups?: MockedLookups };
}

export interface MockedResult {
  allowed: boolean;
  reason: string;
  /** Evaluation errors of the allow statements that were evaluated ("line [L], column [C]. msg"). */
  errors: string[];
}

/** JSON vector values, including the tagged {"$timestamp"}, {"$bytes"}, {"$latlng"}, {"$reference"}. */
export function vectorValue(v: unknown): RValue {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0].startsWith('$')) {
      const x = (v as Record<string, unknown>)[keys[0]];
      switch (keys[0]) {
        case '$timestamp':
          return parseTimestamp(String(x));
        case '$bytes':
          return new RBytes(new Uint8Array(Buffer.from(String(x), 'base64')));
        case '$latlng': {
          const p = x as { latitude: number; longitude: number };
          return new RLatLng(p.latitude, p.longitude);
        }
        case '$reference':
          return new RPath(['databases', '(default)', 'documents', ...String(x).split('/').filter(Boolean)]);
      }
    }
    const m = new Map<string, RValue>();
    for (const [k, x] of Object.entries(v)) m.set(k, vectorValue(x));
    return new RMap(m);
  }
  if (Array.isArray(v)) return jsonToRules(v.map(vectorValue));
  return jsonToRules(v);
}

/** RFC 3339 with up to nanosecond precision. */
export function parseTimestamp(iso: string): RTimestamp {
  const m = /^(.*?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!m) throw new Error(`Invalid timestamp: ${iso}`);
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(ms)) throw new Error(`Invalid timestamp: ${iso}`);
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return new RTimestamp(BigInt(Math.floor(ms / 1000)), nanos);
}

function nowTimestamp(): RTimestamp {
  const ms = Date.now();
  return new RTimestamp(BigInt(Math.floor(ms / 1000)), (ms % 1000) * 1_000_000);
}

function baseRequest(
  method: Method,
  path: RPath,
  auth: MockedAuth | null,
  time?: string,
): Map<string, RValue> {
  const req = new Map<string, RValue>();
  if (auth) req.set('auth', RMap.of({ uid: auth.uid, token: vectorValue(auth.token ?? {}) }));
  req.set('method', method);
  req.set('path', path);
  req.set('time', time ? parseTimestamp(time) : nowTimestamp());
  return req;
}

/** Relative document path of a /databases/{db}/documents/... rules path, or null. */
function relativeDocPath(p: RValue): string | null {
  if (!(p instanceof RPath)) return null;
  const s = p.segments;
  if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents') return null;
  return s.slice(3).join('/');
}

function mockedLookup(
  name: string,
  displayName: string,
  args: RValue[],
  lookups: MockedLookups,
  budget: DocAccessBudget,
  fail: (e: RError) => RError,
  self?: { path: string; after: () => RValue; existsAfter: boolean },
): Result {
  if (args.length !== 1 || !(args[0] instanceof RPath)) {
    return unsupported(`${displayName}(${args.map(typeName).join(', ')})`, `${displayName}(path)`);
  }
  const rel = relativeDocPath(args[0]);
  if (rel === null) return new RError(`Invalid document path: ${args[0].toString()}.`);
  const charged = budget.charge(`${name.endsWith('After') ? 'after' : 'before'}:${rel}`);
  if (charged) return fail(charged);
  const isGet = name === 'get' || name === 'getAfter';
  if (self && rel === self.path && name.endsWith('After')) return isGet ? self.after() : self.existsAfter;
  if (isGet) {
    const doc = lookups.get?.[rel];
    return doc ? RMap.of({ data: vectorValue(doc) }) : functionNotFound(displayName);
  }
  const ex = lookups.exists?.[rel];
  return typeof ex === 'boolean' ? ex : functionNotFound(displayName);
}

function collectErrors(evaluated: { result: Result }[]): string[] {
  return evaluated
    .map((e) => e.result)
    .filter((r): r is RError => r instanceof RError)
    .map((r) => `line [${r.line}], column [${r.column}]. ${r.message}`);
}

export function evaluateMockedFirestore(
  ruleset: Ruleset,
  c: MockedFirestoreRequest,
  options: EvaluatorOptions = {},
): MockedResult {
  const segments = ['databases', '(default)', 'documents', ...c.path.split('/').filter(Boolean)];
  const request = baseRequest(c.method, new RPath(segments), c.auth, c.requestTime);
  const data = c.data === undefined ? undefined : vectorValue(c.data);
  if (data !== undefined) request.set('resource', RMap.of({ data }));
  if (c.query) request.set('query', vectorValue(c.query));
  const existing = c.existing.documents[c.path];
  const resource: Result = existing ? RMap.of({ data: vectorValue(existing) }) : nullValue();

  const budget = new DocAccessBudget(10);
  const lookups = c.existing.lookups ?? {};
  const self = {
    path: c.path,
    after: (): RValue => (c.method === 'delete' || data === undefined ? null : RMap.of({ data })),
    existsAfter: c.method !== 'delete',
  };
  const evaluator: Evaluator = new Evaluator(
    ruleset,
    {
      callGlobal: (name, args): Result | undefined =>
        ['get', 'exists', 'getAfter', 'existsAfter'].includes(name)
          ? mockedLookup(name, name, args, lookups, budget, (e) => evaluator.fail(e), self)
          : undefined,
    },
    options,
  );
  const root = new Frame(
    new Map<string, Result>([
      ['request', new RMap(request)],
      ['resource', resource],
    ]),
    null,
    ruleset.serviceScope,
  );
  const d = evaluateRequest(evaluator, segments, c.method, root);
  return {
    allowed: d.allowed,
    reason: d.allowed ? 'allowed' : describeDenial(ruleset, c.method, '/' + segments.join('/'), d.evaluated),
    errors: collectErrors(d.evaluated),
  };
}

export function evaluateMockedStorage(
  ruleset: Ruleset,
  c: MockedStorageRequest,
  options: EvaluatorOptions = {},
): MockedResult {
  const segments = ['b', c.bucket, 'o', ...c.path.split('/').filter(Boolean)];
  const request = baseRequest(c.method, new RPath(segments), c.auth, c.requestTime);
  if (c.requestResource) request.set('resource', vectorValue(c.requestResource));
  request.set('params', new RMap(new Map()));
  const resource: Result = c.existing.resource ? vectorValue(c.existing.resource) : nullValue();
  const budget = new DocAccessBudget(10);
  const lookups = c.existing.lookups ?? {};
  const evaluator: Evaluator = new Evaluator(
    ruleset,
    {
      namespaces: {
        firestore: (name, args): Result =>
          name === 'get' || name === 'exists'
            ? mockedLookup(name, `firestore.${name}`, args, lookups, budget, (e) => evaluator.fail(e))
            : functionNotFound(`firestore.${name}`),
      },
    },
    options,
  );
  const root = new Frame(
    new Map<string, Result>([
      ['request', new RMap(request)],
      ['resource', resource],
    ]),
    null,
    ruleset.serviceScope,
  );
  const d = evaluateRequest(evaluator, segments, c.method, root);
  return {
    allowed: d.allowed,
    reason: d.allowed ? 'allowed' : describeDenial(ruleset, c.method, '/' + segments.join('/'), d.evaluated),
    errors: collectErrors(d.evaluated),
  };
}
