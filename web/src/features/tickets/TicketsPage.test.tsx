import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  can: (() => true) as (resource: string, action: string) => boolean,
  rows: [] as Record<string, unknown>[],
  requests: [] as { id: string; values: Record<string, unknown> }[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const actual = await vi.importActual<typeof import('@/firebase/queries')>('@/firebase/queries');
  return {
    ...dataApiMock,
    listRequest: actual.listRequest,
    usePagedList: (request: { id: string; values: Record<string, unknown> }) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: state.rows,
        total: { value: state.rows.length, more: false },
      };
    },
    useLiveList: () => ({
      status: 'success',
      data: [
        { id: 'u1', fullName: 'Ana López' },
        { id: 'u2', fullName: 'Carlos Méndez' },
      ],
      error: null,
    }),
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can }),
  };
});

const { default: TicketsPage } = await import('./TicketsPage');

const DAY = 86_400_000;
const ago = (millis: number) => {
  const at = Date.now() - millis;
  return { toMillis: () => at };
};
const ticket = (id: string, fields: Record<string, unknown>) => ({
  id,
  pipeline: 'Support Pipeline',
  status: 'New',
  priority: null,
  ownerId: null,
  contactId: null,
  contactName: null,
  companyId: null,
  companyName: null,
  description: null,
  createdAt: ago(DAY),
  ...fields,
});

const page = (language: 'es' | 'en' = 'es', path = '/tickets') =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <TicketsPage />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  state.can = () => true;
  state.requests = [];
  state.rows = [
    ticket('t1', {
      ticketName: 'Factura duplicada',
      status: 'In Progress',
      priority: 'High',
      ownerId: 'u2',
      contactId: 'c1',
      contactName: 'María Hernández',
      companyId: 'e1',
      companyName: 'Café Copán',
      createdAt: ago(3 * DAY),
    }),
    ticket('t2', { ticketName: 'Acceso al portal', createdAt: ago(2 * 3_600_000) }),
  ];
});

describe('/tickets', () => {
  it('lists cards newest first, each a link to its ticket with its chips, people and age', async () => {
    await page();
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(screen.getByText('2 registros')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Lista de tickets' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/tickets/t1', '/tickets/t2']);
    const first = within(links[0]);
    expect(first.getByRole('heading', { name: 'Factura duplicada' })).toBeTruthy();
    expect(first.getByText('En progreso')).toBeTruthy();
    expect(first.getByText('Prioridad alta')).toBeTruthy();
    expect(first.getByText('María Hernández · Café Copán')).toBeTruthy();
    expect(first.getByText('Carlos Méndez')).toBeTruthy();
    expect(first.getByText('hace 3 días')).toBeTruthy();
    const second = within(links[1]);
    expect(second.getByText('Sin asignar')).toBeTruthy();
    expect(second.getByText('hace 2 horas')).toBeTruthy();
    expect(second.queryByText(/Prioridad/)).toBeNull();
    expect(state.requests.at(-1)).toMatchObject({ id: 'tickets.list' });
  });

  it('filters by status and priority and searches through the declared queries', async () => {
    await page('es', '/tickets?status=Waiting&priority=Low&q=factura');
    await waitFor(() =>
      expect(state.requests.at(-1)).toMatchObject({
        id: 'tickets.search+by-status+by-priority',
        values: { status: 'Waiting', priority: 'Low', searchTokens: 'factura' },
      }),
    );
  });

  it('searches several words on the server and shows every ticket it returns', async () => {
    await page('es', '/tickets?q=factura maria');
    await waitFor(() =>
      expect(state.requests.at(-1)).toMatchObject({
        id: 'tickets.words',
        values: { searchIndex: 'factura maria' },
      }),
    );
    expect(screen.getByText('Factura duplicada')).toBeTruthy();
    expect(screen.getByText('Acceso al portal')).toBeTruthy();
    expect(screen.getByText('2 registros')).toBeTruthy();
  });

  it('reads a filter of the address that is not a status as no filter', async () => {
    await page('es', '/tickets?status=Abierto');
    expect(state.requests.at(-1)).toMatchObject({ id: 'tickets.list', values: { status: '' } });
  });

  it("offers 'Nuevo Ticket' only to who may create", async () => {
    await page();
    expect(screen.getByRole('button', { name: 'Nuevo Ticket' })).toBeTruthy();
    cleanup();
    state.can = (_resource, action) => action === 'view';
    await page();
    expect(screen.queryByRole('button', { name: 'Nuevo Ticket' })).toBeNull();
  });

  it("empty: 'No hay tickets creados todavía' with 'Crear primer ticket' for who may create", async () => {
    state.rows = [];
    await page();
    expect(screen.getByText('No hay tickets creados todavía')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear primer ticket' })).toBeTruthy();
    cleanup();
    state.can = (_resource, action) => action === 'view';
    await page();
    expect(screen.queryByRole('button', { name: 'Crear primer ticket' })).toBeNull();
  });

  it('empty under filters: says so and clears them', async () => {
    state.rows = [];
    await page('es', '/tickets?status=Closed');
    expect(screen.getByText('Ningún ticket coincide con la búsqueda o los filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(state.requests.at(-1)).toMatchObject({ id: 'tickets.list' }));
  });

  it('reads in English', async () => {
    await page('en');
    expect(screen.getByRole('button', { name: 'New Ticket' })).toBeTruthy();
    expect(screen.getByText('High priority')).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
    expect(screen.getByText('Unassigned')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
  });
});
