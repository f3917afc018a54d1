/**
 * An ordered set stored as a list of sorted chunks (at most 2 * LOAD items each). Inserts and
 * removals cost a binary search plus a splice inside one small chunk, so building an index of
 * 100,000 entries stays linear-ish while range scans are plain array walks.
 */
const LOAD = 256;

export interface Position {
  chunk: number;
  index: number;
}

export class SortedList<T> {
  private chunks: T[][] = [];
  private count = 0;

  constructor(private readonly cmp: (a: T, b: T) => number) {}

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.chunks = [];
    this.count = 0;
  }

  /** Inserts the item; an item comparing equal to an existing one replaces it. */
  insert(item: T): void {
    if (this.chunks.length === 0) {
      this.chunks.push([item]);
      this.count = 1;
      return;
    }
    let c = this.chunkFor((x) => this.cmp(x, item) < 0);
    if (c === this.chunks.length) c--;
    const chunk = this.chunks[c];
    const i = lowerIndex(chunk, (x) => this.cmp(x, item) < 0);
    if (i < chunk.length && this.cmp(chunk[i], item) === 0) {
      chunk[i] = item;
      return;
    }
    chunk.splice(i, 0, item);
    this.count++;
    if (chunk.length > 2 * LOAD) this.chunks.splice(c, 1, chunk.slice(0, LOAD), chunk.slice(LOAD));
  }

  /** Removes the item comparing equal to `item`; returns whether one was there. */
  remove(item: T): boolean {
    const pos = this.lowerBound((x) => this.cmp(x, item) < 0);
    const found = this.at(pos);
    if (found === undefined || this.cmp(found, item) !== 0) return false;
    const chunk = this.chunks[pos.chunk];
    chunk.splice(pos.index, 1);
    if (chunk.length === 0) this.chunks.splice(pos.chunk, 1);
    this.count--;
    return true;
  }

  /** The first position whose item is not `before` (before must be monotone: true...false). */
  lowerBound(before: (item: T) => boolean): Position {
    const c = this.chunkFor(before);
    if (c === this.chunks.length) return { chunk: c, index: 0 };
    return { chunk: c, index: lowerIndex(this.chunks[c], before) };
  }

  at(pos: Position): T | undefined {
    return this.chunks[pos.chunk]?.[pos.index];
  }

  /** Items from `from` onwards (or backwards from the item before `from` when reverse). */
  *iterate(from: Position, reverse = false): Generator<T> {
    if (!reverse) {
      for (let c = from.chunk, i = from.index; c < this.chunks.length; c++, i = 0) {
        const chunk = this.chunks[c];
        for (; i < chunk.length; i++) yield chunk[i];
      }
      return;
    }
    let c = from.chunk;
    let i = from.index - 1;
    if (c >= this.chunks.length) {
      c = this.chunks.length - 1;
      i = (this.chunks[c]?.length ?? 0) - 1;
    }
    while (c >= 0) {
      const chunk = this.chunks[c];
      for (; i >= 0; i--) yield chunk[i];
      c--;
      i = (this.chunks[c]?.length ?? 0) - 1;
    }
  }

  start(): Position {
    return { chunk: 0, index: 0 };
  }

  end(): Position {
    return { chunk: this.chunks.length, index: 0 };
  }

  *[Symbol.iterator](): Generator<T> {
    yield* this.iterate(this.start());
  }

  /** Index of the first chunk whose last item is not `before`. */
  private chunkFor(before: (item: T) => boolean): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid];
      if (before(chunk[chunk.length - 1])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function lowerIndex<T>(items: T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
