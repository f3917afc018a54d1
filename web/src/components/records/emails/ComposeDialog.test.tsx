// 'Escribir email' / 'Responder' (issue 32): the checks the server would make, said in the member's
// language before any call; the call sendContactEmail gets; a refused send keeps what was typed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_RECIPIENTS_MAX } from '@trato/model';
import { renderWithApp } from '@/test/render';
import type { Composing } from './EmailsView';

const state = vi.hoisted(() => ({ callFunction: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  return { ...dataApiMock, callFunction: state.callFunction, describeCallableError };
});

const { default: ComposeDialog } = await import('./ComposeDialog');

const onSent = vi.fn();
const onClose = vi.fn();
const render = (composing: Composing, language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <ComposeDialog composing={composing} from="ana@trato.demo" onClose={onClose} onSent={onSent} />,
    { language },
  );
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: /^(Enviar|Send)$/ }));
const chips = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  state.callFunction.mockReset().mockResolvedValue({ messageKey: 'u1_g9', threadKey: 'u1_t9' });
  onSent.mockReset();
  onClose.mockReset();
});

describe('ComposeDialog', { timeout: 40_000 }, () => {
  it('checks the form before sending: a recipient, valid addresses, a subject and a body', async () => {
    await render({ contactId: 'c1', to: [] });
    expect(screen.getByRole('heading', { name: 'Escribir email' })).toBeTruthy();
    expect(screen.getByText('Se enviará desde tu Gmail: ana@trato.demo')).toBeTruthy();
    send();
    expect(await screen.findByText('Añade al menos un destinatario.')).toBeTruthy();
    expect(screen.getByText('Escribe un asunto.')).toBeTruthy();
    expect(screen.getByText('Escribe el mensaje.')).toBeTruthy();
    // A typed address that is not one: shown as a chip, and refused with its name.
    type(/^Para/, 'no-es-un-email');
    fireEvent.blur(field(/^Para/));
    expect(chips('Destinatarios')).toEqual(['no-es-un-email']);
    type(/^Cc/, 'luis@');
    send();
    expect(await screen.findByText('Dirección no válida: no-es-un-email')).toBeTruthy();
    expect(screen.getByText('Dirección no válida: luis@')).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it(`refuses more than ${EMAIL_RECIPIENTS_MAX} recipients in To and Cc`, async () => {
    const many = Array.from({ length: EMAIL_RECIPIENTS_MAX }, (_, i) => `p${i}@cliente.hn`);
    await render({ contactId: 'c1', to: many });
    type(/^Cc/, 'uno.mas@cliente.hn');
    type(/^Asunto/, 'Hola');
    type(/^Mensaje/, 'Hola');
    send();
    expect(
      await screen.findByText(`Como máximo ${EMAIL_RECIPIENTS_MAX} destinatarios entre Para y Cc.`),
    ).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it('sends to the contact (prefilled) and the Cc typed, with the merge fields, and opens the conversation', async () => {
    await render({ contactId: 'c1', to: ['julia@cliente.hn'] });
    expect(chips('Destinatarios')).toEqual(['julia@cliente.hn']);
    // A separator ends an address; the same one twice is kept once.
    type(/^Cc/, 'Luis@Cliente.hn,');
    type(/^Cc/, 'luis@cliente.hn ');
    expect(chips('Con copia')).toEqual(['Luis@Cliente.hn']);
    type(/^Asunto/, '  Propuesta  ');
    type(/^Mensaje/, 'Hola , ¿seguimos?');
    const body = field(/^Mensaje/) as HTMLTextAreaElement;
    body.setSelectionRange(4, 4);
    fireEvent.click(screen.getByRole('button', { name: 'Insertar {{nombre}} (Nombre)' }));
    expect(body.value).toBe('Hola{{nombre}} , ¿seguimos?');
    expect(screen.getByRole('button', { name: 'Insertar {{empresa}} (Empresa)' })).toBeTruthy();
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ messageKey: 'u1_g9', threadKey: 'u1_t9' }));
    expect(state.callFunction).toHaveBeenCalledWith('sendContactEmail', {
      organizationId: 'org1',
      contactId: 'c1',
      to: ['julia@cliente.hn'],
      cc: ['luis@cliente.hn'],
      subject: 'Propuesta',
      body: 'Hola{{nombre}} , ¿seguimos?',
    });
    expect(await screen.findByText('Email enviado')).toBeTruthy();
  });

  it("answers a received message: to its sender, 'Re: ' once, in its conversation (replyTo)", async () => {
    await render({
      contactId: 'c1',
      to: ['julia@cliente.hn'],
      subject: 'Re: Propuesta',
      replyTo: { id: 'u1_g2' } as never,
    });
    expect(screen.getByRole('heading', { name: 'Responder' })).toBeTruthy();
    expect((field(/^Asunto/) as HTMLInputElement).value).toBe('Re: Propuesta');
    type(/^Mensaje/, 'De acuerdo.');
    send();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('sendContactEmail', {
        organizationId: 'org1',
        contactId: 'c1',
        to: ['julia@cliente.hn'],
        cc: [],
        subject: 'Re: Propuesta',
        body: 'De acuerdo.',
        replyTo: 'u1_g2',
      }),
    );
  });

  it('a refused send keeps everything typed and says why', async () => {
    state.callFunction.mockRejectedValueOnce({
      code: 'functions/failed-precondition',
      message: 'The mailbox connection is broken',
      details: { reason: 'mail-broken' },
    });
    await render({ contactId: 'c1', to: ['julia@cliente.hn'] });
    type(/^Asunto/, 'Propuesta');
    type(/^Mensaje/, 'Hola');
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo enviar el email.');
    expect(alert.textContent).toContain('Google ya no acepta tu conexión de Gmail.');
    expect(alert.textContent).not.toContain('The mailbox connection is broken');
    expect((field(/^Asunto/) as HTMLInputElement).value).toBe('Propuesta');
    expect((field(/^Mensaje/) as HTMLTextAreaElement).value).toBe('Hola');
    expect(chips('Destinatarios')).toEqual(['julia@cliente.hn']);
    expect(onSent).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('in English', async () => {
    state.callFunction.mockRejectedValueOnce({
      code: 'functions/resource-exhausted',
      details: { reason: 'mail-daily-quota' },
    });
    await render({ contactId: 'c1', to: [] }, 'en');
    expect(screen.getByRole('heading', { name: 'Write email' })).toBeTruthy();
    send();
    expect(await screen.findByText('Add at least one recipient.')).toBeTruthy();
    expect(screen.getByText('Write a subject.')).toBeTruthy();
    expect(screen.getByText('Write the message.')).toBeTruthy();
    type(/^To/, 'julia@cliente.hn');
    type(/^Subject/, 'Offer');
    type(/^Message/, 'Hi');
    send();
    expect(await screen.findByText(/Your mailbox already sent all the emails allowed today/)).toBeTruthy();
  });
});
