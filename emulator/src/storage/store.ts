/**
 * In-memory object store: buckets of objects (bytes + metadata). Every write replaces the whole
 * entry at once, so a failed request never leaves a partial object behind.
 */
import type { ObjectMetadata, StoredObject } from './metadata.js';

export interface ListOptions {
  prefix?: string;
  delimiter?: string;
  maxResults?: number;
  pageToken?: string;
}

export interface ListResult {
  prefixes: string[];
  items: ObjectMetadata[];
  nextPageToken?: string;
}

/** Order of GCS listings: by Unicode code point (= UTF-8 byte order), not UTF-16 units. */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(i)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    if (ca > 0xffff) i++;
  }
  return a.length - b.length;
}

export function encodePageToken(last: string): string {
  return Buffer.from(last, 'utf8').toString('base64url');
}

export function decodePageToken(token: string): string {
  const s = Buffer.from(token, 'base64url').toString('utf8');
  if (!s || encodePageToken(s) !== token) throw new Error('Invalid pageToken.');
  return s;
}

export class StorageStore {
  private buckets = new Map<string, Map<string, StoredObject>>();

  bucketNames(): string[] {
    return [...this.buckets.keys()].sort(compareNames);
  }

  ensureBucket(bucket: string): Map<string, StoredObject> {
    let b = this.buckets.get(bucket);
    if (!b) {
      b = new Map();
      this.buckets.set(bucket, b);
    }
    return b;
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name);
  }

  put(obj: StoredObject): void {
    this.ensureBucket(obj.metadata.bucket).set(obj.metadata.name, obj);
  }

  setMetadata(md: ObjectMetadata): void {
    const cur = this.get(md.bucket, md.name);
    if (cur) this.put({ metadata: md, data: cur.data });
  }

  delete(bucket: string, name: string): boolean {
    return this.buckets.get(bucket)?.delete(name) ?? false;
  }

  /** Every object, for export. */
  *all(): Iterable<StoredObject> {
    for (const b of this.buckets.values()) yield* b.values();
  }

  count(): number {
    let n = 0;
    for (const b of this.buckets.values()) n += b.size;
    return n;
  }

  reset(): void {
    this.buckets.clear();
  }

  /** Replace everything (import): the swap is one assignment. */
  replaceAll(objects: StoredObject[]): void {
    const next = new Map<string, Map<string, StoredObject>>();
    for (const o of objects) {
      let b = next.get(o.metadata.bucket);
      if (!b) next.set(o.metadata.bucket, (b = new Map()));
      b.set(o.metadata.name, o);
    }
    this.buckets = next;
  }

  /**
   * GCS list semantics: items and (with a delimiter) rolled-up prefixes, merged in name order;
   * maxResults counts both; the page token is the last name/prefix returned.
   */
  list(bucket: string, opts: ListOptions): ListResult {
    const prefix = opts.prefix ?? '';
    const delimiter = opts.delimiter ?? '';
    const max = opts.maxResults && opts.maxResults > 0 ? opts.maxResults : 1000;
    const after = opts.pageToken ? decodePageToken(opts.pageToken) : undefined;
    const names = [...(this.buckets.get(bucket)?.keys() ?? [])]
      .filter((n) => n.startsWith(prefix))
      .sort(compareNames);

    // One ordered stream of entries: an item or the first sighting of a prefix.
    const entries: { key: string; prefix?: string; name?: string }[] = [];
    let lastPrefix: string | undefined;
    for (const name of names) {
      if (delimiter) {
        const idx = name.indexOf(delimiter, prefix.length);
        if (idx >= 0) {
          const p = name.slice(0, idx + delimiter.length);
          if (p !== lastPrefix) entries.push({ key: p, prefix: p });
          lastPrefix = p;
          continue;
        }
      }
      entries.push({ key: name, name });
    }
    const start = after === undefined ? 0 : entries.findIndex((e) => compareNames(e.key, after) > 0);
    const page = start < 0 ? [] : entries.slice(start, start + max);
    const more = start >= 0 && start + max < entries.length;
    const b = this.buckets.get(bucket);
    return {
      prefixes: page.filter((e) => e.prefix !== undefined).map((e) => e.prefix!),
      items: page.filter((e) => e.name !== undefined).map((e) => b!.get(e.name!)!.metadata),
      nextPageToken: more ? encodePageToken(page[page.length - 1].key) : undefined,
    };
  }
}
