// Firestore queries built from the model's declarations (model/src/queries.ts): the web runs only
// queries that are declared there, so each has its composite index and its security-suite case.
import {
  collection,
  count as countAggregate,
  FieldPath,
  getAggregateFromServer,
  getCountFromServer,
  getDocs,
  limit as limitTo,
  orderBy,
  query,
  startAfter,
  sum,
  where,
  type DocumentSnapshot,
  type Query,
  type QueryConstraint,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  APP_QUERIES,
  converter,
  COUNT_LIMIT,
  DEAL_STAGES,
  paths,
  PREFIX_END,
  searchesSeveralWords,
  searchQueryToken,
  searchQueryWords,
  searchValues,
  wordsQueryId,
  type DealStage,
  type QueryId,
  type QueryRow,
  type QuerySpec,
  type SearchQueryId,
  type WithId,
  type WordsQueryId,
} from '@trato/model';
import { getDataServices } from './data';

/** A declared query, by id ('contacts.list+by-companyId', 'tasks.pending', ...). */
export function querySpec(id: QueryId): QuerySpec {
  const spec = APP_QUERIES.find((candidate) => candidate.id === id);
  if (!spec) throw new Error(`Query "${id}" is not declared in model/src/queries.ts`);
  return spec;
}

/**
 * The declared query for a search of `text` with the one-word search query `id`: `id` itself
 * (array-contains of the token, in the list's order) for one word, its several-word twin for
 * more (every word matched on the server, in document id order: model `wordsQueryId`).
 */
export function searchQueryId<Id extends SearchQueryId>(id: Id, text: string): Id | WordsQueryId<Id> {
  return searchesSeveralWords(text) ? wordsQueryId(id) : id;
}

/** The families of paged lists with optional filters (model `filtered`). */
export type ListFamily = 'companies' | 'contacts' | 'tickets';
/** The declared queries of a list family. */
export type ListQueryId<Family extends ListFamily> = Extract<
  QueryId,
  `${Family}.${'list' | 'search' | 'words'}${string}`
>;

/**
 * The declared list query of a family for the filters in use and the typed search (''
 * for none): `contacts` with a company filter and a search of one word is
 * 'contacts.search+by-companyId', of several 'contacts.words+by-companyId'. Empty filter values
 * do not filter.
 */
export function listQueryId<Family extends ListFamily>(
  family: Family,
  filters: Record<string, unknown>,
  search: string,
): ListQueryId<Family> {
  const used = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([field]) => `by-${field}`);
  const declared = APP_QUERIES.filter((spec) => spec.id.startsWith(`${family}.`));
  // Families declare their optional filters in a fixed order; find the one with the same set.
  const mode = !search ? 'list' : searchesSeveralWords(search) ? 'words' : 'search';
  const wanted = new Set([mode, ...used]);
  const match = declared.find((spec) => {
    const parts = spec.id.slice(family.length + 1).split('+');
    return parts.length === wanted.size && parts.every((part) => wanted.has(part));
  });
  if (!match) throw new Error(`No declared ${family} query for ${[...wanted].join('+')}`);
  return match.id as ListQueryId<Family>;
}

export interface QueryRequest<Id extends QueryId = QueryId> {
  /** A declared query id: its rows are the entity of the collection it reads (model QueryRow). */
  id: Id;
  /** Where the collection lives: organizations/{orgId}, a parent record's path, or '' (top level). */
  parentPath: string;
  /**
   * A value for every filter of the declared query (a search's filters, searchTokens or
   * searchIndex: the typed text; see searchValues). Two filters on one field (a range) take
   * theirs by field and operator: `{ 'createdAt>=': from, 'createdAt<': to }`.
   */
  values?: Record<string, unknown>;
  /**
   * Other declared queries of the same collection and order whose filters apply too: Firestore
   * serves the whole by merging their indexes (a segment's criteria, model marketing.ts), so no
   * composite index names the combination.
   */
  and?: { id: QueryId; values?: Record<string, unknown> }[];
}

/** Filter values as the query needs them: the search text becomes its search token. */
function filterValue(field: string, value: unknown): unknown {
  if (field === 'searchTokens' && typeof value === 'string') return searchQueryToken(value) ?? '';
  return value;
}

/** The typed query of a request (documents come back with their id). */
export function buildQuery<Id extends QueryId>(
  request: QueryRequest<Id>,
  page?: { size: number; after?: DocumentSnapshot | null },
): Query<WithId<QueryRow<Id>>> {
  const spec = querySpec(request.id);
  const constraints: QueryConstraint[] = [];
  for (const part of [request, ...(request.and ?? [])])
    constraints.push(...filterConstraints(part.id === spec.id ? spec : mergedSpec(spec, part.id), part));
  for (const order of spec.orderBy) constraints.push(orderBy(order.field, order.direction));
  if (page?.after) constraints.push(startAfter(page.after));
  const cap = page ? page.size : spec.limit;
  if (cap !== undefined) constraints.push(limitTo(spec.limit ? Math.min(cap, spec.limit) : cap));
  const { firestore } = getDataServices();
  const path = request.parentPath ? `${request.parentPath}/${spec.collection}` : spec.collection;
  const ref = collection(firestore, path).withConverter(converter<QueryRow<Id>>());
  return query(ref, ...constraints);
}

/** A query merged into `main` (QueryRequest.and): declared on the same collection, in the same order. */
function mergedSpec(main: QuerySpec, id: QueryId): QuerySpec {
  const spec = querySpec(id);
  const order = (s: QuerySpec) => JSON.stringify([s.collection, s.orderBy, s.limit]);
  if (order(spec) !== order(main)) throw new Error(`Query ${id} cannot be merged into ${main.id}`);
  return spec;
}

/** The where() constraints of one declared query's filters, with the request's values. */
function filterConstraints(
  spec: QuerySpec,
  request: { values?: Record<string, unknown> },
): QueryConstraint[] {
  const constraints: QueryConstraint[] = [];
  for (const filter of spec.where) {
    const value = request.values?.[`${filter.field}${filter.op}`] ?? request.values?.[filter.field];
    if (value === undefined) throw new Error(`Query ${spec.id} needs a value for ${filter.field}`);
    if (filter.op === 'prefix') {
      constraints.push(
        where(filter.field, '>=', value),
        where(filter.field, '<', `${String(value)}${PREFIX_END}`),
      );
      continue;
    }
    if (filter.op !== 'words') {
      constraints.push(where(filter.field, filter.op, filterValue(filter.field, value)));
      continue;
    }
    // One equality per word on the search map's keys (model search.ts): the server matches them all.
    const words = typeof value === 'string' ? searchQueryWords(value) : [];
    if (!words.length) throw new Error(`Query ${spec.id} needs words to search`);
    for (const word of words) constraints.push(where(new FieldPath(filter.field, word), '==', true));
  }
  return constraints;
}

/** How many documents match, up to a limit: `more` says that others match beyond `value`. */
export interface Count {
  value: number;
  more: boolean;
}

/**
 * How many documents match, counted on the server up to COUNT_LIMIT: the count of a limited query
 * reads at most COUNT_LIMIT + 1 index entries (production bills one read per 1,000), so it costs
 * the same with 1,001 or 100,000 matches.
 */
export async function countOf(request: QueryRequest): Promise<Count> {
  const snapshot = await getCountFromServer(buildQuery(request, { size: COUNT_LIMIT + 1 }));
  return cappedCount(snapshot.data().count);
}

/** The count of a query limited to COUNT_LIMIT + 1: one past the limit means "more". */
export function cappedCount(counted: number): Count {
  return counted > COUNT_LIMIT ? { value: COUNT_LIMIT, more: true } : { value: counted, more: false };
}

/** Exact count and sum of one numeric field over every document a declared query matches. */
export interface CountAndSum {
  count: number;
  sum: number;
}

/**
 * count() and sum(field) of a declared query, on the server (production bills one read per 1,000
 * index entries; documents without a number in `field` count but add nothing).
 */
export async function countAndSumOf(request: QueryRequest, field: string): Promise<CountAndSum> {
  const snapshot = await getAggregateFromServer(buildQuery(request), {
    count: countAggregate(),
    sum: sum(field),
  });
  const data = snapshot.data();
  return { count: data.count, sum: data.sum ?? 0 };
}

/** Count and sum of the amounts of each stage's deals (the deals board, the dashboard's pipeline). */
export async function dealStageTotals(organizationId: string): Promise<Record<DealStage, CountAndSum>> {
  const totals = await Promise.all(
    DEAL_STAGES.map((stage) =>
      countAndSumOf(orgRequest(organizationId, 'deals.byStage', { stage }), 'amount'),
    ),
  );
  return Object.fromEntries(DEAL_STAGES.map((stage, i) => [stage, totals[i]])) as Record<
    DealStage,
    CountAndSum
  >;
}

/** The first `size` documents of a declared query, read once (global search's groups). */
export async function firstMatches<Id extends QueryId>(
  request: QueryRequest<Id>,
  size: number,
): Promise<WithId<QueryRow<Id>>[]> {
  const snapshot = await getDocs(buildQuery(request, { size }));
  return snapshot.docs.map((d) => d.data());
}

/** A request for a collection directly under an organization (the usual case). */
export function orgRequest<const Id extends QueryId>(
  orgId: string,
  id: Id,
  values?: Record<string, unknown>,
): QueryRequest<Id> {
  return { id, parentPath: paths.organization(orgId), values };
}

/**
 * The request of a one-word search query `id` (e.g. 'contacts.pick') for typed text: `id` for one
 * word, its several-word twin for more (searchQueryId); `values` are its other filters' values.
 */
export function searchRequest<const Id extends SearchQueryId>(
  orgId: string,
  id: Id,
  text: string,
  values: Record<string, unknown> = {},
): QueryRequest<Id | WordsQueryId<Id>> {
  return orgRequest(orgId, searchQueryId(id, text), { ...values, ...searchValues(text) });
}

/** The request of a list family (listQueryId) for its filters and typed search ('' for none). */
export function listRequest<const Family extends ListFamily>(
  orgId: string,
  family: Family,
  filters: Record<string, unknown>,
  text: string,
): QueryRequest<ListQueryId<Family>> {
  return orgRequest(orgId, listQueryId(family, filters, text), { ...filters, ...searchValues(text) });
}

/** A stable key for a request, for hooks' dependencies. */
export function requestKey(request: QueryRequest | null): string | null {
  return request
    ? JSON.stringify([request.id, request.parentPath, request.values ?? {}, request.and ?? []])
    : null;
}

/** Every document id a declared query matches, read in pages (cascades: a contact's notes). */
export async function idsOf(request: QueryRequest, pageSize = 500): Promise<string[]> {
  const ids: string[] = [];
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot = await getDocs(buildQuery(request, { size: pageSize, after }));
    ids.push(...page.docs.map((d) => d.id));
    if (page.docs.length < pageSize) return ids;
    after = page.docs[page.docs.length - 1];
  }
}
