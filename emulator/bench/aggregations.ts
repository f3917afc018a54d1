/**
 * Aggregations under rules, in-process (engine.runAggregationQuery, no transport): count() and
 * sum('amount') over a whole collection of deals, and a deals board (count() + sum('amount') per
 * stage, five stages, as the web app's board runs them), with a membership rule like
 * firestore.rules' deals rule: get() of the caller's member document and its permission map.
 * The owner (rules bypassed) runs the same aggregations for reference.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FirestoreEngine } from '../src/firestore/api.js';
import { createFirestoreEngine } from '../src/firestore/engine.js';
import { OWNER, type Caller, type StructuredAggregationQuery, type Write } from '../src/firestore/model.js';
import { fieldsFromJs } from '../src/firestore/values.js';
import { firestoreRules } from '../src/rules/index.js';
import { RULES } from './rules.js';
import { summarize, type Summary } from './stats.js';
import { DATABASE, PROJECT } from './targets.js';
import { deal, dealId, STAGES } from './workloads.js';

const ORG = 'acme';
const parent = `${DATABASE}/documents/organizations/${ORG}`;
const alice: Caller = { kind: 'user', auth: { uid: 'alice', token: { sub: 'alice' } } };

export interface AggregationResult {
  documents: number;
  /** ms per call; `board` is the five stages' count() + sum() run one after the other. */
  owner: { count: Summary; sum: Summary; board: Summary };
  rules: { count: Summary; sum: Summary; board: Summary };
}

function aggregation(stage: string | null, kind: 'count' | 'sum'): StructuredAggregationQuery {
  return {
    structuredQuery: {
      from: [{ collectionId: 'deals' }],
      ...(stage
        ? {
            where: {
              fieldFilter: { field: { fieldPath: 'stage' }, op: 'EQUAL', value: { stringValue: stage } },
            },
          }
        : {}),
    },
    aggregations: [
      kind === 'count' ? { alias: 'n', count: {} } : { alias: 's', sum: { field: { fieldPath: 'amount' } } },
    ],
  };
}

async function seed(engine: FirestoreEngine, documents: number): Promise<void> {
  await engine.commit(OWNER, DATABASE, [
    {
      update: {
        name: `${parent}/members/alice`,
        fields: fieldsFromJs({ role: 'seller', permissions: { deals: { view: true, edit: false } } }),
      },
    },
  ]);
  for (let i = 0; i < documents; i += 500) {
    const writes: Write[] = [];
    for (let j = i; j < Math.min(documents, i + 500); j++) {
      writes.push({ update: { name: `${parent}/deals/${dealId(j)}`, fields: fieldsFromJs(deal(j)) } });
    }
    await engine.commit(OWNER, DATABASE, writes);
  }
}

async function timesOf(runs: number, op: () => Promise<unknown>): Promise<Summary> {
  await op(); // warm-up
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    await op();
    times.push(performance.now() - start);
  }
  return summarize(times);
}

export async function aggregationsUnderRules(sizes: number[], runs: number): Promise<AggregationResult[]> {
  const out: AggregationResult[] = [];
  for (const documents of sizes) {
    const engine = createFirestoreEngine({ projectId: PROJECT });
    await seed(engine, documents);
    const rules = firestoreRules();
    const loaded = rules.load(RULES);
    if (!loaded.ok) throw new Error(loaded.message);
    engine.setAuthorizer(rules.authorizer);
    const measure = async (caller: Caller) => {
      const run = (q: StructuredAggregationQuery) => engine.runAggregationQuery(caller, parent, q);
      const n = (await run(aggregation(null, 'count'))).aggregateFields.n;
      if (!('integerValue' in n) || Number(n.integerValue) !== documents)
        throw new Error(`count() over ${documents} deals answered ${JSON.stringify(n)}`);
      return {
        count: await timesOf(runs, () => run(aggregation(null, 'count'))),
        sum: await timesOf(runs, () => run(aggregation(null, 'sum'))),
        board: await timesOf(runs, async () => {
          for (const stage of STAGES) {
            await run(aggregation(stage, 'count'));
            await run(aggregation(stage, 'sum'));
          }
        }),
      };
    };
    out.push({ documents, owner: await measure(OWNER), rules: await measure(alice) });
  }
  return out;
}

// `npx tsx bench/aggregations.ts [documents...]` runs this workload alone (default 100 20000 100000).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv.slice(2).map(Number);
  const results = await aggregationsUnderRules(sizes.length ? sizes : [100, 20_000, 100_000], 5);
  const ms = (s: Summary) => s.median.toFixed(1).padStart(8);
  console.log('documents   rules: count      sum    board   owner: count      sum    board   (median ms)');
  for (const r of results) {
    const row = [r.rules.count, r.rules.sum, r.rules.board, r.owner.count, r.owner.sum, r.owner.board];
    console.log(`${String(r.documents).padStart(9)}  ${row.map(ms).join(' ')}`);
  }
}
