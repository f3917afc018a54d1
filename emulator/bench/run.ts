/**
 * Benchmark of the local cloud's Firestore emulator, through the real SDKs over gRPC, next to
 * @firestore-emulator/server for the admin workloads. Prints a table; writes bench/results.json
 * (bench/results.quick.json with --quick).
 *
 *   npm run bench:emulator            # from the repository root, ~3 minutes
 *   cd emulator && npx tsx bench/run.ts --quick
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { aggregationsUnderRules, type AggregationResult } from './aggregations.js';
import { describe as describeClients, manyClients, type ClientsResult } from './clients.js';
import { engineFanOut, type EngineFanOut } from './engine.js';
import { rulesEndToEnd, rulesInProcess, type EndToEndResult, type InProcessResult } from './rules.js';
import { mergeThroughputs, summarize, type Summary, type Throughput } from './stats.js';
import { adminClient, startOurs, startTheirs, type Target } from './targets.js';
import {
  adminFanOut,
  batchRep,
  deal,
  dealId,
  firstPageQueries,
  seedThroughBatches,
  singleWrites,
  summarizeQueries,
  type FanOutResult,
  type QueryResults,
  type QuerySamples,
} from './workloads.js';

const quick = process.argv.includes('--quick');
const config = quick
  ? {
      writeMs: 1000,
      concurrency: 32,
      batchReps: 2,
      queryRuns: 15,
      bigCollection: 0,
      listeners: 100,
      rounds: 3,
      rulesMs: 500,
      aggregationSizes: [100, 20_000],
      aggregationRuns: 3,
      clients: [1, 20],
      clientSeconds: 5,
    }
  : {
      writeMs: 3000,
      concurrency: 32,
      batchReps: 3,
      queryRuns: 40,
      bigCollection: 100_000,
      listeners: 100,
      rounds: 5,
      rulesMs: 2000,
      aggregationSizes: [100, 20_000, 100_000],
      aggregationRuns: 5,
      clients: [1, 20, 50],
      clientSeconds: 15,
    };
const SIZE = 10_000;

const here = path.dirname(fileURLToPath(import.meta.url));

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

function version(pkg: string): string {
  try {
    const file = path.join(here, '..', '..', 'node_modules', pkg, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function machine() {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    cpu = os.cpus()[0]?.model ?? cpu;
  }
  return {
    nproc: os.availableParallelism(),
    cpu,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    packages: Object.fromEntries(
      ['firebase-admin', 'firebase', '@firebase/rules-unit-testing', '@firestore-emulator/server'].map(
        (p) => [p, version(p)],
      ),
    ),
  };
}

interface BatchResults {
  /** ms per 500-write batch, each into a fresh collection. */
  batch500: Summary;
  /** ms of the first and the second 500-write batch of a 1,000-document load, and of the load. */
  load1000: { first: Summary; second: Summary; total: Summary };
}

interface AdminResults {
  writes?: { sequential: Throughput; concurrent: Throughput };
  batches?: BatchResults;
  seed10k?: { ms: number; perBatch: Summary };
  queries10k?: QueryResults;
  fanOut?: FanOutResult;
  /** Workloads that could not run, with the reason. */
  failed: Record<string, string>;
  /** 1-minute load average when each workload started on this target. */
  load: Record<string, number>;
}

async function attempt<T>(results: AdminResults, name: string, fn: () => Promise<T>): Promise<T | undefined> {
  if (results.failed[name]) return undefined; // an earlier slice failed
  results.load[name] ??= Number(os.loadavg()[0].toFixed(2));
  const start = performance.now();
  try {
    return await fn();
  } catch (e) {
    results.failed[name] = e instanceof Error ? e.message.split('\n')[0] : String(e);
    log(`  ${name}: FAILED (${results.failed[name]})`);
    return undefined;
  } finally {
    log(`  ${name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
}

interface Side {
  name: string;
  target: Target;
  client: ReturnType<typeof adminClient>;
  results: AdminResults;
}

/**
 * Workloads 1-4 through firebase-admin, the same for both emulators. Both run side by side and
 * each workload runs on ours and then at once on theirs — the short ones in alternating slices —
 * so that the shared machine's changing load falls on both about equally.
 */
async function adminWorkloads(): Promise<{ ours: AdminResults; theirs: AdminResults }> {
  const sides: Side[] = [];
  for (const [name, start] of [
    ['ours', startOurs],
    ['theirs', startTheirs],
  ] as const) {
    const target = await start();
    sides.push({ name, target, client: adminClient(target.port), results: { failed: {}, load: {} } });
  }
  const each = async (what: string, fn: (s: Side) => Promise<void>) => {
    for (const side of sides) {
      log(`${side.name}:`);
      await attempt(side.results, what, () => fn(side));
    }
  };
  try {
    const slices = 3;
    const writeSlices = new Map<Side, { sequential: Throughput; concurrent: Throughput }[]>();
    for (let i = 0; i < slices; i++) {
      await each('single writes', async (side) => {
        const r = await singleWrites(side.client.db, config.writeMs / slices, config.concurrency, i);
        writeSlices.set(side, [...(writeSlices.get(side) ?? []), r]);
      });
    }
    const reps = new Map<Side, { batch500: number; first: number; second: number }[]>();
    for (let r = 0; r < config.batchReps; r++) {
      await each('batches', async (side) => {
        reps.set(side, [...(reps.get(side) ?? []), await batchRep(side.client.db, r)]);
      });
    }
    await each(`seed ${SIZE} via admin batches`, async (side) => {
      side.results.seed10k = await seedThroughBatches(side.client.db, 'deals', SIZE);
    });
    const querySlices = new Map<Side, QuerySamples[]>();
    for (let i = 0; i < slices; i++) {
      await each(`queries over ${SIZE}`, async (side) => {
        if (!side.results.seed10k) throw new Error('not seeded');
        const q = await firstPageQueries(side.client.db, 'deals', Math.ceil(config.queryRuns / slices));
        querySlices.set(side, [...(querySlices.get(side) ?? []), q]);
      });
    }
    await each('listener fan-out', async (side) => {
      side.results.fanOut = await adminFanOut(side.client.db, config.listeners, config.rounds);
    });

    for (const side of sides) {
      const w = writeSlices.get(side);
      if (w?.length === slices) {
        side.results.writes = {
          sequential: mergeThroughputs(w.map((x) => x.sequential)),
          concurrent: mergeThroughputs(w.map((x) => x.concurrent)),
        };
      }
      const b = reps.get(side);
      if (b?.length === config.batchReps) {
        side.results.batches = {
          batch500: summarize(b.map((x) => x.batch500)),
          load1000: {
            first: summarize(b.map((x) => x.first)),
            second: summarize(b.map((x) => x.second)),
            total: summarize(b.map((x) => x.first + x.second)),
          },
        };
      }
      const q = querySlices.get(side);
      if (q?.length === slices) side.results.queries10k = summarizeQueries(q);
    }
  } finally {
    for (const side of sides) {
      await side.client.close();
      await side.target.close();
    }
  }
  return { ours: sides[0].results, theirs: sides[1].results };
}

/** Workload 3 at 100,000 documents (ours only), seeded in-process. */
async function bigQueries(): Promise<{ seedMs: number; queries: QueryResults } | undefined> {
  if (!config.bigCollection) return undefined;
  const target = await startOurs();
  const { db, close } = adminClient(target.port);
  try {
    const docs = Array.from({ length: config.bigCollection }, (_, i) => ({
      path: `deals/${dealId(i)}`,
      data: deal(i),
    }));
    const start = performance.now();
    await target.seedInProcess!(docs);
    const seedMs = performance.now() - start;
    log(`  seed ${config.bigCollection} in-process: ${(seedMs / 1000).toFixed(1)} s`);
    const queries = summarizeQueries([await firstPageQueries(db, 'deals', config.queryRuns)]);
    return { seedMs, queries };
  } finally {
    await close();
    await target.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

type Row = {
  workload: string;
  unit: string;
  better: 'higher' | 'lower';
  ours?: number;
  theirs?: number;
  note?: string;
};

function adminRows(ours: AdminResults, theirs: AdminResults): Row[] {
  const rows: Row[] = [];
  const add = (
    workload: string,
    unit: string,
    better: Row['better'],
    pick: (r: AdminResults) => number | undefined,
    failedKey: string,
  ) => {
    const note = theirs.failed[failedKey]
      ? `theirs: ${theirs.failed[failedKey]}`
      : ours.failed[failedKey]
        ? `ours: ${ours.failed[failedKey]}`
        : undefined;
    rows.push({ workload, unit, better, ours: pick(ours), theirs: pick(theirs), note });
  };
  add(
    '1. sequential awaited set()',
    'writes/s',
    'higher',
    (r) => r.writes?.sequential.perSecond,
    'single writes',
  );
  add(
    '   latency per set(), median',
    'ms',
    'lower',
    (r) => r.writes?.sequential.latency.median,
    'single writes',
  );
  add(
    `1. set(), ${config.concurrency} in flight`,
    'writes/s',
    'higher',
    (r) => r.writes?.concurrent.perSecond,
    'single writes',
  );
  add('2. one 500-write batch, median', 'ms', 'lower', (r) => r.batches?.batch500.median, 'batches');
  add(
    '2. 1,000-doc load: 1st batch of 500',
    'ms',
    'lower',
    (r) => r.batches?.load1000.first.median,
    'batches',
  );
  add(
    '2. 1,000-doc load: 2nd batch of 500',
    'ms',
    'lower',
    (r) => r.batches?.load1000.second.median,
    'batches',
  );
  add('2. 1,000-doc load: total', 'ms', 'lower', (r) => r.batches?.load1000.total.median, 'batches');
  const seed = `seed ${SIZE} via admin batches`;
  add(
    `   seed ${SIZE.toLocaleString('en')} docs (20 batches of 500)`,
    's',
    'lower',
    (r) => (r.seed10k ? r.seed10k.ms / 1000 : undefined),
    seed,
  );
  add('   seed: slowest batch of 500', 'ms', 'lower', (r) => r.seed10k?.perBatch.max, seed);
  const q = `queries over ${SIZE}`;
  add(
    `3. 10k: stage==won orderBy createdAt desc, median`,
    'ms',
    'lower',
    (r) => r.queries10k?.composite.median,
    q,
  );
  add(`   p95`, 'ms', 'lower', (r) => r.queries10k?.composite.p95, q);
  add(`3. 10k: orderBy amount desc, median`, 'ms', 'lower', (r) => r.queries10k?.byAmount.median, q);
  add(`   p95`, 'ms', 'lower', (r) => r.queries10k?.byAmount.p95, q);
  add(
    `4. ${config.listeners} admin listeners: all saw the write, median`,
    'ms',
    'lower',
    (r) => r.fanOut?.allSaw.median,
    'listener fan-out',
  );
  add(`   max over ${config.rounds} rounds`, 'ms', 'lower', (r) => r.fanOut?.allSaw.max, 'listener fan-out');
  add(
    `   first listener saw it, median`,
    'ms',
    'lower',
    (r) => r.fanOut?.firstSaw.median,
    'listener fan-out',
  );
  return rows;
}

const fmt = (x: number | undefined): string =>
  x === undefined
    ? '—'
    : x >= 1000
      ? Math.round(x).toLocaleString('en')
      : x >= 100
        ? x.toFixed(0)
        : x >= 10
          ? x.toFixed(1)
          : x.toFixed(2);

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function ratio(r: Row): string {
  if (r.ours === undefined || r.theirs === undefined) return '—';
  const x = r.ours / r.theirs;
  // Say which way is better so that a ratio reads without the unit.
  const faster = r.better === 'higher' ? x : 1 / x;
  return `${x.toFixed(x < 0.1 ? 4 : 2)} (${faster >= 1 ? `ours ×${fmt(faster)}` : `theirs ×${fmt(1 / faster)}`})`;
}

/** The repository checks formatting with prettier; write the committed JSON the way it wants. */
async function prettierJson(text: string, file: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, parser: 'json' });
  } catch {
    return `${text}\n`;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const info = machine();
  log(
    `${quick ? 'quick' : 'full'} run on ${info.nproc} × ${info.cpu}, node ${info.node}, load ${info.loadAverageAtStart.join(' ')}`,
  );

  log('firebase-admin workloads, ours (@trato/emulator) and theirs (@firestore-emulator/server):');
  const sectionLoad: Record<string, number> = {};
  const section = (name: string) => {
    sectionLoad[name] = Number(os.loadavg()[0].toFixed(2));
    log(`${name} (load ${sectionLoad[name]}):`);
  };
  const { ours, theirs } = await adminWorkloads();
  section(`ours, ${config.bigCollection.toLocaleString('en')} documents`);
  const big = await bigQueries();
  section('rules, in-process');
  const inProcess: InProcessResult[] = await rulesInProcess(config.rulesMs);
  section('rules, end-to-end (web SDK via rules-unit-testing)');
  const e2e: EndToEndResult = await rulesEndToEnd({
    ms: config.rulesMs,
    listeners: config.listeners,
    rounds: config.rounds,
  });
  section('aggregations under rules, engine only');
  const aggregations: AggregationResult[] = await aggregationsUnderRules(
    config.aggregationSizes,
    config.aggregationRuns,
  );
  section('listener fan-out, engine only');
  const engineFan: EngineFanOut[] = await engineFanOut(config.listeners, config.rounds * 2);
  section('many clients: web SDK members listening to and paging a list (bench/clients.ts)');
  const clients: ClientsResult[] = await manyClients({
    clients: config.clients,
    docs: 3000,
    seconds: config.clientSeconds,
    log: (line) => log(`  ${line}`),
  });
  const seconds = (performance.now() - started) / 1000;
  const loadAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));

  // --- stdout ------------------------------------------------------------------------------
  const rows = adminRows(ours, theirs);
  const check = (k: 'composite' | 'byAmount') =>
    ours.queries10k && theirs.queries10k && ours.queries10k.firstIds[k] !== theirs.queries10k.firstIds[k]
      ? `  (first documents differ: ours ${ours.queries10k.firstIds[k]}, theirs ${theirs.queries10k.firstIds[k]})`
      : '';
  const out: string[] = [];
  out.push(`Firestore emulator benchmark (${quick ? 'quick' : 'full'} run, ${seconds.toFixed(0)} s)`);
  out.push(
    `Machine: ${info.nproc} × ${info.cpu}, ${info.memoryGiB} GiB, ${info.platform}, node ${info.node}, ${info.date}`,
  );
  out.push(
    `Load average (1/5/15 min): ${info.loadAverageAtStart.join(' / ')} at start, ${loadAtEnd.join(' / ')} at end`,
  );
  out.push('Clients and servers share one Node process; every server on an ephemeral loopback port.');
  out.push('Admin workloads alternate between ours and theirs so that load changes hit both.');
  out.push('');
  out.push('firebase-admin over gRPC: ours vs @firestore-emulator/server ("theirs")');
  out.push(
    table(
      ['workload', 'unit', 'ours', 'theirs', 'ours/theirs'],
      rows.map((r) => [r.workload, r.unit, fmt(r.ours), fmt(r.theirs), ratio(r)]),
    ),
  );
  for (const r of rows) if (r.note) out.push(`  ${r.workload.trim()}: ${r.note}`);
  if (check('composite') || check('byAmount')) out.push(check('composite') + check('byAmount'));
  if (big) {
    out.push('');
    out.push(
      `Ours at ${config.bigCollection.toLocaleString('en')} documents (seeded in-process in ${(big.seedMs / 1000).toFixed(1)} s, 500 writes per engine.commit)`,
    );
    out.push(
      table(
        ['first page of 25', 'median ms', 'p95 ms', '10k median ms'],
        [
          [
            'stage==won orderBy createdAt desc (composite index)',
            fmt(big.queries.composite.median),
            fmt(big.queries.composite.p95),
            fmt(ours.queries10k?.composite.median),
          ],
          [
            'orderBy amount desc',
            fmt(big.queries.byAmount.median),
            fmt(big.queries.byAmount.p95),
            fmt(ours.queries10k?.byAmount.median),
          ],
        ],
      ),
    );
    out.push(
      `  theirs: not run at ${config.bigCollection.toLocaleString('en')} (its inserts are O(n) each; 10,000 took ${fmt(theirs.seed10k ? theirs.seed10k.ms / 1000 : undefined)} s)`,
    );
  }
  out.push('');
  out.push('Rules (ours only; @firestore-emulator/server has no rules engine)');
  out.push(
    table(
      ['in-process authorizer.authorize()', 'calls/s', 'µs/call', 'best µs/call'],
      inProcess.map((r) => [r.label, fmt(r.perSecond), fmt(r.usPerCall), fmt(r.bestUsPerCall)]),
    ),
  );
  out.push('');
  out.push(
    table(
      ['end-to-end, web SDK (rules-unit-testing)', 'ops/s', 'median ms', 'p95 ms'],
      [
        ...e2e.getDoc.map((g) => [
          `getDoc, ${g.label}`,
          fmt(g.result.perSecond),
          fmt(g.result.latency.median),
          fmt(g.result.latency.p95),
        ]),
        ...e2e.writes.map((w) => [
          `setDoc ${w.label}`,
          fmt(w.result.perSecond),
          fmt(w.result.latency.median),
          fmt(w.result.latency.p95),
        ]),
      ],
    ),
  );
  out.push('');
  out.push(
    table(
      [
        `fan-out, ${config.listeners} web clients, one write`,
        'all saw, median ms',
        'max ms',
        'first, median ms',
        'set-up ms',
      ],
      e2e.fanOut.map((f) =>
        'error' in f.result
          ? [f.label, 'failed', '', '', f.result.error]
          : [
              f.label,
              fmt(f.result.allSaw.median),
              fmt(f.result.allSaw.max),
              fmt(f.result.firstSaw.median),
              fmt(f.result.setupMs),
            ],
      ),
    ),
  );
  out.push('');
  out.push(
    table(
      [
        `server-side share: engine.commit() with ${config.listeners} targets`,
        'median ms',
        'max ms',
        'no listeners, median ms',
      ],
      engineFan.map((f) => [
        f.label,
        fmt(f.commit.median),
        fmt(f.commit.max),
        fmt(f.commitWithoutListeners.median),
      ]),
    ),
  );
  out.push('');
  out.push(
    table(
      [
        'aggregations, engine only: median ms',
        'count()',
        'sum(amount)',
        'board: 5 × (count + sum)',
        'owner: count',
        'sum',
        'board',
      ],
      aggregations.map((a) => [
        `${a.documents.toLocaleString('en')} deals, membership get() + permission map`,
        fmt(a.rules.count.median),
        fmt(a.rules.sum.median),
        fmt(a.rules.board.median),
        fmt(a.owner.count.median),
        fmt(a.owner.sum.median),
        fmt(a.owner.board.median),
      ]),
    ),
  );
  console.log(out.join('\n'));
  console.log('\nmany clients (bench/clients.ts):');
  for (const r of clients) console.log(`  ${describeClients(r)}`);

  // --- JSON --------------------------------------------------------------------------------
  const file = path.join(here, quick ? 'results.quick.json' : 'results.json');
  const json = {
    mode: quick ? 'quick' : 'full',
    machine: { ...info, loadAverageAtEnd: loadAtEnd, loadAverageBySection: sectionLoad },
    durationSeconds: Number(seconds.toFixed(1)),
    config,
    notes: [
      'Clients and servers run in one Node process; servers listen on ephemeral 127.0.0.1 ports.',
      'Times in ms; ratio = ours / theirs of the figure (see "better" for the direction).',
      'Admin workloads alternate between the two emulators (writes and queries in 3 slices, batches per repetition).',
      `theirs = @firestore-emulator/server ${info.packages['@firestore-emulator/server']}, started in-process.`,
    ],
    comparison: rows.map((r) => ({
      ...r,
      ratio: r.ours !== undefined && r.theirs !== undefined ? r.ours / r.theirs : null,
    })),
    admin: { ours, theirs },
    ours100k: big,
    rules: { inProcess, endToEnd: e2e, aggregations },
    engineFanOut: engineFan,
    manyClients: clients,
  };
  const text = JSON.stringify(json, (key, value: unknown) => (key === 'samples' ? undefined : value), 2);
  writeFileSync(file, await prettierJson(text, file));
  log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0), // SDK channels keep the loop alive after their apps are deleted
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
