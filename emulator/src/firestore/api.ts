/**
 * What the transports (gRPC, REST, WebChannel) ask of the Firestore engine. The engine enforces
 * the Authorizer on every call and throws FirestoreError; transports only translate.
 * Names are full resource names; `database` is projects/{p}/databases/{d}.
 * Calls are async because read-write transactions may wait on each other's locks.
 */
import type { Authorizer } from './access.js';
import type { IndexConfig } from './indexes.js';
import type { JsonValue } from './json.js';
import type { ReadCounts } from './reads.js';
import type {
  Caller,
  Document,
  ListenResponse,
  StructuredAggregationQuery,
  StructuredQuery,
  Target,
  Timestamp,
  Value,
  Write,
  WriteResult,
} from './model.js';

export interface ConsistencySelector {
  /** Read inside this transaction (read-write transactions lock what they read). */
  transaction?: Uint8Array;
  /** Start a transaction and read inside it; its id is returned with the result. */
  newTransaction?: TransactionOptions;
  /** Read at a past version. */
  readTime?: Timestamp;
}

export interface TransactionOptions {
  readOnly?: { readTime?: Timestamp };
  readWrite?: { retryTransaction?: Uint8Array };
}

export interface BatchGetResult {
  found?: Document;
  missing?: string;
  readTime: Timestamp;
}

export interface QueryResult {
  documents: Document[];
  readTime: Timestamp;
  /** Set when the request asked for newTransaction. */
  transaction?: Uint8Array;
}

export interface AggregationResult {
  aggregateFields: Record<string, Value>;
  readTime: Timestamp;
  transaction?: Uint8Array;
}

export interface CommitResult {
  writeResults: WriteResult[];
  commitTime: Timestamp;
}

/** One Listen stream. Responses are pushed to the sink given to `listen`, in order. */
export interface ListenStream {
  addTarget(target: Target): void;
  removeTarget(targetId: number): void;
  /** Targets currently listened to (0: the stream is idle). */
  readonly targetCount: number;
  close(): void;
}

export type ListenSink = (response: ListenResponse) => void;

export interface FirestoreEngine {
  readonly projectId: string;

  batchGet(
    caller: Caller,
    database: string,
    names: string[],
    options?: ConsistencySelector & { mask?: string[] },
  ): Promise<{ results: BatchGetResult[]; transaction?: Uint8Array }>;

  runQuery(
    caller: Caller,
    parent: string,
    query: StructuredQuery,
    options?: ConsistencySelector,
  ): Promise<QueryResult>;

  runAggregationQuery(
    caller: Caller,
    parent: string,
    query: StructuredAggregationQuery,
    options?: ConsistencySelector,
  ): Promise<AggregationResult>;

  /** Atomic: all writes apply or none. With `transaction`, validates and releases it. */
  commit(caller: Caller, database: string, writes: Write[], transaction?: Uint8Array): Promise<CommitResult>;

  beginTransaction(caller: Caller, database: string, options?: TransactionOptions): Promise<Uint8Array>;
  rollback(caller: Caller, database: string, transaction: Uint8Array): Promise<void>;

  listCollectionIds(caller: Caller, parent: string): Promise<string[]>;
  /** ListDocuments (used by the admin SDK's listDocuments / recursive delete). */
  listDocuments(
    caller: Caller,
    parent: string,
    collectionId: string,
    options?: { pageSize?: number; pageToken?: string; showMissing?: boolean; mask?: string[] },
  ): Promise<{ documents: Document[]; nextPageToken?: string }>;

  listen(caller: Caller, database: string, sink: ListenSink): ListenStream;

  /** Admin endpoints. */
  setAuthorizer(authorizer: Authorizer): void;
  /** Document reads billed since the last reset, per project (see reads.ts). */
  readCounts(projectId: string): ReadCounts;
  resetReadCounts(projectId: string): void;
  clear(): void;

  /** Every database's documents in the export format (see FirestoreExport). */
  /** The latest committed version of a document, bypassing rules: the in-process reader behind
   *  Storage rules' firestore.get()/exists(). Null when missing or the name is not a document. */
  readCommitted(name: string): Document | null;

  exportData(): FirestoreExport;
  /** Replaces the content of the databases present in `data`. */
  importData(data: FirestoreExport): void;
  /** Replaces the index configuration (firestore.indexes.json) and rebuilds the indexes. */
  setIndexes(config: IndexConfig): void;
}

export type { IndexConfig, ReadCounts };

/** One document of an export; `fields` in the typed JSON of google.firestore.v1.Value. */
export interface ExportedDocument {
  /** Relative to the database root: "users/u1/posts/p1". */
  path: string;
  /** RFC 3339 with nanoseconds. */
  createTime: string;
  updateTime: string;
  fields: Record<string, JsonValue>;
}

/**
 * The export format: one JSON document, databases by resource name, documents sorted by path
 * (Firestore's order) with sorted field keys, so successive exports diff line by line.
 */
export interface FirestoreExport {
  format: 'trato-firestore-export';
  version: 1;
  databases: Record<string, { documents: ExportedDocument[] }>;
}
