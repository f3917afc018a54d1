/**
 * One database's documents with their recent versions (enough MVCC to read at a past read time
 * and to serve transactions), kept in step with the sorted indexes.
 */
import { IndexManager, type IndexConfig } from './indexes.js';
import type { Document } from './model.js';
import { compareResourcePaths } from './paths.js';
import { SortedList } from './sorted.js';

/** How far back reads at a past read time are served (Firestore's default retention is 1 hour). */
export const VERSION_RETENTION_US = 60 * 60 * 1_000_000;

interface Version {
  /** Commit time in microseconds. */
  time: number;
  doc: Document | null;
}

class DocRecord {
  versions: Version[] = [];

  get current(): Document | null {
    return this.versions.length ? this.versions[this.versions.length - 1].doc : null;
  }

  at(time: number): Document | null {
    for (let i = this.versions.length - 1; i >= 0; i--)
      if (this.versions[i].time <= time) return this.versions[i].doc;
    return null;
  }

  push(version: Version): void {
    this.versions.push(version);
    // Keep the newest version older than the retention window: it is the state at its start.
    const cutoff = version.time - VERSION_RETENTION_US;
    let drop = 0;
    while (drop + 1 < this.versions.length && this.versions[drop + 1].time <= cutoff) drop++;
    if (drop > 0) this.versions.splice(0, drop);
  }
}

export class Store {
  private records = new Map<string, DocRecord>();
  /** Paths of existing documents in resource order (listDocuments, collection ids, export). */
  readonly paths = new SortedList<string>(compareResourcePaths);
  readonly indexes: IndexManager;
  /** Time of the last commit that changed something. */
  lastChange = 0;

  constructor(
    readonly database: string,
    config: IndexConfig,
  ) {
    this.indexes = new IndexManager(config);
  }

  get(path: string): Document | null {
    return this.records.get(path)?.current ?? null;
  }

  /** The document as of a read time (microseconds); current state when time is undefined. */
  getAt(path: string, time?: number): Document | null {
    const r = this.records.get(path);
    if (!r) return null;
    return time === undefined ? r.current : r.at(time);
  }

  /** Every path with history, existing or not (for reads at a past time). */
  historicalPaths(): IterableIterator<string> {
    return this.records.keys();
  }

  /** Applies a set of document states committed at `time`. */
  apply(changes: ReadonlyMap<string, Document | null>, time: number): void {
    for (const [path, doc] of changes) {
      let r = this.records.get(path);
      if (!r) this.records.set(path, (r = new DocRecord()));
      const before = r.current;
      r.push({ time, doc });
      this.indexes.update(path, before?.fields ?? null, doc?.fields ?? null);
      if (!before && doc) this.paths.insert(path);
      if (before && !doc) this.paths.remove(path);
    }
    if (changes.size > 0) this.lastChange = time;
  }

  clear(): void {
    this.records.clear();
    this.paths.clear();
    this.indexes.configure(this.indexes.indexConfig);
  }

  /** Rebuilds every index from the current documents (after the index configuration changed). */
  reindex(config: IndexConfig): void {
    this.indexes.configure(config);
    for (const path of this.paths) this.indexes.update(path, null, this.get(path)!.fields);
  }
}
