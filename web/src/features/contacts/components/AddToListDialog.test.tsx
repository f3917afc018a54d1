// 'Añadir a lista' on /contactos (issue 31): one static list picked, the selected contacts added
// through addContactsToList, the result told in the marketing texts; those not added stay chosen.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  addContactsToList: vi.fn(),
  rows: [] as Record<string, unknown>[],
  status: 'success',
  hasMore: false,
  loadMore: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    useGrowingList: () => ({
      status: state.status,
      error: null,
      rows: state.rows,
      hasMore: state.hasMore,
      loadMore: state.loadMore,
    }),
  };
});
vi.mock('@/firebase/marketing', () => ({ addContactsToList: state.addContactsToList }));

const { AddToListDialog, MAX_BULK_ADD } = await import('./AddToListDialog');

const LISTS = [
  { id: 'l1', name: 'Feria 2026', kind: 'static' },
  { id: 'seg', name: 'Clientes de León', kind: 'segment' },
  { id: 'l2', name: 'VIP', kind: 'static' },
];

const result = (overrides: Record<string, string[]> = {}) => ({
  added: [],
  already: [],
  full: [],
  missing: [],
  ...overrides,
});

function open({
  ids = ['c1', 'c2', 'c3'],
  language = 'es' as 'es' | 'en',
  onDone = vi.fn(),
  onClose = vi.fn(),
} = {}) {
  return renderWithApp(
    <MemoryRouter>
      <AddToListDialog contactIds={ids} mode="listIds" onDone={onDone} onClose={onClose} />
    </MemoryRouter>,
    { language },
  );
}

beforeEach(() => {
  state.addContactsToList.mockReset();
  state.loadMore.mockReset();
  state.rows = LISTS;
  state.status = 'success';
  state.hasMore = false;
});

describe('AddToListDialog', { timeout: 30_000 }, () => {
  it('offers the static lists as radio options; Añadir waits for one', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: 'Añadir a una lista' })).toBeTruthy();
    expect(
      screen.getByText('Los 3 contactos seleccionados se añadirán a la lista estática que elijas.'),
    ).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Lista' });
    expect(
      Array.from(group.querySelectorAll('input[type="radio"]')).map((r) => r.closest('label')?.textContent),
    ).toEqual(['Feria 2026', 'VIP']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Añadir' }).disabled).toBe(true);
  });

  it('adds the selected contacts to the chosen list, toasts added and already, clears the selection', async () => {
    state.addContactsToList.mockResolvedValue(result({ added: ['c1', 'c3'], already: ['c2'] }));
    const onDone = vi.fn();
    await open({ onDone });
    fireEvent.click(screen.getByRole('radio', { name: 'VIP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    await waitFor(() =>
      expect(state.addContactsToList).toHaveBeenCalledWith('org1', 'l2', ['c1', 'c2', 'c3'], 'listIds'),
    );
    expect(await screen.findByText('2 contactos añadidos')).toBeTruthy();
    expect(screen.getByText('1 ya estaba en la lista')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith([]);
  });

  it('those on the maximum of lists or deleted stay chosen, with the reason', async () => {
    state.addContactsToList.mockResolvedValue(result({ added: ['c1'], full: ['c2'], missing: ['c3'] }));
    const onDone = vi.fn();
    await open({ onDone });
    fireEvent.click(screen.getByRole('radio', { name: 'Feria 2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('1 contacto añadido')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(['c2', 'c3']);
    const refused = await screen.findByTestId('add-refused');
    expect(refused.textContent).toBe(
      '1 contacto ya está en 50 listas (el máximo): quítalo de alguna antes de añadirlo a esta. 1 contacto ya no existe.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a failure keeps the dialog and says why', async () => {
    state.addContactsToList.mockRejectedValue({ code: 'permission-denied', message: 'denied' });
    const onDone = vi.fn();
    const onClose = vi.fn();
    await open({ onDone, onClose });
    fireEvent.click(screen.getByRole('radio', { name: 'VIP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('Error al añadir contactos')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Añadir' }).disabled).toBe(false),
    );
  });

  it('no static lists yet: says so with a link to the lists', async () => {
    state.rows = [LISTS[1]!];
    await open();
    expect(screen.getByText(/Aún no hay listas estáticas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear una en Marketing → Listas' }).getAttribute('href')).toBe(
      '/marketing/listas',
    );
    expect(screen.queryByRole('group', { name: 'Lista' })).toBeNull();
  });

  it('more lists than a page: shown on demand', async () => {
    state.hasMore = true;
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más listas' }));
    expect(state.loadMore).toHaveBeenCalled();
  });

  it(`more than ${MAX_BULK_ADD} contacts: says so and adds none`, async () => {
    await open({ ids: Array.from({ length: MAX_BULK_ADD + 1 }, (_, i) => `c${i}`) });
    expect(screen.getByText(/Como máximo 500 contactos por vez/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Añadir' }).disabled).toBe(true);
  });

  it('in English', async () => {
    state.addContactsToList.mockResolvedValue(result({ added: ['c1'] }));
    await open({ ids: ['c1'], language: 'en' });
    expect(screen.getByRole('dialog', { name: 'Add to a list' })).toBeTruthy();
    expect(
      screen.getByText('The selected contact will be added to the static list you choose.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('1 contact added')).toBeTruthy();
  });
});
