/** Runs every Firestore semantics vector of /work/shared/conformance through the engine. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWNER, type Cursor, type Filter, type StructuredQuery } from '../../src/firestore/model.js';
import { fromJs } from '../../src/firestore/values.js';
import { asc, desc, ids, newEngine, ROOT, seed, where } from './helpers.js';

const DIR = '/work/shared/conformance/firestore-semantics';

type VectorFilter =
  { field: string; op: string; value: unknown } | { op: 'and' | 'or'; filters: VectorFilter[] };

interface Vector {
  id: string;
  collectionPath: string;
  documents: Record<string, Record<string, unknown>>;
  query: {
    where?: VectorFilter;
    orderBy?: { field: string; direction: 'asc' | 'desc' }[];
    startAt?: unknown[];
    startAfter?: unknown[];
    endAt?: unknown[];
    endBefore?: unknown[];
    limit?: number;
  };
  expected: { ids: string[]; ordered: boolean; count: number; error: unknown };
}

function toFilter(f: VectorFilter): Filter {
  if ('filters' in f)
    return { compositeFilter: { op: f.op === 'and' ? 'AND' : 'OR', filters: f.filters.map(toFilter) } };
  return where(f.field, f.op, f.value);
}

const cursor = (values: unknown[], before: boolean): Cursor => ({ values: values.map(fromJs), before });

function toStructuredQuery(collectionId: string, q: Vector['query']): StructuredQuery {
  const sq: StructuredQuery = { from: [{ collectionId }] };
  if (q.where) sq.where = toFilter(q.where);
  if (q.orderBy) sq.orderBy = q.orderBy.map((o) => (o.direction === 'desc' ? desc(o.field) : asc(o.field)));
  if (q.startAt) sq.startAt = cursor(q.startAt, true);
  if (q.startAfter) sq.startAt = cursor(q.startAfter, false);
  if (q.endAt) sq.endAt = cursor(q.endAt, false);
  if (q.endBefore) sq.endAt = cursor(q.endBefore, true);
  if (q.limit !== undefined) sq.limit = q.limit;
  return sq;
}

const vectors: Vector[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Vector);

describe('Firestore semantics vectors', () => {
  it('found the vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(6);
  });

  for (const v of vectors) {
    it(v.id, async () => {
      const engine = newEngine();
      const collection = v.collectionPath.replace('{runId}', 'run1');
      await seed(
        engine,
        Object.fromEntries(Object.entries(v.documents).map(([id, d]) => [`${collection}/${id}`, d])),
      );
      const parentPath = collection.slice(0, collection.lastIndexOf('/'));
      const collectionId = collection.slice(collection.lastIndexOf('/') + 1);
      const run = engine.runQuery(OWNER, `${ROOT}/${parentPath}`, toStructuredQuery(collectionId, v.query));
      if (v.expected.error) {
        await expect(run).rejects.toBeDefined();
        return;
      }
      const got = ids((await run).documents);
      expect(got.length).toBe(v.expected.count);
      if (v.expected.ordered) expect(got).toEqual(v.expected.ids);
      else expect([...got].sort()).toEqual([...v.expected.ids].sort());
    });
  }
});
