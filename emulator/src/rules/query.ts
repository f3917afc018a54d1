/**
 * "Rules are not filters": a list request is decided from the query's constraints, never from
 * the data. The query's filter is turned into a disjunction of conjunctions (OR and IN /
 * array-contains-any split into disjuncts); each disjunct yields the facts every returned
 * document satisfies (field == v, range bounds, != v, array contains v). The list rule is then
 * evaluated with `resource.data` bound symbolically to those facts (values.RSymMap): a field
 * pinned by equality reads as its value, any other field as an unknown that only the query's
 * facts can decide. An outcome that still depends on an unknown denies.
 */
import type { Filter, StructuredQuery } from '../firestore/model.js';
import { toRulesValue } from './convert.js';
import {
  compareNumbers,
  compareStrings,
  isNumber,
  RTimestamp,
  valuesEqual,
  type FieldFacts,
  type RValue,
} from './values.js';

/** One disjunct: facts per field path. */
export type Conjunct = Map<string, FieldFacts>;

/** Above this many disjuncts the query is refused (production caps disjunctions at 30). */
export const MAX_DISJUNCTS = 100;

function cmp(a: RValue, b: RValue): number | null {
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof RTimestamp && b instanceof RTimestamp) {
    return a.totalNanos < b.totalNanos ? -1 : a.totalNanos > b.totalNanos ? 1 : 0;
  }
  return null;
}

function fieldName(path: string): string {
  // Backquoted segments (`a.b`) name a single field; the symbolic map uses dotted paths.
  return path.replace(/`/g, '');
}

/** Merge the facts of two conjuncts; null when they contradict (the disjunct returns nothing). */
function merge(a: Conjunct, b: Conjunct): Conjunct | null {
  const out: Conjunct = new Map(a);
  for (const [field, f] of b) {
    const prev = out.get(field);
    if (!prev) {
      out.set(field, f);
      continue;
    }
    const m: FieldFacts = { ...prev };
    if ('eq' in f) {
      if ('eq' in prev && !valuesEqual(prev.eq as RValue, f.eq as RValue)) return null;
      m.eq = f.eq;
    }
    if (f.lower) {
      const c = m.lower ? cmp(f.lower.value, m.lower.value) : 1;
      if (c === null || c > 0 || (c === 0 && !f.lower.inclusive)) m.lower = f.lower;
    }
    if (f.upper) {
      const c = m.upper ? cmp(f.upper.value, m.upper.value) : -1;
      if (c === null || c < 0 || (c === 0 && !f.upper.inclusive)) m.upper = f.upper;
    }
    if (f.notEqual) m.notEqual = [...(m.notEqual ?? []), ...f.notEqual];
    if (f.contains) m.contains = [...(m.contains ?? []), ...f.contains];
    out.set(field, m);
  }
  return out;
}

function single(field: string, facts: FieldFacts): Conjunct[] {
  return [new Map([[fieldName(field), facts]])];
}

/** Disjunctive normal form of a filter; null when it has too many disjuncts. */
export function toDisjuncts(filter: Filter | undefined): Conjunct[] | null {
  if (!filter) return [new Map()];
  if ('compositeFilter' in filter) {
    const parts = filter.compositeFilter.filters.map(toDisjuncts);
    if (parts.some((p) => p === null)) return null;
    if (filter.compositeFilter.op === 'OR') {
      const all = (parts as Conjunct[][]).flat();
      return all.length > MAX_DISJUNCTS ? null : all;
    }
    let acc: Conjunct[] = [new Map()];
    for (const p of parts as Conjunct[][]) {
      const next: Conjunct[] = [];
      for (const x of acc) {
        for (const y of p) {
          const m = merge(x, y);
          if (m) next.push(m);
        }
      }
      if (next.length > MAX_DISJUNCTS) return null;
      acc = next;
    }
    return acc;
  }
  if ('unaryFilter' in filter) {
    const f = filter.unaryFilter.field.fieldPath;
    switch (filter.unaryFilter.op) {
      case 'IS_NULL':
        return single(f, { eq: null });
      case 'IS_NAN':
        return single(f, { eq: NaN });
      case 'IS_NOT_NULL':
        return single(f, { notEqual: [null] });
      default:
        return single(f, { notEqual: [NaN] });
    }
  }
  const { field, op, value } = filter.fieldFilter;
  const f = field.fieldPath;
  const v = toRulesValue(value);
  const values = 'arrayValue' in value ? (value.arrayValue.values ?? []).map(toRulesValue) : [];
  switch (op) {
    case 'EQUAL':
      return single(f, { eq: v });
    case 'IN':
      return values.flatMap((x) => single(f, { eq: x }));
    case 'ARRAY_CONTAINS':
      return single(f, { contains: [v] });
    case 'ARRAY_CONTAINS_ANY':
      return values.flatMap((x) => single(f, { contains: [x] }));
    case 'NOT_EQUAL':
      return single(f, { notEqual: [v] });
    case 'NOT_IN':
      return single(f, { notEqual: values });
    case 'LESS_THAN':
      return single(f, { upper: { value: v, inclusive: false } });
    case 'LESS_THAN_OR_EQUAL':
      return single(f, { upper: { value: v, inclusive: true } });
    case 'GREATER_THAN':
      return single(f, { lower: { value: v, inclusive: false } });
    case 'GREATER_THAN_OR_EQUAL':
      return single(f, { lower: { value: v, inclusive: true } });
  }
  return [new Map()];
}

/** request.query as the rules see it: only the keys the query sets. */
export function queryProperties(q: StructuredQuery): Record<string, RValue> {
  const out: Record<string, RValue> = {};
  if (q.limit !== undefined && q.limit !== null) out.limit = BigInt(q.limit);
  if (q.offset !== undefined && q.offset !== null) out.offset = BigInt(q.offset);
  const order = q.orderBy?.[0]?.field.fieldPath;
  if (order !== undefined) out.orderBy = fieldName(order);
  return out;
}

/** Human-readable disjunct for denial reasons. */
export function describeConjunct(c: Conjunct): string {
  if (!c.size) return 'no filters';
  const parts: string[] = [];
  for (const [field, f] of c) {
    if ('eq' in f) parts.push(`${field} == ${JSON.stringify(String(f.eq))}`);
    if (f.lower) parts.push(`${field} ${f.lower.inclusive ? '>=' : '>'} ${String(f.lower.value)}`);
    if (f.upper) parts.push(`${field} ${f.upper.inclusive ? '<=' : '<'} ${String(f.upper.value)}`);
    if (f.notEqual) parts.push(`${field} not in [${f.notEqual.map(String).join(', ')}]`);
    if (f.contains) parts.push(`${field} contains ${f.contains.map(String).join(', ')}`);
  }
  return parts.join(' && ');
}
