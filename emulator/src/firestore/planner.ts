/**
 * Query execution on the sorted indexes. Each disjunction (DNF branch) becomes a stream of
 * documents in query order, read from the best index:
 *   1. a composite index: equality prefix, then the order fields (forwards or backwards);
 *   2. one single-field index when the query orders by one field and has no equalities;
 *   3. equality / array-contains only: a zig-zag merge join of single-field indexes by name;
 *   4. the name index when the query has neither;
 *   5. otherwise a fallback that collects the candidates of the most selective index and sorts.
 * Streams are merged (deduplicated) and the cursors, offset and limit applied lazily, so a first
 * page costs about the page size times log(n), whatever the collection size.
 * Every emitted document is checked against the whole query; index bounds only narrow the scan.
 */
import { parentKey, type Entry, type Index, type QueryScope } from './indexes.js';
import type { Document, Value } from './model.js';
import { NAME_FIELD } from './paths.js';
import {
  compareDocs,
  inScope,
  matchesQuery,
  toDnf,
  type CompiledOrder,
  type CompiledQuery,
  type FieldFilterNode,
} from './query.js';
import type { Position } from './sorted.js';
import type { Store } from './store.js';
import { bracketEnd, bracketStart } from './values.js';

interface Bound {
  vals: Value[];
  path?: string;
  inclusive: boolean;
}

/** Runs the query and returns the documents of the requested page. */
export function executeQuery(store: Store, q: CompiledQuery, readTime?: number): Document[] {
  return [...limited(queryStream(store, q, readTime), q.offset, q.limit)];
}

/** Skips `offset` items and stops after `limit`, lazily. */
export function* limited<T>(items: Iterable<T>, offset: number, limit: number | undefined): Generator<T> {
  if (limit === 0) return;
  let skip = offset;
  let n = 0;
  for (const item of items) {
    if (skip > 0) {
      skip--;
      continue;
    }
    yield item;
    if (limit !== undefined && ++n >= limit) return;
  }
}

/** All matching documents in query order, before offset and limit. */
export function queryStream(store: Store, q: CompiledQuery, readTime?: number): Iterable<Document> {
  if (readTime !== undefined && readTime < store.lastChange) return historicalScan(store, q, readTime);
  const streams = toDnf(q.filter).map((branch) => branchStream(store, q, branch));
  return streams.length === 1 ? streams[0] : mergeStreams(q, streams);
}

/** Reads at a past time go through each document's version history. */
function historicalScan(store: Store, q: CompiledQuery, readTime: number): Document[] {
  const docs: Document[] = [];
  for (const path of store.historicalPaths()) {
    if (!inScope(q, path)) continue;
    const doc = store.getAt(path, readTime);
    if (doc && matchesQuery(q, doc)) docs.push(doc);
  }
  return docs.sort((a, b) => compareDocs(q, a, b));
}

function* mergeStreams(q: CompiledQuery, streams: Iterable<Document>[]): Generator<Document> {
  const iterators = streams.map((s) => s[Symbol.iterator]());
  const heads = iterators.map((it) => it.next());
  let last: Document | undefined;
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      if (heads[i].done) continue;
      if (best < 0 || compareDocs(q, heads[i].value as Document, heads[best].value as Document) < 0) best = i;
    }
    if (best < 0) return;
    const doc = heads[best].value as Document;
    heads[best] = iterators[best].next();
    if (last && last.name === doc.name) continue;
    last = doc;
    yield doc;
  }
}

// ---------------------------------------------------------------------------------------------
// One conjunction

interface BranchShape {
  scope: QueryScope;
  /** [parent collection reference] for COLLECTION scope, [] for COLLECTION_GROUP. */
  scopePrefix: Value[];
  equalities: Map<string, Value>;
  contains?: { path: string; value: Value };
  /** Order fields except __name__. */
  orders: CompiledOrder[];
  nameDir: 1 | -1;
}

function shapeOf(q: CompiledQuery, branch: FieldFilterNode[]): BranchShape {
  const scope: QueryScope = q.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const collection = q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`;
  const equalities = new Map<string, Value>();
  let contains: BranchShape['contains'];
  for (const f of branch) {
    if (f.field.path === NAME_FIELD) continue;
    if (f.kind === 'field' && f.op === 'EQUAL') equalities.set(f.field.path, f.value);
    else if (f.kind === 'unary' && f.op === 'IS_NULL') equalities.set(f.field.path, { nullValue: null });
    else if (f.kind === 'unary' && f.op === 'IS_NAN') equalities.set(f.field.path, { doubleValue: NaN });
    else if (f.kind === 'field' && f.op === 'ARRAY_CONTAINS')
      contains ??= { path: f.field.path, value: f.value };
  }
  const orders = q.orders.filter((o) => o.field.path !== NAME_FIELD);
  return {
    scope,
    scopePrefix: scope === 'COLLECTION' ? [parentKey(collection)] : [],
    equalities,
    contains,
    orders,
    nameDir: q.orders[q.orders.length - 1].dir,
  };
}

function branchStream(store: Store, q: CompiledQuery, branch: FieldFilterNode[]): Iterable<Document> {
  const shape = shapeOf(q, branch);
  const cg = q.collectionId;
  const idx = store.indexes;

  const composite = pickComposite(idx.composites(cg), shape);
  if (composite)
    return orderedScan(store, q, branch, shape, composite.index, composite.prefix, composite.reverse);

  const hasEqualities = shape.equalities.size > 0 || shape.contains !== undefined;
  if (shape.orders.length === 0 && !hasEqualities) {
    const reverse = shape.nameDir === -1;
    return orderedScan(store, q, branch, shape, idx.nameIndex(cg, shape.scope), shape.scopePrefix, reverse);
  }
  if (shape.orders.length === 1 && !hasEqualities) {
    const o = shape.orders[0];
    const single = idx.singleField(cg, o.field.path, shape.scope);
    const settings = idx.singleFieldSettings(cg, o.field.path, shape.scope);
    if (o.dir === shape.nameDir && (settings.asc || settings.desc)) {
      // No index yet means no document has the field: nothing matches.
      if (!single.ordered) return [];
      return orderedScan(store, q, branch, shape, single.ordered, shape.scopePrefix, o.dir === -1);
    }
  }
  const ranges = equalityRanges(store, shape, cg);
  if (ranges === 'empty') return [];
  if (shape.orders.length === 0 && ranges.length > 0) return zigzag(store, q, ranges, shape.nameDir === -1);
  return fallback(store, q, shape, ranges);
}

/** An index whose leading fields are the equalities (any order) and whose rest is the order. */
function pickComposite(
  indexes: Index[],
  shape: BranchShape,
): { index: Index; prefix: Value[]; reverse: boolean } | undefined {
  let best: { index: Index; prefix: Value[]; reverse: boolean } | undefined;
  for (const index of indexes) {
    if (index.scope !== shape.scope) continue;
    let fields = index.fields;
    const last = fields[fields.length - 1];
    let explicitNameDir: 1 | -1 | undefined;
    if (last?.path === NAME_FIELD) {
      explicitNameDir = last.mode === 'desc' ? -1 : 1;
      fields = fields.slice(0, -1);
    }
    const k = fields.length - shape.orders.length;
    if (k < 0) continue;
    const tail = fields.slice(k);
    const sameDir = tail.every(
      (f, i) => f.path === shape.orders[i].field.path && dirOf(f.mode) === shape.orders[i].dir,
    );
    const flipped = tail.every(
      (f, i) => f.path === shape.orders[i].field.path && dirOf(f.mode) === -shape.orders[i].dir,
    );
    const reverse = !sameDir;
    if (!sameDir && !flipped) continue;
    const indexNameDir = explicitNameDir ?? index.nameDir;
    if ((reverse ? -indexNameDir : indexNameDir) !== shape.nameDir) continue;
    const prefix: Value[] = [...shape.scopePrefix];
    let usable = true;
    for (const f of fields.slice(0, k)) {
      if (f.mode === 'contains' && shape.contains?.path === f.path) prefix.push(shape.contains.value);
      else if (f.mode !== 'contains' && shape.equalities.has(f.path))
        prefix.push(shape.equalities.get(f.path)!);
      else usable = false;
    }
    if (usable && (!best || prefix.length > best.prefix.length)) best = { index, prefix, reverse };
  }
  return best;
}

const dirOf = (mode: string): 1 | -1 => (mode === 'desc' ? -1 : 1);

/**
 * Scans `index` from the equality prefix in query order (backwards when `reverse`), bounded by
 * the range filters on the first order field and by the cursors.
 */
function* orderedScan(
  store: Store,
  q: CompiledQuery,
  branch: FieldFilterNode[],
  shape: BranchShape,
  index: Index,
  prefix: Value[],
  reverse: boolean,
): Generator<Document> {
  const lower: Bound[] = [];
  const upper: Bound[] = [];
  if (prefix.length > 0) {
    lower.push({ vals: prefix, inclusive: true });
    upper.push({ vals: prefix, inclusive: true });
  }
  // The index component after the prefix is the first order field (if the query has one).
  const first = shape.orders[0];
  if (first && index.dirs.length > prefix.length) {
    const componentDir = index.dirs[prefix.length];
    for (const f of branch) {
      if (f.kind !== 'field' || f.field.path !== first.field.path) continue;
      rangeBounds(f.op, f.value, prefix, componentDir, lower, upper);
    }
  }
  // Cursors are positions in query order: prefix values, order values, then the name.
  const cursorBound = (values: Value[], inclusive: boolean): Bound => {
    const n = shape.orders.length;
    const vals = [...prefix, ...values.slice(0, n)];
    const nameValue = values[n];
    const path =
      nameValue && 'referenceValue' in nameValue ? relativePath(nameValue.referenceValue) : undefined;
    return { vals, path, inclusive };
  };
  if (q.startAt?.values?.length)
    (reverse ? upper : lower).push(cursorBound(q.startAt.values, !!q.startAt.before));
  if (q.endAt?.values?.length) (reverse ? lower : upper).push(cursorBound(q.endAt.values, !q.endAt.before));

  for (const entry of scan(index, lower, upper, reverse)) {
    const doc = store.get(entry.path);
    if (doc && inScope(q, entry.path) && matchesQuery(q, doc)) yield doc;
  }
}

/** Adds the index bounds implied by `field op value` on a component sorted in `dir`. */
function rangeBounds(
  op: string,
  value: Value,
  prefix: Value[],
  dir: 1 | -1,
  lower: Bound[],
  upper: Bound[],
): void {
  const at = (v: Value, inclusive: boolean): Bound => ({ vals: [...prefix, v], inclusive });
  const end = bracketEnd(value);
  // "Greater" in value order is "later" in an ascending component, "earlier" in a descending one.
  const greater = dir === 1 ? lower : upper;
  const less = dir === 1 ? upper : lower;
  switch (op) {
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL':
      greater.push(at(value, op === 'GREATER_THAN_OR_EQUAL'));
      if (end) less.push(at(end, false));
      break;
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
      less.push(at(value, op === 'LESS_THAN_OR_EQUAL'));
      greater.push(at(bracketStart(value), true));
      break;
  }
}

function relativePath(name: string): string {
  const i = name.indexOf('/documents/');
  return i < 0 ? name : name.slice(i + '/documents/'.length);
}

function comparePositions(a: Position, b: Position): number {
  return a.chunk - b.chunk || a.index - b.index;
}

/** Entries between the bounds, in index order or backwards. */
function* scan(index: Index, lower: Bound[], upper: Bound[], reverse: boolean): Generator<Entry> {
  const list = index.entries;
  const cmp = (e: Entry, b: Bound) => index.compareProbe(e, b.vals, b.path);
  const beforeLower = (e: Entry, b: Bound) => (b.inclusive ? cmp(e, b) < 0 : cmp(e, b) <= 0);
  const afterUpper = (e: Entry, b: Bound) => (b.inclusive ? cmp(e, b) > 0 : cmp(e, b) >= 0);
  if (!reverse) {
    let start = list.start();
    for (const b of lower) {
      const p = list.lowerBound((e) => beforeLower(e, b));
      if (comparePositions(p, start) > 0) start = p;
    }
    for (const e of list.iterate(start)) {
      if (upper.some((b) => afterUpper(e, b))) return;
      yield e;
    }
    return;
  }
  let start = list.end();
  for (const b of upper) {
    const p = list.lowerBound((e) => !afterUpper(e, b));
    if (comparePositions(p, start) < 0) start = p;
  }
  for (const e of list.iterate(start, true)) {
    if (lower.some((b) => beforeLower(e, b))) return;
    yield e;
  }
}

// ---------------------------------------------------------------------------------------------
// Equality-only queries: zig-zag merge join

interface Range {
  index: Index;
  prefix: Value[];
}

/** Ranges of single-field indexes for each equality; 'empty' when one can match nothing. */
function equalityRanges(store: Store, shape: BranchShape, cg: string): Range[] | 'empty' {
  const ranges: Range[] = [];
  const idx = store.indexes;
  for (const [path, value] of shape.equalities) {
    const settings = idx.singleFieldSettings(cg, path, shape.scope);
    if (!settings.asc && !settings.desc) continue;
    const single = idx.singleField(cg, path, shape.scope);
    if (!single.ordered) return 'empty';
    ranges.push({ index: single.ordered, prefix: [...shape.scopePrefix, value] });
  }
  if (shape.contains && idx.singleFieldSettings(cg, shape.contains.path, shape.scope).contains) {
    const single = idx.singleField(cg, shape.contains.path, shape.scope);
    if (!single.contains) return 'empty';
    ranges.push({ index: single.contains, prefix: [...shape.scopePrefix, shape.contains.value] });
  }
  return ranges;
}

/** The first path in the range at or after (`strict`: after) `from`, in scan direction. */
function seek(range: Range, from: string | undefined, strict: boolean, reverse: boolean): string | undefined {
  const lower: Bound[] = [{ vals: range.prefix, inclusive: true }];
  const upper: Bound[] = [{ vals: range.prefix, inclusive: true }];
  if (from !== undefined)
    (reverse ? upper : lower).push({ vals: range.prefix, path: from, inclusive: !strict });
  for (const e of scan(range.index, lower, upper, reverse)) return e.path;
  return undefined;
}

function* zigzag(store: Store, q: CompiledQuery, ranges: Range[], reverse: boolean): Generator<Document> {
  if (ranges.length === 1) {
    // One equality: its range is already in name order; a seek per document would cost log(n).
    const bound: Bound = { vals: ranges[0].prefix, inclusive: true };
    for (const e of scan(ranges[0].index, [bound], [bound], reverse)) {
      const doc = store.get(e.path);
      if (doc && inScope(q, e.path) && matchesQuery(q, doc)) yield doc;
    }
    return;
  }
  let from: string | undefined;
  let strict = false;
  for (;;) {
    let candidate = seek(ranges[0], from, strict, reverse);
    if (candidate === undefined) return;
    let agreed = 1;
    for (let i = 1; agreed < ranges.length; i = (i + 1) % ranges.length) {
      const p = seek(ranges[i], candidate, false, reverse);
      if (p === undefined) return;
      if (p === candidate) agreed++;
      else {
        candidate = p;
        agreed = 1;
      }
    }
    const doc = store.get(candidate);
    if (doc && inScope(q, candidate) && matchesQuery(q, doc)) yield doc;
    from = candidate;
    strict = true;
  }
}

/** Collects the candidates of the smallest equality range (or the whole scope) and sorts them. */
function fallback(store: Store, q: CompiledQuery, shape: BranchShape, ranges: Range[]): Document[] {
  let paths: Iterable<string>;
  if (ranges.length > 0) {
    const [range] = ranges;
    const bound: Bound = { vals: range.prefix, inclusive: true };
    paths = (function* () {
      for (const e of scan(range.index, [bound], [bound], false)) yield e.path;
    })();
  } else {
    const index = store.indexes.nameIndex(q.collectionId, shape.scope);
    const bounds: Bound[] = shape.scopePrefix.length ? [{ vals: shape.scopePrefix, inclusive: true }] : [];
    paths = (function* () {
      for (const e of scan(index, bounds, bounds, false)) yield e.path;
    })();
  }
  const docs: Document[] = [];
  for (const path of paths) {
    const doc = store.get(path);
    if (doc && inScope(q, path) && matchesQuery(q, doc)) docs.push(doc);
  }
  return docs.sort((a, b) => compareDocs(q, a, b));
}
