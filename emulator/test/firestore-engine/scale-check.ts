/**
 * Scale check (not a unit test): loads 100,000 documents, then times the first page of 25 for
 * query shapes served by indexes, next to the same queries over 100 documents.
 * Run: cd emulator && npx tsx test/firestore-engine/scale-check.ts [count]
 */
import { performance } from 'node:perf_hooks';
import { createFirestoreEngine } from '../../src/firestore/engine.js';
import { OWNER, type StructuredQuery, type Write } from '../../src/firestore/model.js';
import { fieldsFromJs } from '../../src/firestore/values.js';

const DB = 'projects/demo-scale/databases/(default)';
const ROOT = `${DB}/documents`;
const STAGES = ['lead', 'qualified', 'proposal', 'won', 'lost'];

async function load(count: number) {
  const engine = createFirestoreEngine({
    projectId: 'demo-scale',
    indexes: {
      indexes: [
        {
          collectionGroup: 'deals',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'stage', order: 'ASCENDING' },
            { fieldPath: 'createdAt', order: 'DESCENDING' },
          ],
        },
      ],
    },
  });
  const started = performance.now();
  for (let i = 0; i < count; i += 500) {
    const writes: Write[] = [];
    for (let j = i; j < Math.min(count, i + 500); j++) {
      writes.push({
        update: {
          name: `${ROOT}/deals/d${String(j).padStart(6, '0')}`,
          fields: fieldsFromJs({
            stage: STAGES[j % STAGES.length],
            amount: (j * 7919) % 100_000,
            createdAt: new Date(1_700_000_000_000 + j * 1000),
            owner: `u${j % 50}`,
            tags: [`t${j % 7}`, `t${j % 11}`],
          }),
        },
      });
    }
    await engine.commit(OWNER, DB, writes);
  }
  return { engine, loadMs: performance.now() - started };
}

const QUERIES: Record<string, StructuredQuery> = {
  'orderBy amount desc': {
    from: [{ collectionId: 'deals' }],
    orderBy: [{ field: { fieldPath: 'amount' }, direction: 'DESCENDING' }],
  },
  'stage == won, orderBy createdAt desc (composite)': {
    from: [{ collectionId: 'deals' }],
    where: { fieldFilter: { field: { fieldPath: 'stage' }, op: 'EQUAL', value: { stringValue: 'won' } } },
    orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
  },
  'stage == won AND owner == u3 (zig-zag)': {
    from: [{ collectionId: 'deals' }],
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [
          { fieldFilter: { field: { fieldPath: 'stage' }, op: 'EQUAL', value: { stringValue: 'won' } } },
          { fieldFilter: { field: { fieldPath: 'owner' }, op: 'EQUAL', value: { stringValue: 'u3' } } },
        ],
      },
    },
  },
  'amount >= 50000 (range)': {
    from: [{ collectionId: 'deals' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'amount' },
        op: 'GREATER_THAN_OR_EQUAL',
        value: { integerValue: 50_000n },
      },
    },
  },
  'tags array-contains t3': {
    from: [{ collectionId: 'deals' }],
    where: {
      fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: { stringValue: 't3' } },
    },
  },
  'stage in [won, lost] orderBy __name__': {
    from: [{ collectionId: 'deals' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'stage' },
        op: 'IN',
        value: { arrayValue: { values: [{ stringValue: 'won' }, { stringValue: 'lost' }] } },
      },
    },
  },
};

async function timeQueries(engine: Awaited<ReturnType<typeof load>>['engine'], expectFull: boolean) {
  const out: Record<string, number> = {};
  for (const [label, q] of Object.entries(QUERIES)) {
    await engine.runQuery(OWNER, ROOT, { ...q, limit: 25 }); // warm up
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      const { documents } = await engine.runQuery(OWNER, ROOT, { ...q, limit: 25 });
      if (expectFull && documents.length !== 25)
        throw new Error(`${label}: expected 25 documents, got ${documents.length}`);
    }
    out[label] = (performance.now() - started) / runs;
  }
  return out;
}

const count = Number(process.argv[2] ?? 100_000);
const small = await load(100);
const big = await load(count);
if (process.argv[3] === 'load-only') process.exit(0);
console.log(`loaded ${count} documents in ${(big.loadMs / 1000).toFixed(1)} s`);
const smallTimes = await timeQueries(small.engine, false);
const bigTimes = await timeQueries(big.engine, true);
console.log('first page of 25, mean ms:       100 docs   ' + `${count} docs`);
for (const label of Object.keys(QUERIES)) {
  console.log(
    `  ${label.padEnd(52)} ${smallTimes[label].toFixed(3).padStart(7)}   ${bigTimes[label].toFixed(3).padStart(7)}`,
  );
}
const countStart = performance.now();
const agg = await big.engine.runAggregationQuery(OWNER, ROOT, {
  structuredQuery: { from: [{ collectionId: 'deals' }] },
  aggregations: [{ alias: 'n', count: {} }],
});
console.log(
  `count() over ${count}: ${String((agg.aggregateFields.n as { integerValue: bigint }).integerValue)} in ${(performance.now() - countStart).toFixed(1)} ms`,
);
