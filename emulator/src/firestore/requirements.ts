/**
 * Strict index mode: refuse, as production does, a query that no configured index can serve.
 * Production serves without a composite index only queries whose every disjunction is
 *  - equalities and at most one array-contains (merged from single-field indexes), or
 *  - one order/range field with no equality, in the direction of __name__, or
 *  - equalities and one order/range field, each equality with a composite index (it, the order)
 *    (index merging).
 * Anything else (equality + order on another field, several order fields, array-contains +
 * order, an explicit __name__ order opposite to the field's) needs a composite index; and
 * collection-group queries need COLLECTION_GROUP scope even for single fields, which are
 * exempt by default. The error prints the exact entry to add to firestore.indexes.json.
 */
import type { CompositeIndexSpec, FieldOverrideSpec, Index, IndexManager, QueryScope } from './indexes.js';
import { Code, FirestoreError } from './model.js';
import { NAME_FIELD } from './paths.js';
import { toDnf, type CompiledOrder, type CompiledQuery, type FieldFilterNode } from './query.js';

export function checkIndexRequirements(indexes: IndexManager, q: CompiledQuery, projectId: string): void {
  for (const branch of toDnf(q.filter)) checkBranch(indexes, q, branch, projectId);
}

function checkBranch(
  indexes: IndexManager,
  q: CompiledQuery,
  branch: FieldFilterNode[],
  projectId: string,
): void {
  const scope: QueryScope = q.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const cg = q.collectionId;
  const equalities: string[] = [];
  let contains: string | undefined;
  for (const f of branch) {
    if (f.field.path === NAME_FIELD) continue;
    const isEquality =
      (f.kind === 'field' && f.op === 'EQUAL') ||
      (f.kind === 'unary' && (f.op === 'IS_NULL' || f.op === 'IS_NAN'));
    if (isEquality && !equalities.includes(f.field.path)) equalities.push(f.field.path);
    if (f.kind === 'field' && f.op === 'ARRAY_CONTAINS') contains ??= f.field.path;
  }
  const nameDir = q.orders[q.orders.length - 1].dir;
  // Ordering by a field fixed by an equality is free.
  const orders = q.orders.filter((o) => o.field.path !== NAME_FIELD && !equalities.includes(o.field.path));
  const needsComposite =
    orders.length >= 2 ||
    (orders.length === 1 && (equalities.length > 0 || contains !== undefined || orders[0].dir !== nameDir));

  if (!needsComposite) {
    for (const path of equalities) {
      const s = indexes.singleFieldSettings(cg, path, scope);
      if (!s.asc && !s.desc) throw singleFieldError(indexes, cg, path, scope, 'ASCENDING', projectId);
    }
    if (contains && !indexes.singleFieldSettings(cg, contains, scope).contains) {
      throw singleFieldError(indexes, cg, contains, scope, 'CONTAINS', projectId);
    }
    if (orders.length === 1) {
      const s = indexes.singleFieldSettings(cg, orders[0].field.path, scope);
      const needed = orders[0].dir === 1 ? 'ASCENDING' : 'DESCENDING';
      if (!(needed === 'ASCENDING' ? s.asc : s.desc)) {
        throw singleFieldError(indexes, cg, orders[0].field.path, scope, needed, projectId);
      }
    }
    return;
  }
  if (indexes.composites(cg).some((index) => serves(index, scope, equalities, contains, orders, nameDir)))
    return;
  // Index merging: equalities on several fields with one order are served by one index per
  // equality with that order (equality field, then the order), as production merges them.
  if (
    equalities.length >= 2 &&
    contains === undefined &&
    orders.length === 1 &&
    equalities.every((e) =>
      indexes.composites(cg).some((index) => serves(index, scope, [e], undefined, orders, nameDir)),
    )
  )
    return;

  const explicitName = (q.source.orderBy ?? []).some((o) => o.field.fieldPath === NAME_FIELD);
  const fields: CompositeIndexSpec['fields'] = [
    ...equalities.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
    ...(contains ? [{ fieldPath: contains, arrayConfig: 'CONTAINS' as const }] : []),
    ...orders.map((o) => ({ fieldPath: o.field.path, order: direction(o.dir) })),
  ];
  const lastDir = orders.length > 0 ? orders[orders.length - 1].dir : 1;
  if (explicitName && nameDir !== lastDir) fields.push({ fieldPath: NAME_FIELD, order: direction(nameDir) });
  const entry: CompositeIndexSpec = { collectionGroup: cg, queryScope: scope, fields };
  throw new FirestoreError(
    Code.FAILED_PRECONDITION,
    `The query requires an index. Project ${projectId} has no index for it in firestore.indexes.json; ` +
      `add this entry to its "indexes" array:\n${JSON.stringify(entry, null, 2)}`,
  );
}

const direction = (dir: 1 | -1) => (dir === 1 ? ('ASCENDING' as const) : ('DESCENDING' as const));

/** Whether a composite index serves the branch exactly: equalities (any order), then the orders. */
function serves(
  index: Index,
  scope: QueryScope,
  equalities: string[],
  contains: string | undefined,
  orders: CompiledOrder[],
  nameDir: 1 | -1,
): boolean {
  if (index.scope !== scope) return false;
  let fields = index.fields;
  let indexNameDir = index.nameDir;
  if (fields[fields.length - 1]?.path === NAME_FIELD) {
    indexNameDir = fields[fields.length - 1].mode === 'desc' ? -1 : 1;
    fields = fields.slice(0, -1);
  }
  if (indexNameDir !== nameDir) return false;
  const k = fields.length - orders.length;
  if (k < 0) return false;
  const tailMatches = fields
    .slice(k)
    .every(
      (f, i) =>
        f.mode !== 'contains' &&
        f.path === orders[i].field.path &&
        (f.mode === 'desc' ? -1 : 1) === orders[i].dir,
    );
  if (!tailMatches) return false;
  const head = fields.slice(0, k);
  const covered = new Set<string>();
  for (const f of head) {
    if (f.mode === 'contains' ? f.path !== contains : !equalities.includes(f.path)) return false;
    covered.add(f.mode === 'contains' ? `contains:${f.path}` : f.path);
  }
  return equalities.every((e) => covered.has(e)) && (!contains || covered.has(`contains:${contains}`));
}

function singleFieldError(
  indexes: IndexManager,
  cg: string,
  fieldPath: string,
  scope: QueryScope,
  needed: 'ASCENDING' | 'DESCENDING' | 'CONTAINS',
  projectId: string,
): FirestoreError {
  const kind = needed === 'CONTAINS' ? 'ARRAY_CONTAINS' : needed === 'ASCENDING' ? 'ASC' : 'DESC';
  // An override replaces the automatic settings, so the entry lists everything the field keeps.
  const indexesOf = (s: QueryScope) => {
    const settings = indexes.singleFieldSettings(cg, fieldPath, s);
    const out: FieldOverrideSpec['indexes'] = [];
    if (settings.asc || (s === scope && needed === 'ASCENDING'))
      out.push({ order: 'ASCENDING', queryScope: s });
    if (settings.desc || (s === scope && needed === 'DESCENDING'))
      out.push({ order: 'DESCENDING', queryScope: s });
    if (settings.contains || (s === scope && needed === 'CONTAINS'))
      out.push({ arrayConfig: 'CONTAINS', queryScope: s });
    return out;
  };
  const entry: FieldOverrideSpec = {
    collectionGroup: cg,
    fieldPath,
    indexes: [...indexesOf('COLLECTION'), ...indexesOf('COLLECTION_GROUP')],
  };
  const scopeName = scope === 'COLLECTION_GROUP' ? 'COLLECTION_GROUP_' : '';
  return new FirestoreError(
    Code.FAILED_PRECONDITION,
    `The query requires a ${scopeName}${kind} index for collection ${cg} and field ${fieldPath}. ` +
      `Project ${projectId} does not enable it in firestore.indexes.json; add this entry to its "fieldOverrides" array:\n` +
      JSON.stringify(entry, null, 2),
  );
}
