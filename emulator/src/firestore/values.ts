/**
 * Firestore value semantics: the cross-type total order used by indexes, orderBy and cursors,
 * equality as used by filters and array transforms, and small builders for tests and callers.
 */
import type { Fields, LatLng, Timestamp, Value } from './model.js';
import { compareResourcePaths } from './paths.js';

/** Type ranks in Firestore's cross-type order. Vectors sort between arrays and maps. */
const enum Rank {
  Null,
  Boolean,
  Number,
  Timestamp,
  String,
  Bytes,
  Reference,
  GeoPoint,
  Array,
  Vector,
  Map,
}

export type ValueKind =
  | 'null'
  | 'boolean'
  | 'integer'
  | 'double'
  | 'timestamp'
  | 'string'
  | 'bytes'
  | 'reference'
  | 'geoPoint'
  | 'array'
  | 'map';

export function kindOf(v: Value): ValueKind {
  if ('nullValue' in v) return 'null';
  if ('booleanValue' in v) return 'boolean';
  if ('integerValue' in v) return 'integer';
  if ('doubleValue' in v) return 'double';
  if ('timestampValue' in v) return 'timestamp';
  if ('stringValue' in v) return 'string';
  if ('bytesValue' in v) return 'bytes';
  if ('referenceValue' in v) return 'reference';
  if ('geoPointValue' in v) return 'geoPoint';
  if ('arrayValue' in v) return 'array';
  if ('mapValue' in v) return 'map';
  throw new Error('Invalid value: ' + JSON.stringify(Object.keys(v)));
}

/** A map `{__type__: "__vector__", value: [doubles]}` is a vector and orders by length first. */
function isVector(v: Value): boolean {
  if (!('mapValue' in v)) return false;
  const t = v.mapValue.fields?.['__type__'];
  return t !== undefined && 'stringValue' in t && t.stringValue === '__vector__';
}

function rank(v: Value): Rank {
  switch (kindOf(v)) {
    case 'null':
      return Rank.Null;
    case 'boolean':
      return Rank.Boolean;
    case 'integer':
    case 'double':
      return Rank.Number;
    case 'timestamp':
      return Rank.Timestamp;
    case 'string':
      return Rank.String;
    case 'bytes':
      return Rank.Bytes;
    case 'reference':
      return Rank.Reference;
    case 'geoPoint':
      return Rank.GeoPoint;
    case 'array':
      return Rank.Array;
    case 'map':
      return isVector(v) ? Rank.Vector : Rank.Map;
  }
}

export function isNumber(v: Value): v is { integerValue: bigint } | { doubleValue: number } {
  return 'integerValue' in v || 'doubleValue' in v;
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(v.doubleValue);
}

export function isNullValue(v: Value): boolean {
  return 'nullValue' in v;
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareDoubles(a: number, b: number): number {
  // NaN sorts before every other number; -0 equals 0.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Exact comparison of an int64 with a double (no rounding of the integer to a double). */
function compareIntDouble(i: bigint, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const floor = Math.floor(d);
  const c = i < BigInt(floor) ? -1 : i > BigInt(floor) ? 1 : 0;
  if (c !== 0) return c;
  return d > floor ? -1 : 0;
}

export function compareNumbers(a: Value, b: Value): number {
  if ('integerValue' in a) {
    if ('integerValue' in b)
      return a.integerValue < b.integerValue ? -1 : a.integerValue > b.integerValue ? 1 : 0;
    return compareIntDouble(a.integerValue, (b as { doubleValue: number }).doubleValue);
  }
  const ad = (a as { doubleValue: number }).doubleValue;
  if ('integerValue' in b) return -compareIntDouble(b.integerValue, ad);
  return compareDoubles(ad, (b as { doubleValue: number }).doubleValue);
}

/**
 * Compares strings by their UTF-8 bytes, which is code point order. JS compares UTF-16 code
 * units, which disagrees for astral characters versus U+E000..U+FFFF, so remap at the first
 * difference.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf16ToCodePointOrder(x) - utf16ToCodePointOrder(y);
  }
  return a.length - b.length;
}

function utf16ToCodePointOrder(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return c + 0x2000;
  if (c >= 0xe000) return c - 0x800;
  return c;
}

export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return a.seconds !== b.seconds ? sign(a.seconds - b.seconds) : sign(a.nanos - b.nanos);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return sign(a.length - b.length);
}

function compareGeoPoints(a: LatLng, b: LatLng): number {
  return compareDoubles(a.latitude, b.latitude) || compareDoubles(a.longitude, b.longitude);
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

export function sortedKeys(fields: Fields): string[] {
  return Object.keys(fields).sort(compareUtf8);
}

function compareMaps(a: Fields, b: Fields): number {
  const ak = sortedKeys(a);
  const bk = sortedKeys(b);
  const n = Math.min(ak.length, bk.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(ak[i], bk[i]) || compareValues(a[ak[i]], b[bk[i]]);
    if (c !== 0) return c;
  }
  return sign(ak.length - bk.length);
}

function vectorElements(v: Value): Value[] {
  const inner = (v as { mapValue: { fields: Fields } }).mapValue.fields['value'];
  return inner && 'arrayValue' in inner ? (inner.arrayValue.values ?? []) : [];
}

/** Firestore's total order over all values. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  // Fast paths for the common same-type comparisons of index maintenance and sorting.
  if ('stringValue' in a && 'stringValue' in b) return sign(compareUtf8(a.stringValue, b.stringValue));
  if ('integerValue' in a && 'integerValue' in b) {
    return a.integerValue < b.integerValue ? -1 : a.integerValue > b.integerValue ? 1 : 0;
  }
  if ('referenceValue' in a && 'referenceValue' in b)
    return compareResourcePaths(a.referenceValue, b.referenceValue);
  if ('timestampValue' in a && 'timestampValue' in b)
    return compareTimestamps(a.timestampValue, b.timestampValue);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case Rank.Null:
      return 0;
    case Rank.Boolean:
      return (
        Number((a as { booleanValue: boolean }).booleanValue) -
        Number((b as { booleanValue: boolean }).booleanValue)
      );
    case Rank.Number:
      return compareNumbers(a, b);
    case Rank.Timestamp:
      return compareTimestamps(
        (a as { timestampValue: Timestamp }).timestampValue,
        (b as { timestampValue: Timestamp }).timestampValue,
      );
    case Rank.String:
      return sign(
        compareUtf8((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue),
      );
    case Rank.Bytes:
      return compareBytes(
        (a as { bytesValue: Uint8Array }).bytesValue,
        (b as { bytesValue: Uint8Array }).bytesValue,
      );
    case Rank.Reference:
      return compareResourcePaths(
        (a as { referenceValue: string }).referenceValue,
        (b as { referenceValue: string }).referenceValue,
      );
    case Rank.GeoPoint:
      return compareGeoPoints(
        (a as { geoPointValue: LatLng }).geoPointValue,
        (b as { geoPointValue: LatLng }).geoPointValue,
      );
    case Rank.Array:
      return compareArrays(
        (a as { arrayValue: { values: Value[] } }).arrayValue.values ?? [],
        (b as { arrayValue: { values: Value[] } }).arrayValue.values ?? [],
      );
    case Rank.Vector: {
      const av = vectorElements(a);
      const bv = vectorElements(b);
      return sign(av.length - bv.length) || compareArrays(av, bv);
    }
    case Rank.Map:
      return compareMaps(
        (a as { mapValue: { fields: Fields } }).mapValue.fields ?? {},
        (b as { mapValue: { fields: Fields } }).mapValue.fields ?? {},
      );
  }
}

/**
 * Equality as Firestore filters and array transforms see it: numbers by value across int/double
 * (1 == 1.0, -0 == 0), NaN equal to NaN, arrays and maps deeply.
 */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** Same type and same content: 1 and 1.0 differ. Decides whether a write changed a document. */
export function valuesIdentical(a: Value, b: Value): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  switch (ka) {
    case 'double': {
      const x = (a as { doubleValue: number }).doubleValue;
      const y = (b as { doubleValue: number }).doubleValue;
      return Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y));
    }
    case 'array': {
      const x = (a as { arrayValue: { values: Value[] } }).arrayValue.values ?? [];
      const y = (b as { arrayValue: { values: Value[] } }).arrayValue.values ?? [];
      return x.length === y.length && x.every((v, i) => valuesIdentical(v, y[i]));
    }
    case 'map':
      return fieldsIdentical(
        (a as { mapValue: { fields: Fields } }).mapValue.fields ?? {},
        (b as { mapValue: { fields: Fields } }).mapValue.fields ?? {},
      );
    default:
      return compareValues(a, b) === 0;
  }
}

export function fieldsIdentical(a: Fields, b: Fields): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => k in b && valuesIdentical(a[k], b[k]));
}

// ---------------------------------------------------------------------------------------------
// Builders

export const NULL: Value = { nullValue: null };
export const int = (n: number | bigint): Value => ({ integerValue: BigInt(n) });
export const double = (n: number): Value => ({ doubleValue: n });
export const str = (s: string): Value => ({ stringValue: s });
export const bool = (b: boolean): Value => ({ booleanValue: b });
export const ts = (t: Timestamp): Value => ({ timestampValue: t });
export const bytes = (b: Uint8Array): Value => ({ bytesValue: b });
export const ref = (name: string): Value => ({ referenceValue: name });
export const geo = (latitude: number, longitude: number): Value => ({
  geoPointValue: { latitude, longitude },
});
export const arr = (values: Value[]): Value => ({ arrayValue: { values } });
export const map = (fields: Fields): Value => ({ mapValue: { fields } });

export function timestampFromDate(d: Date): Timestamp {
  const ms = d.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

/**
 * Converts plain JS data into a Value: integral numbers become integers (the JSON convention of
 * the conformance vectors), other numbers doubles, Date a timestamp, objects maps.
 */
export function fromJs(x: unknown): Value {
  if (x === null || x === undefined) return NULL;
  if (typeof x === 'boolean') return bool(x);
  if (typeof x === 'bigint') return int(x);
  if (typeof x === 'number') return Number.isInteger(x) && !Object.is(x, -0) ? int(x) : double(x);
  if (typeof x === 'string') return str(x);
  if (x instanceof Date) return ts(timestampFromDate(x));
  if (x instanceof Uint8Array) return bytes(x);
  if (Array.isArray(x)) return arr(x.map(fromJs));
  if (typeof x === 'object') {
    const o = x as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0].startsWith('$')) return fromTagged(keys[0], o[keys[0]]);
    return map(fieldsFromJs(o));
  }
  throw new Error('Cannot convert to a Firestore value: ' + String(x));
}

/** The `$timestamp` / `$bytes` / `$latlng` / `$reference` tags of the conformance vectors. */
function fromTagged(tag: string, v: unknown): Value {
  switch (tag) {
    case '$timestamp':
      return ts(timestampFromDate(new Date(v as string)));
    case '$bytes':
      return bytes(new Uint8Array(Buffer.from(v as string, 'base64')));
    case '$latlng': {
      const g = v as LatLng;
      return geo(g.latitude, g.longitude);
    }
    case '$reference':
      return ref(v as string);
    default:
      return map({ [tag]: fromJs(v) });
  }
}

export function fieldsFromJs(o: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [k, v] of Object.entries(o)) fields[k] = fromJs(v);
  return fields;
}

/** The inverse of fromJs for tests and logs: integers become numbers when safe, else bigint. */
export function toJs(v: Value): unknown {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) {
    const n = Number(v.integerValue);
    return Number.isSafeInteger(n) ? n : v.integerValue;
  }
  if ('doubleValue' in v) return v.doubleValue;
  if ('timestampValue' in v) return v.timestampValue;
  if ('stringValue' in v) return v.stringValue;
  if ('bytesValue' in v) return v.bytesValue;
  if ('referenceValue' in v) return { $reference: v.referenceValue };
  if ('geoPointValue' in v) return { $latlng: v.geoPointValue };
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(toJs);
  return fieldsToJs(v.mapValue.fields ?? {});
}

export function fieldsToJs(fields: Fields): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) o[k] = toJs(v);
  return o;
}

// ---------------------------------------------------------------------------------------------
// Type brackets: range filters only match values of their operand's type (ints and doubles
// together), so an index scan is bounded by the smallest value of the type and of the next one.

const BRACKET_STARTS: Value[] = [
  NULL,
  { booleanValue: false },
  { doubleValue: NaN },
  { timestampValue: { seconds: -62135596800, nanos: 0 } },
  { stringValue: '' },
  { bytesValue: new Uint8Array() },
  { referenceValue: '' },
  { geoPointValue: { latitude: NaN, longitude: NaN } },
  { arrayValue: { values: [] } },
  {
    mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [] } } } },
  },
  { mapValue: { fields: {} } },
];

/** The smallest value of v's type bracket. */
export function bracketStart(v: Value): Value {
  return BRACKET_STARTS[rank(v)];
}

/** The smallest value of the next bracket (exclusive end of v's bracket); undefined for maps. */
export function bracketEnd(v: Value): Value | undefined {
  return BRACKET_STARTS[rank(v) + 1];
}
