// The Firebase layer as the conversations' tests see it: documents by path, feeds by query id,
// the member's rights, and spies for the callable and the two conversation writes. Use with
// `vi.mock('@/firebase/dataApi', async () => (await import('../test/waMock')).waDataApiMock())`
// and the same for '@/firebase/feed' (waFeedMock) and '@/firebase/whatsapp' (waWritesMock).
import { vi } from 'vitest';
import type { Action, Resource } from '@trato/model';

/** A Firestore timestamp as the converter gives it. */
export const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });

export interface FakeFeed {
  status: 'loading' | 'success' | 'error';
  rows: unknown[];
  error: { code: string; message: string } | null;
  hasMore: boolean;
  loadingMore: boolean;
  moreError: null;
  loadMore: () => void;
}

export const feedOf = (rows: unknown[], extra: Partial<FakeFeed> = {}): FakeFeed => ({
  status: 'success',
  rows,
  error: null,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  loadMore: wa.loadMore,
  ...extra,
});

export const wa = {
  uid: 'u1',
  isAdmin: true,
  denied: new Set<string>(),
  /** Document data by path ('organizations/org1/waConversations/c1'); absent: it does not exist. */
  docs: {} as Record<string, unknown>,
  /** Feeds by declared query id. */
  feeds: {} as Record<string, FakeFeed>,
  /** Every feed request made, in order. */
  requests: [] as { id: string; values?: Record<string, unknown> }[],
  templates: [] as unknown[],
  callFunction: vi.fn(),
  markConversationRead: vi.fn(),
  assignConversation: vi.fn(),
  loadMore: vi.fn(),
};

/** Back to an admin of org1 with nothing stored. */
export function resetWa() {
  wa.uid = 'u1';
  wa.isAdmin = true;
  wa.denied = new Set();
  wa.docs = {};
  wa.feeds = {};
  wa.requests = [];
  wa.templates = [];
  wa.callFunction.mockReset();
  wa.markConversationRead.mockReset().mockResolvedValue(undefined);
  wa.assignConversation.mockReset().mockResolvedValue(undefined);
  wa.loadMore.mockReset();
}

export const MEMBERS = [
  { id: 'u1', fullName: 'Ana López' },
  { id: 'u2', fullName: 'Marta Díaz' },
];

export const path = (collection: string, id: string) => `organizations/org1/${collection}/${id}`;

export async function waDataApiMock() {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  const can = (resource: Resource, action: Action) => !wa.denied.has(`${resource}.${action}`);
  return {
    ...dataApiMock,
    describeCallableError,
    callFunction: (...args: unknown[]) => wa.callFunction(...args),
    orgRecordPath: (orgId: string, collection: string, id: string) =>
      `organizations/${orgId}/${collection}/${id}`,
    orgRequest: (orgId: string, id: string, values?: Record<string, unknown>) => ({ orgId, id, values }),
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      uid: wa.uid,
      isAdmin: wa.isAdmin,
      member: { fullName: 'Ana López' },
      can,
    }),
    useDocument: (docPath: string | null) =>
      docPath === null
        ? { status: 'loading', data: null, error: null }
        : { status: 'success', data: docPath in wa.docs ? wa.docs[docPath] : null, error: null },
    useLiveList: (request: { id: string } | null) => ({
      status: 'success',
      data: request?.id === 'waTemplates.approved' ? wa.templates : MEMBERS,
      error: null,
    }),
  };
}

/** `vi.mock('@/firebase/feed', async () => (await import('../test/waMock')).waFeedMock())` */
export function waFeedMock() {
  return {
    useFeed: (request: { id: string; values?: Record<string, unknown> } | null) => {
      if (!request) return feedOf([], { status: 'loading' });
      wa.requests.push(request);
      return wa.feeds[request.id] ?? feedOf([]);
    },
  };
}

/** `vi.mock('@/firebase/whatsapp', async () => (await import('../test/waMock')).waWritesMock())` */
export function waWritesMock() {
  return {
    markConversationRead: (...args: unknown[]) => wa.markConversationRead(...args),
    assignConversation: (...args: unknown[]) => wa.assignConversation(...args),
  };
}
