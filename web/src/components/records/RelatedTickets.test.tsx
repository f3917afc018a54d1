import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  created: Date.now() - 5 * 60_000,
  can: (() => true) as (resource: string, action: string) => boolean,
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    usePagedList: (request: unknown) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: [
          {
            id: 't1',
            ticketName: 'Factura duplicada',
            status: 'Resolved',
            priority: 'Low',
            createdAt: { toMillis: () => state.created },
          },
        ],
        total: { value: 1, more: false },
      };
    },
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can }),
  };
});

const { RelatedTickets } = await import('./RelatedTickets');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const links = { contactId: 'c1', contactName: 'María', companyId: 'e1', companyName: 'Café Copán' };
const tab = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/contactos/c1']}>
      <Routes>
        <Route path="/contactos/c1" element={<RelatedTickets by="contact" id="c1" links={links} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  state.can = () => true;
  state.requests = [];
});

describe("a contact's tickets", () => {
  it('lists them through the declared query; a row opens the ticket', async () => {
    await tab();
    expect(state.requests.at(-1)).toMatchObject({ id: 'tickets.byContact', values: { contactId: 'c1' } });
    expect(screen.getByText('Factura duplicada')).toBeTruthy();
    expect(screen.getByText('Resuelto')).toBeTruthy();
    expect(screen.getByText('Baja')).toBeTruthy();
    expect(screen.getByText('hace 5 minutos')).toBeTruthy();
    fireEvent.click(screen.getByText('Factura duplicada'));
    expect(screen.getByTestId('where').textContent).toBe('/tickets/t1 null');
  });

  it("'Nuevo Ticket' opens the form with the contact and its company, for who may create", async () => {
    await tab();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo Ticket' }));
    expect(screen.getByTestId('where').textContent).toBe(`/tickets/nuevo ${JSON.stringify({ links })}`);
    cleanup();
    state.can = (_resource, action) => action === 'view';
    await tab();
    expect(screen.queryByRole('button', { name: 'Nuevo Ticket' })).toBeNull();
  });
});
