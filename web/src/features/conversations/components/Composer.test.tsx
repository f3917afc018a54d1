// The composer (issue 33) as composerMode says: free text inside the 24-hour window (Enter sends,
// Shift+Enter does not, the button is disabled while sending), only templates outside it, and in
// words why nothing can be sent (not connected — with the way to Ajustes → Canales for admins —
// opted out, no consent, no phone, no right). A refused send keeps the text and says why.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { resetWa, wa } from '../test/waMock';
import type { ComposerState } from './Composer';

vi.mock('@/firebase/dataApi', async () => (await import('../test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('../test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('../test/waMock')).waWritesMock());

const { Composer } = await import('./Composer');

const FREE: ComposerState = { mode: 'free-form', closesAtMs: Date.now() + 3_600_000 };

function render(
  state: ComposerState,
  {
    language = 'es',
    canSend = true,
    isAdmin = true,
    consentGranted = true,
    channelStatus = 'connected',
  }: {
    language?: 'es' | 'en';
    canSend?: boolean;
    isAdmin?: boolean;
    consentGranted?: boolean;
    channelStatus?: 'connected' | 'broken' | null;
  } = {},
) {
  return renderWithApp(
    <MemoryRouter>
      <Composer
        organizationId="org1"
        contactId="c1"
        contactName="Julia Pérez"
        state={state}
        consentGranted={consentGranted}
        channelStatus={channelStatus}
        canSend={canSend}
        isAdmin={isAdmin}
        templateValues={{ fullName: 'Julia Pérez', company: 'Café Copán', senderName: 'Ana López' }}
      />
    </MemoryRouter>,
    { language },
  );
}

const box = () => screen.getByRole('textbox', { name: /^(Mensaje|Message)$/ });
const type = (value: string) => fireEvent.change(box(), { target: { value } });

beforeEach(() => {
  resetWa();
  wa.callFunction.mockResolvedValue({ messageId: 'm1', status: 'pending', failure: null });
});

describe('Composer', { timeout: 30_000 }, () => {
  it('sends a free text inside the window with Enter, and clears it', async () => {
    await render(FREE);
    expect(screen.getByText('Intro envía · Mayús+Intro, nueva línea')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type('Hola Julia, ¿cómo le fue?');
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(wa.callFunction).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() =>
      expect(wa.callFunction).toHaveBeenCalledWith('sendWhatsApp', {
        organizationId: 'org1',
        contactId: 'c1',
        text: 'Hola Julia, ¿cómo le fue?',
      }),
    );
    await waitFor(() => expect((box() as HTMLTextAreaElement).value).toBe(''));
  });

  it("disables 'Enviar' while sending", async () => {
    let finish: (value: unknown) => void = () => undefined;
    wa.callFunction.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await render(FREE);
    type('Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const busy = await screen.findByRole('button', { name: 'Enviando…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(wa.callFunction).toHaveBeenCalledTimes(1);
    finish({ messageId: 'm1', status: 'pending', failure: null });
    await screen.findByRole('button', { name: 'Enviar' });
  });

  it('keeps the text and says why when the callable refuses (details.reason)', async () => {
    wa.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      message: 'window closed',
      details: { reason: 'window-closed' },
    });
    await render(FREE);
    type('¿Sigue interesada?');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se envió: la ventana de 24 horas está cerrada.',
    );
    expect((box() as HTMLTextAreaElement).value).toBe('¿Sigue interesada?');
  });

  it("keeps the text and says why when the platform refused it (the answer's failure)", async () => {
    wa.callFunction.mockResolvedValue({ messageId: 'm1', status: 'failed', failure: 'not-on-whatsapp' });
    await render(FREE, { language: 'en' });
    type('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Not sent: the number is not on WhatsApp.',
    );
    expect((box() as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says the general reason of other failures, never the raw message', async () => {
    wa.callFunction.mockRejectedValue({ code: 'functions/unavailable', message: 'fetch failed' });
    await render(FREE);
    type('Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sin conexión con el servidor');
    expect(alert.textContent).not.toContain('fetch failed');
  });

  it('outside the window: the text box is disabled with the reason, and only a template can go', async () => {
    await render({ mode: 'template-only' });
    expect((box() as HTMLTextAreaElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'El contacto no te ha escrito en las últimas 24 horas: solo puedes enviar una plantilla aprobada.',
      ),
    ).toBeTruthy();
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar plantilla' })).toBeTruthy();
  });

  it('inside the window offers a template too, but not to a contact without consent', async () => {
    const { unmount } = await render(FREE);
    expect(screen.getByRole('button', { name: 'Enviar plantilla' })).toBeTruthy();
    unmount();
    await render(FREE, { consentGranted: false });
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar plantilla' })).toBeNull();
  });

  it('not connected: admins get the way to Ajustes → Canales, others are told to ask one', async () => {
    const { unmount } = await render({ mode: 'not-connected' }, { channelStatus: null });
    expect(screen.getByText(/WhatsApp no está conectado en esta organización/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conectar en Ajustes → Canales' }).getAttribute('href')).toBe(
      '/ajustes?tab=canales',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();
    await render({ mode: 'not-connected' }, { channelStatus: 'broken', isAdmin: false, language: 'en' });
    expect(screen.getByText(/The WhatsApp connection stopped working/)).toBeTruthy();
    expect(screen.getByText(/Ask an administrator to connect it in Settings → Channels/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['opted-out', 'Este contacto se dio de baja de WhatsApp: no se le pueden enviar mensajes.'],
    [
      'no-consent',
      'Este contacto no ha dado su consentimiento para WhatsApp: podrás responderle cuando te escriba.',
    ],
    ['no-phone', 'Este contacto no tiene un teléfono válido para WhatsApp. Añádelo en su ficha.'],
  ] as const)('%s: says why, and nothing can be sent', async (mode, text) => {
    await render({ mode });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('without conversations.create there is no composer', async () => {
    await render(FREE, { canSend: false });
    expect(screen.getByText('No tienes permiso para enviar mensajes de WhatsApp.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("'Enviar plantilla' picks an approved template, shows it with the contact's values and sends it", async () => {
    wa.templates = [
      {
        id: 't1',
        name: 'seguimiento',
        language: 'es',
        category: 'marketing',
        header: 'Hola {{1}}',
        body: 'Le escribe {{1}} de {{2}}. ¿Le interesa la oferta?',
        footer: 'Responda BAJA para no recibir más',
        buttons: ['Sí', 'No'],
        variables: [
          { source: 'firstName', fallback: 'cliente' },
          { source: 'senderName', fallback: 'el equipo' },
          { source: 'company', fallback: 'su empresa' },
        ],
        status: 'approved',
      },
      {
        id: 't2',
        name: 'recordatorio',
        language: 'en',
        category: 'utility',
        header: null,
        body: 'Reminder for {{1}}',
        footer: null,
        buttons: [],
        variables: [{ source: 'city', fallback: 'your city' }],
        status: 'approved',
      },
    ];
    await render({ mode: 'template-only' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar plantilla' }));
    const group = await screen.findByRole('radiogroup', { name: 'Plantillas aprobadas' });
    expect(group.textContent).toContain('seguimiento');
    expect(group.textContent).toContain('Español · Marketing');
    expect(screen.getByTestId('template-preview').textContent).toContain(
      'Hola Julia\n\nLe escribe Ana López de Café Copán. ¿Le interesa la oferta?\n\nResponda BAJA para no recibir más',
    );
    fireEvent.click(screen.getByRole('radio', { name: /recordatorio/ }));
    expect(screen.getByTestId('template-preview').textContent).toBe('Reminder for your city');
    wa.callFunction.mockRejectedValueOnce({
      code: 'functions/failed-precondition',
      details: { reason: 'template-missing' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se envió: la plantilla no existe o no está aprobada.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wa.callFunction).toHaveBeenLastCalledWith('sendWhatsApp', {
      organizationId: 'org1',
      contactId: 'c1',
      templateId: 't2',
    });
  });

  it('says when there is no approved template', async () => {
    await render({ mode: 'template-only' }, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Send template' }));
    expect(await screen.findByText('No approved templates.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
