/**
 * Resource names, document paths and field paths.
 * Document paths inside the engine are relative to the database root ("users/u1/posts/p1");
 * resource names are "projects/{p}/databases/{d}/documents/{path}".
 */
import { Code, FirestoreError } from './model.js';

const SLASH = 0x2f;

/**
 * Orders paths segment by segment, each segment in UTF-8 byte order, except numeric ids
 * (`__id<int64>__`, Datastore's numeric keys), which sort before every other id and among
 * themselves by their number, as production and the SDKs order them. Without a numeric id this
 * is comparing the strings with '/' sorting below every other character, which needs no
 * splitting.
 */
export function compareResourcePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return 0;
  // The segments that differ start at the same place in both (their prefixes are equal).
  const start = a.lastIndexOf('/', i - 1) + 1;
  if (a.startsWith('__id', start) || b.startsWith('__id', start)) {
    const numeric = compareNumericSegments(segmentAt(a, start), segmentAt(b, start));
    if (numeric) return numeric;
  }
  if (i === n) return a.length < b.length ? -1 : 1;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if (x === SLASH) return -1;
  if (y === SLASH) return 1;
  return codePointOrder(x) < codePointOrder(y) ? -1 : 1;
}

function segmentAt(path: string, start: number): string {
  const end = path.indexOf('/', start);
  return path.slice(start, end === -1 ? path.length : end);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The number of a numeric id (`__id7__`, `__id-2__`), undefined for any other id. */
export function numericId(id: string): bigint | undefined {
  const m = /^__id(-?(?:0|[1-9][0-9]*))__$/.exec(id);
  if (!m) return undefined;
  const v = BigInt(m[1]);
  return v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

/** Undefined unless one of the two (different, non-empty) segments is a numeric id. */
function compareNumericSegments(a: string, b: string): number | undefined {
  if (a === '' || b === '') return undefined;
  const x = numericId(a);
  const y = numericId(b);
  if (x === undefined && y === undefined) return undefined;
  if (x === undefined) return 1;
  if (y === undefined) return -1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function codePointOrder(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return c + 0x2000;
  if (c >= 0xe000) return c - 0x800;
  return c;
}

export interface ParsedDatabase {
  projectId: string;
  databaseId: string;
  /** projects/{p}/databases/{d} */
  database: string;
}

const invalid = (message: string) => new FirestoreError(Code.INVALID_ARGUMENT, message);

export function parseDatabase(name: string): ParsedDatabase {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name);
  if (!m) throw invalid(`Invalid database name "${name}".`);
  return { projectId: m[1], databaseId: m[2], database: name };
}

/** Splits "projects/p/databases/d/documents[/path]" into the database and the relative path. */
function splitResource(name: string): { database: string; path: string } {
  const m = /^(projects\/[^/]+\/databases\/[^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m) throw invalid(`Invalid resource name "${name}".`);
  const path = m[2] ?? '';
  if (path !== '' && path.split('/').some((s) => s === '')) throw invalid(`Invalid resource name "${name}".`);
  return { database: m[1], path };
}

export interface ParsedDocumentName {
  database: string;
  /** Relative document path, an even number of segments. */
  path: string;
}

export function parseDocumentName(name: string): ParsedDocumentName {
  const { database, path } = splitResource(name);
  const segments = path === '' ? [] : path.split('/');
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw invalid(
      `Document name "${name}" has ${segments.length} segments; a document path needs an even number.`,
    );
  }
  validateReservedIds(path);
  return { database, path };
}

/** A query or listCollectionIds parent: the database root or a document. */
export function parseParent(parent: string): { database: string; path: string } {
  const { database, path } = splitResource(parent);
  if (path !== '' && path.split('/').length % 2 !== 0) {
    throw invalid(`Parent "${parent}" must be a document or the database root.`);
  }
  validateReservedIds(path);
  return { database, path };
}

export function documentName(database: string, path: string): string {
  return `${database}/documents/${path}`;
}

/** "users/u1/posts/p1" -> "users/u1/posts" */
export function parentCollection(docPath: string): string {
  return docPath.slice(0, docPath.lastIndexOf('/'));
}

/** "users/u1/posts/p1" -> "posts" */
export function collectionIdOf(docPath: string): string {
  const collection = parentCollection(docPath);
  return collection.slice(collection.lastIndexOf('/') + 1);
}

/** Validates the ids of a document path written by a client. */
export function validateDocumentPath(path: string, name: string): void {
  for (const id of path.split('/')) {
    if (id === '.' || id === '..') throw invalid(`Resource id "${id}" is invalid in "${name}".`);
    if (Buffer.byteLength(id) > 1500) throw invalid(`Resource id in "${name}" is longer than 1500 bytes.`);
  }
  validateReservedIds(path);
  if (path.split('/').length > 200) throw invalid(`Document name "${name}" is too deeply nested.`);
}

/**
 * Production refuses ids of the form `__…__` anywhere in a path — written, read, queried or
 * listened to — except numeric ids (`__id<int64>__`), which it accepts and orders first.
 */
export function validateReservedIds(path: string): void {
  if (!path.includes('__')) return;
  for (const id of path.split('/')) {
    if (id.length >= 4 && id.startsWith('__') && id.endsWith('__') && numericId(id) === undefined)
      throw invalid(`Resource id "${id}" is invalid because it is reserved.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Field paths: dot-separated segments; segments that are not simple identifiers are quoted in
// backticks, with backslash escaping backtick and backslash inside.

const SIMPLE_SEGMENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let i = 0;
  if (path === '') throw invalid('Invalid field path: empty.');
  while (i <= path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') i++;
        if (i >= path.length) break;
        segment += path[i++];
      }
      if (path[i] !== '`') throw invalid(`Invalid field path "${path}": unterminated backtick.`);
      i++;
    } else {
      const end = path.indexOf('.', i);
      segment = path.slice(i, end === -1 ? path.length : end);
      i = end === -1 ? path.length : end;
      if (!/^[^`\\]*$/.test(segment)) throw invalid(`Invalid field path "${path}".`);
    }
    if (segment === '') throw invalid(`Invalid field path "${path}": empty segment.`);
    segments.push(segment);
    if (i === path.length) break;
    if (path[i] !== '.') throw invalid(`Invalid field path "${path}".`);
    i++;
    if (i === path.length) throw invalid(`Invalid field path "${path}": trailing dot.`);
  }
  return segments;
}

export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((s) => (SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}

/** Canonical form so "a.`b`" and "a.b" name the same field. */
export function canonicalFieldPath(path: string): string {
  return formatFieldPath(parseFieldPath(path));
}

export const NAME_FIELD = '__name__';
