/** Shared helpers for the engine tests: a fresh engine, terse writes and query builders. */
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { createFirestoreEngine, type FirestoreEngineOptions } from '../../src/firestore/engine.js';
import {
  OWNER,
  type Caller,
  type Document,
  type FieldOperator,
  type Filter,
  type StructuredQuery,
  type Timestamp,
  type UnaryOperator,
  type Value,
  type Write,
} from '../../src/firestore/model.js';
import { fieldsFromJs, fieldsToJs, fromJs } from '../../src/firestore/values.js';

export const PROJECT = 'demo-test';
export const DB = `projects/${PROJECT}/databases/(default)`;
export const ROOT = `${DB}/documents`;
export const name = (path: string) => `${ROOT}/${path}`;
export const refv = (path: string): Value => ({ referenceValue: name(path) });

/** A clock that advances 1 ms per reading, so tests are deterministic. */
export function fakeClock(start = 1_700_000_000): { clock: () => Timestamp; advance(ms: number): void } {
  let ms = start * 1000;
  return {
    clock: () => {
      ms += 1;
      return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
    },
    advance: (d: number) => void (ms += d),
  };
}

export function newEngine(options: Partial<FirestoreEngineOptions> = {}): FirestoreEngine {
  return createFirestoreEngine({ projectId: PROJECT, clock: fakeClock().clock, ...options });
}

export const setWrite = (path: string, data: Record<string, unknown>): Write => ({
  update: { name: name(path), fields: fieldsFromJs(data) },
});

export async function set(
  engine: FirestoreEngine,
  path: string,
  data: Record<string, unknown>,
  caller: Caller = OWNER,
) {
  return engine.commit(caller, DB, [setWrite(path, data)]);
}

export async function seed(engine: FirestoreEngine, docs: Record<string, Record<string, unknown>>) {
  const writes = Object.entries(docs).map(([p, d]) => setWrite(p, d));
  for (let i = 0; i < writes.length; i += 500) await engine.commit(OWNER, DB, writes.slice(i, i + 500));
}

export async function get(engine: FirestoreEngine, path: string, caller: Caller = OWNER) {
  const { results } = await engine.batchGet(caller, DB, [name(path)]);
  return results[0].found;
}

export const data = (doc: Document | undefined) => (doc ? fieldsToJs(doc.fields) : undefined);
export const idOf = (doc: Document) => doc.name.slice(doc.name.lastIndexOf('/') + 1);
export const ids = (docs: Document[]) => docs.map(idOf);

const OPS: Record<string, FieldOperator> = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
  in: 'IN',
  'not-in': 'NOT_IN',
};

/** where('a', '==', 1); values convert with fromJs unless already a Value ({xValue: ...}). */
export function where(field: string, op: string, value: unknown): Filter {
  const v = toValue(value);
  return { fieldFilter: { field: { fieldPath: field }, op: OPS[op] ?? (op as FieldOperator), value: v } };
}

export function unary(field: string, op: UnaryOperator): Filter {
  return { unaryFilter: { field: { fieldPath: field }, op } };
}

export const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
export const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });

/** Like fromJs, but keeps Values (e.g. references) given inside arrays as they are. */
export function toValue(x: unknown): Value {
  if (isValue(x)) return x;
  if (Array.isArray(x)) return { arrayValue: { values: x.map(toValue) } };
  return fromJs(x);
}

function isValue(x: unknown): x is Value {
  return (
    typeof x === 'object' &&
    x !== null &&
    !Array.isArray(x) &&
    Object.keys(x).length === 1 &&
    Object.keys(x)[0].endsWith('Value')
  );
}

export function query(
  collectionId: string,
  parts: Partial<StructuredQuery> & { allDescendants?: boolean } = {},
): StructuredQuery {
  const { allDescendants, ...rest } = parts;
  return { from: [{ collectionId, allDescendants }], ...rest };
}

export const asc = (fieldPath: string) => ({ field: { fieldPath }, direction: 'ASCENDING' as const });
export const desc = (fieldPath: string) => ({ field: { fieldPath }, direction: 'DESCENDING' as const });

export async function run(
  engine: FirestoreEngine,
  q: StructuredQuery,
  parent = ROOT,
  caller: Caller = OWNER,
) {
  return (await engine.runQuery(caller, parent, q)).documents;
}
