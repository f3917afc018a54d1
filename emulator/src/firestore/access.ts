/**
 * The one authorization seam of the Firestore emulator. Every single-document read, every query
 * (including aggregations and listen targets) and every write passes through an Authorizer before
 * the engine touches or returns data. The rules engine provides the real implementation; until a
 * ruleset is loaded the emulator uses OPEN_ACCESS, like the official emulator without rules.
 */
import type { Caller, Document, StructuredQuery, Timestamp } from './model.js';

/** Reads the rules' get()/exists() and getAfter()/existsAfter() need. Paths are full document
 *  resource names (projects/{p}/databases/{d}/documents/...). */
export interface DataLookup {
  /** Committed state (as of the request's read time). null when missing. */
  get(name: string): Document | null;
  /** State as if the current write, batch or transaction had committed. */
  getAfter(name: string): Document | null;
}

interface BaseRequest {
  caller: Caller;
  /** request.time: also the value of every server timestamp written by the request. */
  time: Timestamp;
  /** projects/{p}/databases/{d} */
  database: string;
  lookup: DataLookup;
}

/** get: a single document read (getDoc, a document listen target, batchGet). */
export interface ReadRequest extends BaseRequest {
  method: 'get';
  /** Full resource name of the document read. */
  name: string;
  /** The stored document, null when it does not exist. */
  resource: Document | null;
}

/** list: a query, an aggregation, or a query listen target. */
export interface ListRequest extends BaseRequest {
  method: 'list';
  /** Parent resource name: projects/{p}/databases/{d}/documents[/path/to/doc] */
  parent: string;
  query: StructuredQuery;
  /** The documents the query returns now. The decision is about the query's constraints
   *  ("rules are not filters"); these let an implementation additionally guarantee it never
   *  returns a document the rules would refuse. */
  results: readonly Document[];
}

/** create / update / delete: one write of a commit (a batch or a transaction). */
export interface WriteRequest extends BaseRequest {
  method: 'create' | 'update' | 'delete';
  name: string;
  /** The stored document before the write, null when it does not exist. */
  resource: Document | null;
  /** The whole document after the write (merge and transforms applied); null for delete. */
  requestResource: Document | null;
}

export type AccessRequest = ReadRequest | ListRequest | WriteRequest;

export interface Decision {
  allowed: boolean;
  /** For the emulator's log: which rule decided, the failing sub-expression and its values. */
  reason?: string;
}

export interface Authorizer {
  authorize(request: AccessRequest): Decision;
}

export const OPEN_ACCESS: Authorizer = {
  authorize: () => ({ allowed: true }),
};
