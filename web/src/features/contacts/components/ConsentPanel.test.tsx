// A contact's 'Consentimiento' (issue 31): the consent's history newest first (status, source,
// when, the text, who recorded it), and for a member with contacts.edit the form that records it
// given or withdrawn through setContactConsent, keeping the text when the call is refused.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const RECORDS = [
  {
    id: 'k2',
    contactId: 'c1',
    channel: 'email',
    status: 'withdrawn',
    source: 'unsubscribe',
    sourceId: 'cmp1',
    text: null,
    language: 'es',
    recordedBy: null,
    createdAt: at('2026-05-20T15:00:00Z'),
  },
  {
    id: 'k1',
    contactId: 'c1',
    channel: 'email',
    status: 'granted',
    source: 'manual',
    sourceId: null,
    text: 'Por teléfono, 12 de mayo',
    language: 'es',
    recordedBy: 'u2',
    createdAt: at('2026-05-12T15:00:00Z'),
  },
];

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  canEdit: true,
  list: {} as Record<string, unknown>,
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    describeCallableError,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ orgId, id, values }),
    usePagedList: (request: unknown, pageSize: number) => {
      state.requests.push({ request, pageSize });
      return state.list;
    },
    useLiveList: () => ({
      status: 'success',
      data: [{ id: 'u2', fullName: 'Marta Díaz' }],
      error: null,
    }),
    useMembership: () => ({ ...dataApiMock.useMembership(), can: () => state.canEdit }),
  };
});

const { ConsentPanel, CONSENT_PAGE_SIZE } = await import('./ConsentPanel');

const paged = (rows: unknown[], more: Partial<Record<string, unknown>> = {}) => ({
  status: 'success',
  rows,
  error: null,
  total: { value: rows.length, more: false },
  page: 0,
  pageSize: CONSENT_PAGE_SIZE,
  hasNext: false,
  hasPrevious: false,
  next: vi.fn(),
  previous: vi.fn(),
  ...more,
});
const contact = (emailConsent?: string, more: Record<string, unknown> = {}) =>
  ({ id: 'c1', name: 'Julia Pérez', emailConsent, ...more }) as never;
const text = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Cómo se/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));

beforeEach(() => {
  state.callFunction.mockReset().mockResolvedValue({ consentId: 'k3' });
  state.canEdit = true;
  state.list = paged(RECORDS);
  state.requests = [];
});

describe('ConsentPanel', { timeout: 40_000 }, () => {
  it("lists the contact's consent records, newest first, a page at a time", async () => {
    await renderWithApp(<ConsentPanel contact={contact('withdrawn')} />);
    expect(state.requests[0]).toEqual({
      request: { orgId: 'org1', id: 'consents.byContact', values: { contactId: 'c1' } },
      pageSize: CONSENT_PAGE_SIZE,
    });
    const items = within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // The contact's own unsubscribe: no text, recorded by the contact.
    expect(items[0]!.textContent).toContain('Retirado');
    expect(items[0]!.textContent).toContain('Baja');
    expect(items[0]!.textContent).toContain('Registrado por el contacto');
    // A member's entry: the text they typed and their name.
    expect(items[1]!.textContent).toContain('Con consentimiento');
    expect(items[1]!.textContent).toContain('Registro manual');
    expect(items[1]!.textContent).toContain('Por teléfono, 12 de mayo');
    expect(items[1]!.textContent).toContain('Registrado por Marta Díaz');
    expect(items[1]!.textContent).toMatch(/12 may 2026/);
  });

  it('in English too', async () => {
    await renderWithApp(<ConsentPanel contact={contact('withdrawn')} />, {
      language: 'en',
    });
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Recorded by the contact');
    expect(items[1]!.textContent).toContain('Entered by a member');
    expect(screen.getByRole('textbox', { name: /^How it was obtained/ })).toBeTruthy();
  });

  it('records consent given with how it was obtained', async () => {
    await renderWithApp(<ConsentPanel contact={contact()} />);
    expect(screen.getByRole('combobox', { name: /^Cambio/ }).textContent).toBe('Dio su consentimiento');
    fireEvent.change(text(), { target: { value: '  En la feria, 3 de junio ' } });
    submit();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('setContactConsent', {
        organizationId: 'org1',
        contactId: 'c1',
        status: 'granted',
        text: 'En la feria, 3 de junio',
        channel: 'email',
      }),
    );
    expect(await screen.findByText('Consentimiento registrado')).toBeTruthy();
    // Emptied, and ready for the opposite change.
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Cómo lo retiró/ }).value).toBe('');
  });

  it('a contact who consented: the form offers the withdrawal', async () => {
    await renderWithApp(<ConsentPanel contact={contact('granted')} />);
    expect(screen.getByRole('combobox', { name: /^Cambio/ }).textContent).toBe('Retiró su consentimiento');
    fireEvent.change(screen.getByRole('textbox', { name: /^Cómo lo retiró/ }), {
      target: { value: 'Lo pidió por correo' },
    });
    submit();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith(
        'setContactConsent',
        expect.objectContaining({ status: 'withdrawn', text: 'Lo pidió por correo' }),
      ),
    );
  });

  it('refuses an empty text', async () => {
    await renderWithApp(<ConsentPanel contact={contact()} />);
    fireEvent.change(text(), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('Escribe cómo se obtuvo o se retiró')).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it('a refused call says why and keeps the text', async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/permission-denied',
      message: 'no right',
      details: { reason: 'no-right' },
    });
    await renderWithApp(<ConsentPanel contact={contact()} />);
    fireEvent.change(text(), { target: { value: 'Por teléfono' } });
    submit();
    expect(await screen.findByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(screen.getByText(/No se pudo registrar/)).toBeTruthy();
    expect(text().value).toBe('Por teléfono');
    expect(screen.getByRole('button', { name: 'Registrar' })).toHaveProperty('disabled', false);
  });

  it('a failure without a reason of its own reads as the general error', async () => {
    state.callFunction.mockRejectedValue({ code: 'functions/unavailable', message: 'offline' });
    await renderWithApp(<ConsentPanel contact={contact()} />);
    fireEvent.change(text(), { target: { value: 'Por teléfono' } });
    submit();
    expect(await screen.findByText(/Sin conexión con el servidor/)).toBeTruthy();
  });

  it('a member without contacts.edit sees the history only', async () => {
    state.canEdit = false;
    await renderWithApp(<ConsentPanel contact={contact('granted')} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Historial' })).toBeTruthy();
  });

  it('loading, empty and failed history', async () => {
    state.list = paged([], { status: 'loading' });
    const view = await renderWithApp(<ConsentPanel contact={contact()} />);
    expect(screen.getByText('Cargando...')).toBeTruthy();
    state.list = paged([]);
    view.rerender(<ConsentPanel contact={contact()} />);
    expect(screen.getByTestId('empty-state').textContent).toBe(
      'Aún no hay ningún consentimiento registrado.',
    );
    state.list = paged([], {
      status: 'error',
      error: { code: 'permission-denied', message: 'denied' },
    });
    view.rerender(<ConsentPanel contact={contact()} />);
    expect(screen.getByText('No se pudo cargar el historial.')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });

  it('shows the status now on each channel', async () => {
    await renderWithApp(<ConsentPanel contact={contact('granted', { whatsappConsent: 'withdrawn' })} />);
    expect(screen.getByTestId('consent-now-email').textContent).toBe('EmailCon consentimiento');
    expect(screen.getByTestId('consent-now-whatsapp').textContent).toBe('WhatsAppRetirado');
    await renderWithApp(<ConsentPanel contact={contact()} />);
    expect(screen.getAllByTestId('consent-now-whatsapp')[1]!.textContent).toBe('WhatsAppSin registrar');
  });

  it("the history names each record's channel", async () => {
    state.list = paged([{ ...RECORDS[0], channel: 'whatsapp', source: 'keyword' }, RECORDS[1]]);
    await renderWithApp(<ConsentPanel contact={contact()} />);
    const items = within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    expect(within(items[0]!).getByTestId('consent-channel').textContent).toBe('WhatsApp');
    expect(items[0]!.textContent).toContain('Palabra de baja por WhatsApp');
    expect(within(items[1]!).getByTestId('consent-channel').textContent).toBe('Email');
  });

  it('records WhatsApp consent, offering the change its status calls for', async () => {
    await renderWithApp(
      <ConsentPanel contact={contact('withdrawn', { phone: '9999-8888', whatsappConsent: 'granted' })} />,
    );
    expect(screen.getByRole('combobox', { name: /^Canal/ }).textContent).toBe('Email');
    expect(screen.getByRole('combobox', { name: /^Cambio/ }).textContent).toBe('Dio su consentimiento');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Canal/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    expect(screen.getByRole('combobox', { name: /^Cambio/ }).textContent).toBe('Retiró su consentimiento');
    fireEvent.change(screen.getByRole('textbox', { name: /^Cómo lo retiró/ }), {
      target: { value: 'Lo pidió por WhatsApp' },
    });
    submit();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('setContactConsent', {
        organizationId: 'org1',
        contactId: 'c1',
        status: 'withdrawn',
        text: 'Lo pidió por WhatsApp',
        channel: 'whatsapp',
      }),
    );
  });

  it('WhatsApp needs a phone: said under the channel, and the refusal in words', async () => {
    await renderWithApp(<ConsentPanel contact={contact()} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Canal/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    expect(screen.getByText(/Este contacto no tiene teléfono/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrar' })).toHaveProperty('disabled', true);
    // The server says so too (the phone was just removed elsewhere).
    state.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      details: { reason: 'no-phone' },
    });
    await renderWithApp(<ConsentPanel contact={contact(undefined, { phone: 'x' })} />);
    const [, second] = screen.getAllByRole('combobox', { name: /^Canal/ });
    fireEvent.mouseDown(second!);
    fireEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    const [, textBox] = screen.getAllByRole<HTMLTextAreaElement>('textbox', { name: /^Cómo se/ });
    fireEvent.change(textBox!, { target: { value: 'En la tienda' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Registrar' })[1]!);
    expect(await screen.findByText(/no tiene un teléfono que WhatsApp acepte/)).toBeTruthy();
    expect(textBox!.value).toBe('En la tienda');
  });

  it('more records than a page: the pager moves on', async () => {
    state.list = paged(RECORDS, { hasNext: true, total: { value: 14, more: false } });
    await renderWithApp(<ConsentPanel contact={contact()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect((state.list as { next: ReturnType<typeof vi.fn> }).next).toHaveBeenCalled();
  });
});
