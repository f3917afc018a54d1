import { describe, expect, it } from 'vitest';
import type { IndexConfig } from '../../src/firestore/indexes.js';
import { Code, OWNER, type StructuredQuery } from '../../src/firestore/model.js';
import { and, asc, desc, ids, newEngine, or, query, ROOT, run, seed, where } from './helpers.js';

async function failure(config: IndexConfig, q: StructuredQuery) {
  const e = newEngine({ strictIndexes: true, indexes: config });
  await seed(e, { 'deals/a': { stage: 'won', createdAt: 1, amount: 5, tags: ['x'] } });
  return e.runQuery(OWNER, ROOT, q).then(
    () => undefined,
    (err: { code: number; message: string }) => err,
  );
}

const extractJson = (message: string) => JSON.parse(message.slice(message.indexOf('{')));

describe('strict index mode', () => {
  it('serves without composite indexes what production serves with single-field indexes', async () => {
    const ok: StructuredQuery[] = [
      query('deals'),
      query('deals', { orderBy: [desc('createdAt')] }),
      query('deals', { where: where('amount', '>', 1) }),
      query('deals', { where: and(where('stage', '==', 'won'), where('amount', '==', 5)) }),
      query('deals', { where: and(where('stage', '==', 'won'), where('tags', 'array-contains', 'x')) }),
      query('deals', { where: where('stage', 'in', ['won', 'lost']) }),
      query('deals', { where: or(where('stage', '==', 'won'), where('amount', '==', 1)) }),
      query('deals', { where: where('stage', '==', 'won'), orderBy: [asc('stage')] }),
      query('deals', { where: where('stage', '!=', 'won') }),
    ];
    for (const [i, q] of ok.entries()) expect(await failure({}, q), `case ${i}`).toBeUndefined();
  });

  it('needs a composite index for equality + order on another field, with the exact JSON entry', async () => {
    const q = query('deals', { where: where('stage', '==', 'won'), orderBy: [desc('createdAt')] });
    const err = await failure({}, q);
    expect(err?.code).toBe(Code.FAILED_PRECONDITION);
    expect(err!.message).toMatch(/^The query requires an index\./);
    const entry = extractJson(err!.message);
    expect(entry).toEqual({
      collectionGroup: 'deals',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'stage', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    });
    // Adding exactly that entry makes the query run.
    expect(await failure({ indexes: [entry] }, q)).toBeUndefined();
    // An ascending index does not serve a descending order.
    const ascending = { ...entry, fields: [entry.fields[0], { fieldPath: 'createdAt', order: 'ASCENDING' }] };
    expect((await failure({ indexes: [ascending] }, q))?.code).toBe(Code.FAILED_PRECONDITION);
  });

  it('needs composite indexes for several order fields, array-contains + order, range + other order', async () => {
    const cases: [StructuredQuery, unknown[]][] = [
      [
        query('deals', { orderBy: [asc('stage'), desc('amount')] }),
        [
          { fieldPath: 'stage', order: 'ASCENDING' },
          { fieldPath: 'amount', order: 'DESCENDING' },
        ],
      ],
      [
        query('deals', { where: where('tags', 'array-contains', 'x'), orderBy: [asc('createdAt')] }),
        [
          { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
          { fieldPath: 'createdAt', order: 'ASCENDING' },
        ],
      ],
      [
        query('deals', { where: where('amount', '>', 1), orderBy: [asc('createdAt')] }),
        [
          { fieldPath: 'createdAt', order: 'ASCENDING' },
          { fieldPath: 'amount', order: 'ASCENDING' },
        ],
      ],
    ];
    for (const [q, fields] of cases) {
      const err = await failure({}, q);
      expect(err?.code).toBe(Code.FAILED_PRECONDITION);
      expect(extractJson(err!.message).fields).toEqual(fields);
    }
  });

  it('collection-group queries need COLLECTION_GROUP scope, also for single fields', async () => {
    const cg = query('deals', { allDescendants: true, where: where('stage', '==', 'won') });
    const err = await failure({}, cg);
    expect(err?.code).toBe(Code.FAILED_PRECONDITION);
    expect(err!.message).toMatch(/COLLECTION_GROUP_ASC index for collection deals and field stage/);
    const override = extractJson(err!.message);
    expect(override.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' });
    expect(override.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION' });
    expect(await failure({ fieldOverrides: [override] }, cg)).toBeUndefined();
    expect(await failure({}, query('deals', { allDescendants: true }))).toBeUndefined();

    const composite = query('deals', {
      allDescendants: true,
      where: where('stage', '==', 'won'),
      orderBy: [asc('amount')],
    });
    const cErr = await failure({}, composite);
    expect(extractJson(cErr!.message).queryScope).toBe('COLLECTION_GROUP');
  });

  it('without strict mode the same queries run (fallback plans)', async () => {
    const e = newEngine();
    await seed(e, {
      'deals/a': { stage: 'won', createdAt: 2 },
      'deals/b': { stage: 'won', createdAt: 1 },
      'deals/c': { stage: 'lost', createdAt: 3 },
    });
    expect(
      ids(await run(e, query('deals', { where: where('stage', '==', 'won'), orderBy: [desc('createdAt')] }))),
    ).toEqual(['a', 'b']);
  });

  it('setIndexes rebuilds indexes over existing data', async () => {
    const e = newEngine({ strictIndexes: true });
    await seed(e, { 'deals/a': { stage: 'won', createdAt: 2 }, 'deals/b': { stage: 'won', createdAt: 1 } });
    const q = query('deals', { where: where('stage', '==', 'won'), orderBy: [asc('createdAt')] });
    await expect(run(e, q)).rejects.toMatchObject({ code: Code.FAILED_PRECONDITION });
    e.setIndexes({
      indexes: [
        {
          collectionGroup: 'deals',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'stage', order: 'ASCENDING' },
            { fieldPath: 'createdAt', order: 'ASCENDING' },
          ],
        },
      ],
    });
    expect(ids(await run(e, q))).toEqual(['b', 'a']);
  });
});
