import { beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { Code, type StructuredQuery } from '../../src/firestore/model.js';
import { double, fromJs } from '../../src/firestore/values.js';
import {
  and,
  asc,
  desc,
  ids,
  name,
  newEngine,
  or,
  query,
  refv,
  ROOT,
  run,
  seed,
  unary,
  where,
} from './helpers.js';

let e: FirestoreEngine;
const q = (parts: Partial<StructuredQuery> = {}) => run(e, query('items', parts));
const whereIds = async (f: ReturnType<typeof where>) => ids(await q({ where: f })).sort();

beforeAll(async () => {
  e = newEngine();
  await seed(e, {
    'items/a': { n: 1, s: 'apple', tags: ['red', 'fruit'], opt: null, g: 'x' },
    'items/b': { n: 2.5, s: 'banana', tags: ['yellow', 'fruit'], g: 'x' },
    'items/c': { n: 3, s: 'cherry', tags: ['red'], opt: 5, g: 'y' },
    'items/d': { n: 'three', s: 'date', tags: [], opt: 'z', g: 'y' },
    'items/e': { n: NaN, s: 'elder', g: 'z' },
    'items/f': { s: 'fig', m: { k: 1 }, g: 'z' },
    'items/g': { n: -0.0, s: 'grape', g: 'x' },
    'other/x': { n: 1 },
    'items/a/sub/s1': { n: 1 },
  });
});

describe('field filters', () => {
  it('==, with 1 == 1.0 and -0 == 0', async () => {
    expect(await whereIds(where('n', '==', 1))).toEqual(['a']);
    expect(await whereIds(where('n', '==', double(1)))).toEqual(['a']);
    expect(await whereIds(where('n', '==', 0))).toEqual(['g']);
    expect(await whereIds(where('opt', '==', null))).toEqual(['a']);
    expect(await whereIds(where('m', '==', { k: 1 }))).toEqual(['f']);
    expect(await whereIds(where('m.k', '==', 1))).toEqual(['f']);
  });

  it('range operators are type-bracketed', async () => {
    // NaN sorts first among numbers, but no range matches it (production: `<= 2` skips NaN).
    expect(await whereIds(where('n', '<', 3))).toEqual(['a', 'b', 'g']);
    expect(await whereIds(where('n', '>', 1))).toEqual(['b', 'c']);
    expect(await whereIds(where('n', '>=', 'a'))).toEqual(['d']);
    expect(await whereIds(where('n', '<=', 2.5))).toEqual(['a', 'b', 'g']);
    expect(await whereIds(where('n', '>', NaN))).toEqual([]);
    expect(await whereIds(where('s', '>=', 'c'))).toEqual(['c', 'd', 'e', 'f', 'g']);
    expect(await whereIds(and(where('s', '>', 'b'), where('s', '<', 'e')))).toEqual(['b', 'c', 'd']);
  });

  it('!= and not-in exclude missing fields and null', async () => {
    expect(await whereIds(where('opt', '!=', 5))).toEqual(['d']);
    expect(await whereIds(where('n', '!=', 1))).toEqual(['b', 'c', 'd', 'e', 'g']);
    expect(await whereIds(where('opt', 'not-in', [5]))).toEqual(['d']);
    expect(await whereIds(where('g', 'not-in', ['x', 'y']))).toEqual(['e', 'f']);
    expect(await whereIds(where('g', 'not-in', ['x', null]))).toEqual([]);
  });

  it('in, array-contains, array-contains-any', async () => {
    expect(await whereIds(where('n', 'in', [1, 3, 'three']))).toEqual(['a', 'c', 'd']);
    expect(await whereIds(where('tags', 'array-contains', 'red'))).toEqual(['a', 'c']);
    expect(await whereIds(where('tags', 'array-contains-any', ['yellow', 'red']))).toEqual(['a', 'b', 'c']);
    expect(await whereIds(and(where('tags', 'array-contains', 'fruit'), where('g', '==', 'x')))).toEqual([
      'a',
      'b',
    ]);
  });

  it('unary filters', async () => {
    expect(await whereIds(unary('n', 'IS_NAN'))).toEqual(['e']);
    expect(await whereIds(unary('opt', 'IS_NULL'))).toEqual(['a']);
    expect(await whereIds(unary('n', 'IS_NOT_NAN'))).toEqual(['a', 'b', 'c', 'd', 'g']);
    expect(await whereIds(unary('opt', 'IS_NOT_NULL'))).toEqual(['c', 'd']);
  });

  it('AND, OR and nested composites', async () => {
    expect(await whereIds(or(where('g', '==', 'z'), where('n', '==', 1)))).toEqual(['a', 'e', 'f']);
    expect(
      await whereIds(or(and(where('g', '==', 'x'), where('n', '>', 1)), where('s', '==', 'date'))),
    ).toEqual(['b', 'd']);
    expect(
      await whereIds(
        and(where('g', 'in', ['x', 'y']), or(where('n', '==', 3), where('tags', 'array-contains', 'yellow'))),
      ),
    ).toEqual(['b', 'c']);
  });

  it('__name__ filters', async () => {
    expect(await whereIds(where('__name__', '==', refv('items/c')))).toEqual(['c']);
    expect(await whereIds(where('__name__', '>', refv('items/e')))).toEqual(['f', 'g']);
    expect(await whereIds(where('__name__', 'in', [refv('items/a'), refv('items/z')]))).toEqual(['a']);
    expect(await whereIds(where('__name__', 'not-in', [refv('items/a')]))).toHaveLength(6);
  });
});

describe('ordering, cursors, limits', () => {
  it('orders with the implicit __name__ in the last direction; excludes docs missing the field', async () => {
    expect(ids(await q({ orderBy: [asc('n')] }))).toEqual(['e', 'g', 'a', 'b', 'c', 'd']);
    expect(ids(await q({ orderBy: [desc('n')] }))).toEqual(['d', 'c', 'b', 'a', 'g', 'e']);
    expect(ids(await q({ orderBy: [asc('g'), desc('s')] }))).toEqual(['g', 'b', 'a', 'd', 'c', 'f', 'e']);
    expect(ids(await q({ orderBy: [desc('g')] }))).toEqual(['f', 'e', 'd', 'c', 'g', 'b', 'a']);
    expect(ids(await q({ orderBy: [desc('__name__')], limit: 2 }))).toEqual(['g', 'f']);
  });

  it('orders implicitly by inequality fields', async () => {
    expect(ids(await q({ where: where('n', '>', 0) }))).toEqual(['a', 'b', 'c']);
    expect(ids(await q({ where: where('opt', '!=', 'nothing') }))).toEqual(['c', 'd']);
    expect(ids(await q({ where: and(where('s', '>', 'a'), where('n', '>', 0)) }))).toEqual(['a', 'b', 'c']);
    // Explicit order first, then the inequality field in the last explicit direction.
    expect(ids(await q({ where: where('n', '>=', 1), orderBy: [desc('g')] }))).toEqual(['c', 'b', 'a']);
  });

  it('cursors, offset and limit', async () => {
    const base = { orderBy: [asc('n')] };
    expect(ids(await q({ ...base, startAt: { values: [fromJs(1)], before: true } }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(ids(await q({ ...base, startAt: { values: [fromJs(1)], before: false } }))).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(ids(await q({ ...base, endAt: { values: [fromJs(2.5)], before: false } }))).toEqual([
      'e',
      'g',
      'a',
      'b',
    ]);
    expect(ids(await q({ ...base, endAt: { values: [fromJs(2.5)], before: true } }))).toEqual([
      'e',
      'g',
      'a',
    ]);
    expect(ids(await q({ ...base, offset: 1, limit: 2 }))).toEqual(['g', 'a']);
    expect(ids(await q({ ...base, limit: 0 }))).toEqual([]);
    // Cursor with a __name__ component.
    const byG = { orderBy: [asc('g')] };
    expect(
      ids(await q({ ...byG, startAt: { values: [fromJs('x'), refv('items/b')], before: false } })),
    ).toEqual(['g', 'c', 'd', 'e', 'f']);
    expect(
      ids(
        await q({
          ...byG,
          startAt: { values: [fromJs('y')], before: true },
          endAt: { values: [fromJs('y')] },
        }),
      ),
    ).toEqual(['c', 'd']);
    // Descending cursors.
    expect(
      ids(await q({ orderBy: [desc('n')], startAt: { values: [fromJs(2.5)], before: true }, limit: 2 })),
    ).toEqual(['b', 'a']);
    // Cursor on __name__ only.
    expect(ids(await q({ startAt: { values: [refv('items/e')], before: false } }))).toEqual(['f', 'g']);
  });

  it('select projects fields, __name__ only returns no fields', async () => {
    const docs = await q({
      select: { fields: [{ fieldPath: 's' }, { fieldPath: 'm.k' }] },
      where: where('s', '==', 'fig'),
    });
    expect(docs[0].fields).toEqual({ s: fromJs('fig'), m: fromJs({ k: 1 }) });
    const names = await q({ select: { fields: [{ fieldPath: '__name__' }] }, limit: 1 });
    expect(names[0].fields).toEqual({});
    expect(names[0].name).toBe(name('items/a'));
  });
});

describe('scopes', () => {
  it('queries a subcollection under a document, and collection groups', async () => {
    expect(ids(await run(e, query('sub'), `${ROOT}/items/a`))).toEqual(['s1']);
    expect(ids(await run(e, query('sub')))).toEqual([]);
    expect(ids(await run(e, query('sub', { allDescendants: true })))).toEqual(['s1']);
    expect(ids(await run(e, query('sub', { allDescendants: true }), `${ROOT}/items/b`))).toEqual([]);
    expect(ids(await run(e, query('sub', { allDescendants: true }), `${ROOT}/items/a`))).toEqual(['s1']);
    const all = await run(e, query('items', { allDescendants: true, where: where('n', '==', 1) }));
    expect(ids(all)).toEqual(['a']);
  });
});

describe('invalid queries', () => {
  const fails = async (parts: Partial<StructuredQuery>, message?: RegExp) => {
    const err = await q(parts).then(
      () => undefined,
      (x: { code: number; message: string }) => x,
    );
    expect(err?.code).toBe(Code.INVALID_ARGUMENT);
    if (message) expect(err!.message).toMatch(message);
  };
  it('rejects what Firestore rejects', async () => {
    await fails({ where: and(where('a', '!=', 1), where('b', 'not-in', [1])) }, /more than one/);
    await fails({ where: and(where('a', 'not-in', [1]), where('b', 'in', [1])) });
    await fails({ where: where('a', 'in', []) });
    await fails({
      where: where(
        'a',
        'in',
        Array.from({ length: 31 }, (_, i) => i),
      ),
    });
    await fails({
      where: where(
        'a',
        'not-in',
        Array.from({ length: 11 }, (_, i) => i),
      ),
    });
    await fails(
      { where: and(where('a', 'in', [1, 2, 3, 4, 5, 6]), where('b', 'in', [1, 2, 3, 4, 5, 6])) },
      /disjunctions/,
    );
    await fails({ where: and(where('a', 'array-contains', 1), where('b', 'array-contains', 1)) });
    await fails(
      { orderBy: [asc('n')], startAt: { values: [fromJs(1), refv('items/a'), fromJs(3)] } },
      /Too many cursor values/,
    );
    await fails({ startAt: { values: [fromJs('a')] } }, /__name__/);
    await fails({ where: where('__name__', '==', 'items/a') });
    await fails({ limit: -1 });
  });

  it('allows inequalities on several fields', async () => {
    expect(ids(await q({ where: and(where('n', '>', 1), where('s', '<', 'c')) }))).toEqual(['b']);
  });
});
