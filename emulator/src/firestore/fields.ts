/** Reading and editing (copy-on-write) nested fields of a document by field path segments. */
import type { Document, Fields, Value } from './model.js';

export function getField(fields: Fields, path: readonly string[]): Value | undefined {
  let current: Fields | undefined = fields;
  for (let i = 0; i < path.length; i++) {
    const v: Value | undefined = current?.[path[i]];
    if (v === undefined || !Object.hasOwn(current!, path[i])) return undefined;
    if (i === path.length - 1) return v;
    current = 'mapValue' in v ? (v.mapValue.fields ?? {}) : undefined;
  }
  return undefined;
}

/** Returns a copy of `fields` with the value at `path` set, creating (or replacing non-map) parents. */
export function setField(fields: Fields, path: readonly string[], value: Value): Fields {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...fields, [head]: value };
  const existing = Object.hasOwn(fields, head) ? fields[head] : undefined;
  const child = existing && 'mapValue' in existing ? (existing.mapValue.fields ?? {}) : {};
  return { ...fields, [head]: { mapValue: { fields: setField(child, rest, value) } } };
}

/** Returns a copy of `fields` without the value at `path` (unchanged when absent). */
export function deleteField(fields: Fields, path: readonly string[]): Fields {
  const [head, ...rest] = path;
  if (!Object.hasOwn(fields, head)) return fields;
  if (rest.length === 0) {
    const copy = { ...fields };
    delete copy[head];
    return copy;
  }
  const existing = fields[head];
  if (!('mapValue' in existing)) return fields;
  return { ...fields, [head]: { mapValue: { fields: deleteField(existing.mapValue.fields ?? {}, rest) } } };
}

/**
 * Every indexable field path of a document with its value: each top-level field, and every
 * field nested inside maps (Firestore indexes map subfields; it does not look inside arrays).
 */
export function* indexableFields(fields: Fields, prefix: string[] = []): Generator<[string[], Value]> {
  for (const [k, v] of Object.entries(fields)) {
    const path = [...prefix, k];
    yield [path, v];
    if ('mapValue' in v) yield* indexableFields(v.mapValue.fields ?? {}, path);
  }
}

/** Keeps only the given field paths (a `select` projection or a read mask). */
export function projectFields(fields: Fields, paths: readonly (readonly string[])[]): Fields {
  let out: Fields = {};
  for (const path of paths) {
    const v = getField(fields, path);
    if (v !== undefined) out = setField(out, path, v);
  }
  return out;
}

export function projectDocument(doc: Document, paths: readonly (readonly string[])[] | undefined): Document {
  return paths ? { ...doc, fields: projectFields(doc.fields, paths) } : doc;
}

// ---------------------------------------------------------------------------------------------
// Storage size, as Firestore documents it (limits documents to 1 MiB).

export const MAX_DOCUMENT_SIZE = 1_048_576;

function stringSize(s: string): number {
  return Buffer.byteLength(s) + 1;
}

export function valueSize(v: Value): number {
  if ('nullValue' in v || 'booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v || 'timestampValue' in v) return 8;
  if ('stringValue' in v) return stringSize(v.stringValue);
  if ('bytesValue' in v) return v.bytesValue.length;
  if ('referenceValue' in v) return stringSize(v.referenceValue);
  if ('geoPointValue' in v) return 16;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).reduce((n, e) => n + valueSize(e), 0);
  return fieldsSize(v.mapValue.fields ?? {});
}

export function fieldsSize(fields: Fields): number {
  let n = 0;
  for (const [k, v] of Object.entries(fields)) n += stringSize(k) + valueSize(v);
  return n;
}

/** Name size counts the collection and document ids of the relative path, plus 16. */
export function documentSize(path: string, fields: Fields): number {
  const nameSize = path.split('/').reduce((n, s) => n + stringSize(s), 0) + 16;
  return nameSize + fieldsSize(fields) + 32;
}
