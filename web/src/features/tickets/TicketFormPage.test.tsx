import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writes } from '@/test/dataApiMock';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  can: (() => true) as (resource: string, action: string) => boolean,
  doc: { status: 'success', data: null, error: null } as {
    status: string;
    data: Record<string, unknown> | null;
    error: null;
  },
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRecordPath: (orgId: string, collection: string, id: string) => `${orgId}/${collection}/${id}`,
    useDocument: () => state.doc,
    useLiveList: () => ({ status: 'success', data: [{ id: 'u1', fullName: 'Ana López' }], error: null }),
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can }),
  };
});

const { default: TicketFormPage } = await import('./TicketFormPage');

/** Where the app went, with the links handed over. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const page = (path: string, language: 'es' | 'en' = 'es', routerState?: unknown) =>
  renderWithApp(
    <MemoryRouter initialEntries={[{ pathname: path, state: routerState }]}>
      <Routes>
        <Route path="/tickets/nuevo" element={<TicketFormPage />} />
        <Route path="/tickets/:id/editar" element={<TicketFormPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { language },
  );

const field = (label: RegExp | string) => screen.getByRole('textbox', { name: label });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

const stored = {
  id: 't1',
  ticketName: 'Factura duplicada',
  pipeline: 'Support Pipeline',
  status: 'New',
  priority: 'High',
  description: 'Cobrada dos veces.',
  source: 'Email',
  ownerId: 'u1',
  contactId: 'c1',
  contactName: 'María Hernández',
  companyId: null,
  companyName: null,
  searchTokens: [],
};

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
  state.can = () => true;
  state.doc = { status: 'success', data: null, error: null };
});

// The whole form's first render (selects, pickers) takes seconds on a busy machine.
const FORM = { timeout: 20_000 };

describe('/tickets/nuevo', FORM, () => {
  it('starts from the defaults, the author as owner', async () => {
    await page('/tickets/nuevo');
    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo Ticket' })).toBeTruthy();
    expect((field(/^Pipeline/) as HTMLInputElement).value).toBe('Support Pipeline');
    expect(screen.getByRole('combobox', { name: 'Estado' }).textContent).toBe('Nuevo');
    expect(((await screen.findByRole('combobox', { name: 'Propietario' })) as HTMLInputElement).value).toBe(
      'Ana López',
    );
  });

  it('requires the name with its message and sends nothing', async () => {
    await page('/tickets/nuevo');
    save();
    expect(await screen.findByText('El nombre del ticket es obligatorio')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it('creates the ticket, toasts and opens it', async () => {
    writes.createRecord.mockResolvedValue('t9');
    await page('/tickets/nuevo', 'es', {
      links: { contactId: 'c1', contactName: 'María Hernández', companyId: null, companyName: null },
    });
    expect(((await screen.findByRole('combobox', { name: 'Contacto' })) as HTMLInputElement).value).toBe(
      'María Hernández',
    );
    fireEvent.change(field(/^Nombre del ticket/), { target: { value: '  No llega la factura ' } });
    fireEvent.change(field('Origen'), { target: { value: 'Teléfono' } });
    save();
    expect(await screen.findByText('Ticket creado')).toBeTruthy();
    expect(writes.createRecord).toHaveBeenCalledWith(
      { parentPath: 'organizations/org1', collection: 'tickets' },
      expect.objectContaining({
        ticketName: 'No llega la factura',
        pipeline: 'Support Pipeline',
        status: 'New',
        priority: null,
        source: 'Teléfono',
        ownerId: 'u1',
        contactId: 'c1',
        contactName: 'María Hernández',
        companyId: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tickets/t9'));
  });

  it("keeps the form and toasts 'Error' with the reason when the save fails", async () => {
    writes.createRecord.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await page('/tickets/nuevo');
    fireEvent.change(field(/^Nombre del ticket/), { target: { value: 'Acceso al portal' } });
    save();
    expect(await screen.findByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect((field(/^Nombre del ticket/) as HTMLInputElement).value).toBe('Acceso al portal');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', false);
  });

  it('is refused to a member without tickets.create', async () => {
    state.can = (_resource, action) => action !== 'create';
    await page('/tickets/nuevo');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });
});

describe('/tickets/{id}/editar', FORM, () => {
  it("edits the ticket's values and returns to it", async () => {
    state.doc = { status: 'success', data: stored, error: null };
    writes.updateRecord.mockResolvedValue(undefined);
    await page('/tickets/t1/editar');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Ticket' })).toBeTruthy();
    expect((field(/^Nombre del ticket/) as HTMLInputElement).value).toBe('Factura duplicada');
    expect(screen.getByRole('combobox', { name: 'Prioridad' }).textContent).toBe('Alta');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Resuelto' }));
    save();
    expect(await screen.findByText('Ticket actualizado')).toBeTruthy();
    expect(writes.updateRecord).toHaveBeenCalledWith(
      { parentPath: 'organizations/org1', collection: 'tickets' },
      't1',
      expect.objectContaining({ status: 'Resolved', ticketName: 'Factura duplicada', priority: 'High' }),
      stored,
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tickets/t1'));
  });

  it("says 'Ticket no encontrado' for an unknown id", async () => {
    await page('/tickets/nope/editar');
    expect(await screen.findByText('Ticket no encontrado')).toBeTruthy();
  });

  it('is refused to a member without tickets.edit', async () => {
    state.doc = { status: 'success', data: stored, error: null };
    state.can = (_resource, action) => action !== 'edit';
    await page('/tickets/t1/editar');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    expect(writes.updateRecord).not.toHaveBeenCalled();
  });

  it('reads in English', async () => {
    state.doc = { status: 'success', data: stored, error: null };
    await page('/tickets/t1/editar', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Ticket' })).toBeTruthy();
    expect(field(/^Ticket name/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
