import { describe, expect, it } from 'vitest';
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { OWNER, type Aggregation, type StructuredQuery } from '../../src/firestore/model.js';
import { double, int, NULL } from '../../src/firestore/values.js';
import { newEngine, query, ROOT, seed, where } from './helpers.js';

async function agg(e: FirestoreEngine, q: StructuredQuery, aggregations: Aggregation[]) {
  return (await e.runAggregationQuery(OWNER, ROOT, { structuredQuery: q, aggregations })).aggregateFields;
}
const sum = (alias: string, fieldPath: string): Aggregation => ({ alias, sum: { field: { fieldPath } } });
const avg = (alias: string, fieldPath: string): Aggregation => ({ alias, avg: { field: { fieldPath } } });

describe('aggregations', () => {
  it('count, with upTo, filters and limit', async () => {
    const e = newEngine();
    await seed(
      e,
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c/d${i}`, { i, even: i % 2 === 0 }])),
    );
    expect(await agg(e, query('c'), [{ alias: 'n', count: {} }])).toEqual({ n: int(12) });
    expect(await agg(e, query('c'), [{ alias: 'n', count: { upTo: 5n } }])).toEqual({ n: int(5) });
    expect(
      await agg(e, query('c', { where: where('even', '==', true) }), [{ alias: 'n', count: {} }]),
    ).toEqual({ n: int(6) });
    expect(await agg(e, query('c', { limit: 3 }), [{ alias: 'n', count: {} }])).toEqual({ n: int(3) });
    expect(await agg(e, query('none'), [{ alias: 'n', count: {} }])).toEqual({ n: int(0) });
  });

  it('sum and avg types: ints stay ints, doubles make doubles, overflow goes double, non-numbers ignored', async () => {
    const e = newEngine();
    await seed(e, {
      'i/a': { v: 1 },
      'i/b': { v: 2 },
      'i/c': { v: 'x' },
      'i/d': {},
      'f/a': { v: 1 },
      'f/b': { v: 0.5 },
      'o/a': { v: 9223372036854775807n },
      'o/b': { v: 1 },
      's/a': { v: 'only strings' },
    });
    expect(await agg(e, query('i'), [sum('s', 'v'), avg('a', 'v')])).toEqual({ s: int(3), a: double(1.5) });
    expect(await agg(e, query('f'), [sum('s', 'v'), avg('a', 'v')])).toEqual({
      s: double(1.5),
      a: double(0.75),
    });
    expect(await agg(e, query('o'), [sum('s', 'v')])).toEqual({ s: double(9223372036854775808) });
    expect(await agg(e, query('s'), [sum('s', 'v'), avg('a', 'v'), { alias: 'n', count: {} }])).toEqual({
      s: int(0),
      a: NULL,
      n: int(1),
    });
  });

  it('rejects duplicate aliases and more than 5 aggregations', async () => {
    const e = newEngine();
    await expect(
      agg(e, query('c'), [
        { alias: 'n', count: {} },
        { alias: 'n', count: {} },
      ]),
    ).rejects.toMatchObject({ code: 3 });
    const six = Array.from({ length: 6 }, (_, i) => ({ alias: `a${i}`, count: {} }));
    await expect(agg(e, query('c'), six)).rejects.toMatchObject({ code: 3 });
  });
});
