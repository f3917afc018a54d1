/**
 * Conversions between the emulator's data model (model.ts) and rules values:
 * integer -> int, double -> float, timestamp -> timestamp, geopoint -> latlng,
 * reference -> path, bytes -> bytes, array -> list, map -> map.
 */
import type { AuthInfo, Document, Fields, Timestamp, Value } from '../firestore/model.js';
import { RBytes, RLatLng, RList, RMap, RPath, RTimestamp, type RValue } from './values.js';

/** projects/{p}/databases/{d}/documents/a/b -> /databases/{d}/documents/a/b */
export function nameToSegments(name: string): string[] {
  const parts = name.split('/');
  const i = parts.indexOf('databases');
  return i >= 0 ? parts.slice(i) : parts;
}

/** Project id of a full resource name (projects/{p}/...). */
export function projectOf(name: string): string {
  const parts = name.split('/');
  return parts[0] === 'projects' ? parts[1] : '';
}

export function toRulesValue(v: Value): RValue {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return BigInt(v.integerValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('timestampValue' in v) return toTimestamp(v.timestampValue);
  if ('stringValue' in v) return v.stringValue;
  if ('bytesValue' in v) return new RBytes(v.bytesValue);
  if ('referenceValue' in v) return new RPath(nameToSegments(v.referenceValue));
  if ('geoPointValue' in v) return new RLatLng(v.geoPointValue.latitude, v.geoPointValue.longitude);
  if ('arrayValue' in v) return new RList((v.arrayValue.values ?? []).map(toRulesValue));
  if ('mapValue' in v) return fieldsToMap(v.mapValue.fields ?? {});
  return null;
}

export function fieldsToMap(fields: Fields): RMap {
  const m = new Map<string, RValue>();
  for (const [k, v] of Object.entries(fields)) m.set(k, toRulesValue(v));
  return new RMap(m);
}

export function toTimestamp(t: Timestamp): RTimestamp {
  return new RTimestamp(BigInt(t.seconds), t.nanos);
}

/** A stored document as `resource`: data, id and __name__. */
export function documentToResource(doc: Document): RMap {
  const segments = nameToSegments(doc.name);
  return RMap.of({
    data: fieldsToMap(doc.fields),
    id: segments[segments.length - 1],
    __name__: new RPath(segments),
  });
}

/** Plain JSON-ish values (token claims, storage metadata) to rules values. Numbers without a
 *  fraction become int, as production does for JSON inputs. */
export function jsonToRules(v: unknown): RValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return new RList(v.map(jsonToRules));
  if (v instanceof Uint8Array) return new RBytes(v);
  if (typeof v === 'object') {
    const m = new Map<string, RValue>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, jsonToRules(x));
    return new RMap(m);
  }
  return null;
}

export function authToRules(auth: AuthInfo | null): RValue {
  if (!auth) return null;
  return RMap.of({ uid: auth.uid, token: jsonToRules(auth.token ?? {}) });
}
