// The Firebase layer as the form tests see it: record writes are spies, queries return nothing,
// the member is an admin of org1. Use with
// `vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock)`.
import { vi } from 'vitest';
import { resolveDatePreferences } from '@/i18n/preferences';

export const writes = {
  createRecord: vi.fn(),
  updateRecord: vi.fn(),
  deleteRecord: vi.fn(),
};

export const dataApiMock = {
  ...writes,
  orgTarget: (orgId: string, collection: string) => ({ parentPath: `organizations/${orgId}`, collection }),
  orgRequest: () => null,
  useLiveList: () => ({ status: 'success', data: [], error: null }),
  usePagedList: () => ({
    status: 'success',
    rows: [],
    error: null,
    total: { value: 0, more: false },
    page: 0,
    pageSize: 25,
    hasNext: false,
    hasPrevious: false,
    next() {},
    previous() {},
  }),
  useOrgId: () => 'org1',
  // The defaults: the device's zone, Spanish's 24-hour clock.
  useDatePreferences: () => resolveDatePreferences(null, 'es'),
  useMembership: () => ({
    organizationId: 'org1',
    uid: 'u1',
    member: { fullName: 'Ana López' },
    can: () => true,
    organizations: [{ id: 'org1', name: 'Distribuidora Maya', role: 'admin', subscription: null }],
    switchOrganization() {},
  }),
};
