import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PORTAL_FIELDS, type PortalView } from '@trato/model';
import type { PortalTicket, TicketPage } from './firebase/data';
import type { PortalUser } from './firebase/session';

// The data access is mocked (these are the screens' tests; the reads and calls themselves run
// against the local cloud in the journeys).
const session = vi.hoisted(() => ({
  user: null as PortalUser | null,
  listeners: [] as ((user: PortalUser | null) => void)[],
}));
vi.mock('./firebase/session', () => ({
  watchPortalUser: (callback: (user: PortalUser | null) => void) => {
    session.listeners.push(callback);
    callback(session.user);
    return () => undefined;
  },
  isPortalSignInLink: vi.fn(() => true),
  signInWithPortalLink: vi.fn(),
  signOutOfPortal: vi.fn(async () => {
    session.user = null;
    session.listeners.forEach((l) => l(null));
  }),
  portalIdToken: vi.fn(async () => null),
}));
vi.mock('./firebase/callables', () => ({ callPortal: vi.fn() }));
vi.mock('./firebase/data', () => ({
  listPortalTickets: vi.fn(),
  getPortalTicket: vi.fn(),
  listPublicReplies: vi.fn(),
  listShares: vi.fn(),
  getSharedDocument: vi.fn(),
  listFolderDocuments: vi.fn(),
}));

const { callPortal } = await import('./firebase/callables');
const data = await import('./firebase/data');
const sessionApi = await import('./firebase/session');
const { PortalApp } = await import('./PortalApp');

const site: PortalView = {
  slug: 'acme',
  name: 'Acme Soporte',
  logo: null,
  languages: ['es', 'en'],
  fields: DEFAULT_PORTAL_FIELDS,
  signup: 'contacts',
};
const opened = {
  organizationId: 'org1',
  contactId: 'c1',
  contactName: 'Ana Pérez',
  companyId: null,
  scope: 'contact' as const,
};
const ticket = (id: string, extra: Partial<PortalTicket> = {}): PortalTicket => ({
  id,
  subject: `Ticket ${id}`,
  status: 'In Progress',
  priority: null,
  description: null,
  attachments: [],
  conversationState: null,
  contactId: 'c1',
  companyName: null,
  createdAt: Date.UTC(2026, 10, 20),
  updatedAt: Date.UTC(2026, 10, 21),
  ...extra,
});
const refusal = (code: string, reason?: string) =>
  Object.assign(new Error('refused'), { code, details: reason ? { reason } : undefined });

type Call = (name: string, input: unknown) => Promise<unknown>;
function answer(handlers: Record<string, Call>) {
  vi.mocked(callPortal).mockImplementation(((name: string, input: unknown) =>
    handlers[name] ? handlers[name](name, input) : Promise.reject(new Error(`unexpected ${name}`))) as never);
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  vi.clearAllMocks();
  session.user = null;
  session.listeners = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  Object.defineProperty(navigator, 'languages', { value: ['es-ES'], configurable: true });
});
afterEach(() => at('/'));

describe('the portal', () => {
  it('says so when the portal does not exist or is off', async () => {
    at('/portal/nadie');
    answer({ getPortal: () => Promise.reject(refusal('functions/not-found', 'portal-not-found')) });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Este portal no existe o no está activo' }),
    ).toBeTruthy();
  });

  it('signed out: sends the link and says the same whatever the server knows', async () => {
    at('/portal/acme');
    answer({ getPortal: async () => site, requestPortalLink: async () => ({ sent: true }) });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(screen.getByText('Acme Soporte')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByText('Escribe tu correo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: ' Ana@Cliente.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(
      await screen.findByText('Te enviamos un enlace a ana@cliente.com. Ábrelo en este dispositivo.'),
    ).toBeTruthy();
    expect(callPortal).toHaveBeenCalledWith('requestPortalLink', {
      slug: 'acme',
      email: 'ana@cliente.com',
      language: 'es',
      continueUrl: window.location.origin,
    });
    expect(window.localStorage.getItem('trato.portal.email')).toBe('ana@cliente.com');
  });

  it('in English with ?lang=en, and switches language from the header', async () => {
    at('/portal/acme?lang=en');
    answer({ getPortal: async () => site });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Español' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(window.location.search).toBe('?lang=es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('signed in: opens the session and lists the tickets, with a badge for a new reply', async () => {
    at('/portal/acme');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.listPortalTickets).mockResolvedValue({
      tickets: [
        ticket('t1', { conversationState: 'waiting-on-customer' }),
        ticket('t2', { status: 'Closed' }),
      ],
      next: null,
    } satisfies TicketPage);
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Mis tickets' })).toBeTruthy();
    const first = (await screen.findByText('Ticket t1')).closest('li')!;
    expect(within(first).getByText('En curso')).toBeTruthy();
    expect(within(first).getByText('Nueva respuesta')).toBeTruthy();
    expect(within(screen.getByText('Ticket t2').closest('li')!).getByText('Cerrado')).toBeTruthy();
    expect(callPortal).toHaveBeenCalledWith('openPortalSession', { slug: 'acme' });
    expect(data.listPortalTickets).toHaveBeenCalledWith('org1', 'contact', 'c1', null);
    expect(screen.getByRole('navigation', { name: 'Secciones del portal' })).toBeTruthy();
  });

  it('empty: says so and offers a new ticket', async () => {
    at('/portal/acme');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.listPortalTickets).mockResolvedValue({ tickets: [], next: null });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByText('Aún no tienes tickets')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nuevo ticket' }).length).toBeGreaterThan(0);
  });

  it('refused by openPortalSession: no access, and signs out', async () => {
    at('/portal/acme');
    session.user = { uid: 'u1', email: 'otro@cliente.com' };
    answer({
      getPortal: async () => site,
      openPortalSession: () => Promise.reject(refusal('functions/permission-denied', 'no-access')),
    });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a este portal' })).toBeTruthy();
    expect(sessionApi.signOutOfPortal).toHaveBeenCalled();
  });

  it('a read refused because the access was revoked: says so and signs out', async () => {
    at('/portal/acme/tickets/t1');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.getPortalTicket).mockRejectedValue(refusal('permission-denied'));
    vi.mocked(data.listPortalTickets).mockRejectedValue(refusal('permission-denied'));
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Tu acceso a este portal fue retirado' })).toBeTruthy();
    expect(sessionApi.signOutOfPortal).toHaveBeenCalled();
  });

  it('a ticket that is not theirs (their own tickets still read): not found, still signed in', async () => {
    at('/portal/acme/tickets/ajeno');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.getPortalTicket).mockRejectedValue(refusal('permission-denied'));
    vi.mocked(data.listPortalTickets).mockResolvedValue({ tickets: [], next: null });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Este ticket no existe o no es tuyo.' })).toBeTruthy();
    expect(sessionApi.signOutOfPortal).not.toHaveBeenCalled();
  });

  it('a ticket: its conversation, a reply, and the next poll notices a revoked access', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      at('/portal/acme/tickets/t1');
      session.user = { uid: 'u1', email: 'ana@cliente.com' };
      answer({
        getPortal: async () => site,
        openPortalSession: async () => opened,
        replyPortalTicket: async () => ({ replyId: 'r3' }),
      });
      vi.mocked(data.getPortalTicket).mockResolvedValue(ticket('t1', { description: 'No puedo entrar' }));
      vi.mocked(data.listPublicReplies).mockResolvedValue([
        {
          id: 'r1',
          body: 'Hola, ¿qué pasa?',
          authorType: 'member',
          authorName: 'Luis',
          attachments: [],
          createdAt: 1,
        },
        {
          id: 'r2',
          body: 'Sigue fallando',
          authorType: 'customer',
          authorName: 'Ana',
          attachments: [],
          createdAt: 2,
        },
      ]);
      render(
        <StrictMode>
          <PortalApp />
        </StrictMode>,
      );
      expect(await screen.findByRole('heading', { name: 'Ticket t1' })).toBeTruthy();
      expect(screen.getByText('No puedo entrar')).toBeTruthy();
      expect(screen.getByText('Luis')).toBeTruthy();
      expect(screen.getByText('Tú')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Tu respuesta'), { target: { value: 'Gracias' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
      expect(await screen.findByText('Respuesta enviada.')).toBeTruthy();
      expect(callPortal).toHaveBeenCalledWith('replyPortalTicket', {
        slug: 'acme',
        ticketId: 't1',
        body: 'Gracias',
        uploadIds: [],
      });

      // Revoked meanwhile: the next poll's read is refused, and so are their own tickets.
      vi.mocked(data.getPortalTicket).mockRejectedValue(refusal('permission-denied'));
      vi.mocked(data.listPortalTickets).mockRejectedValue(refusal('permission-denied'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'Tu acceso a este portal fue retirado' })).toBeTruthy(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a closed ticket takes no reply', async () => {
    at('/portal/acme/tickets/t9');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.getPortalTicket).mockResolvedValue(ticket('t9', { status: 'Closed' }));
    vi.mocked(data.listPublicReplies).mockResolvedValue([]);
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByText('Este ticket está cerrado')).toBeTruthy();
    expect(screen.queryByLabelText('Tu respuesta')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cerrar ticket' })).toBeNull();
  });

  it('new ticket: the subject is required; a refusal keeps the form with the reason in words', async () => {
    at('/portal/acme/tickets/nuevo');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({
      getPortal: async () => site,
      openPortalSession: async () => opened,
      createPortalTicket: () => Promise.reject(refusal('functions/invalid-argument', 'field-not-settable')),
    });
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Nuevo ticket' })).toBeTruthy();
    // Priority is only visible on this site: no field for it.
    expect(screen.queryByLabelText('Prioridad')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    expect(await screen.findByText('Escribe el asunto.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Asunto/), { target: { value: 'No llega la factura' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Desde el lunes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    expect(await screen.findByText('Este portal no permite indicar uno de los datos enviados.')).toBeTruthy();
    expect(callPortal).toHaveBeenCalledWith('createPortalTicket', {
      slug: 'acme',
      subject: 'No llega la factura',
      description: 'Desde el lunes',
      uploadIds: [],
    });
    expect((screen.getByLabelText(/Asunto/) as HTMLInputElement).value).toBe('No llega la factura');
  });

  it('documents: empty, and a shared folder with its files', async () => {
    at('/portal/acme/documentos');
    session.user = { uid: 'u1', email: 'ana@cliente.com' };
    answer({ getPortal: async () => site, openPortalSession: async () => opened });
    vi.mocked(data.listShares).mockResolvedValue([]);
    const { unmount } = render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByText('No hay documentos compartidos contigo')).toBeTruthy();
    unmount();

    vi.mocked(data.listShares).mockResolvedValue([
      { id: 'c1_f1', targetType: 'folder', targetId: 'f1', targetName: 'Contratos', createdAt: 1 },
    ]);
    vi.mocked(data.listFolderDocuments).mockResolvedValue([
      {
        id: 'd1',
        fileName: 'contrato.pdf',
        storagePath: 'organizations/org1/documents/d1/contrato.pdf',
        size: 2048,
        mimeType: 'application/pdf',
        createdAt: 1,
      },
    ]);
    render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    );
    expect(await screen.findByText('contrato.pdf')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Contratos/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar contrato.pdf' })).toBeTruthy();
    expect(data.listFolderDocuments).toHaveBeenCalledWith('org1', 'f1');
  });
});
