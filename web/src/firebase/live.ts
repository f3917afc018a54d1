import {
  collection,
  doc,
  onSnapshot,
  orderBy,
  query,
  where,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { paths } from '@trato/model';
import { getDataServices } from './data';

export type LiveState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: null; error: { code: string; message: string } };

const LOADING = { status: 'loading', data: null, error: null } as const;

function toError(error: unknown): { code: string; message: string } {
  const record = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof record.code === 'string' ? record.code : 'unknown',
    message: typeof record.message === 'string' ? record.message : String(error),
  };
}

/** Listens live to one document (null while `path` is null); data is null when it does not exist. */
export function useLiveDocument<T>(path: string | null): LiveState<(T & { id: string }) | null> {
  const [state, setState] = useState<{ key: string | null; value: LiveState<(T & { id: string }) | null> }>({
    key: null,
    value: LOADING,
  });
  useEffect(() => {
    if (!path) return undefined;
    const { firestore } = getDataServices();
    return onSnapshot(
      doc(firestore, path),
      (snap) =>
        setState({
          key: path,
          value: {
            status: 'success',
            data: snap.exists() ? ({ ...(snap.data() as T), id: snap.id } as T & { id: string }) : null,
            error: null,
          },
        }),
      (error) => setState({ key: path, value: { status: 'error', data: null, error: toError(error) } }),
    );
  }, [path]);
  return path && state.key === path ? state.value : LOADING;
}

/** Listens live to a query identified by `key` (null = not yet). */
export function useLiveQuery<T>(
  key: string | null,
  build: (firestore: Firestore) => Query<DocumentData>,
): LiveState<(T & { id: string })[]> {
  const [state, setState] = useState<{ key: string | null; value: LiveState<(T & { id: string })[]> }>({
    key: null,
    value: LOADING,
  });
  useEffect(() => {
    if (!key) return undefined;
    const { firestore } = getDataServices();
    return onSnapshot(
      build(firestore),
      (snap) =>
        setState({
          key,
          value: {
            status: 'success',
            data: snap.docs.map((d) => ({ ...(d.data() as T), id: d.id })),
            error: null,
          },
        }),
      (error) => setState({ key, value: { status: 'error', data: null, error: toError(error) } }),
    );
    // `build` is derived from `key`; the key alone decides when to listen again.
  }, [key]);
  return key && state.key === key ? state.value : LOADING;
}

// ── The queries of this slice (model/src/queries.ts: members.list, invitations.pending,
//    organizations.list — each matches firestore.indexes.json) ─────────────────────────

export function membersQuery(firestore: Firestore, orgId: string) {
  return query(collection(firestore, paths.collection(orgId, 'members')), orderBy('fullName', 'asc'));
}

export function pendingInvitationsQuery(firestore: Firestore, orgId: string) {
  return query(
    collection(firestore, paths.collection(orgId, 'invitations')),
    where('status', '==', 'pending'),
    orderBy('createdAt', 'desc'),
  );
}

export function organizationsQuery(firestore: Firestore) {
  return query(collection(firestore, paths.organizations()), orderBy('createdAt', 'desc'));
}

export function useMembers<T>(orgId: string | null) {
  return useLiveQuery<T>(orgId ? `members:${orgId}` : null, (firestore) => membersQuery(firestore, orgId!));
}

export function usePendingInvitations<T>(orgId: string | null) {
  return useLiveQuery<T>(orgId ? `invitations:${orgId}` : null, (firestore) =>
    pendingInvitationsQuery(firestore, orgId!),
  );
}

export function useOrganizations<T>(enabled: boolean) {
  return useLiveQuery<T>(enabled ? 'organizations' : null, (firestore) => organizationsQuery(firestore));
}
