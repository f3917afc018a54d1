/**
 * A client-neutral description of what the scenarios do, so one suite runs through the web SDK in
 * Node (gRPC), firebase-admin (gRPC) and the web SDK in Chromium (WebChannel + REST). Everything
 * here is plain JSON so it can cross page.evaluate.
 *
 * Values use tags for what JSON cannot say:
 *   {$timestamp: {seconds, nanos}}  {$bytes: base64}  {$ref: "c/d"}  {$geo: [lat, lng]}
 *   {$num: "NaN" | "Infinity" | "-Infinity" | "-0"}
 *   write-only sentinels: {$serverTimestamp: true} {$increment: n} {$arrayUnion: [...]}
 *   {$arrayRemove: [...]} {$delete: true}
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type FilterSpec =
  { field: string; op: string; value: Json } | { op: 'and' | 'or'; filters: FilterSpec[] };

export interface QuerySpec {
  /** Collection path, or the collection id when `group` is set. */
  collection: string;
  group?: boolean;
  where?: FilterSpec;
  orderBy?: [string, 'asc' | 'desc'][];
  limit?: number;
  limitToLast?: number;
  startAt?: Json[];
  startAfter?: Json[];
  endAt?: Json[];
  endBefore?: Json[];
}

export type AggregateSpec = Record<string, ['count'] | ['sum', string] | ['avg', string]>;

export type WriteOp =
  | { op: 'set'; path: string; data: Json; merge?: boolean }
  | { op: 'update'; path: string; data: Json }
  | { op: 'delete'; path: string };

export interface DocResult {
  id: string;
  path: string;
  data: Json;
}

export interface SnapshotRecord {
  ids: string[];
  docs: Record<string, Json>;
  changes: { type: string; id: string }[];
  fromCache: boolean;
  hasPendingWrites: boolean;
}

/** What a listener saw: snapshots, or the error that ended it. */
export interface ListenRecord {
  snapshots: SnapshotRecord[];
  error?: { code: string; message: string };
}

export interface DriverError {
  code: string;
  message: string;
}

export interface Driver {
  readonly name: string;
  set(path: string, data: Json, options?: { merge?: boolean }): Promise<void>;
  add(collection: string, data: Json): Promise<string>;
  update(path: string, data: Json): Promise<void>;
  delete(path: string): Promise<void>;
  get(path: string): Promise<{ exists: boolean; data?: Json }>;
  query(spec: QuerySpec): Promise<DocResult[]>;
  batch(ops: WriteOp[]): Promise<void>;
  /** Reads `path`, adds `by` to `field` (missing = 0) and writes it back, in a transaction.
   *  Returns how many times the transaction function ran. */
  incrementInTransaction(path: string, field: string, by: number): Promise<number>;
  /** Moves `amount` of `field` from one document to another, in a transaction. */
  transfer(from: string, to: string, field: string, amount: number): Promise<void>;
  /** In a transaction, reads `from` and writes its `field` (null when missing) to `to`, leaving
   *  `from` unwritten (the web SDKs commit a verify of it). With `changeFrom`, the same client
   *  sets `from` to that data right after the first attempt's read. Returns how many times the
   *  transaction function ran. */
  copyInTransaction(from: string, to: string, field: string, changeFrom?: Json): Promise<number>;
  aggregate(spec: QuerySpec, aggregations: AggregateSpec): Promise<Record<string, Json>>;
  listenQuery(id: string, spec: QuerySpec): Promise<void>;
  listenDoc(id: string, path: string): Promise<void>;
  listenRecord(id: string): Promise<ListenRecord>;
  unlisten(id: string): Promise<void>;
  close(): Promise<void>;
}

/** Who a driver acts as. */
export type Identity =
  { kind: 'owner' } | { kind: 'user'; uid: string; claims?: Record<string, Json> } | { kind: 'anonymous' };
