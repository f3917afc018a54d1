/**
 * The Firestore emulator's internal data model, shared by the engine, the transports (gRPC, REST,
 * WebChannel) and the rules engine. Shapes follow google.firestore.v1 (camelCase field names as in
 * proto3 JSON) with wire-neutral leaf types, so each transport only converts leaves:
 *   int64 -> bigint, bytes -> Uint8Array, google.protobuf.Timestamp -> Timestamp,
 *   Int32Value wrappers -> number, enums -> their string names.
 */

export interface Timestamp {
  /** Whole seconds since the Unix epoch (fits a JS number for every valid Firestore time). */
  seconds: number;
  /** 0..999,999,999 */
  nanos: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

export type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: bigint }
  | { doubleValue: number }
  | { timestampValue: Timestamp }
  | { stringValue: string }
  | { bytesValue: Uint8Array }
  /** Full resource name: projects/{p}/databases/{d}/documents/{path} */
  | { referenceValue: string }
  | { geoPointValue: LatLng }
  | { arrayValue: { values: Value[] } }
  | { mapValue: { fields: Record<string, Value> } };

export type Fields = Record<string, Value>;

export interface Document {
  /** Full resource name: projects/{p}/databases/{d}/documents/{path} */
  name: string;
  fields: Fields;
  createTime: Timestamp;
  updateTime: Timestamp;
}

/** gRPC status codes (google.rpc.Code). */
export const Code = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type CodeNumber = (typeof Code)[keyof typeof Code];

export const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(Code).map(([name, code]) => [code, name]),
);

/** An error every transport knows how to deliver (gRPC status, REST JSON error, WebChannel error). */
export class FirestoreError extends Error {
  constructor(
    readonly code: CodeNumber,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
  get status(): string {
    return CODE_NAMES[this.code] ?? 'UNKNOWN';
  }
}

export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';

// ---------------------------------------------------------------------------------------------
// Queries (google.firestore.v1.StructuredQuery)

export interface FieldReference {
  fieldPath: string;
}

export type FieldOperator =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'ARRAY_CONTAINS_ANY'
  | 'NOT_IN';

export type UnaryOperator = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

export type Filter =
  | { compositeFilter: { op: 'AND' | 'OR'; filters: Filter[] } }
  | { fieldFilter: { field: FieldReference; op: FieldOperator; value: Value } }
  | { unaryFilter: { op: UnaryOperator; field: FieldReference } };

export interface Order {
  field: FieldReference;
  direction: 'ASCENDING' | 'DESCENDING';
}

export interface Cursor {
  values: Value[];
  before?: boolean;
}

export interface StructuredQuery {
  select?: { fields: FieldReference[] };
  from: { collectionId: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: number;
}

export interface Aggregation {
  alias: string;
  count?: { upTo?: bigint };
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}

export interface StructuredAggregationQuery {
  structuredQuery: StructuredQuery;
  aggregations: Aggregation[];
}

// ---------------------------------------------------------------------------------------------
// Writes (google.firestore.v1.Write)

export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: 'REQUEST_TIME';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values: Value[] };
  removeAllFromArray?: { values: Value[] };
}

export interface Precondition {
  exists?: boolean;
  updateTime?: Timestamp;
}

export interface Write {
  update?: { name: string; fields: Fields };
  delete?: string;
  /** Checks `currentDocument` on this document without writing it: the web SDKs send one for
   *  every document a transaction read but did not write. Needs read access only. */
  verify?: string;
  /** Standalone transform (legacy form, still sent by some clients). */
  transform?: { document: string; fieldTransforms: FieldTransform[] };
  updateMask?: { fieldPaths: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface WriteResult {
  updateTime?: Timestamp;
  transformResults: Value[];
}

// ---------------------------------------------------------------------------------------------
// Listen (google.firestore.v1.ListenRequest / ListenResponse)

export interface Target {
  targetId: number;
  documents?: { documents: string[] };
  query?: { parent: string; structuredQuery: StructuredQuery };
  resumeToken?: Uint8Array;
  readTime?: Timestamp;
  once?: boolean;
  expectedCount?: number;
}

export type TargetChangeType = 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET';

export type ListenResponse =
  | {
      targetChange: {
        targetChangeType: TargetChangeType;
        targetIds: number[];
        cause?: { code: number; message: string };
        resumeToken?: Uint8Array;
        readTime?: Timestamp;
      };
    }
  | { documentChange: { document: Document; targetIds: number[]; removedTargetIds: number[] } }
  | { documentDelete: { document: string; removedTargetIds: number[]; readTime: Timestamp } }
  | { documentRemove: { document: string; removedTargetIds: number[]; readTime: Timestamp } }
  | { filter: { targetId: number; count: number } };

// ---------------------------------------------------------------------------------------------
// Who is calling, as decoded from the transport's credentials.

export interface AuthInfo {
  uid: string;
  /** The decoded ID-token claims (sub, email, firebase.sign_in_provider, custom claims, ...). */
  token: Record<string, unknown>;
}

/** `owner` is the emulator's rules bypass (admin SDK, withSecurityRulesDisabled). */
export type Caller = { kind: 'owner' } | { kind: 'user'; auth: AuthInfo | null };

export const OWNER: Caller = { kind: 'owner' };
