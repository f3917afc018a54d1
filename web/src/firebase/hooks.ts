// Live data hooks of the signed-in area: one document, a small bounded list, and paged lists
// that cost the same with 100 or 100,000 documents (cursor pages + a server-side count).
import {
  doc,
  onSnapshot,
  type DocumentSnapshot,
  type FirestoreError,
  type QuerySnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { converter, PAGE_SIZE, type QueryId, type QueryRow, type WithId } from '@trato/model';
import { isOnline } from './connectivity';
import { getDataServices } from './data';
import type { DocPath } from './targets';
import { buildQuery, countOf, requestKey, type Count, type QueryRequest } from './queries';

export interface LiveError {
  code: string;
  message: string;
}

export type LiveState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: null; error: LiveError };

const LOADING = { status: 'loading', data: null, error: null } as const;

export function toLiveError(error: unknown): LiveError {
  const record = (error ?? {}) as Partial<FirestoreError>;
  return {
    code: typeof record.code === 'string' ? record.code : 'unknown',
    message: typeof record.message === 'string' ? record.message : String(error),
  };
}

/**
 * Offline, a document or list this browser never read comes back empty from the cache: that is
 * not "not found" nor "no records", so it is an error of its own ('not-cached'), until the server
 * answers (the listeners follow metadata changes for that).
 */
const NOT_CACHED: LiveError = { code: 'not-cached', message: 'not-cached' };
const notCached = (fromCache: boolean, empty: boolean) => empty && fromCache && !isOnline();

/** Keeps the state of the current key only, so a new key reads as loading, never as stale data. */
function useKeyedState<T>(key: string | null) {
  const [state, setState] = useState<{ key: string | null; value: LiveState<T> }>({
    key: null,
    value: LOADING,
  });
  const value = key !== null && state.key === key ? state.value : LOADING;
  return [value, setState] as const;
}

/** One document, live (null path = not yet); data is null when it does not exist. */
export function useDocument<T extends object>(path: DocPath<T> | null): LiveState<WithId<T> | null> {
  const [state, setState] = useKeyedState<WithId<T> | null>(path);
  useEffect(() => {
    if (!path) return undefined;
    const { firestore } = getDataServices();
    return onSnapshot(
      doc(firestore, path).withConverter(converter<T>()),
      { includeMetadataChanges: true },
      (snapshot) =>
        setState({
          key: path,
          value: notCached(snapshot.metadata.fromCache, !snapshot.exists())
            ? { status: 'error', data: null, error: NOT_CACHED }
            : { status: 'success', data: snapshot.data() ?? null, error: null },
        }),
      (error) => setState({ key: path, value: { status: 'error', data: null, error: toLiveError(error) } }),
    );
  }, [path, setState]);
  return state;
}

/**
 * A few documents, live (the organizations of a member of several): one state per path, in the
 * paths' order, each loading until its first snapshot. The list is meant to be small.
 */
export function useDocuments<T extends object>(paths: readonly DocPath<T>[]): LiveState<WithId<T> | null>[] {
  const key = paths.join('\n');
  const [state, setState] = useState<{ key: string; byPath: Record<string, LiveState<WithId<T> | null>> }>({
    key: '',
    byPath: {},
  });
  useEffect(() => {
    const list = key ? key.split('\n') : [];
    setState({ key, byPath: {} });
    if (!list.length) return undefined;
    const { firestore } = getDataServices();
    const settle = (path: string, value: LiveState<WithId<T> | null>) =>
      setState((previous) =>
        previous.key === key ? { key, byPath: { ...previous.byPath, [path]: value } } : previous,
      );
    const stops = list.map((path) =>
      onSnapshot(
        doc(firestore, path).withConverter(converter<T>()),
        (snapshot) => settle(path, { status: 'success', data: snapshot.data() ?? null, error: null }),
        (error) => settle(path, { status: 'error', data: null, error: toLiveError(error) }),
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [key]);
  return useMemo(
    () => paths.map((path) => (state.key === key ? (state.byPath[path] ?? LOADING) : LOADING)),
    [key, state],
  );
}

/**
 * A chain of documents, live: `first`, then the document `next` names from each (a folder's
 * parent), at most `max` of them, in that order. One listener per link; a link that fails or does
 * not exist ends the chain there. Links are assumed fixed (a folder's parent never changes).
 */
export function useDocumentChain<T extends object>(
  first: DocPath<T> | null,
  next: (document: WithId<T>) => DocPath<T> | null,
  max: number,
): LiveState<(WithId<T> | null)[]> {
  const [state, setState] = useKeyedState<(WithId<T> | null)[]>(first);
  const nextRef = useRef(next);
  useEffect(() => {
    nextRef.current = next;
  });
  useEffect(() => {
    if (!first) return undefined;
    const { firestore } = getDataServices();
    const links: (WithId<T> | null | undefined)[] = [];
    const listeners: (() => void)[] = [];
    const publish = () => {
      // Settled up to the first link still loading.
      const known = links.findIndex((link) => link === undefined);
      const shown = (known === -1 ? links : links.slice(0, known)) as (WithId<T> | null)[];
      setState({ key: first, value: { status: 'success', data: shown, error: null } });
    };
    const listen = (path: string, depth: number) => {
      links[depth] = undefined;
      listeners[depth] = onSnapshot(
        doc(firestore, path).withConverter(converter<T>()),
        (snapshot) => {
          const document = snapshot.data() ?? null;
          links[depth] = document;
          const parent = document && depth + 1 < max ? nextRef.current(document) : null;
          if (parent && !listeners[depth + 1]) listen(parent, depth + 1);
          publish();
        },
        (error) =>
          setState({ key: first, value: { status: 'error', data: null, error: toLiveError(error) } }),
      );
    };
    listen(first, 0);
    return () => listeners.forEach((stop) => stop());
  }, [first, max, setState]);
  return state;
}

/**
 * A small list, live and whole: for declared queries that are bounded by nature or by their
 * `limit` (members of an organization, pending invitations, pickers, a sequence's steps), or
 * the first few of any declared query.
 */
export function useLiveList<Id extends QueryId>(
  request: QueryRequest<Id> | null,
  /** The first `limit` documents only (the dashboard's next meetings). */
  limit?: number,
): LiveState<WithId<QueryRow<Id>>[]> {
  const key = requestKey(request) && `${requestKey(request)}#${limit ?? ''}`;
  const [state, setState] = useKeyedState<WithId<QueryRow<Id>>[]>(key);
  useEffect(() => {
    if (!request || key === null) return undefined;
    return onSnapshot(
      buildQuery(request, limit ? { size: limit } : undefined),
      { includeMetadataChanges: true },
      (snapshot) =>
        setState({
          key,
          value: notCached(snapshot.metadata.fromCache, snapshot.empty)
            ? { status: 'error', data: null, error: NOT_CACHED }
            : { status: 'success', data: snapshot.docs.map((d) => d.data()), error: null },
        }),
      (error) => setState({ key, value: { status: 'error', data: null, error: toLiveError(error) } }),
    );
    // The key identifies the request.
  }, [key, setState]);
  return state;
}

export interface PagedList<T> {
  status: LiveState<unknown>['status'];
  rows: WithId<T>[];
  error: LiveError | null;
  /** Documents matching the request (a server-side count up to COUNT_LIMIT), null while counting. */
  total: Count | null;
  /** 0-based. */
  page: number;
  pageSize: number;
  hasNext: boolean;
  hasPrevious: boolean;
  next(): void;
  previous(): void;
}

/**
 * A paged, live list of a declared query: each page is a cursor query of `pageSize` (+1 to know
 * whether there is a next page), the total a capped `count()` aggregation, refreshed when
 * documents enter or leave the page. Reads per page: pageSize + 1 documents, plus one or two for
 * the count.
 */
export function usePagedList<Id extends QueryId>(
  request: QueryRequest<Id> | null,
  pageSize = PAGE_SIZE,
): PagedList<QueryRow<Id>> {
  const key = requestKey(request);
  const [position, setPosition] = useState<{
    key: string | null;
    page: number;
    cursors: (DocumentSnapshot | null)[];
  }>({ key, page: 0, cursors: [null] });
  // A new request starts at the first page.
  const current = position.key === key ? position : { key, page: 0, cursors: [null] };
  const pageKey = key === null ? null : `${key}#${current.page}`;
  const [snapshot, setSnapshot] = useKeyedState<QuerySnapshot<WithId<QueryRow<Id>>>>(pageKey);
  const [total, setTotal] = useState<{ key: string | null; value: Count | null }>({
    key: null,
    value: null,
  });
  const recount = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!request || key === null) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = () => {
      countOf(request).then(
        (value) => alive && setTotal({ key, value }),
        () => alive && setTotal({ key, value: null }),
      );
    };
    recount.current = () => {
      clearTimeout(timer);
      timer = setTimeout(count, 400);
    };
    count();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key]);

  const after = current.cursors[current.page] ?? null;
  useEffect(() => {
    if (!request || pageKey === null) return undefined;
    // The first server snapshot can follow one from the cache with different documents: that is
    // the page arriving, not documents entering or leaving, and the count already covers it.
    let synced = false;
    // Documents entered or left since the last count (this client's writes or others').
    let changed = false;
    let shown = false;
    return onSnapshot(
      buildQuery(request, { size: pageSize + 1, after }),
      // Metadata changes too: a write's commit can arrive as nothing but hasPendingWrites clearing.
      { includeMetadataChanges: true },
      (next) => {
        const changes = next.docChanges();
        if (notCached(next.metadata.fromCache, next.empty)) {
          shown = false;
          setSnapshot({ key: pageKey, value: { status: 'error', data: null, error: NOT_CACHED } });
          return;
        }
        // A metadata-only snapshot shows nothing new: no render for it (lists re-render on data only).
        if (!shown || changes.length > 0) {
          shown = true;
          setSnapshot({ key: pageKey, value: { status: 'success', data: next, error: null } });
        }
        if (synced && changes.some((change) => change.type !== 'modified')) changed = true;
        // Count once the server has them: counting a local write before its commit misses it.
        if (changed && !next.metadata.hasPendingWrites) {
          changed = false;
          recount.current();
        }
        if (!next.metadata.fromCache) synced = true;
      },
      (error) =>
        setSnapshot({ key: pageKey, value: { status: 'error', data: null, error: toLiveError(error) } }),
    );
    // The page key identifies the request, the page and its cursor.
  }, [pageKey, pageSize, setSnapshot]);

  const docs = snapshot.status === 'success' ? snapshot.data.docs : [];
  const hasNext = docs.length > pageSize;
  const lastOfPage = docs[pageSize - 1] ?? null;

  const next = useCallback(() => {
    if (!hasNext || !lastOfPage) return;
    setPosition({
      key,
      page: current.page + 1,
      cursors: [...current.cursors.slice(0, current.page + 1), lastOfPage],
    });
  }, [hasNext, lastOfPage, key, current.page, current.cursors]);
  const previous = useCallback(() => {
    if (current.page === 0) return;
    setPosition({ key, page: current.page - 1, cursors: current.cursors.slice(0, current.page) });
  }, [key, current.page, current.cursors]);

  return {
    status: snapshot.status,
    rows: docs.slice(0, pageSize).map((d) => d.data()),
    error: snapshot.error,
    total: total.key === key ? total.value : null,
    page: current.page,
    pageSize,
    hasNext,
    hasPrevious: current.page > 0,
    next,
    previous,
  };
}

/**
 * How many documents match a declared query (a capped server-side count; null while counting or
 * on failure). Counted again whenever `version` changes (a live list the figure depends on).
 */
export function useCount(request: QueryRequest | null, version?: string | number): Count | null {
  const key = requestKey(request) && `${requestKey(request)}#${version ?? ''}`;
  const [count, setCount] = useState<{ key: string | null; value: Count | null }>({
    key: null,
    value: null,
  });
  useEffect(() => {
    if (!request || key === null) return undefined;
    let alive = true;
    countOf(request).then(
      (value) => alive && setCount({ key, value }),
      () => alive && setCount({ key, value: null }),
    );
    return () => {
      alive = false;
    };
    // The key identifies the request.
  }, [key]);
  return count.key === key ? count.value : null;
}

export interface GrowingList<T> {
  status: LiveState<unknown>['status'];
  rows: WithId<T>[];
  error: LiveError | null;
  /** More documents match than are shown. */
  hasMore: boolean;
  /** Shows one more page (the listener is replaced by one with a larger limit). */
  loadMore(): void;
}

/**
 * A live list that grows by pages (a board column): one listener with a limit of
 * pages × pageSize + 1. Growing re-reads what is shown, which suits lists that are rarely grown
 * far; a new request starts again at one page.
 */
export function useGrowingList<Id extends QueryId>(
  request: QueryRequest<Id> | null,
  pageSize = PAGE_SIZE,
): GrowingList<QueryRow<Id>> {
  const key = requestKey(request);
  const [pages, setPages] = useState<{ key: string | null; count: number }>({ key, count: 1 });
  const pageCount = pages.key === key ? pages.count : 1;
  const limit = pageCount * pageSize;
  // Keyed by the request only: while a larger limit loads, the rows already shown stay.
  const [state, setState] = useKeyedState<QuerySnapshot<WithId<QueryRow<Id>>>>(key);
  useEffect(() => {
    if (!request || key === null) return undefined;
    return onSnapshot(
      buildQuery(request, { size: limit + 1 }),
      (next) => setState({ key, value: { status: 'success', data: next, error: null } }),
      (error) => setState({ key, value: { status: 'error', data: null, error: toLiveError(error) } }),
    );
    // The key identifies the request.
  }, [key, limit, setState]);
  const snapshot = state.status === 'success' ? state.data : null;
  const hasMore = (snapshot?.docs.length ?? 0) > limit;
  const loadMore = useCallback(() => {
    if (hasMore) setPages({ key, count: pageCount + 1 });
  }, [hasMore, key, pageCount]);
  // The same row objects until the next snapshot, so memoised rows (board cards) skip re-rendering.
  const rows = useMemo(
    () => (snapshot ? snapshot.docs.slice(0, limit).map((d) => d.data()) : []),
    [snapshot, limit],
  );
  return {
    status: state.status,
    rows,
    error: state.error,
    hasMore,
    loadMore,
  };
}

/**
 * Calls `onChange` each time the server confirms a change to the newest document of a declared
 * query (limit 1, e.g. 'deals.lastChange' ordered by updatedAt): a cheap live signal for figures
 * that are not live themselves, like aggregations. Not called for the first snapshot.
 */
export function useChangeSignal(request: QueryRequest | null, onChange: () => void): void {
  const key = requestKey(request);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (!request || key === null) return undefined;
    let seen: string | null = null;
    return onSnapshot(buildQuery(request), { includeMetadataChanges: true }, (snapshot) => {
      // Local writes show first with pending writes; the server's confirmation is the change.
      if (snapshot.metadata.hasPendingWrites || snapshot.metadata.fromCache) return;
      const newest = snapshot.docs[0];
      const version = newest ? `${newest.id}@${newest.get('updatedAt')?.toMillis?.() ?? ''}` : '';
      if (seen !== null && version !== seen) callback.current();
      seen = version;
    });
    // The key identifies the request.
  }, [key]);
}
