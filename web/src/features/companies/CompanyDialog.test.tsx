import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const writes = vi.hoisted(() => ({
  createRecord: vi.fn(),
  updateRecord: vi.fn(),
  deleteRecord: vi.fn(),
}));

vi.mock('@/firebase/dataApi', () => ({
  ...writes,
  orgTarget: (orgId: string, collection: string) => ({ parentPath: `organizations/${orgId}`, collection }),
  orgRequest: () => null,
  useLiveList: () => ({ status: 'success', data: [], error: null }),
  usePagedList: () => ({
    status: 'success',
    rows: [],
    error: null,
    total: 0,
    page: 0,
    pageSize: 25,
    hasNext: false,
    hasPrevious: false,
    next() {},
    previous() {},
  }),
  useMembership: () => ({
    organizationId: 'org1',
    uid: 'u1',
    member: { fullName: 'Ana López' },
    can: () => true,
  }),
}));

const { CompanyDialog } = await import('@/features/companies/CompanyDialog');

const save = (label = 'Guardar') => fireEvent.click(screen.getByRole('button', { name: label }));

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
});

describe('company dialog', () => {
  it('company: name required; the size select shows its placeholder', async () => {
    await renderWithApp(<CompanyDialog open onClose={() => {}} />);
    expect(screen.getByText('1-10, 11-50, etc.')).toBeTruthy();
    save();
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });
});
