// The ticket's composer (issue 34): public reply or internal note, where a public reply goes, the
// text kept when addTicketReply fails (with the reason in words) and cleared when it is sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { composerHint, replyProblem } from '../utils/conversation';

const state = vi.hoisted(() => ({ callFunction: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return { ...dataApiMock, callFunction: state.callFunction };
});

const { ReplyComposer } = await import('./ReplyComposer');

const MARIA = { name: 'María Hernández', email: 'maria@cafecopan.hn' };
const text = () => screen.getByRole<HTMLTextAreaElement>('textbox');
const type = (value: string) => fireEvent.change(text(), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
const composer = (
  contact: { name: string | null; email?: string | null } | null = MARIA,
  language: 'es' | 'en' = 'es',
) => renderWithApp(<ReplyComposer organizationId="org1" ticketId="t1" contact={contact} />, { language });

beforeEach(() => {
  state.callFunction.mockReset();
});

describe('composer rules', () => {
  it('says where a reply goes', () => {
    expect(composerHint('public', MARIA)).toEqual({
      key: 'conversation.hint.email',
      contact: 'María Hernández <maria@cafecopan.hn>',
    });
    expect(composerHint('public', { name: 'Ana', email: null }).key).toBe('conversation.hint.portalOnly');
    expect(composerHint('internal', MARIA).key).toBe('conversation.hint.internal');
    expect(composerHint('public', { name: 'Ana' }).key).toBe('conversation.hint.public');
    expect(composerHint('public', null).key).toBe('conversation.hint.noContact');
    expect(replyProblem('  ')).toBe('empty');
    expect(replyProblem('x'.repeat(10_001))).toBe('tooLong');
    expect(replyProblem('Hola')).toBeNull();
  });
});

describe('ReplyComposer', { timeout: 30_000 }, () => {
  it('sends a public reply, e-mailed to the contact, and clears the text', async () => {
    state.callFunction.mockResolvedValue({ replyId: 'r1', emailed: 'gmail' });
    await composer();
    expect(
      screen.getByText(
        'Se enviará por e-mail a María Hernández <maria@cafecopan.hn> y se verá en el portal.',
      ),
    ).toBeTruthy();
    send();
    expect(await screen.findByText('Escribe un mensaje')).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
    type('Ya emitimos la nota de crédito.');
    send();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('addTicketReply', {
        organizationId: 'org1',
        ticketId: 't1',
        body: 'Ya emitimos la nota de crédito.',
        visibility: 'public',
      }),
    );
    expect(await screen.findByText('Respuesta enviada por e-mail')).toBeTruthy();
    expect(text().value).toBe('');
  });

  it('adds an internal note, which says it stays inside', async () => {
    state.callFunction.mockResolvedValue({ replyId: 'r2', emailed: 'none' });
    await composer();
    fireEvent.click(screen.getByRole('button', { name: 'Nota interna' }));
    expect(screen.getByText('Solo la ve tu equipo; el cliente nunca la verá.')).toBeTruthy();
    type('Revisar con contabilidad');
    send();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith(
        'addTicketReply',
        expect.objectContaining({ visibility: 'internal', body: 'Revisar con contabilidad' }),
      ),
    );
    expect(await screen.findByText('Nota interna añadida')).toBeTruthy();
  });

  it('keeps the text when sending fails, with the reason in words', async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      message: 'closed',
      details: { reason: 'ticket-closed' },
    });
    await composer({ name: 'Ana', email: null });
    expect(screen.getByText('El contacto no tiene e-mail: la verá en el portal.')).toBeTruthy();
    type('¿Sigue pasando?');
    send();
    expect(await screen.findByText('El ticket está cerrado: reábrelo para responder.')).toBeTruthy();
    expect(text().value).toBe('¿Sigue pasando?');
  });

  it('in English', async () => {
    state.callFunction.mockRejectedValue({ code: 'functions/permission-denied', message: 'x' });
    await composer(MARIA, 'en');
    expect(screen.getByRole('button', { name: 'Public reply' })).toBeTruthy();
    type('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    expect(text().value).toBe('Hello');
  });
});
