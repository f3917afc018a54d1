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

  it('merges indexes: equalities on several fields with one order, each (field, order) indexed', async () => {
    const q = query('deals', {
      where: and(where('stage', '==', 'won'), where('amount', '==', 5), where('createdAt', '>=', 0)),
      orderBy: [desc('createdAt')],
    });
    const byStage = {
      collectionGroup: 'deals',
      queryScope: 'COLLECTION' as const,
      fields: [
        { fieldPath: 'stage', order: 'ASCENDING' as const },
        { fieldPath: 'createdAt', order: 'DESCENDING' as const },
      ],
    };
    const byAmount = {
      ...byStage,
      fields: [{ fieldPath: 'amount', order: 'ASCENDING' as const }, byStage.fields[1]!],
    };
    // One of the two is not enough; both are, without an index naming both fields.
    expect((await failure({ indexes: [byStage] }, q))?.code).toBe(Code.FAILED_PRECONDITION);
    expect(await failure({ indexes: [byStage, byAmount] }, q)).toBeUndefined();
    // The order must be the indexes' own: ascending is not served by descending indexes.
    const ascending = query('deals', {
      where: and(where('stage', '==', 'won'), where('amount', '==', 5)),
      orderBy: [asc('createdAt')],
    });
    expect((await failure({ indexes: [byStage, byAmount] }, ascending))?.code).toBe(Code.FAILED_PRECONDITION);
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

// A search map (`searchIndex: {ana: true, zzqx: true}`) queried with one equality per word:
// production serves it from the map keys' single-field indexes (merge join, document id order),
// and a field override on the map applies to every key of it.
describe('map subfields: equalities merged, overrides inherited', () => {
  const SEARCH_ASC_ONLY: IndexConfig = {
    fieldOverrides: [
      {
        collectionGroup: 'contacts',
        fieldPath: 'searchIndex',
        indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
      },
    ],
  };
  const words = (...ws: string[]) =>
    query('contacts', { where: and(...ws.map((w) => where(`searchIndex.${w}`, '==', true))) });

  async function engineWith(config: IndexConfig) {
    const e = newEngine({ strictIndexes: true, indexes: config });
    await seed(e, {
      'contacts/c3': { searchIndex: { ana: true, zzqx: true }, createdAt: 1 },
      'contacts/c1': { searchIndex: { ana: true, zzqx: true, '504': true }, createdAt: 3 },
      'contacts/c2': { searchIndex: { ana: true }, createdAt: 2 },
      'contacts/c4': { searchIndex: { zzqx: true }, createdAt: 4 },
    });
    return e;
  }

  it('equalities on several keys need no composite index; results in id order', async () => {
    for (const config of [{}, SEARCH_ASC_ONLY]) {
      const e = await engineWith(config);
      expect(ids(await run(e, words('zzqx', 'ana')))).toEqual(['c1', 'c3']);
      expect(ids(await run(e, words('ana', '`504`', 'zzqx')))).toEqual(['c1']);
      expect(ids(await run(e, words('ana', 'nobody')))).toEqual([]);
      const count = await e.runAggregationQuery(OWNER, ROOT, {
        structuredQuery: words('ana', 'zzqx'),
        aggregations: [{ alias: 'n', count: {} }],
      });
      expect(count.aggregateFields.n).toEqual({ integerValue: 2n });
    }
  });

  it('the same words ordered by another field need a composite index no file can name', async () => {
    const e = await engineWith(SEARCH_ASC_ONLY);
    const ordered = { ...words('ana', 'zzqx'), orderBy: [desc('createdAt')] };
    await expect(run(e, ordered)).rejects.toMatchObject({ code: Code.FAILED_PRECONDITION });
  });

  it("a map's override applies to its keys: ascending only serves equality, not descending order", async () => {
    const e = await engineWith(SEARCH_ASC_ONLY);
    const byKeyDesc = query('contacts', { orderBy: [desc('searchIndex.ana')] });
    const err = await run(e, byKeyDesc).then(
      () => undefined,
      (error: { code: number; message: string }) => error,
    );
    expect(err?.code).toBe(Code.FAILED_PRECONDITION);
    expect(err!.message).toMatch(/DESC index for collection contacts and field searchIndex\.ana/);
    // Without the override the key has its automatic descending index.
    expect(ids(await run(await engineWith({}), byKeyDesc))).toEqual(['c3', 'c2', 'c1']);
  });

  it('an exempted map exempts its keys; a key of its own override keeps its settings', async () => {
    const exempt: IndexConfig = {
      fieldOverrides: [{ collectionGroup: 'contacts', fieldPath: 'searchIndex', indexes: [] }],
    };
    const e = await engineWith(exempt);
    await expect(run(e, words('ana', 'zzqx'))).rejects.toMatchObject({ code: Code.FAILED_PRECONDITION });
    const keyKept: IndexConfig = {
      fieldOverrides: [
        ...exempt.fieldOverrides!,
        {
          collectionGroup: 'contacts',
          fieldPath: 'searchIndex.ana',
          indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
        },
      ],
    };
    expect(ids(await run(await engineWith(keyKept), words('ana')))).toEqual(['c1', 'c2', 'c3']);
    await expect(run(await engineWith(keyKept), words('ana', 'zzqx'))).rejects.toMatchObject({
      code: Code.FAILED_PRECONDITION,
    });
  });
});
