/**
 * Timing helpers: sample summaries, fixed-duration loops and a bounded in-flight pool.
 */
import { performance } from 'node:perf_hooks';

export interface Summary {
  n: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank percentile: with few samples p95 is the largest but one or the largest.
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const mid = sorted.length >> 1;
  return {
    n: sorted.length,
    median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    p95: rank(0.95),
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/** Milliseconds taken by `fn`. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export interface Throughput {
  ops: number;
  seconds: number;
  perSecond: number;
  /** Per-operation latency in ms. */
  latency: Summary;
  /** The latencies, kept only until slices are merged (mergeThroughputs). */
  samples?: number[];
}

/** One Throughput from slices measured separately (interleaved with another target's). */
export function mergeThroughputs(slices: Throughput[]): Throughput {
  const ops = slices.reduce((n, s) => n + s.ops, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const samples = slices.flatMap((s) => s.samples ?? []);
  return { ops, seconds, perSecond: ops / seconds, latency: summarize(samples) };
}

/** Runs `op(i)` one at a time, each awaited, until `ms` have passed (at least `minOps` times). */
export async function sequentialFor(
  ms: number,
  op: (i: number) => Promise<unknown>,
  minOps = 5,
): Promise<Throughput> {
  const latencies: number[] = [];
  const start = performance.now();
  let i = 0;
  while (performance.now() - start < ms || i < minOps) {
    const t = performance.now();
    await op(i++);
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - start) / 1000;
  return { ops: i, seconds, perSecond: i / seconds, latency: summarize(latencies), samples: latencies };
}

/** Keeps `concurrency` operations in flight until `ms` have passed, then waits for the last ones. */
export async function concurrentFor(
  ms: number,
  concurrency: number,
  op: (i: number) => Promise<unknown>,
): Promise<Throughput> {
  const latencies: number[] = [];
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (performance.now() - start < ms) {
      const t = performance.now();
      await op(next++);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  const ops = latencies.length;
  return { ops, seconds, perSecond: ops / seconds, latency: summarize(latencies), samples: latencies };
}

/**
 * In-process cost of a synchronous call: `fn` runs in 10 windows of `ms / 10`; the median window
 * gives calls/s and µs/call, the fastest one the cost with the least interference from other
 * processes (the machine may be shared).
 */
export function callsFor(
  ms: number,
  fn: () => void,
  chunk = 100,
): { calls: number; perSecond: number; usPerCall: number; bestUsPerCall: number } {
  for (let i = 0; i < chunk * 5; i++) fn(); // warm up the JIT before the clock starts
  const windows: number[] = [];
  let calls = 0;
  for (let w = 0; w < 10; w++) {
    let n = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ms / 10) {
      for (let i = 0; i < chunk; i++) fn();
      n += chunk;
      elapsed = performance.now() - start;
    }
    calls += n;
    windows.push((elapsed * 1000) / n);
  }
  const us = summarize(windows);
  return { calls, perSecond: 1e6 / us.median, usPerCall: us.median, bestUsPerCall: us.min };
}

/** Resolves when `predicate` holds, polling on the event loop; rejects after `ms`. */
export function waitUntil(predicate: () => boolean, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + ms;
    const tick = () => {
      if (predicate()) resolve();
      else if (performance.now() > deadline)
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      else setTimeout(tick, 1);
    };
    tick();
  });
}
