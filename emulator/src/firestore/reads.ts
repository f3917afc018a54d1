/**
 * Document reads billed per request, counted per project the way production bills them
 * (https://firebase.google.com/docs/firestore/pricing):
 *
 *   get          one read per document asked for (found or missing)
 *   query        one read per document returned; a query that returns nothing costs 1
 *                (ListDocuments and ListCollectionIds count here too)
 *   listen       each document delivered in a target's initial snapshot (an empty query target
 *                costs 1), then one per document added to or updated in a target's results and
 *                one per document that left them because it changed (a deletion costs nothing)
 *   aggregation  one read per 1,000 index entries matched (at least 1)
 *
 * Only requests that succeed are counted. Security-rules lookups (get()/exists()) are not.
 */
export const READ_KINDS = ['get', 'query', 'listen', 'aggregation'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export interface ReadCounts {
  /** The sum of byKind. */
  reads: number;
  byKind: Record<ReadKind, number>;
}

/** The reads billed for a query or a query target's first snapshot that returns `documents`. */
export const queryReads = (documents: number): number => Math.max(1, documents);

/** The reads billed for an aggregation that matched `entries` index entries. */
export const aggregationReads = (entries: number): number => Math.max(1, Math.ceil(entries / 1000));

const zero = (): Record<ReadKind, number> => ({ get: 0, query: 0, listen: 0, aggregation: 0 });

/** "projects/{p}/databases/{d}" → p (no validation: names reaching here were parsed already). */
function projectOf(database: string): string {
  const start = database.indexOf('/') + 1;
  const end = database.indexOf('/', start);
  return database.slice(start, end < 0 ? undefined : end);
}

export class ReadCounter {
  private readonly byProject = new Map<string, Record<ReadKind, number>>();

  /** Adds `n` reads of `kind` to the project of `database` (projects/{p}/databases/{d}). */
  add(database: string, kind: ReadKind, n: number): void {
    if (n <= 0) return;
    const project = projectOf(database);
    let counts = this.byProject.get(project);
    if (!counts) this.byProject.set(project, (counts = zero()));
    counts[kind] += n;
  }

  counts(projectId: string): ReadCounts {
    const byKind = { ...(this.byProject.get(projectId) ?? zero()) };
    return { reads: READ_KINDS.reduce((sum, k) => sum + byKind[k], 0), byKind };
  }

  reset(projectId: string): void {
    this.byProject.delete(projectId);
  }
}
