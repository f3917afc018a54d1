import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writes } from '@/test/dataApiMock';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  can: (() => true) as (resource: string, action: string) => boolean,
  replies: [] as Record<string, unknown>[],
  doc: { status: 'success', data: null, error: null } as {
    status: string;
    data: Record<string, unknown> | null;
    error: { code: string; message: string } | null;
  },
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRecordPath: (orgId: string, collection: string, id: string) => `${orgId}/${collection}/${id}`,
    useDocument: () => state.doc,
    useLiveList: (request: { id?: string } | null) =>
      request?.id === 'replies.byTicket'
        ? { status: 'success', data: state.replies, error: null }
        : { status: 'success', data: [{ id: 'u2', fullName: 'Carlos Méndez' }], error: null },
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can }),
  };
});

const { default: TicketPage } = await import('./TicketPage');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const page = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/tickets/t1']}>
      <Routes>
        <Route path="/tickets/:id" element={<TicketPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { language },
  );

const created = Date.UTC(2026, 2, 15, 15, 30);
const timestamp = (millis: number) => ({ toMillis: () => millis });
const stored = {
  id: 't1',
  ticketName: 'Factura duplicada',
  pipeline: 'Support Pipeline',
  status: 'Waiting',
  priority: 'Medium',
  description: 'Cobrada dos veces en marzo.\nPide nota de crédito.',
  source: 'Email',
  ownerId: 'u2',
  contactId: 'c1',
  contactName: 'María Hernández',
  companyId: 'e1',
  companyName: 'Café Copán',
  createdAt: timestamp(created),
  updatedAt: timestamp(created),
};

const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!;

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
  state.can = () => true;
  state.doc = { status: 'success', data: stored, error: null };
  state.replies = [];
});

describe('/tickets/{id}', () => {
  it('shows every field, the contact and company as links', async () => {
    await page();
    expect(screen.getByRole('heading', { level: 1, name: 'Factura duplicada' })).toBeTruthy();
    expect(value('Estado').textContent).toBe('En espera');
    expect(value('Prioridad').textContent).toBe('Media');
    expect(value('Pipeline').textContent).toBe('Support Pipeline');
    expect(value('Origen').textContent).toBe('Email');
    expect(value('Propietario').textContent).toBe('Carlos Méndez');
    expect(
      within(value('Contacto') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/contactos/c1');
    expect(
      within(value('Empresa') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/empresas/e1');
    expect(value('Creado').textContent).toMatch(/15 mar 2026/);
    expect(screen.getByText(/Pide nota de crédito/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/tickets/t1/editar');
  });

  it("reads '-' for what is missing, and names without links for who may not open them", async () => {
    state.doc = {
      status: 'success',
      data: { ...stored, priority: null, source: null, ownerId: null, description: null },
      error: null,
    };
    state.can = (resource) => resource === 'tickets';
    await page();
    expect(value('Prioridad').textContent).toBe('-');
    expect(value('Origen').textContent).toBe('-');
    expect(value('Propietario').textContent).toBe('Sin asignar');
    expect(value('Contacto').textContent).toBe('María Hernández');
    expect(within(value('Contacto') as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByText('Sin descripción.')).toBeTruthy();
  });

  it("deletes after '¿Estás seguro?' and returns to the list", async () => {
    writes.deleteRecord.mockResolvedValue(undefined);
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Estás seguro?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tickets'));
    expect(writes.deleteRecord).toHaveBeenCalledWith(
      { parentPath: 'organizations/org1', collection: 'tickets' },
      't1',
    );
    expect(await screen.findByText('Ticket eliminado')).toBeTruthy();
  });

  it('shows neither Editar nor Eliminar to a member who may only view', async () => {
    state.can = (_resource, action) => action === 'view';
    await page();
    expect(screen.getByRole('heading', { level: 1, name: 'Factura duplicada' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it("says 'Ticket no encontrado' for an unknown id, in both languages", async () => {
    state.doc = { status: 'success', data: null, error: null };
    await page();
    expect(screen.getByText('Ticket no encontrado')).toBeTruthy();
    cleanup();
    await page('en');
    expect(screen.getByText('Ticket not found')).toBeTruthy();
  });

  it('shows a failed read in the user language', async () => {
    state.doc = { status: 'error', data: null, error: { code: 'permission-denied', message: 'x' } };
    await page();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });

  it('shows the conversation: who, where, public replies and internal notes apart, and the files', async () => {
    state.doc = {
      status: 'success',
      data: {
        ...stored,
        source: 'portal',
        conversationState: 'customer-replied',
        attachments: [
          {
            name: 'factura.pdf',
            path: 'organizations/org1/portalUploads/p1/up1/factura.pdf',
            size: 2048,
            contentType: 'application/pdf',
          },
        ],
      },
      error: null,
    };
    state.replies = [
      {
        id: 'r1',
        visibility: 'public',
        body: 'Me cobraron dos veces.',
        authorType: 'customer',
        authorId: 'c1',
        authorName: 'María Hernández',
        via: 'portal',
        attachments: [],
        createdAt: timestamp(created + 60_000),
      },
      {
        id: 'r2',
        visibility: 'internal',
        body: 'Revisar con contabilidad.',
        authorType: 'member',
        authorId: 'u2',
        authorName: 'Carlos Méndez',
        via: 'crm',
        attachments: [],
        createdAt: timestamp(created + 120_000),
      },
    ];
    await page();
    expect(screen.getByText('Respondió el cliente')).toBeTruthy();
    expect(value('Origen').textContent).toBe('Portal');
    expect(screen.getByRole('button', { name: 'Descargar «factura.pdf»' })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('ticket-reply');
    expect(first!.textContent).toContain('María Hernández');
    expect(first!.textContent).toContain('Pública');
    expect(first!.textContent).toContain('Portal');
    expect(second!.getAttribute('data-visibility')).toBe('internal');
    expect(second!.textContent).toContain('Nota interna');
    expect(second!.textContent).toContain('Trato');
    // Members who may edit the ticket answer it.
    expect(screen.getByRole('form', { name: 'Responder al ticket' })).toBeTruthy();
  });

  it('has no composer for who may only view, and says when there is no conversation yet', async () => {
    state.can = (_resource, action) => action === 'view';
    await page();
    expect(screen.getByText('Todavía no hay respuestas ni notas.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Responder al ticket' })).toBeNull();
  });
});
