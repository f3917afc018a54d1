// A contact's e-mails page (issue 32): the conversations newest first with whose mailbox they are
// (a private one's without subject), the empty state and why, 'Escribir email' only with a
// connected Gmail (else the way to connect one), 'Sincronizar' when Trato reads it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const thread = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  ownerUid: 'u1',
  mailbox: 'ana@trato.demo',
  gmailThreadId: id,
  visibility: 'shared',
  subject: 'Propuesta',
  snippet: 'Gracias por la propuesta',
  participants: ['ana@trato.demo', 'julia@cliente.hn'],
  contactIds: ['c1'],
  companyIds: [],
  messageCount: 3,
  lastMessageAt: at('2026-05-12T15:00:00Z'),
  lastDirection: 'in',
  ...extra,
});

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  connection: null as Record<string, unknown> | null,
  threads: [] as unknown[],
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    describeCallableError,
    orgRecordPath: (orgId: string, collection: string, id: string) =>
      `organizations/${orgId}/${collection}/${id}`,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ orgId, id, values }),
    useDocument: (path: string | null) =>
      path?.includes('/mailConnections/')
        ? { status: 'success', data: state.connection, error: null }
        : { status: path ? 'loading' : 'loading', data: null, error: null },
    useLiveList: () => ({
      status: 'success',
      data: [
        { id: 'u1', fullName: 'Ana López' },
        { id: 'u2', fullName: 'Marta Díaz' },
      ],
      error: null,
    }),
    usePagedList: (request: unknown, pageSize: number) => {
      state.requests.push({ request, pageSize });
      return {
        status: 'success',
        rows: state.threads,
        error: null,
        total: { value: state.threads.length, more: false },
        page: 0,
        pageSize,
        hasNext: false,
        hasPrevious: false,
        next() {},
        previous() {},
      };
    },
  };
});

const { EmailsView } = await import('./EmailsView');

const contact = { id: 'c1', name: 'Julia Pérez', email: 'julia@cliente.hn' } as never;
const render = (by: 'contact' | 'company' = 'contact', language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/contactos/c1/emails']}>
      <EmailsView
        by={by}
        id={by === 'contact' ? 'c1' : 'co1'}
        name={by === 'contact' ? 'Julia Pérez' : 'Café del Valle'}
        backTo="/contactos/c1"
        contact={by === 'contact' ? contact : undefined}
      />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  state.callFunction.mockReset();
  state.connection = { status: 'connected', email: 'ana@trato.demo', reads: true };
  state.threads = [];
  state.requests = [];
});

describe('EmailsView', { timeout: 40_000 }, () => {
  it("lists the contact's conversations, newest first, each with whose mailbox it is", async () => {
    state.threads = [
      thread('u1_t2'),
      thread('u2_t1', {
        ownerUid: 'u2',
        mailbox: 'marta@trato.demo',
        visibility: 'private',
        subject: null,
        snippet: null,
        participants: null,
        messageCount: 1,
        lastDirection: 'out',
      }),
    ];
    await render();
    expect(state.requests[0]).toEqual({
      request: { orgId: 'org1', id: 'emailThreads.byContact', values: { contactIds: 'c1' } },
      pageSize: 20,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Emails' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Julia Pérez' }).getAttribute('href')).toBe('/contactos/c1');
    const rows = within(screen.getByRole('list', { name: 'Conversaciones' })).getAllByTestId('email-thread');
    expect(rows[0]!.textContent).toContain('Propuesta');
    expect(rows[0]!.textContent).toContain('Gracias por la propuesta');
    expect(rows[0]!.textContent).toContain('Recibido');
    expect(rows[0]!.textContent).toContain('3 mensajes');
    expect(rows[0]!.textContent).toContain('Buzón de Ana López · julia@cliente.hn');
    expect(rows[0]!.getAttribute('href')).toBe('/contactos/c1/emails?hilo=u1_t2');
    expect(rows[1]!.textContent).toContain('Conversación privada de Marta Díaz');
    expect(rows[1]!.textContent).toContain('Enviado');
    expect(rows[1]!.textContent).toContain('1 mensaje');
  });

  it('says there are none yet, and why', async () => {
    await render();
    expect(screen.getByText('Todavía no hay emails con este contacto.')).toBeTruthy();
    expect(screen.getByText(/Gmail conectado \(Ajustes → Cuentas de email\)/)).toBeTruthy();
  });

  it("a company's page lists its contacts' conversations, without 'Escribir email'", async () => {
    await render('company');
    expect(state.requests[0]).toMatchObject({
      request: { id: 'emailThreads.byCompany', values: { companyIds: 'co1' } },
    });
    expect(screen.getByText('Todavía no hay emails con los contactos de esta empresa.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escribir email' })).toBeNull();
  });

  it("without a connected Gmail: no 'Escribir email' nor 'Sincronizar', and the way to connect one", async () => {
    state.connection = null;
    await render();
    expect(screen.queryByRole('button', { name: 'Escribir email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sincronizar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a Cuentas de email' }).getAttribute('href')).toBe(
      '/ajustes?tab=email',
    );
  });

  it("a connection Trato may not read: 'Escribir email' without 'Sincronizar'", async () => {
    state.connection = { status: 'connected', email: 'ana@trato.demo', reads: false };
    await render();
    expect(screen.getByRole('button', { name: 'Escribir email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sincronizar' })).toBeNull();
  });

  it("'Escribir email' opens the form to the contact", async () => {
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Escribir email' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Escribir email' })).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Destinatarios' }).textContent).toBe('julia@cliente.hn');
  });

  it("'Sincronizar' reads the mailbox now and says what came", async () => {
    state.callFunction.mockResolvedValueOnce({ added: 3, replies: 1, bounces: 0 });
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('syncMailbox', { organizationId: 'org1' }),
    );
    expect(await screen.findByText('3 emails nuevos')).toBeTruthy();
    state.callFunction.mockResolvedValueOnce({ added: 0, replies: 0, bounces: 0, skipped: 'rate-limited' });
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText('Gmail pidió esperar: se reintentará en unos minutos')).toBeTruthy();
    state.callFunction.mockRejectedValueOnce({
      code: 'functions/failed-precondition',
      details: { reason: 'mail-broken' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText('No se pudo sincronizar')).toBeTruthy();
  });

  it('in English', async () => {
    state.threads = [thread('u1_t2', { messageCount: 1 })];
    state.callFunction.mockResolvedValueOnce({ added: 0, replies: 0, bounces: 0 });
    await render('contact', 'en');
    expect(screen.getByRole('button', { name: 'Write email' })).toBeTruthy();
    const row = screen.getByTestId('email-thread');
    expect(row.textContent).toContain("Ana López's mailbox");
    expect(row.textContent).toContain('1 message');
    expect(row.textContent).toContain('Received');
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('No new emails')).toBeTruthy();
  });
});
