// A contact's 'Listas' (issue 31): its static lists ticked, a tick adds it (arrayUnion through
// setListMembership), an untick takes it off; segments are not offered; at LIST_MEMBERSHIPS_MAX
// no other list may be ticked.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_MEMBERSHIPS_MAX } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ setListMembership: vi.fn(), hasMore: false, loadMore: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    useGrowingList: () => ({
      status: 'success',
      error: null,
      rows: [
        { id: 'l1', name: 'Feria 2026', kind: 'static' },
        { id: 'seg', name: 'Clientes de León', kind: 'segment' },
        { id: 'l2', name: 'VIP', kind: 'static' },
      ],
      hasMore: state.hasMore,
      loadMore: state.loadMore,
    }),
  };
});
vi.mock('@/firebase/listMembers', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/listMembers')>()),
  setListMembership: state.setListMembership,
}));

const { ContactListsDialog } = await import('./ContactListsDialog');

const contact = (listIds: string[]) => ({ id: 'c1', name: 'Julia Pérez', listIds }) as never;
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

beforeEach(() => {
  state.setListMembership.mockReset().mockResolvedValue(undefined);
  state.hasMore = false;
});

describe('ContactListsDialog', { timeout: 30_000 }, () => {
  it('offers the static lists only, ticked where the contact is', async () => {
    await renderWithApp(<ContactListsDialog contact={contact(['l2'])} mode="listIds" onClose={() => {}} />);
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Feria 2026',
      'VIP',
    ]);
    expect(box('Feria 2026').checked).toBe(false);
    expect(box('VIP').checked).toBe(true);
  });

  it('a tick adds the contact to the list, an untick takes it off', async () => {
    await renderWithApp(<ContactListsDialog contact={contact(['l2'])} mode="listIds" onClose={() => {}} />);
    fireEvent.click(box('Feria 2026'));
    await waitFor(() =>
      expect(state.setListMembership).toHaveBeenCalledWith(
        'org1',
        expect.objectContaining({ id: 'c1' }),
        expect.objectContaining({ id: 'l1', name: 'Feria 2026' }),
        true,
        'listIds',
      ),
    );
    await waitFor(() => expect(box('VIP').disabled).toBe(false));
    fireEvent.click(box('VIP'));
    await waitFor(() =>
      expect(state.setListMembership).toHaveBeenLastCalledWith(
        'org1',
        expect.objectContaining({ id: 'c1' }),
        expect.objectContaining({ id: 'l2' }),
        false,
        'listIds',
      ),
    );
  });

  it('a tick shows at once, while the change is on its way', async () => {
    let settle = () => {};
    state.setListMembership.mockReturnValue(new Promise<void>((resolve) => (settle = resolve)));
    await renderWithApp(<ContactListsDialog contact={contact([])} mode="listIds" onClose={() => {}} />);
    fireEvent.click(box('VIP'));
    expect(box('VIP').checked).toBe(true);
    expect(box('Feria 2026').disabled).toBe(true);
    settle();
    await waitFor(() => expect(box('Feria 2026').disabled).toBe(false));
  });

  it('a contact on the maximum of lists: told so, may leave one but join none', async () => {
    const many = Array.from({ length: LIST_MEMBERSHIPS_MAX - 1 }, (_, i) => `x${i}`);
    await renderWithApp(
      <ContactListsDialog contact={contact([...many, 'l2'])} mode="stamped" onClose={() => {}} />,
    );
    expect(screen.getByText(/ya está en 50 listas/)).toBeTruthy();
    expect(box('Feria 2026').disabled).toBe(true);
    expect(box('VIP').disabled).toBe(false);
    fireEvent.click(box('VIP'));
    await waitFor(() =>
      expect(state.setListMembership).toHaveBeenCalledWith(
        'org1',
        expect.objectContaining({ id: 'c1' }),
        expect.objectContaining({ id: 'l2' }),
        false,
        'stamped',
      ),
    );
  });

  it('a refused change says why', async () => {
    state.setListMembership.mockRejectedValue({ code: 'permission-denied', message: 'denied' });
    await renderWithApp(<ContactListsDialog contact={contact([])} mode="listIds" onClose={() => {}} />);
    fireEvent.click(box('VIP'));
    expect(await screen.findByText('Error al añadir a la lista')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });

  it('more lists than a page: shown on demand', async () => {
    state.hasMore = true;
    await renderWithApp(<ContactListsDialog contact={contact([])} mode="listIds" onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más listas' }));
    expect(state.loadMore).toHaveBeenCalled();
  });
});
