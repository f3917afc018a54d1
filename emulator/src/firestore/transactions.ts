/**
 * Transactions as Firestore runs them for server SDKs: pessimistic. A read-write transaction's
 * reads take shared locks; a commit needs every written document free of other transactions'
 * locks. Conflicts resolve by wound-wait on the transaction's age: an older writer aborts younger
 * lock holders, a younger writer waits for older ones. A retry (`retryTransaction`) keeps the
 * original age, so retried transactions eventually become the oldest and win: concurrent
 * read-modify-write loops converge.
 */
import { randomBytes } from 'node:crypto';
import { Code, FirestoreError } from './model.js';

/** Firestore's limits: 270 s in total, 60 s without activity. */
export const TRANSACTION_MAX_MS = 270_000;
export const TRANSACTION_IDLE_MS = 60_000;
/** How long a writer waits for an older transaction's locks before giving up. */
export const LOCK_WAIT_MS = 20_000;

export const CONTENTION_MESSAGE = 'Too much contention on these documents. Please try again.';
const EXPIRED_MESSAGE = 'The referenced transaction has expired or is no longer valid.';

export class Transaction {
  readonly locks = new Set<string>();
  aborted = false;
  lastActiveMs: number;

  constructor(
    readonly id: Uint8Array,
    readonly key: string,
    /** Lower is older. Wound-wait compares these. */
    readonly priority: number,
    readonly startedMs: number,
    /** Read-only transactions read at this time (microseconds) and take no locks. */
    readonly readTime: number | undefined,
  ) {
    this.lastActiveMs = startedMs;
  }

  get readOnly(): boolean {
    return this.readTime !== undefined;
  }
}

const keyOf = (id: Uint8Array) => Buffer.from(id).toString('base64');

export class TransactionManager {
  private transactions = new Map<string, Transaction>();
  /** Document path -> read-write transactions holding a shared lock on it. */
  private holders = new Map<string, Set<Transaction>>();
  private waiters = new Set<() => void>();
  /** Priorities of finished transactions, so a retry after rollback keeps its age. */
  private retiredPriorities = new Map<string, number>();
  private sequence = 0;

  constructor(private readonly nowMs: () => number) {}

  begin(options: { readTime?: number; retry?: Uint8Array }): Transaction {
    const retried = options.retry ? this.transactions.get(keyOf(options.retry)) : undefined;
    if (retried) this.finish(retried);
    const retriedPriority = options.retry ? this.retiredPriorities.get(keyOf(options.retry)) : undefined;
    const id = new Uint8Array(randomBytes(16));
    const key = keyOf(id);
    // Priorities are strictly ordered: start time in ms with a sequence tie-breaker.
    const priority = retriedPriority ?? this.nowMs() * 1000 + (this.sequence++ % 1000);
    const t = new Transaction(id, key, priority, this.nowMs(), options.readTime);
    this.transactions.set(key, t);
    return t;
  }

  /** The active transaction with this id, or the error Firestore gives for it. */
  use(id: Uint8Array): Transaction {
    const t = this.transactions.get(keyOf(id));
    if (!t) throw new FirestoreError(Code.INVALID_ARGUMENT, EXPIRED_MESSAGE);
    if (this.expired(t)) {
      this.finish(t);
      throw new FirestoreError(Code.INVALID_ARGUMENT, EXPIRED_MESSAGE);
    }
    if (t.aborted) {
      this.finish(t);
      throw new FirestoreError(Code.ABORTED, CONTENTION_MESSAGE);
    }
    t.lastActiveMs = this.nowMs();
    return t;
  }

  private expired(t: Transaction): boolean {
    const now = this.nowMs();
    return now - t.startedMs > TRANSACTION_MAX_MS || now - t.lastActiveMs > TRANSACTION_IDLE_MS;
  }

  /** Takes shared locks for a read-write transaction's reads. */
  lock(t: Transaction, paths: Iterable<string>): void {
    if (t.readOnly) return;
    for (const path of paths) {
      t.locks.add(path);
      let set = this.holders.get(path);
      if (!set) this.holders.set(path, (set = new Set()));
      set.add(t);
    }
  }

  /**
   * Waits until no other transaction holds a lock on `paths`, aborting younger holders at once.
   * `writer` is the committing transaction, or undefined for a plain (non-transactional) commit,
   * which is as old as the moment it arrives.
   */
  async acquire(writer: Transaction | undefined, paths: readonly string[]): Promise<void> {
    const priority = writer?.priority ?? this.nowMs() * 1000 + 999;
    const deadline = this.nowMs() + LOCK_WAIT_MS;
    const started = Date.now();
    for (;;) {
      if (writer?.aborted) throw new FirestoreError(Code.ABORTED, CONTENTION_MESSAGE);
      let mustWait = false;
      for (const path of paths) {
        for (const holder of this.holders.get(path) ?? []) {
          if (holder === writer) continue;
          if (this.expired(holder)) this.finish(holder);
          else if (holder.priority > priority) this.wound(holder);
          else mustWait = true;
        }
      }
      if (!mustWait) return;
      if (this.nowMs() > deadline || Date.now() - started > LOCK_WAIT_MS) {
        throw new FirestoreError(Code.ABORTED, 'Transaction lock timeout.');
      }
      await this.released();
    }
  }

  /** Ends a transaction (commit, rollback, failure) and frees its locks. */
  finish(t: Transaction): void {
    if (!this.transactions.delete(t.key)) return;
    this.retiredPriorities.set(t.key, t.priority);
    if (this.retiredPriorities.size > 10_000) {
      const oldest = this.retiredPriorities.keys().next().value!;
      this.retiredPriorities.delete(oldest);
    }
    for (const path of t.locks) {
      const set = this.holders.get(path);
      set?.delete(t);
      if (set?.size === 0) this.holders.delete(path);
    }
    t.locks.clear();
    for (const wake of this.waiters) wake();
  }

  clear(): void {
    for (const t of [...this.transactions.values()]) {
      t.aborted = true;
      this.finish(t);
    }
  }

  /** Aborts a younger lock holder: it fails with ABORTED at its next use. */
  private wound(t: Transaction): void {
    t.aborted = true;
    for (const path of t.locks) {
      const set = this.holders.get(path);
      set?.delete(t);
      if (set?.size === 0) this.holders.delete(path);
    }
    t.locks.clear();
    for (const wake of this.waiters) wake();
  }

  /** Resolves when some lock is released, or after a short while to re-check expiry. */
  private released(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, 250);
      timer.unref?.();
      this.waiters.add(done);
    });
  }
}
