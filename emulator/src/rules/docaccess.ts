/**
 * The document-access budget: get/exists/getAfter/existsAfter (and Storage's firestore.get/
 * exists) may touch at most N distinct documents per request (10 for a single-document request
 * or a query, 20 for a batch); repeated calls for the same document are served from the cache
 * and are not counted again.
 */
import { RError } from './values.js';

export class DocAccessBudget {
  private readonly seen = new Set<string>();

  constructor(
    readonly limit: number,
    /** A budget shared by the writes of one batch/transaction (20), if any. */
    private readonly shared?: DocAccessBudget,
  ) {}

  get used(): number {
    return this.seen.size;
  }

  /** Count an access to `key`; returns an error when it would exceed the limit. */
  charge(key: string): RError | null {
    if (this.seen.has(key)) return null;
    if (this.seen.size >= this.limit) {
      return new RError(`Exceeded maximum of ${this.limit} document access calls per request.`);
    }
    const sharedErr = this.shared?.charge(key) ?? null;
    if (sharedErr) return sharedErr;
    this.seen.add(key);
    return null;
  }
}
