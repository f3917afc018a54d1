/**
 * Differential test of the planner: random data, random writes and random queries, compared with
 * a brute-force evaluation (every document, filter, sort, slice) of the same query.
 */
import { describe, expect, it } from 'vitest';
import type { IndexConfig } from '../../src/firestore/indexes.js';
import {
  OWNER,
  type Cursor,
  type Document,
  type Filter,
  type StructuredQuery,
} from '../../src/firestore/model.js';
import { compareDocs, compileQuery, inScope, matchesQuery } from '../../src/firestore/query.js';
import { fieldsFromJs } from '../../src/firestore/values.js';
import { and, asc, DB, desc, name, newEngine, or, refv, ROOT, toValue, unary, where } from './helpers.js';

/** A small deterministic PRNG so failures reproduce. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

const INDEXES: IndexConfig = {
  indexes: [
    {
      collectionGroup: 'r',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'r',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    },
    {
      collectionGroup: 'r',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    },
    {
      collectionGroup: 'r',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'c', order: 'ASCENDING' },
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    },
    {
      collectionGroup: 'r',
      queryScope: 'COLLECTION_GROUP',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    },
  ],
  fieldOverrides: [
    {
      collectionGroup: 'r',
      fieldPath: 'b',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    },
  ],
};

const A_VALUES = [0, 1, 2, 3, 'x', null, 1.5, true];
const TAGS = ['t1', 't2', 't3', 't4'];
const PARENTS = ['', 'p/1/', 'p/2/'];

function randomDoc(r: ReturnType<typeof rng>): Record<string, unknown> {
  const d: Record<string, unknown> = {};
  if (r.chance(0.9)) d.a = r.pick(A_VALUES);
  if (r.chance(0.85)) d.b = r.chance(0.8) ? r.int(20) : r.pick([NaN, 2.5, 'str', -1]);
  if (r.chance(0.7)) d.c = r.pick(['u', 'v', 'w']);
  if (r.chance(0.7)) d.tags = TAGS.filter(() => r.chance(0.4));
  if (r.chance(0.3)) d.m = { k: r.int(3) };
  return d;
}

function randomFilter(r: ReturnType<typeof rng>, depth = 0): Filter {
  if (depth < 2 && r.chance(0.2)) {
    const children = [randomFilter(r, depth + 1), randomFilter(r, depth + 1)];
    return r.chance(0.5) ? and(...children) : or(...children);
  }
  const field = r.pick(['a', 'b', 'c', 'm.k']);
  const value =
    field === 'a'
      ? r.pick(A_VALUES)
      : field === 'b'
        ? r.int(20)
        : field === 'c'
          ? r.pick(['u', 'v', 'w'])
          : r.int(3);
  switch (r.int(9)) {
    case 0:
    case 1:
      return where(field, '==', value);
    case 2:
      return where(field, r.pick(['<', '<=', '>', '>=']), value);
    case 3:
      return where('tags', 'array-contains', r.pick(TAGS));
    case 4:
      return where(field, 'in', [value, r.pick(A_VALUES)]);
    case 5:
      return where('tags', 'array-contains-any', [r.pick(TAGS), r.pick(TAGS)]);
    case 6:
      return unary(field, r.pick(['IS_NULL', 'IS_NAN'] as const));
    case 7:
      return where('__name__', r.pick(['>', '<=']), refv(`r/d${r.int(60)}`));
    default:
      return and(where('a', '==', r.pick(A_VALUES)), where('b', r.pick(['<', '>=']), r.int(20)));
  }
}

/** Drops filter combinations Firestore rejects (the validator has its own tests). */
function randomQuery(r: ReturnType<typeof rng>): StructuredQuery {
  const q: StructuredQuery = { from: [{ collectionId: 'r', allDescendants: r.chance(0.2) }] };
  if (r.chance(0.8)) q.where = r.chance(0.5) ? randomFilter(r) : and(randomFilter(r), randomFilter(r));
  if (r.chance(0.6)) {
    const f = r.pick(['a', 'b', 'c']);
    q.orderBy = [r.chance(0.5) ? asc(f) : desc(f)];
    if (r.chance(0.3)) q.orderBy.push(r.chance(0.5) ? asc('b') : desc('b'));
    if (r.chance(0.2)) q.orderBy.push(r.chance(0.5) ? asc('__name__') : desc('__name__'));
  } else if (r.chance(0.2)) q.orderBy = [r.chance(0.5) ? asc('__name__') : desc('__name__')];
  if (r.chance(0.5)) q.limit = 1 + r.int(8);
  if (r.chance(0.2)) q.offset = r.int(4);
  return q;
}

function randomCursor(r: ReturnType<typeof rng>, docs: Document[], q: StructuredQuery): Cursor | undefined {
  if (docs.length === 0) return undefined;
  const doc = r.pick(docs);
  const compiled = compileQuery(ROOT, q);
  const n = 1 + r.int(compiled.orders.length);
  const values = compiled.orders.slice(0, n).map((o) =>
    o.field.path === '__name__'
      ? { referenceValue: doc.name }
      : (o.field.segments.reduce<unknown>((f, s) => {
          const v = (f as Record<string, { mapValue?: { fields: unknown } }>)?.[s];
          return v && 'mapValue' in v ? v.mapValue!.fields : v;
        }, doc.fields) as never),
  );
  if (values.some((v) => v === undefined)) return undefined;
  return { values: values.map((v) => toValue(v)), before: r.chance(0.5) };
}

function bruteForce(all: Map<string, Document>, q: StructuredQuery): string[] {
  const c = compileQuery(ROOT, q);
  const docs = [...all.entries()].filter(([p, d]) => inScope(c, p) && matchesQuery(c, d)).map(([, d]) => d);
  docs.sort((x, y) => compareDocs(c, x, y));
  const sliced = docs.slice(c.offset, c.limit === undefined ? undefined : c.offset + c.limit);
  return sliced.map((d) => d.name);
}

describe('planner vs brute force', () => {
  it('returns the same documents in the same order for random queries over changing data', async () => {
    const r = rng(Number(process.env.PLANNER_SEED ?? 42));
    const engine = newEngine({ indexes: INDEXES });
    let checked = 0;
    for (let round = 0; round < 8; round++) {
      const writes = Array.from({ length: 40 }, () => {
        const path = `${r.pick(PARENTS)}r/d${r.int(60)}`;
        return r.chance(0.15)
          ? { delete: name(path) }
          : { update: { name: name(path), fields: fieldsFromJs(randomDoc(r)) } };
      });
      await engine.commit(OWNER, DB, writes);
      const all = new Map<string, Document>();
      for (const parent of PARENTS) {
        const collection = parent === '' ? ROOT : `${ROOT}/${parent.slice(0, -1)}`;
        const { documents } = await engine.listDocuments(OWNER, collection, 'r');
        for (const d of documents) all.set(d.name.slice(ROOT.length + 1), d);
      }
      for (let i = 0; i < 150; i++) {
        const q = randomQuery(r);
        let expected: string[];
        try {
          expected = bruteForce(all, q);
        } catch {
          continue; // invalid combination
        }
        if (r.chance(0.4)) {
          const start = randomCursor(r, [...all.values()], q);
          const end = randomCursor(r, [...all.values()], q);
          if (start) q.startAt = start;
          if (end && r.chance(0.5)) q.endAt = end;
          expected = bruteForce(all, q);
        }
        const actual = (await engine.runQuery(OWNER, ROOT, q)).documents.map((d) => d.name);
        expect(
          actual,
          JSON.stringify(q, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        ).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(800);
  });
});

describe('listeners vs queries', () => {
  it('a client applying the listen responses always holds the current query results', async () => {
    const r = rng(Number(process.env.PLANNER_SEED ?? 7));
    const engine = newEngine({ indexes: INDEXES });
    const queries: StructuredQuery[] = [];
    while (queries.length < 25) {
      const q = randomQuery(r);
      try {
        bruteForce(new Map(), q);
        queries.push(q);
      } catch {
        // invalid combination
      }
    }
    const held = new Map<number, Set<string>>(queries.map((_, i) => [i, new Set()]));
    const stream = engine.listen(OWNER, DB, (res) => {
      if ('documentChange' in res) {
        for (const t of res.documentChange.targetIds) held.get(t)!.add(res.documentChange.document.name);
        for (const t of res.documentChange.removedTargetIds)
          held.get(t)!.delete(res.documentChange.document.name);
      } else if ('documentDelete' in res || 'documentRemove' in res) {
        const body = 'documentDelete' in res ? res.documentDelete : res.documentRemove;
        for (const t of body.removedTargetIds) held.get(t)!.delete(body.document);
      }
    });
    queries.forEach((q, i) => stream.addTarget({ targetId: i, query: { parent: ROOT, structuredQuery: q } }));
    for (let round = 0; round < 60; round++) {
      const writes = Array.from({ length: 1 + r.int(4) }, () => {
        const path = `${r.pick(PARENTS)}r/d${r.int(30)}`;
        return r.chance(0.2)
          ? { delete: name(path) }
          : { update: { name: name(path), fields: fieldsFromJs(randomDoc(r)) } };
      });
      await engine.commit(OWNER, DB, writes);
      for (const [i, q] of queries.entries()) {
        const expected = (await engine.runQuery(OWNER, ROOT, q)).documents.map((d) => d.name).sort();
        expect([...held.get(i)!].sort(), `round ${round} target ${i}`).toEqual(expected);
      }
    }
    stream.close();
  });
});
