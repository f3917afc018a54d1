/**
 * Structured queries: validation with Firestore's INVALID_ARGUMENT rules, normalization (implicit
 * orderBy), and per-document evaluation (scope, filters, order, cursors). The planner decides how
 * to find candidates; this module decides what matches and in which order.
 */
import { getField } from './fields.js';
import {
  Code,
  FirestoreError,
  type Cursor,
  type Document,
  type FieldOperator,
  type Filter,
  type StructuredQuery,
  type UnaryOperator,
  type Value,
} from './model.js';
import {
  NAME_FIELD,
  collectionIdOf,
  compareResourcePaths,
  formatFieldPath,
  parentCollection,
  parseFieldPath,
  parseParent,
  validateReservedIds,
} from './paths.js';
import { compareValues, isNaNValue, isNullValue, kindOf, valuesEqual } from './values.js';

export interface FieldRef {
  segments: string[];
  /** Canonical dotted form, used as a key. */
  path: string;
}

export type FieldFilterNode =
  | { kind: 'field'; field: FieldRef; op: FieldOperator; value: Value }
  | { kind: 'unary'; field: FieldRef; op: UnaryOperator };

export type CompiledFilter =
  { kind: 'and'; filters: CompiledFilter[] } | { kind: 'or'; filters: CompiledFilter[] } | FieldFilterNode;

export interface CompiledOrder {
  field: FieldRef;
  /** 1 ascending, -1 descending */
  dir: 1 | -1;
}

export interface CompiledQuery {
  database: string;
  /** Relative path of the parent document, '' for the database root. */
  parentPath: string;
  collectionId: string;
  allDescendants: boolean;
  filter: CompiledFilter | null;
  /** Normalized: explicit orders, implicit inequality fields, then __name__. */
  orders: CompiledOrder[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  /** select projection as field segments; undefined returns whole documents. */
  projection?: string[][];
  source: StructuredQuery;
  parent: string;
}

const MAX_DISJUNCTIONS = 30;
const MAX_IN_VALUES = 30;
const MAX_NOT_IN_VALUES = 10;
const MAX_INEQUALITY_FIELDS = 10;

const invalid = (message: string) => new FirestoreError(Code.INVALID_ARGUMENT, message);

export function fieldRef(path: string): FieldRef {
  const segments = path === NAME_FIELD ? [NAME_FIELD] : parseFieldPath(path);
  return { segments, path: formatFieldPath(segments) };
}

const isNameField = (f: FieldRef) => f.path === NAME_FIELD;

const INEQUALITY_OPS = new Set<string>([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

export function isInequality(f: FieldFilterNode): boolean {
  return f.kind === 'field' ? INEQUALITY_OPS.has(f.op) : f.op === 'IS_NOT_NAN' || f.op === 'IS_NOT_NULL';
}

/** Leaf filters in tree order. */
export function flattenFilters(f: CompiledFilter | null): FieldFilterNode[] {
  if (!f) return [];
  if (f.kind === 'and' || f.kind === 'or') return f.filters.flatMap(flattenFilters);
  return [f];
}

export function compileQuery(parent: string, q: StructuredQuery): CompiledQuery {
  const { database, path: parentPath } = parseParent(parent);
  if (!q.from || q.from.length !== 1) throw invalid('A query must select from exactly one collection.');
  const { collectionId, allDescendants = false } = q.from[0];
  if (!collectionId) throw invalid('A query must name a collection id.');
  if (collectionId.includes('/')) throw invalid(`Invalid collection id "${collectionId}".`);
  validateReservedIds(collectionId);

  const filter = q.where ? compileFilter(q.where, database) : null;
  const leaves = flattenFilters(filter);
  validateFilters(filter, leaves);

  const orders = normalizeOrders(q, leaves);
  for (const cursor of [q.startAt, q.endAt]) if (cursor) validateCursor(cursor, orders, database);

  if (q.offset !== undefined && q.offset < 0) throw invalid('offset must be non-negative.');
  if (q.limit !== undefined && q.limit !== null && q.limit < 0) throw invalid('limit must be non-negative.');

  const projection = q.select?.fields?.length
    ? q.select.fields.filter((f) => f.fieldPath !== NAME_FIELD).map((f) => fieldRef(f.fieldPath).segments)
    : undefined;

  return {
    database,
    parentPath,
    collectionId,
    allDescendants,
    filter,
    orders,
    startAt: q.startAt,
    endAt: q.endAt,
    offset: q.offset ?? 0,
    limit: q.limit ?? undefined,
    projection,
    source: q,
    parent,
  };
}

function compileFilter(f: Filter, database: string): CompiledFilter {
  if ('compositeFilter' in f) {
    const { op, filters } = f.compositeFilter;
    if (op !== 'AND' && op !== 'OR') throw invalid(`Unsupported composite filter operator ${String(op)}.`);
    const compiled = (filters ?? []).map((x) => compileFilter(x, database));
    if (compiled.length === 0) throw invalid('A composite filter must have at least one sub-filter.');
    // A single-child composite is its child; same-operator nesting flattens.
    if (compiled.length === 1) return compiled[0];
    const kind = op === 'AND' ? 'and' : 'or';
    const flat = compiled.flatMap((c) =>
      c.kind === kind ? (c as { filters: CompiledFilter[] }).filters : [c],
    );
    return kind === 'and' ? { kind, filters: flat } : { kind, filters: flat };
  }
  if ('unaryFilter' in f) {
    const field = fieldRef(f.unaryFilter.field.fieldPath);
    return { kind: 'unary', field, op: f.unaryFilter.op };
  }
  if ('fieldFilter' in f) {
    const { field: fr, op, value } = f.fieldFilter;
    const field = fieldRef(fr.fieldPath);
    if (!value) throw invalid('A field filter needs a value.');
    if (isNameField(field)) validateNameFilter(op, value, database);
    return { kind: 'field', field, op, value };
  }
  throw invalid('Unsupported filter.');
}

function validateNameFilter(op: FieldOperator, value: Value, database: string): void {
  if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') {
    throw invalid(`Invalid query. You can't perform '${op}' queries on __name__.`);
  }
  const refs = op === 'IN' || op === 'NOT_IN' ? arrayElements(value) : [value];
  for (const r of refs) {
    if (!('referenceValue' in r)) throw invalid('__name__ filters must compare with document references.');
    if (!r.referenceValue.startsWith(database + '/documents/')) {
      throw invalid(`__name__ filter reference "${r.referenceValue}" is not in database ${database}.`);
    }
  }
}

function arrayElements(v: Value): Value[] {
  return 'arrayValue' in v ? (v.arrayValue.values ?? []) : [];
}

function validateFilters(filter: CompiledFilter | null, leaves: FieldFilterNode[]): void {
  let notEqualOrNotIn = 0;
  let hasNotIn = false;
  let hasDisjunctive = false;
  const inequalityFields = new Set<string>();
  for (const f of leaves) {
    if (isInequality(f)) inequalityFields.add(f.field.path);
    if (f.kind !== 'field') continue;
    if (f.op === 'NOT_EQUAL' || f.op === 'NOT_IN') notEqualOrNotIn++;
    if (f.op === 'NOT_IN') hasNotIn = true;
    if (f.op === 'IN' || f.op === 'ARRAY_CONTAINS_ANY') hasDisjunctive = true;
    if (f.op === 'IN' || f.op === 'NOT_IN' || f.op === 'ARRAY_CONTAINS_ANY') {
      if (!('arrayValue' in f.value))
        throw invalid(`A filter with operator ${f.op} requires an array value.`);
      const n = arrayElements(f.value).length;
      if (n === 0) throw invalid(`A non-empty array is required for '${f.op}' filters.`);
      const max = f.op === 'NOT_IN' ? MAX_NOT_IN_VALUES : MAX_IN_VALUES;
      if (n > max) {
        throw invalid(
          `Invalid Query. '${f.op}' filters support a maximum of ${max} elements in the value array.`,
        );
      }
    }
  }
  if (notEqualOrNotIn > 1) {
    throw invalid("Invalid query. You cannot use more than one '!=' or 'not-in' filter in a query.");
  }
  if (hasNotIn && (hasDisjunctive || containsOr(filter))) {
    throw invalid(
      "Invalid query. You cannot use 'not-in' filters with 'in', 'array-contains-any' or 'or' filters.",
    );
  }
  if (inequalityFields.size > MAX_INEQUALITY_FIELDS) {
    throw invalid(
      `Invalid query. A query may have inequality filters on at most ${MAX_INEQUALITY_FIELDS} fields.`,
    );
  }
  const branches = toDnf(filter);
  if (branches.length > MAX_DISJUNCTIONS) {
    throw invalid(
      `Invalid Query. The query contains ${branches.length} disjunctions after expansion to disjunctive normal form; the maximum is ${MAX_DISJUNCTIONS}.`,
    );
  }
  for (const branch of branches) {
    if (branch.filter((f) => f.kind === 'field' && f.op === 'ARRAY_CONTAINS').length > 1) {
      throw invalid('Invalid query. You can use at most one array-contains filter per disjunction.');
    }
    const keyEquality = branch.some((f) => f.kind === 'field' && f.op === 'EQUAL' && isNameField(f.field));
    if (keyEquality) {
      const inequalities = branch.filter(isInequality);
      if (inequalities.length > 0 && !inequalities.some((f) => isNameField(f.field))) {
        throw invalid(
          'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
        );
      }
    }
  }
}

function containsOr(f: CompiledFilter | null): boolean {
  if (!f || (f.kind !== 'and' && f.kind !== 'or')) return false;
  return f.kind === 'or' || f.filters.some(containsOr);
}

/**
 * Disjunctive normal form: a list of conjunctions. IN and ARRAY_CONTAINS_ANY expand into one
 * branch per value (Firestore counts them as disjunctions too).
 */
export function toDnf(f: CompiledFilter | null): FieldFilterNode[][] {
  if (!f) return [[]];
  if (f.kind === 'or') return f.filters.flatMap(toDnf);
  if (f.kind === 'and') {
    let acc: FieldFilterNode[][] = [[]];
    for (const child of f.filters) {
      const childDnf = toDnf(child);
      const next: FieldFilterNode[][] = [];
      for (const a of acc) for (const b of childDnf) next.push([...a, ...b]);
      acc = next;
      if (acc.length > MAX_DISJUNCTIONS * MAX_DISJUNCTIONS) break;
    }
    return acc;
  }
  if (f.kind === 'field' && f.op === 'IN') {
    return arrayElements(f.value).map((value) => [{ kind: 'field', field: f.field, op: 'EQUAL', value }]);
  }
  if (f.kind === 'field' && f.op === 'ARRAY_CONTAINS_ANY') {
    return arrayElements(f.value).map((value) => [
      { kind: 'field', field: f.field, op: 'ARRAY_CONTAINS', value },
    ]);
  }
  return [[f]];
}

function normalizeOrders(q: StructuredQuery, leaves: FieldFilterNode[]): CompiledOrder[] {
  const orders: CompiledOrder[] = [];
  const seen = new Set<string>();
  for (const o of q.orderBy ?? []) {
    const field = fieldRef(o.field.fieldPath);
    if (seen.has(field.path)) throw invalid(`Invalid query. Duplicate orderBy on field ${field.path}.`);
    seen.add(field.path);
    orders.push({ field, dir: o.direction === 'DESCENDING' ? -1 : 1 });
  }
  const lastDir = orders.length > 0 ? orders[orders.length - 1].dir : 1;
  // Inequality fields that are not ordered explicitly follow, in field path order.
  const inequality = leaves
    .filter((f) => isInequality(f) && !isNameField(f.field) && !seen.has(f.field.path))
    .map((f) => f.field);
  const unique = [...new Map(inequality.map((f) => [f.path, f])).values()].sort(compareFieldRefs);
  for (const field of unique) {
    seen.add(field.path);
    orders.push({ field, dir: lastDir });
  }
  const nameAt = orders.findIndex((o) => isNameField(o.field));
  if (nameAt >= 0 && nameAt < orders.length - 1) {
    // An explicit order by __name__ followed by more fields, or by inequality fields that must
    // be ordered and are not: production refuses the query.
    throw invalid('Order by clause cannot contain more fields after the key __name__.');
  }
  if (!seen.has(NAME_FIELD)) orders.push({ field: fieldRef(NAME_FIELD), dir: lastDir });
  // Names are unique: anything ordered after __name__ cannot change the order.
  return orders.slice(0, orders.findIndex((o) => isNameField(o.field)) + 1);
}

function compareFieldRefs(a: FieldRef, b: FieldRef): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    if (a.segments[i] !== b.segments[i]) return a.segments[i] < b.segments[i] ? -1 : 1;
  }
  return a.segments.length - b.segments.length;
}

function validateCursor(cursor: Cursor, orders: CompiledOrder[], database: string): void {
  const values = cursor.values ?? [];
  if (values.length > orders.length) {
    throw invalid(
      'Too many cursor values specified. The specified values must match the orderBy() constraints of the query.',
    );
  }
  values.forEach((v, i) => {
    if (!isNameField(orders[i].field)) return;
    if (!('referenceValue' in v)) {
      throw invalid('Invalid query. The cursor value for __name__ must be a document reference.');
    }
    if (!v.referenceValue.startsWith(database + '/documents/')) {
      throw invalid(`Cursor reference "${v.referenceValue}" is not in database ${database}.`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Evaluation against one document

/** The value of a field in a document, with __name__ as the document's reference. */
export function docValue(doc: Document, field: FieldRef): Value | undefined {
  return isNameField(field) ? { referenceValue: doc.name } : getField(doc.fields, field.segments);
}

/** Whether a document at `path` belongs to the query's collection (or collection group). */
export function inScope(q: CompiledQuery, path: string): boolean {
  if (q.allDescendants) {
    return (
      collectionIdOf(path) === q.collectionId && (q.parentPath === '' || path.startsWith(q.parentPath + '/'))
    );
  }
  const collection = q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`;
  return parentCollection(path) === collection;
}

export function matchesFilter(f: CompiledFilter, doc: Document): boolean {
  switch (f.kind) {
    case 'and':
      return f.filters.every((c) => matchesFilter(c, doc));
    case 'or':
      return f.filters.some((c) => matchesFilter(c, doc));
    case 'unary':
      return matchesUnary(f.op, docValue(doc, f.field));
    case 'field':
      return matchesField(f.op, docValue(doc, f.field), f.value);
  }
}

function matchesUnary(op: UnaryOperator, v: Value | undefined): boolean {
  if (v === undefined) return false;
  switch (op) {
    case 'IS_NAN':
      return isNaNValue(v);
    case 'IS_NULL':
      return isNullValue(v);
    // The NOT forms are inequalities: they need the field and exclude null (as `!=` does).
    case 'IS_NOT_NAN':
      return !isNaNValue(v) && !isNullValue(v);
    case 'IS_NOT_NULL':
      return !isNullValue(v);
  }
}

/** Ints and doubles share one type bracket; every other type is its own. */
function sameBracket(a: Value, b: Value): boolean {
  const ka = kindOf(a);
  const kb = kindOf(b);
  const num = (k: string) => k === 'integer' || k === 'double';
  return ka === kb || (num(ka) && num(kb));
}

function comparable(v: Value): boolean {
  return !isNullValue(v) && !isNaNValue(v);
}

function ordered(v: Value, target: Value): boolean {
  return sameBracket(v, target) && !isNaNValue(v) && !isNaNValue(target);
}

function matchesField(op: FieldOperator, v: Value | undefined, target: Value): boolean {
  if (v === undefined) return false;
  switch (op) {
    case 'EQUAL':
      return valuesEqual(v, target);
    case 'NOT_EQUAL':
      return !isNullValue(v) && !valuesEqual(v, target);
    // A range never matches NaN, on either side (production: `<= 2` skips NaN, which the order
    // puts before every number).
    case 'LESS_THAN':
      return ordered(v, target) && compareValues(v, target) < 0;
    case 'LESS_THAN_OR_EQUAL':
      return ordered(v, target) && compareValues(v, target) <= 0;
    case 'GREATER_THAN':
      return ordered(v, target) && compareValues(v, target) > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return ordered(v, target) && compareValues(v, target) >= 0;
    case 'ARRAY_CONTAINS':
      return 'arrayValue' in v && (v.arrayValue.values ?? []).some((e) => valuesEqual(e, target));
    // `in` and `array-contains-any` compare like SQL: a null or NaN in the list matches nothing
    // (production: `in [null]` and `array-contains-any [null]` return no documents).
    case 'ARRAY_CONTAINS_ANY': {
      if (!('arrayValue' in v)) return false;
      const wanted = arrayElements(target).filter(comparable);
      return (v.arrayValue.values ?? []).some((e) => wanted.some((w) => valuesEqual(e, w)));
    }
    case 'IN':
      return arrayElements(target).some((w) => comparable(w) && valuesEqual(v, w));
    case 'NOT_IN': {
      const excluded = arrayElements(target);
      if (excluded.some(isNullValue)) return false;
      return !isNullValue(v) && !excluded.some((w) => valuesEqual(v, w));
    }
  }
}

/** Compares two documents in the query's order. */
export function compareDocs(q: CompiledQuery, a: Document, b: Document): number {
  for (const o of q.orders) {
    const c = isNameField(o.field)
      ? compareResourcePaths(a.name, b.name)
      : compareValues(docValue(a, o.field)!, docValue(b, o.field)!);
    if (c !== 0) return c * o.dir;
  }
  return 0;
}

/** Sign of (document position - cursor position) over the cursor's prefix of the order. */
function compareToCursor(q: CompiledQuery, doc: Document, cursor: Cursor): number {
  const values = cursor.values ?? [];
  for (let i = 0; i < values.length; i++) {
    const o = q.orders[i];
    const c = compareValues(docValue(doc, o.field)!, values[i]);
    if (c !== 0) return c * o.dir;
  }
  return 0;
}

export function afterStart(q: CompiledQuery, doc: Document): boolean {
  if (!q.startAt) return true;
  const c = compareToCursor(q, doc, q.startAt);
  return q.startAt.before ? c >= 0 : c > 0;
}

export function beforeEnd(q: CompiledQuery, doc: Document): boolean {
  if (!q.endAt) return true;
  const c = compareToCursor(q, doc, q.endAt);
  return q.endAt.before ? c < 0 : c <= 0;
}

/** Every order field present, the filter true, inside the cursors. Scope is checked separately. */
export function matchesQuery(q: CompiledQuery, doc: Document): boolean {
  for (const o of q.orders) if (!isNameField(o.field) && docValue(doc, o.field) === undefined) return false;
  if (q.filter && !matchesFilter(q.filter, doc)) return false;
  return afterStart(q, doc) && beforeEnd(q, doc);
}
