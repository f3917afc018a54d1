/**
 * The firebase-admin workloads, run the same way against every target: single writes, batches,
 * the 10,000-document load, first-page queries and listener fan-out.
 */
import { performance } from 'node:perf_hooks';
import type { Firestore, Query } from 'firebase-admin/firestore';
import { concurrentFor, sequentialFor, summarize, timed, type Summary, type Throughput } from './stats.js';

export const STAGES = ['lead', 'qualified', 'proposal', 'won', 'lost'];

/** A CRM deal; `amount` is distinct for every i < 100,000 (7919 is prime to 100,000). */
export function deal(i: number): Record<string, unknown> {
  return {
    name: `Deal ${i}`,
    stage: STAGES[i % STAGES.length],
    amount: (i * 7919) % 100_000,
    createdAt: new Date(1_700_000_000_000 + i * 1000),
    owner: `u${i % 50}`,
  };
}

export const dealId = (i: number) => `d${String(i).padStart(6, '0')}`;

/** One slice of workload 1; slices of the same target write on into the same collections. */
export async function singleWrites(
  db: Firestore,
  ms: number,
  concurrency: number,
  slice: number,
): Promise<{ sequential: Throughput; concurrent: Throughput }> {
  if (slice === 0) {
    // Connection set-up and the JIT's first pass over SDK and server are not what we measure.
    for (let i = 0; i < 200; i++) await db.collection('warmup').doc(dealId(i)).set(deal(i));
  }
  const base = slice * 100_000;
  const sequential = await sequentialFor(ms, (i) =>
    db
      .collection('seq')
      .doc(dealId(base + i))
      .set(deal(i)),
  );
  const concurrent = await concurrentFor(ms, concurrency, (i) =>
    db
      .collection('conc')
      .doc(dealId(base + i))
      .set(deal(i)),
  );
  return { sequential, concurrent };
}

async function commitBatch(db: Firestore, collection: string, from: number, count: number): Promise<number> {
  const batch = db.batch();
  for (let i = from; i < from + count; i++) batch.set(db.collection(collection).doc(dealId(i)), deal(i));
  return timed(() => batch.commit());
}

/** One repetition of workload 2: ms of a 500-write batch and of the two batches of a 1,000-doc load. */
export async function batchRep(
  db: Firestore,
  rep: number,
): Promise<{ batch500: number; first: number; second: number }> {
  const batch500 = await commitBatch(db, `batch${rep}`, 0, 500);
  const first = await commitBatch(db, `load${rep}`, 0, 500);
  const second = await commitBatch(db, `load${rep}`, 500, 500);
  return { batch500, first, second };
}

/** Loads `count` deals into `collection` through admin batches of 500; ms in total and per batch. */
export async function seedThroughBatches(
  db: Firestore,
  collection: string,
  count: number,
): Promise<{ ms: number; perBatch: Summary }> {
  const perBatch: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i += 500)
    perBatch.push(await commitBatch(db, collection, i, Math.min(500, count - i)));
  return { ms: performance.now() - start, perBatch: summarize(perBatch) };
}

export interface QuerySamples {
  /** where('stage','==','won').orderBy('createdAt','desc').limit(25): ms per first page. */
  composite: number[];
  /** orderBy('amount','desc').limit(25) */
  byAmount: number[];
  /** First document ids, to check that both emulators answer the same. */
  firstIds: { composite: string; byAmount: string };
}

export interface QueryResults {
  composite: Summary;
  byAmount: Summary;
  firstIds: QuerySamples['firstIds'];
}

export function summarizeQueries(slices: QuerySamples[]): QueryResults {
  return {
    composite: summarize(slices.flatMap((s) => s.composite)),
    byAmount: summarize(slices.flatMap((s) => s.byAmount)),
    firstIds: slices[0].firstIds,
  };
}

/** `runs` first pages of each query, after a warm-up of 3. */
export async function firstPageQueries(
  db: Firestore,
  collection: string,
  runs: number,
): Promise<QuerySamples> {
  const composite = db
    .collection(collection)
    .where('stage', '==', 'won')
    .orderBy('createdAt', 'desc')
    .limit(25);
  const byAmount = db.collection(collection).orderBy('amount', 'desc').limit(25);
  const run = async (q: Query) => {
    let firstId = '';
    for (let i = 0; i < 3; i++) firstId = (await q.get()).docs[0]?.id ?? '';
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const snap = await q.get();
      samples.push(performance.now() - start);
      if (snap.size !== 25) throw new Error(`expected a page of 25, got ${snap.size}`);
    }
    return { samples, firstId };
  };
  const c = await run(composite);
  const a = await run(byAmount);
  return {
    composite: c.samples,
    byAmount: a.samples,
    firstIds: { composite: c.firstId, byAmount: a.firstId },
  };
}

export interface FanOutResult {
  listeners: number;
  /** ms from the write call until every listener saw the written document, per round. */
  allSaw: Summary;
  /** ms until the first listener saw it. */
  firstSaw: Summary;
  /** ms until every listener had its first snapshot. */
  setupMs: number;
}

/**
 * `listeners` query listeners on the same query; each round writes one document that becomes
 * the first of the query, and times until every listener's snapshot starts with it.
 * `listen(i, onFirstId)` opens listener i; `write(id, at)` performs the write.
 */
export async function fanOut(options: {
  listeners: number;
  rounds: number;
  timeoutMs: number;
  listen(i: number, onFirstId: (id: string | undefined) => void, onError: (e: unknown) => void): () => void;
  write(id: string, at: number): Promise<unknown>;
}): Promise<FanOutResult> {
  const { listeners: n, rounds } = options;
  let want: string | undefined;
  let t0 = 0;
  let times: number[] = [];
  let initial = 0;
  let failure: unknown;
  let wake: () => void = () => {};
  const seenRound = new Array<string | undefined>(n).fill(undefined);
  const initialSeen = new Array<boolean>(n).fill(false);

  const setupStart = performance.now();
  const unsubscribes: (() => void)[] = [];
  const settle = () => (initial === n && (want === undefined || times.length === n)) || failure !== undefined;
  for (let i = 0; i < n; i++) {
    unsubscribes.push(
      options.listen(
        i,
        (id) => {
          if (!initialSeen[i]) {
            initialSeen[i] = true;
            initial++;
          }
          if (want !== undefined && id === want && seenRound[i] !== want) {
            seenRound[i] = want;
            times.push(performance.now() - t0);
          }
          if (settle()) wake();
        },
        (e) => {
          failure ??= e;
          wake();
        },
      ),
    );
  }
  const until = (what: string) =>
    new Promise<void>((resolve, reject) => {
      if (settle()) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`timed out after ${options.timeoutMs} ms: ${what}`)),
        options.timeoutMs,
      );
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  try {
    await until(`${n - initial} of ${n} listeners without a first snapshot`);
    if (failure !== undefined) throw failure;
    const setupMs = performance.now() - setupStart;
    const all: number[] = [];
    const first: number[] = [];
    for (let r = 0; r < rounds; r++) {
      times = [];
      want = `fan-${r}`;
      t0 = performance.now();
      await options.write(want, 1_000_000 + r);
      await until(`round ${r}: ${n - times.length} of ${n} listeners did not see the write`);
      if (failure !== undefined) throw failure;
      all.push(Math.max(...times));
      first.push(Math.min(...times));
    }
    return { listeners: n, allSaw: summarize(all), firstSaw: summarize(first), setupMs };
  } finally {
    for (const u of unsubscribes) u();
  }
}

/** Fan-out through firebase-admin: each onSnapshot is its own Listen stream. */
export async function adminFanOut(db: Firestore, listeners: number, rounds: number): Promise<FanOutResult> {
  const batch = db.batch();
  for (let i = 0; i < 100; i++) batch.set(db.collection('feed').doc(`f${i}`), { at: i, text: `item ${i}` });
  await batch.commit();
  const q = db.collection('feed').orderBy('at', 'desc').limit(25);
  return fanOut({
    listeners,
    rounds,
    timeoutMs: 30_000,
    listen: (_i, onFirstId, onError) => q.onSnapshot((snap) => onFirstId(snap.docs[0]?.id), onError),
    write: (id, at) => db.collection('feed').doc(id).set({ at, text: 'new' }),
  });
}
