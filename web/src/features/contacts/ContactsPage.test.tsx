// /contactos's selection (issue 31): rows chosen with their checkboxes, a bar with the count,
// 'Añadir a lista' for who may put contacts on lists and sees them, 'Quitar selección'.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action, Resource } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  rights: new Set<string>(),
  rows: [] as Record<string, unknown>[],
  addContactsToList: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    listRequest: (_orgId: string, collection: string) => ({ id: `${collection}.list` }),
    usePagedList: () => ({
      ...dataApiMock.usePagedList(),
      rows: state.rows,
      total: { value: state.rows.length, more: false },
    }),
    useGrowingList: () => ({
      status: 'success',
      error: null,
      rows: [{ id: 'l1', name: 'Feria 2026', kind: 'static' }],
      hasMore: false,
      loadMore() {},
    }),
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      can: (resource: Resource, action: Action) => state.rights.has(`${resource}.${action}`),
    }),
  };
});
vi.mock('@/firebase/marketing', () => ({ addContactsToList: state.addContactsToList }));

const { default: ContactsPage } = await import('./ContactsPage');
// The lazy dialog's module, transformed once up front (a first import can be slow on a busy machine).
await import('./components/AddToListDialog');

const contact = (id: string, name: string) => ({
  id,
  name,
  email: null,
  phone: null,
  jobTitle: null,
  companyId: null,
  companyName: null,
  city: null,
  lifecycleStage: 'lead',
  status: 'active',
});

const page = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/contactos']}>
      <ContactsPage />
    </MemoryRouter>,
  );
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const bar = () => screen.queryByRole('region', { name: 'Contactos seleccionados' });

beforeEach(() => {
  state.rights = new Set(['contacts.view', 'marketing.view', 'marketing.edit']);
  state.rows = [contact('c1', 'Ana Reyes'), contact('c2', 'Luis Mejía'), contact('c3', 'Rosa Díaz')];
  state.addContactsToList.mockReset();
});

describe('/contactos selection', { timeout: 30_000 }, () => {
  it('shows the bar with the count once rows are chosen, and clears it', async () => {
    await page();
    expect(bar()).toBeNull();
    fireEvent.click(box('Seleccionar Ana Reyes'));
    expect(within(bar()!).getByText('1 seleccionado')).toBeTruthy();
    fireEvent.click(box('Seleccionar los de esta página'));
    expect(within(bar()!).getByText('3 seleccionados')).toBeTruthy();
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Quitar selección' }));
    expect(bar()).toBeNull();
    expect(box('Seleccionar Ana Reyes').checked).toBe(false);
  });

  it("'Añadir a lista' adds the chosen contacts to the list picked, then clears the selection", async () => {
    state.addContactsToList.mockResolvedValue({ added: ['c1', 'c3'], already: [], full: [], missing: [] });
    await page();
    fireEvent.click(box('Seleccionar Ana Reyes'));
    fireEvent.click(box('Seleccionar Rosa Díaz'));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Añadir a lista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir a una lista' }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Feria 2026' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() =>
      expect(state.addContactsToList).toHaveBeenCalledWith('org1', 'l1', ['c1', 'c3'], 'listIds'),
    );
    expect(await screen.findByText('2 contactos añadidos')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bar()).toBeNull();
  });

  it('a contacts editor who sees the lists adds with the stamped write', async () => {
    state.rights = new Set(['contacts.view', 'contacts.edit', 'marketing.view']);
    state.addContactsToList.mockResolvedValue({ added: ['c2'], already: [], full: [], missing: [] });
    await page();
    fireEvent.click(box('Seleccionar Luis Mejía'));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Añadir a lista' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Feria 2026' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() =>
      expect(state.addContactsToList).toHaveBeenCalledWith('org1', 'l1', ['c2'], 'stamped'),
    );
  });

  it.each([
    ['who does not see the lists', ['contacts.view', 'contacts.edit', 'marketing.edit']],
    ['who may not change a contact’s lists', ['contacts.view', 'marketing.view']],
  ])("offers no 'Añadir a lista' to a member %s", async (_who, rights) => {
    state.rights = new Set(rights);
    await page();
    fireEvent.click(box('Seleccionar Ana Reyes'));
    expect(within(bar()!).getByText('1 seleccionado')).toBeTruthy();
    expect(within(bar()!).queryByRole('button', { name: 'Añadir a lista' })).toBeNull();
    expect(within(bar()!).getByRole('button', { name: 'Quitar selección' })).toBeTruthy();
  });

  it('in English', async () => {
    await renderWithApp(
      <MemoryRouter initialEntries={['/contactos']}>
        <ContactsPage />
      </MemoryRouter>,
      { language: 'en' },
    );
    fireEvent.click(box('Select Ana Reyes'));
    fireEvent.click(box('Select Luis Mejía'));
    const region = screen.getByRole('region', { name: 'Selected contacts' });
    expect(within(region).getByText('2 selected')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Add to list' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Clear selection' })).toBeTruthy();
  });
});
