/**
 * Typed JSON for values and timestamps, in the proto3 JSON mapping of google.firestore.v1.Value
 * ({"integerValue":"1"}, {"timestampValue":"2024-01-02T03:04:05.123456000Z"}, ...). Used by the
 * export format so that files are readable and diff well.
 */
import { Code, FirestoreError, type Fields, type Timestamp, type Value } from './model.js';

export type JsonValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | 'NaN' | 'Infinity' | '-Infinity' }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values: JsonValue[] } }
  | { mapValue: { fields: Record<string, JsonValue> } };

export function formatTimestamp(t: Timestamp): string {
  const iso = new Date(t.seconds * 1000).toISOString().slice(0, 19);
  return `${iso}.${String(t.nanos).padStart(9, '0')}Z`;
}

export function parseTimestamp(s: string): Timestamp {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) throw new FirestoreError(Code.INVALID_ARGUMENT, `Invalid timestamp "${s}".`);
  const seconds = Math.floor(Date.parse(m[1] + m[3]) / 1000);
  return { seconds, nanos: Number((m[2] ?? '').padEnd(9, '0')) };
}

function formatDouble(n: number): number | 'NaN' | 'Infinity' | '-Infinity' {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

export function valueToJson(v: Value): JsonValue {
  if ('nullValue' in v) return { nullValue: null };
  if ('booleanValue' in v) return { booleanValue: v.booleanValue };
  if ('integerValue' in v) return { integerValue: v.integerValue.toString() };
  if ('doubleValue' in v) return { doubleValue: formatDouble(v.doubleValue) };
  if ('timestampValue' in v) return { timestampValue: formatTimestamp(v.timestampValue) };
  if ('stringValue' in v) return { stringValue: v.stringValue };
  if ('bytesValue' in v) return { bytesValue: Buffer.from(v.bytesValue).toString('base64') };
  if ('referenceValue' in v) return { referenceValue: v.referenceValue };
  if ('geoPointValue' in v) return { geoPointValue: { ...v.geoPointValue } };
  if ('arrayValue' in v) return { arrayValue: { values: (v.arrayValue.values ?? []).map(valueToJson) } };
  return { mapValue: { fields: fieldsToJson(v.mapValue.fields ?? {}) } };
}

/** Keys sorted, so exports are stable. */
export function fieldsToJson(fields: Fields): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const k of Object.keys(fields).sort()) out[k] = valueToJson(fields[k]);
  return out;
}

export function valueFromJson(j: JsonValue): Value {
  if ('nullValue' in j) return { nullValue: null };
  if ('booleanValue' in j) return { booleanValue: j.booleanValue };
  if ('integerValue' in j) return { integerValue: BigInt(j.integerValue) };
  if ('doubleValue' in j) return { doubleValue: Number(j.doubleValue) };
  if ('timestampValue' in j) return { timestampValue: parseTimestamp(j.timestampValue) };
  if ('stringValue' in j) return { stringValue: j.stringValue };
  if ('bytesValue' in j) return { bytesValue: new Uint8Array(Buffer.from(j.bytesValue, 'base64')) };
  if ('referenceValue' in j) return { referenceValue: j.referenceValue };
  if ('geoPointValue' in j) return { geoPointValue: { ...j.geoPointValue } };
  if ('arrayValue' in j) return { arrayValue: { values: (j.arrayValue.values ?? []).map(valueFromJson) } };
  if ('mapValue' in j) return { mapValue: { fields: fieldsFromJson(j.mapValue.fields ?? {}) } };
  throw new FirestoreError(Code.INVALID_ARGUMENT, `Invalid typed value ${JSON.stringify(j)}.`);
}

export function fieldsFromJson(fields: Record<string, JsonValue>): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) out[k] = valueFromJson(v);
  return out;
}
