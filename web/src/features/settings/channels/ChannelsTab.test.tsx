// Ajustes → Canales (issue 33): connecting the organization's WhatsApp Business number (the form's
// checks, each refusal in words with what was typed kept), the connected number live from
// channels/whatsapp (status, who connected it, 'Requiere atención' with the platform's words,
// 'Desconectar' after a confirmation), the opt-out keywords and calling code, and the webhook
// address with the local WhatsApp's note.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  channel: { status: 'success', data: null, error: null } as Record<string, unknown>,
  paths: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    orgRecordPath: (orgId: string, collection: string, id: string) =>
      `organizations/${orgId}/${collection}/${id}`,
    useDocument: (path: unknown) => {
      state.paths.push(path);
      return state.channel;
    },
    orgRequest: (orgId: string, id: string) => ({ orgId, id }),
    useLiveList: () => ({ status: 'success', data: [{ id: 'u1', fullName: 'Ana López' }], error: null }),
  };
});

const { ChannelsTab } = await import('./ChannelsTab');

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const CHANNEL = {
  id: 'whatsapp',
  status: 'connected',
  phoneNumberId: '100000000000011',
  wabaId: '100000000000010',
  displayPhoneNumber: '+504 9999 0000',
  verifiedName: 'Distribuidora Maya',
  callingCode: '504',
  optOutKeywords: ['STOP', 'BAJA', 'PARAR', 'CANCELAR'],
  lastError: null,
  connectedBy: 'u1',
  connectedAt: at('2026-11-20T15:00:00Z'),
  updatedAt: at('2026-11-20T15:00:00Z'),
};
const connected = (extra: Record<string, unknown> = {}) => {
  state.channel = { status: 'success', data: { ...CHANNEL, ...extra }, error: null };
};
const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const token = () => screen.getByLabelText<HTMLInputElement>(/^Token de acceso/);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const fillConnect = () => {
  type(field(/^ID del número de teléfono/), ' 106540352242922 ');
  type(field(/^ID de la cuenta de WhatsApp Business/), '102290129340398');
  type(token(), 'EAAB-secret');
};
const connectButton = () => screen.getByRole('button', { name: 'Conectar' });

beforeEach(() => {
  state.callFunction.mockReset();
  state.channel = { status: 'success', data: null, error: null };
  state.paths = [];
});

describe('ChannelsTab: not connected', { timeout: 40_000 }, () => {
  it('explains what is needed and connects with the three values', async () => {
    state.callFunction.mockResolvedValue({ displayPhoneNumber: '+504 9999 0000', verifiedName: 'Maya' });
    await renderWithApp(<ChannelsTab />);
    expect(state.paths[0]).toBe('organizations/org1/channels/whatsapp');
    expect(screen.getByTestId('whatsapp-status').textContent).toContain('No conectado');
    expect(screen.getByText(/WhatsApp Business Platform/)).toBeTruthy();
    expect(screen.getByText(/whatsapp_business_messaging y whatsapp_business_management/)).toBeTruthy();
    // The token is a password field, with a labelled toggle.
    expect(token().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar el token' }));
    expect(token().type).toBe('text');
    fillConnect();
    fireEvent.click(connectButton());
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('connectWhatsApp', {
        organizationId: 'org1',
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        accessToken: 'EAAB-secret',
      }),
    );
    expect(await screen.findByText('WhatsApp conectado')).toBeTruthy();
  });

  it('checks the fields before calling', async () => {
    await renderWithApp(<ChannelsTab />);
    type(field(/^ID del número de teléfono/), '+504 9999');
    fireEvent.click(connectButton());
    expect(await screen.findByText('Escribe solo dígitos, sin espacios ni signos')).toBeTruthy();
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(field(/^ID del número de teléfono/).getAttribute('aria-invalid')).toBe('true');
    // The message is tied to its field.
    const id = field(/^ID del número de teléfono/).getAttribute('aria-describedby')!;
    expect(document.getElementById(id)!.textContent).toBe('Escribe solo dígitos, sin espacios ni signos');
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  const REFUSALS: [string, Record<string, unknown>, RegExp, RegExp | null][] = [
    ['number-taken', {}, /ya está conectado a otra organización/, /^ID del número de teléfono/],
    ['token-refused', {}, /Meta rechazó el token/, null],
    ['number-not-found', {}, /Meta no encuentra ese número/, /^ID del número de teléfono/],
    ['not-member', {}, /Ya no perteneces a esta organización/, null],
    ['no-right', {}, /Solo los administradores/, null],
    ['subscription-inactive', {}, /necesitas una suscripción activa/, null],
    ['invalid-input', { field: 'wabaId' }, /Revisa el dato marcado/, /^ID de la cuenta de WhatsApp Business/],
  ];
  for (const [reason, extra, words, marked] of REFUSALS)
    it(`a refusal (${reason}) says why and keeps what was typed`, async () => {
      state.callFunction.mockRejectedValue({
        code: 'functions/failed-precondition',
        message: 'refused',
        details: { reason, ...extra },
      });
      await renderWithApp(<ChannelsTab />);
      fillConnect();
      fireEvent.click(connectButton());
      const alert = await screen.findByTestId('whatsapp-connect-error');
      expect(alert.textContent).toMatch(words);
      expect(alert.textContent).toContain('No se pudo conectar.');
      expect(field(/^ID del número de teléfono/).value).toBe(' 106540352242922 ');
      expect(field(/^ID de la cuenta de WhatsApp Business/).value).toBe('102290129340398');
      expect(token().value).toBe('EAAB-secret');
      if (marked) expect(field(marked).getAttribute('aria-invalid')).toBe('true');
      if (reason === 'token-refused') expect(token().getAttribute('aria-invalid')).toBe('true');
      expect(connectButton()).toHaveProperty('disabled', false);
    });

  it('a failure without a reason reads as the general error', async () => {
    state.callFunction.mockRejectedValue({ code: 'functions/unavailable', message: 'offline' });
    await renderWithApp(<ChannelsTab />);
    fillConnect();
    fireEvent.click(connectButton());
    expect((await screen.findByTestId('whatsapp-connect-error')).textContent).toMatch(/Sin conexión/);
  });

  it('in English too', async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/permission-denied',
      details: { reason: 'token-refused' },
    });
    await renderWithApp(<ChannelsTab />, { language: 'en' });
    type(screen.getByRole('textbox', { name: /^Phone number ID/ }), '1');
    type(screen.getByRole('textbox', { name: /^WhatsApp Business Account ID/ }), '2');
    type(screen.getByLabelText(/^Access token/), 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByTestId('whatsapp-connect-error')).textContent).toMatch(
      /Meta refused the token/,
    );
  });

  it('on the local cloud: the local page, its number, and a button that types it', async () => {
    await renderWithApp(<ChannelsTab />);
    const note = screen.getByTestId('whatsapp-local');
    expect(within(note).getByRole('link', { name: 'http://127.0.0.1:9650/' })).toBeTruthy();
    expect(note.textContent).toContain('100000000000011');
    expect(note.textContent).toContain('EAATRATOLOCAL000000000000000000000');
    expect(screen.getByTestId('whatsapp-webhook-url').textContent).toBe(
      'http://127.0.0.1:5001/demo-trato/us-central1/whatsappWebhook',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Usar el número de prueba' }));
    expect(field(/^ID del número de teléfono/).value).toBe('100000000000011');
    expect(field(/^ID de la cuenta de WhatsApp Business/).value).toBe('100000000000010');
  });

  it('copies the webhook address', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(<ChannelsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:5001/demo-trato/us-central1/whatsappWebhook'),
    );
    expect(await screen.findByText('Dirección copiada')).toBeTruthy();
  });

  it('loading and a failed read', async () => {
    state.channel = { status: 'loading', data: null, error: null };
    const view = await renderWithApp(<ChannelsTab />);
    expect(screen.getByText('Cargando...')).toBeTruthy();
    state.channel = { status: 'error', data: null, error: { code: 'permission-denied', message: 'x' } };
    view.rerender(<ChannelsTab />);
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });
});

describe('ChannelsTab: connected', { timeout: 40_000 }, () => {
  it('shows the number, its verified name and who connected it', async () => {
    connected();
    await renderWithApp(<ChannelsTab />);
    expect(screen.getByTestId('whatsapp-status').textContent).toContain('Conectado');
    expect(screen.getByTestId('whatsapp-number').textContent).toBe('+504 9999 0000');
    expect(screen.getByText('Distribuidora Maya')).toBeTruthy();
    expect(screen.getByText(/Ana López, el 20 de noviembre de 2026/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Conectar WhatsApp Business' })).toBeNull();
    expect(screen.queryByTestId('whatsapp-broken')).toBeNull();
  });

  it("broken: 'Requiere atención' with the platform's words, and connecting again keeps the ids", async () => {
    connected({ status: 'broken', lastError: 'Error validating access token: Session has expired' });
    state.callFunction.mockResolvedValue({ displayPhoneNumber: '+504 9999 0000', verifiedName: 'Maya' });
    await renderWithApp(<ChannelsTab />);
    expect(screen.getByTestId('whatsapp-status').textContent).toContain('Requiere atención');
    expect(screen.getByTestId('whatsapp-broken').textContent).toContain('Session has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Conectar de nuevo' }));
    expect(field(/^ID del número de teléfono/).value).toBe('100000000000011');
    type(token(), 'EAAB-new');
    fireEvent.click(connectButton());
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('connectWhatsApp', {
        organizationId: 'org1',
        phoneNumberId: '100000000000011',
        wabaId: '100000000000010',
        accessToken: 'EAAB-new',
      }),
    );
  });

  it('disconnects after a confirmation', async () => {
    connected();
    state.callFunction.mockResolvedValue({ disconnected: true });
    await renderWithApp(<ChannelsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desconectar WhatsApp?' });
    expect(dialog.textContent).toContain('+504 9999 0000');
    expect(state.callFunction).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('disconnectWhatsApp', { organizationId: 'org1' }),
    );
    expect(await screen.findByText('WhatsApp desconectado')).toBeTruthy();
  });

  it('saves the keywords and the calling code, with its example', async () => {
    connected();
    state.callFunction.mockResolvedValue({ saved: true });
    await renderWithApp(<ChannelsTab />);
    const list = screen.getByRole('list', { name: 'Palabras de baja actuales' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['STOP', 'BAJA', 'PARAR', 'CANCELAR']);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar PARAR' }));
    const input = field(/^Añadir palabra/);
    type(input, 'Alto, SALIR');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['STOP', 'BAJA', 'CANCELAR', 'Alto', 'SALIR']);
    expect(screen.getByTestId('calling-code-example').textContent).toBe(
      'Ejemplo: 9999-8888 → +504 9999 8888',
    );
    type(field(/^Código de país/), '+502');
    expect(field(/^Código de país/).value).toBe('502');
    expect(screen.getByTestId('calling-code-example').textContent).toBe(
      'Ejemplo: 9999-8888 → +502 9999 8888',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('setWhatsAppSettings', {
        organizationId: 'org1',
        optOutKeywords: ['STOP', 'BAJA', 'CANCELAR', 'Alto', 'SALIR'],
        callingCode: '502',
      }),
    );
    expect(await screen.findByText('Ajustes de WhatsApp guardados')).toBeTruthy();
  });

  it('refuses a repeated, a too long, an eleventh or no keyword, and a missing code', async () => {
    connected({ optOutKeywords: ['STOP', 'BAJA', 'PARAR', 'CANCELAR', 'A', 'B', 'C', 'D', 'E'] });
    await renderWithApp(<ChannelsTab />);
    const input = field(/^Añadir palabra/);
    type(input, 'stóp');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(screen.getByText('Esa palabra ya está en la lista')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    type(input, 'x'.repeat(21));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(screen.getByText('Como máximo 20 caracteres')).toBeTruthy();
    type(input, 'F');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    type(input, 'G');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(screen.getByText('Como máximo 10 palabras')).toBeTruthy();
    expect(input.value).toBe('G');
    for (const word of ['STOP', 'BAJA', 'PARAR', 'CANCELAR', 'A', 'B', 'C', 'D', 'E', 'F'])
      fireEvent.click(screen.getByRole('button', { name: `Quitar ${word}` }));
    type(input, '');
    type(field(/^Código de país/), '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Deja al menos una palabra de baja')).toBeTruthy();
    expect(screen.getByText('Escribe de 1 a 3 dígitos, sin el +, por ejemplo 504')).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it('a refused save says why and keeps the values', async () => {
    connected();
    state.callFunction.mockRejectedValue({
      code: 'functions/permission-denied',
      details: { reason: 'not-admin' },
    });
    await renderWithApp(<ChannelsTab />);
    type(field(/^Código de país/), '1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText(/Solo los administradores pueden cambiar el canal/)).toBeTruthy();
    expect(field(/^Código de país/).value).toBe('1');
  });
});
