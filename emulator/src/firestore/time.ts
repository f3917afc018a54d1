/**
 * Commit and read times. Firestore versions are microseconds: commit times strictly increase and
 * every read time is at or after the last commit, so a read at time T sees exactly the commits
 * with time <= T.
 */
import type { Timestamp } from './model.js';

export function toMicros(t: Timestamp): number {
  return t.seconds * 1_000_000 + Math.floor(t.nanos / 1000);
}

export function fromMicros(us: number): Timestamp {
  const seconds = Math.floor(us / 1_000_000);
  return { seconds, nanos: (us - seconds * 1_000_000) * 1000 };
}

export function systemClock(): Timestamp {
  const ms = Date.now();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

export class VersionClock {
  private last = 0;

  constructor(private readonly clock: () => Timestamp) {}

  now(): number {
    return toMicros(this.clock());
  }

  /** A read time: now, but never before a commit already made. */
  readTime(): number {
    this.last = Math.max(this.last, this.now());
    return this.last;
  }

  /** A commit time strictly after every time handed out so far. */
  commitTime(): number {
    this.last = Math.max(this.now(), this.last + 1);
    return this.last;
  }

  /** After an import, commit times continue after the imported ones. */
  observe(us: number): void {
    this.last = Math.max(this.last, us);
  }
}
