/**
 * Conversion between google.firestore.v1 messages on the wire and the internal model (model.ts).
 *
 * Two wire forms exist, and they differ only in leaves:
 *   - gRPC: objects produced/consumed by @grpc/proto-loader (longs: String, enums: String,
 *     bytes: Buffer, oneofs: true, defaults: false): Timestamp {seconds, nanos}, Int32Value {value}.
 *   - proto3 JSON (REST, WebChannel): Timestamp RFC 3339, Int32Value a bare number, bytes base64,
 *     doubles may be "NaN" / "Infinity" / "-Infinity".
 * The structure (which fields a Write or a StructuredQuery has) is written once in WireCodec;
 * each form supplies a Dialect for the leaves.
 */
import type {
  Aggregation,
  Cursor,
  Document,
  FieldOperator,
  FieldTransform,
  Fields,
  Filter,
  ListenResponse,
  Order,
  Precondition,
  StructuredAggregationQuery,
  StructuredQuery,
  Target,
  Timestamp,
  UnaryOperator,
  Value,
  Write,
  WriteResult,
} from '../model.js';
import { Code, FirestoreError } from '../model.js';
import type { TransactionOptions } from '../api.js';

/** A wire object: whatever JSON.parse or proto-loader handed us. */
export type Wire = Record<string, unknown>;

export interface Dialect {
  readonly name: 'grpc' | 'json';
  readTimestamp(x: unknown): Timestamp;
  writeTimestamp(t: Timestamp): unknown;
  readBytes(x: unknown): Uint8Array;
  writeBytes(b: Uint8Array): unknown;
  readDouble(x: unknown): number;
  writeDouble(n: number): unknown;
  /** google.protobuf.Int32Value; undefined when absent. */
  readInt32Wrapper(x: unknown): number | undefined;
  writeInt32Wrapper(n: number): unknown;
  /** google.protobuf.Int64Value; undefined when absent. */
  readInt64Wrapper(x: unknown): bigint | undefined;
}

export function invalid(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

function isObject(x: unknown): x is Wire {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function obj(x: unknown, what: string): Wire {
  if (x === undefined || x === null) return {};
  if (!isObject(x)) throw invalid(`Invalid ${what}: expected an object.`);
  return x;
}

function arr(x: unknown, what: string): unknown[] {
  if (x === undefined || x === null) return [];
  if (!Array.isArray(x)) throw invalid(`Invalid ${what}: expected a list.`);
  return x;
}

function str(x: unknown, what: string): string {
  if (x === undefined || x === null) return '';
  if (typeof x !== 'string') throw invalid(`Invalid ${what}: expected a string.`);
  return x;
}

function int(x: unknown, what: string): number {
  if (x === undefined || x === null) return 0;
  const n = typeof x === 'string' ? Number(x) : x;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid(`Invalid ${what}: expected an integer.`);
  return n;
}

function int64(x: unknown, what: string): bigint {
  if (typeof x === 'bigint') return x;
  if (typeof x === 'number' && Number.isInteger(x)) return BigInt(x);
  if (typeof x === 'string' && /^[+-]?\d+$/.test(x.trim())) {
    const n = BigInt(x.trim());
    if (n > 9223372036854775807n || n < -9223372036854775808n)
      throw invalid(`Invalid ${what}: out of int64 range.`);
    return n;
  }
  // Long objects, in case a loader is configured without longs: String.
  if (isObject(x) && 'low' in x && 'high' in x) {
    const low = BigInt((x.low as number) >>> 0);
    const high = BigInt(x.high as number);
    const n = (high << 32n) | low;
    return x.unsigned ? BigInt.asUintN(64, n) : BigInt.asIntN(64, n);
  }
  throw invalid(`Invalid ${what}: expected an int64.`);
}

function present(x: unknown): boolean {
  return x !== undefined && x !== null;
}

// ---------------------------------------------------------------------------------------------
// Leaves

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseRfc3339(s: string): Timestamp {
  const m = RFC3339.exec(s);
  if (!m) throw invalid(`Invalid timestamp: ${JSON.stringify(s)}.`);
  const d = new Date(0);
  // setUTCFullYear keeps years 0..99 literal (Date.UTC would map them to 19xx).
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  let seconds = Math.floor(d.getTime() / 1000);
  const tz = m[8];
  if (tz !== 'Z' && tz !== 'z') {
    const sign = tz[0] === '-' ? -1 : 1;
    seconds -= sign * (Number(tz.slice(1, 3)) * 3600 + Number(tz.slice(4, 6)) * 60);
  }
  const nanos = m[7] ? Number(m[7].padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

export function formatRfc3339(t: Timestamp): string {
  const iso = new Date(t.seconds * 1000).toISOString(); // yyyy-mm-ddThh:mm:ss.000Z
  return `${iso.slice(0, 19)}.${String(t.nanos).padStart(9, '0')}Z`;
}

function toBuffer(b: Uint8Array): Buffer {
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

export const GRPC: Dialect = {
  name: 'grpc',
  readTimestamp(x) {
    const t = obj(x, 'timestamp');
    return {
      seconds: Number(int64(t.seconds ?? 0, 'timestamp seconds')),
      nanos: int(t.nanos, 'timestamp nanos'),
    };
  },
  writeTimestamp: (t) => ({ seconds: String(t.seconds), nanos: t.nanos }),
  readBytes(x) {
    if (x === undefined || x === null) return new Uint8Array(0);
    if (x instanceof Uint8Array) return x;
    if (typeof x === 'string') return Buffer.from(x, 'base64');
    throw invalid('Invalid bytes.');
  },
  writeBytes: toBuffer,
  readDouble(x) {
    if (x === undefined || x === null) return 0;
    if (typeof x === 'number') return x;
    throw invalid('Invalid double.');
  },
  writeDouble: (n) => n,
  readInt32Wrapper: (x) => (present(x) ? int(obj(x, 'Int32Value').value, 'Int32Value') : undefined),
  writeInt32Wrapper: (n) => ({ value: n }),
  readInt64Wrapper: (x) => (present(x) ? int64(obj(x, 'Int64Value').value ?? 0, 'Int64Value') : undefined),
};

export const JSON_DIALECT: Dialect = {
  name: 'json',
  readTimestamp(x) {
    if (typeof x === 'string') return parseRfc3339(x);
    // Tolerate the object form, which some clients send.
    if (isObject(x)) return GRPC.readTimestamp(x);
    throw invalid('Invalid timestamp.');
  },
  writeTimestamp: formatRfc3339,
  readBytes(x) {
    if (x === undefined || x === null) return new Uint8Array(0);
    if (typeof x !== 'string') throw invalid('Invalid bytes: expected base64.');
    return Buffer.from(x, 'base64'); // accepts base64url too
  },
  writeBytes: (b) => toBuffer(b).toString('base64'),
  readDouble(x) {
    if (x === undefined || x === null) return 0;
    if (typeof x === 'number') return x;
    if (x === 'NaN') return NaN;
    if (x === 'Infinity') return Infinity;
    if (x === '-Infinity') return -Infinity;
    if (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))) return Number(x);
    throw invalid('Invalid double.');
  },
  writeDouble(n) {
    if (Number.isNaN(n)) return 'NaN';
    if (n === Infinity) return 'Infinity';
    if (n === -Infinity) return '-Infinity';
    return n;
  },
  readInt32Wrapper(x) {
    if (!present(x)) return undefined;
    if (isObject(x)) return int(x.value, 'Int32Value'); // tolerate {value}
    return int(x, 'Int32Value');
  },
  writeInt32Wrapper: (n) => n,
  readInt64Wrapper(x) {
    if (!present(x)) return undefined;
    if (isObject(x)) return int64(x.value ?? 0, 'Int64Value');
    return int64(x, 'Int64Value');
  },
};

// ---------------------------------------------------------------------------------------------
// Structure

const VALUE_KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

const FIELD_OPERATORS = new Set<FieldOperator>([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
]);
const UNARY_OPERATORS = new Set<UnaryOperator>(['IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL']);

/** The member of a oneof that is set. proto-loader (oneofs: true) names it in a virtual field. */
function oneofKey(x: Wire, virtualField: string, candidates: readonly string[]): string | undefined {
  const named = x[virtualField];
  if (typeof named === 'string' && candidates.includes(named)) return named;
  return candidates.find((k) => present(x[k]));
}

export class WireCodec {
  constructor(readonly d: Dialect) {}

  // --- values and documents -------------------------------------------------------------------

  decodeValue(x: unknown): Value {
    const v = obj(x, 'value');
    const kind = oneofKey(v, 'valueType', VALUE_KINDS);
    switch (kind) {
      case 'nullValue':
        return { nullValue: null };
      case 'booleanValue':
        if (typeof v.booleanValue !== 'boolean') throw invalid('Invalid booleanValue.');
        return { booleanValue: v.booleanValue };
      case 'integerValue':
        return { integerValue: int64(v.integerValue, 'integerValue') };
      case 'doubleValue':
        return { doubleValue: this.d.readDouble(v.doubleValue) };
      case 'timestampValue':
        return { timestampValue: this.d.readTimestamp(v.timestampValue) };
      case 'stringValue':
        return { stringValue: str(v.stringValue, 'stringValue') };
      case 'bytesValue':
        return { bytesValue: this.d.readBytes(v.bytesValue) };
      case 'referenceValue':
        return { referenceValue: str(v.referenceValue, 'referenceValue') };
      case 'geoPointValue': {
        const g = obj(v.geoPointValue, 'geoPointValue');
        return {
          geoPointValue: {
            latitude: this.d.readDouble(g.latitude),
            longitude: this.d.readDouble(g.longitude),
          },
        };
      }
      case 'arrayValue':
        return {
          arrayValue: {
            values: arr(obj(v.arrayValue, 'arrayValue').values, 'arrayValue').map((e) => this.decodeValue(e)),
          },
        };
      case 'mapValue':
        return { mapValue: { fields: this.decodeFields(obj(v.mapValue, 'mapValue').fields) } };
      default:
        throw invalid('Invalid value: no value type set.');
    }
  }

  decodeFields(x: unknown): Fields {
    const out: Fields = {};
    for (const [k, v] of Object.entries(obj(x, 'fields'))) out[k] = this.decodeValue(v);
    return out;
  }

  encodeValue(v: Value): Wire {
    if ('nullValue' in v) return { nullValue: 'NULL_VALUE' };
    if ('booleanValue' in v) return { booleanValue: v.booleanValue };
    if ('integerValue' in v) return { integerValue: v.integerValue.toString() };
    if ('doubleValue' in v) return { doubleValue: this.d.writeDouble(v.doubleValue) };
    if ('timestampValue' in v) return { timestampValue: this.d.writeTimestamp(v.timestampValue) };
    if ('stringValue' in v) return { stringValue: v.stringValue };
    if ('bytesValue' in v) return { bytesValue: this.d.writeBytes(v.bytesValue) };
    if ('referenceValue' in v) return { referenceValue: v.referenceValue };
    if ('geoPointValue' in v)
      return {
        geoPointValue: {
          latitude: this.d.writeDouble(v.geoPointValue.latitude),
          longitude: this.d.writeDouble(v.geoPointValue.longitude),
        },
      };
    if ('arrayValue' in v)
      return { arrayValue: { values: v.arrayValue.values.map((e) => this.encodeValue(e)) } };
    if ('mapValue' in v) return { mapValue: { fields: this.encodeFields(v.mapValue.fields) } };
    throw new FirestoreError(Code.INTERNAL, 'Unknown value type.');
  }

  encodeFields(fields: Fields): Wire {
    const out: Wire = {};
    for (const [k, v] of Object.entries(fields)) out[k] = this.encodeValue(v);
    return out;
  }

  encodeDocument(doc: Document): Wire {
    return {
      name: doc.name,
      fields: this.encodeFields(doc.fields),
      createTime: this.d.writeTimestamp(doc.createTime),
      updateTime: this.d.writeTimestamp(doc.updateTime),
    };
  }

  /** A document as sent by a client in a write (name and fields only matter). */
  decodeDocumentInput(x: unknown): { name: string; fields: Fields } {
    const doc = obj(x, 'document');
    return { name: str(doc.name, 'document name'), fields: this.decodeFields(doc.fields) };
  }

  // --- queries --------------------------------------------------------------------------------

  decodeFilter(x: unknown): Filter {
    const f = obj(x, 'filter');
    const kind = oneofKey(f, 'filterType', ['compositeFilter', 'fieldFilter', 'unaryFilter']);
    if (kind === 'compositeFilter') {
      const c = obj(f.compositeFilter, 'compositeFilter');
      const op = c.op;
      if (op !== 'AND' && op !== 'OR') throw invalid(`Invalid composite filter operator: ${String(op)}.`);
      return { compositeFilter: { op, filters: arr(c.filters, 'filters').map((e) => this.decodeFilter(e)) } };
    }
    if (kind === 'fieldFilter') {
      const ff = obj(f.fieldFilter, 'fieldFilter');
      const op = ff.op as FieldOperator;
      if (!FIELD_OPERATORS.has(op)) throw invalid(`Invalid field filter operator: ${String(ff.op)}.`);
      return { fieldFilter: { field: this.decodeFieldRef(ff.field), op, value: this.decodeValue(ff.value) } };
    }
    if (kind === 'unaryFilter') {
      const uf = obj(f.unaryFilter, 'unaryFilter');
      const op = uf.op as UnaryOperator;
      if (!UNARY_OPERATORS.has(op)) throw invalid(`Invalid unary filter operator: ${String(uf.op)}.`);
      return { unaryFilter: { op, field: this.decodeFieldRef(uf.field) } };
    }
    throw invalid('Invalid filter: no filter type set.');
  }

  decodeFieldRef(x: unknown): { fieldPath: string } {
    return { fieldPath: str(obj(x, 'field reference').fieldPath, 'fieldPath') };
  }

  decodeCursor(x: unknown): Cursor {
    const c = obj(x, 'cursor');
    const cursor: Cursor = { values: arr(c.values, 'cursor values').map((e) => this.decodeValue(e)) };
    if (c.before === true) cursor.before = true;
    return cursor;
  }

  decodeStructuredQuery(x: unknown): StructuredQuery {
    const q = obj(x, 'structuredQuery');
    const out: StructuredQuery = {
      from: arr(q.from, 'from').map((e) => {
        const s = obj(e, 'collection selector');
        const sel: { collectionId: string; allDescendants?: boolean } = {
          collectionId: str(s.collectionId, 'collectionId'),
        };
        if (s.allDescendants === true) sel.allDescendants = true;
        return sel;
      }),
    };
    if (present(q.select)) {
      out.select = {
        fields: arr(obj(q.select, 'select').fields, 'select fields').map((e) => this.decodeFieldRef(e)),
      };
    }
    if (present(q.where)) out.where = this.decodeFilter(q.where);
    if (present(q.orderBy)) {
      out.orderBy = arr(q.orderBy, 'orderBy').map((e): Order => {
        const o = obj(e, 'order');
        const dir = o.direction ?? 'ASCENDING';
        if (dir !== 'ASCENDING' && dir !== 'DESCENDING' && dir !== 'DIRECTION_UNSPECIFIED') {
          throw invalid(`Invalid direction: ${String(dir)}.`);
        }
        return {
          field: this.decodeFieldRef(o.field),
          direction: dir === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
        };
      });
    }
    if (present(q.startAt)) out.startAt = this.decodeCursor(q.startAt);
    if (present(q.endAt)) out.endAt = this.decodeCursor(q.endAt);
    if (present(q.offset) && int(q.offset, 'offset') !== 0) out.offset = int(q.offset, 'offset');
    const limit = this.d.readInt32Wrapper(q.limit);
    if (limit !== undefined) out.limit = limit;
    if (present(q.findNearest))
      throw new FirestoreError(
        Code.UNIMPLEMENTED,
        'Vector search (findNearest) is not supported by this emulator.',
      );
    return out;
  }

  decodeAggregationQuery(x: unknown): StructuredAggregationQuery {
    const q = obj(x, 'structuredAggregationQuery');
    return {
      structuredQuery: this.decodeStructuredQuery(q.structuredQuery),
      aggregations: arr(q.aggregations, 'aggregations').map((e): Aggregation => {
        const a = obj(e, 'aggregation');
        const agg: Aggregation = { alias: str(a.alias, 'alias') };
        const kind = oneofKey(a, 'operator', ['count', 'sum', 'avg']);
        if (kind === 'count') {
          const upTo = this.d.readInt64Wrapper(obj(a.count, 'count').upTo);
          agg.count = upTo === undefined ? {} : { upTo };
        } else if (kind === 'sum') {
          agg.sum = { field: this.decodeFieldRef(obj(a.sum, 'sum').field) };
        } else if (kind === 'avg') {
          agg.avg = { field: this.decodeFieldRef(obj(a.avg, 'avg').field) };
        } else {
          throw invalid('Invalid aggregation: no operator set.');
        }
        return agg;
      }),
    };
  }

  // --- writes ---------------------------------------------------------------------------------

  decodePrecondition(x: unknown): Precondition | undefined {
    if (!present(x)) return undefined;
    const p = obj(x, 'precondition');
    const kind = oneofKey(p, 'conditionType', ['exists', 'updateTime']);
    if (kind === 'exists') {
      if (typeof p.exists !== 'boolean') throw invalid('Invalid precondition exists.');
      return { exists: p.exists };
    }
    if (kind === 'updateTime') return { updateTime: this.d.readTimestamp(p.updateTime) };
    return undefined;
  }

  decodeFieldTransform(x: unknown): FieldTransform {
    const t = obj(x, 'field transform');
    const out: FieldTransform = { fieldPath: str(t.fieldPath, 'fieldPath') };
    const kind = oneofKey(t, 'transformType', [
      'setToServerValue',
      'increment',
      'maximum',
      'minimum',
      'appendMissingElements',
      'removeAllFromArray',
    ]);
    switch (kind) {
      case 'setToServerValue':
        if (t.setToServerValue !== 'REQUEST_TIME')
          throw invalid(`Invalid server value: ${String(t.setToServerValue)}.`);
        out.setToServerValue = 'REQUEST_TIME';
        break;
      case 'increment':
      case 'maximum':
      case 'minimum':
        out[kind] = this.decodeValue(t[kind]);
        break;
      case 'appendMissingElements':
      case 'removeAllFromArray':
        out[kind] = { values: arr(obj(t[kind], kind).values, kind).map((e) => this.decodeValue(e)) };
        break;
      default:
        throw invalid('Invalid field transform: no transform set.');
    }
    return out;
  }

  decodeWrite(x: unknown): Write {
    const w = obj(x, 'write');
    const out: Write = {};
    const kind = oneofKey(w, 'operation', ['update', 'delete', 'verify', 'transform']);
    if (kind === 'update') out.update = this.decodeDocumentInput(w.update);
    else if (kind === 'delete') out.delete = str(w.delete, 'delete');
    else if (kind === 'verify') out.verify = str(w.verify, 'verify');
    else if (kind === 'transform') {
      const t = obj(w.transform, 'transform');
      out.transform = {
        document: str(t.document, 'transform document'),
        fieldTransforms: arr(t.fieldTransforms, 'fieldTransforms').map((e) => this.decodeFieldTransform(e)),
      };
    } else throw invalid('Invalid write: no operation set.');
    if (present(w.updateMask)) out.updateMask = this.decodeMask(w.updateMask) ?? { fieldPaths: [] };
    if (present(w.updateTransforms)) {
      const transforms = arr(w.updateTransforms, 'updateTransforms').map((e) => this.decodeFieldTransform(e));
      if (transforms.length > 0) out.updateTransforms = transforms;
    }
    const pre = this.decodePrecondition(w.currentDocument);
    if (pre) out.currentDocument = pre;
    return out;
  }

  decodeMask(x: unknown): { fieldPaths: string[] } | undefined {
    if (!present(x)) return undefined;
    return { fieldPaths: arr(obj(x, 'mask').fieldPaths, 'fieldPaths').map((e) => str(e, 'field path')) };
  }

  encodeWriteResult(r: WriteResult): Wire {
    const out: Wire = { transformResults: r.transformResults.map((v) => this.encodeValue(v)) };
    if (r.updateTime) out.updateTime = this.d.writeTimestamp(r.updateTime);
    return out;
  }

  decodeTransactionOptions(x: unknown): TransactionOptions | undefined {
    if (!present(x)) return undefined;
    const o = obj(x, 'transaction options');
    const kind = oneofKey(o, 'mode', ['readOnly', 'readWrite']);
    if (kind === 'readOnly') {
      const ro = obj(o.readOnly, 'readOnly');
      return { readOnly: present(ro.readTime) ? { readTime: this.d.readTimestamp(ro.readTime) } : {} };
    }
    if (kind === 'readWrite') {
      const rw = obj(o.readWrite, 'readWrite');
      return {
        readWrite: present(rw.retryTransaction)
          ? { retryTransaction: this.d.readBytes(rw.retryTransaction) }
          : {},
      };
    }
    return {};
  }

  /** The consistency_selector oneof shared by the read RPCs. */
  decodeConsistency(x: Wire): {
    transaction?: Uint8Array;
    newTransaction?: TransactionOptions;
    readTime?: Timestamp;
  } {
    const kind = oneofKey(x, 'consistencySelector', ['transaction', 'newTransaction', 'readTime']);
    if (kind === 'transaction') return { transaction: this.d.readBytes(x.transaction) };
    if (kind === 'newTransaction')
      return { newTransaction: this.decodeTransactionOptions(x.newTransaction) ?? {} };
    if (kind === 'readTime') return { readTime: this.d.readTimestamp(x.readTime) };
    return {};
  }

  // --- listen ---------------------------------------------------------------------------------

  decodeTarget(x: unknown): Target {
    const t = obj(x, 'target');
    const target: Target = { targetId: int(t.targetId, 'targetId') };
    const kind = oneofKey(t, 'targetType', ['query', 'documents']);
    if (kind === 'query') {
      const q = obj(t.query, 'query target');
      target.query = {
        parent: str(q.parent, 'parent'),
        structuredQuery: this.decodeStructuredQuery(q.structuredQuery),
      };
    } else if (kind === 'documents') {
      target.documents = {
        documents: arr(obj(t.documents, 'documents target').documents, 'documents').map((e) =>
          str(e, 'document name'),
        ),
      };
    } else throw invalid('Invalid target: no target type set.');
    const resume = oneofKey(t, 'resumeType', ['resumeToken', 'readTime']);
    if (resume === 'resumeToken') {
      const token = this.d.readBytes(t.resumeToken);
      if (token.length > 0) target.resumeToken = token;
    } else if (resume === 'readTime') target.readTime = this.d.readTimestamp(t.readTime);
    if (t.once === true) target.once = true;
    const expected = this.d.readInt32Wrapper(t.expectedCount);
    if (expected !== undefined) target.expectedCount = expected;
    return target;
  }

  encodeListenResponse(r: ListenResponse): Wire {
    if ('targetChange' in r) {
      const c = r.targetChange;
      const out: Wire = {};
      // An omitted type means NO_CHANGE, as production sends it.
      if (c.targetChangeType !== 'NO_CHANGE') out.targetChangeType = c.targetChangeType;
      if (c.targetIds.length > 0) out.targetIds = c.targetIds;
      if (c.cause) out.cause = { code: c.cause.code, message: c.cause.message };
      if (c.resumeToken && c.resumeToken.length > 0) out.resumeToken = this.d.writeBytes(c.resumeToken);
      if (c.readTime) out.readTime = this.d.writeTimestamp(c.readTime);
      return { targetChange: out };
    }
    if ('documentChange' in r) {
      const c = r.documentChange;
      const out: Wire = { document: this.encodeDocument(c.document), targetIds: c.targetIds };
      if (c.removedTargetIds.length > 0) out.removedTargetIds = c.removedTargetIds;
      return { documentChange: out };
    }
    if ('documentDelete' in r) {
      const c = r.documentDelete;
      return {
        documentDelete: {
          document: c.document,
          removedTargetIds: c.removedTargetIds,
          readTime: this.d.writeTimestamp(c.readTime),
        },
      };
    }
    if ('documentRemove' in r) {
      const c = r.documentRemove;
      return {
        documentRemove: {
          document: c.document,
          removedTargetIds: c.removedTargetIds,
          readTime: this.d.writeTimestamp(c.readTime),
        },
      };
    }
    if ('filter' in r) return { filter: { targetId: r.filter.targetId, count: r.filter.count } };
    throw new FirestoreError(Code.INTERNAL, 'Unknown listen response.');
  }
}

export const grpcCodec = new WireCodec(GRPC);
export const jsonCodec = new WireCodec(JSON_DIALECT);

/** A request message must be an object; JSON bodies are checked with this. */
export function asWire(x: unknown, what = 'request'): Wire {
  return obj(x, what);
}
