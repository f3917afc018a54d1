// A feed: a declared query's newest documents live, older ones on demand ('Cargar más') — the
// WhatsApp inbox and a conversation's messages (issue 33). Pages are cursor queries of a fixed
// size, so a feed costs the same with 100 or 100,000 documents.
import {
  endAt,
  getDocs,
  onSnapshot,
  query,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZE, type QueryId, type QueryRow, type WithId } from '@trato/model';
import { toLiveError, type LiveError } from './hooks';
import { buildQuery, requestKey, type QueryRequest } from './queries';

export interface Feed<T> {
  status: 'loading' | 'success' | 'error';
  /** In the query's order: the live head, then the older pages loaded (each document once). */
  rows: WithId<T>[];
  error: LiveError | null;
  /** Older documents match than are shown. */
  hasMore: boolean;
  /** An older page is on its way. */
  loadingMore: boolean;
  /** Reading an older page failed (the rows shown stay). */
  moreError: LiveError | null;
  /** Loads the next older page. */
  loadMore(): void;
}

interface Tail<T> {
  key: string | null;
  /** The head's last document when the first older page was asked for: the head ends there since. */
  boundary: DocumentSnapshot | null;
  rows: WithId<T>[];
  /** The last document read (the next page starts after it). */
  cursor: DocumentSnapshot | null;
  hasMore: boolean;
  loading: boolean;
  error: LiveError | null;
}

const emptyTail = <T>(key: string | null): Tail<T> => ({
  key,
  boundary: null,
  rows: [],
  cursor: null,
  hasMore: false,
  loading: false,
  error: null,
});

type Head<T> =
  | { key: string | null; status: 'loading'; docs: QueryDocumentSnapshot<WithId<T>>[]; error: null }
  | { key: string | null; status: 'success'; docs: QueryDocumentSnapshot<WithId<T>>[]; error: null }
  | { key: string | null; status: 'error'; docs: QueryDocumentSnapshot<WithId<T>>[]; error: LiveError };

/**
 * A declared query as a feed. The first `pageSize` documents are live (onSnapshot; new ones appear
 * on top, changes show at once). 'Cargar más' reads the next page once (getDocs, after the last
 * document shown) and from then on the live part is every document down to the first page's last
 * one (endAt), so documents pushed down by new ones never fall into a gap between the live part
 * and the pages read; a document that moved up (a conversation with a new message) shows once, in
 * its new place.
 */
export function useFeed<Id extends QueryId>(
  request: QueryRequest<Id> | null,
  pageSize = PAGE_SIZE,
): Feed<QueryRow<Id>> {
  type Row = WithId<QueryRow<Id>>;
  const key = requestKey(request);
  const requestRef = useRef(request);
  useEffect(() => {
    requestRef.current = request;
  });
  const [tailState, setTail] = useState<Tail<QueryRow<Id>>>(() => emptyTail(key));
  const tail = tailState.key === key ? tailState : emptyTail<QueryRow<Id>>(key);
  const boundary = tail.boundary;
  const [headState, setHead] = useState<Head<QueryRow<Id>>>({
    key: null,
    status: 'loading',
    docs: [],
    error: null,
  });
  // Keyed by the request only: when the live part grows past the first page, what is shown stays.
  const head: Head<QueryRow<Id>> =
    headState.key === key ? headState : { key, status: 'loading', docs: [], error: null };

  useEffect(() => {
    const current = requestRef.current;
    if (!current || key === null) return undefined;
    const live = boundary
      ? query(buildQuery(current), endAt(boundary))
      : buildQuery(current, { size: pageSize + 1 });
    return onSnapshot(
      live,
      (snapshot) => setHead({ key, status: 'success', docs: snapshot.docs, error: null }),
      (error) => setHead({ key, status: 'error', docs: [], error: toLiveError(error) }),
    );
    // The key identifies the request; the boundary says whether the live part is the first page.
  }, [key, boundary, pageSize]);

  const headDocs = useMemo(
    () => (boundary ? head.docs : head.docs.slice(0, pageSize)),
    [boundary, head.docs, pageSize],
  );
  const headHasMore = !boundary && head.docs.length > pageSize;
  const lastOfFirstPage = !boundary ? (head.docs[pageSize - 1] ?? null) : null;

  const loadMore = useCallback(() => {
    const current = requestRef.current;
    if (!current || key === null || tail.loading) return;
    const after = tail.boundary ? (tail.cursor ?? tail.boundary) : lastOfFirstPage;
    if (!after || (tail.boundary ? !tail.hasMore : !headHasMore)) return;
    // The first page had more: there is at least one more until a read says otherwise.
    setTail({ ...tail, boundary: tail.boundary ?? after, hasMore: true, loading: true, error: null });
    getDocs(buildQuery(current, { size: pageSize + 1, after })).then(
      (snapshot) =>
        setTail((previous) =>
          previous.key !== key
            ? previous
            : {
                ...previous,
                rows: [...previous.rows, ...snapshot.docs.slice(0, pageSize).map((d) => d.data())],
                cursor: snapshot.docs[Math.min(pageSize, snapshot.docs.length) - 1] ?? previous.cursor,
                hasMore: snapshot.docs.length > pageSize,
                loading: false,
              },
        ),
      (error: unknown) =>
        setTail((previous) =>
          previous.key !== key
            ? previous
            : // Nothing read: the same page can be asked for again.
              { ...previous, loading: false, error: toLiveError(error) },
        ),
    );
  }, [key, tail, lastOfFirstPage, headHasMore, pageSize]);

  const rows = useMemo(() => {
    const shown: Row[] = headDocs.map((d) => d.data());
    const ids = new Set(shown.map((row) => row.id));
    for (const row of tail.rows) if (!ids.has(row.id)) shown.push(row);
    return shown;
  }, [headDocs, tail.rows]);

  return {
    status: head.status,
    rows,
    error: head.error,
    hasMore: tail.boundary ? tail.hasMore : headHasMore,
    loadingMore: tail.loading,
    moreError: tail.error,
    loadMore,
  };
}
