// Ajustes → Cuentas de email, what Trato reads of the member's Gmail (issue 32): the privacy choice
// saved through setMailPrivacy, the reconnect warning when the grant does not read the mailbox as
// chosen, the last sync in words and 'Sincronizar ahora'.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ callFunction: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  return { ...dataApiMock, callFunction: state.callFunction, describeCallableError };
});
vi.mock('@/firebase', () => ({ useSession: () => ({ status: 'signedIn', user: { uid: 'u1' } }) }));

const { MailReading, syncStatusKey } = await import('./MailReading');

const ago = (ms: number) => ({ toMillis: () => Date.now() - ms });
const connection = (extra: Record<string, unknown> = {}) =>
  ({
    provider: 'gmail',
    email: 'ana@trato.demo',
    status: 'connected',
    connectedAt: ago(86_400_000),
    brokenAt: null,
    brokenReason: null,
    privacy: 'shared',
    reads: true,
    syncedAt: ago(3 * 60_000),
    syncError: null,
    ...extra,
  }) as never;

const render = (extra: Record<string, unknown> = {}, language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MailReading
      connection={connection(extra)}
      organizationId="org1"
      reconnectButton={<button type="button">Reconectar</button>}
    />,
    { language },
  );
const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });

beforeEach(() => {
  state.callFunction.mockReset();
});

describe('MailReading', { timeout: 30_000 }, () => {
  it('shows the choice, and saves another with setMailPrivacy', async () => {
    state.callFunction.mockResolvedValue({ reconnect: false });
    await render();
    expect(screen.getByRole('group', { name: 'Qué compartes con tu organización' })).toBeTruthy();
    expect(radio(/^Compartir mis emails con la organización \(remitente, asunto y contenido\)/).checked).toBe(
      true,
    );
    expect(screen.queryByTestId('mail-reconnect')).toBeNull();
    fireEvent.click(radio(/^Privado \(los demás solo ven que hubo un intercambio\)/));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('setMailPrivacy', {
        organizationId: 'org1',
        privacy: 'private',
      }),
    );
    expect(await screen.findByText('Privacidad guardada')).toBeTruthy();
    expect(screen.queryByTestId('mail-reconnect')).toBeNull();
  });

  it('asks to reconnect when the call says the grant must be renewed', async () => {
    state.callFunction.mockResolvedValue({ reconnect: true });
    await render({ privacy: 'metadata' });
    expect(radio(/^Solo los datos \(remitente, destinatarios, fecha, asunto\)/).checked).toBe(true);
    fireEvent.click(radio(/^Compartir mis emails/));
    const banner = await screen.findByTestId('mail-reconnect');
    expect(banner.textContent).toContain(
      'Vuelve a conectar Gmail para que Trato lea tus respuestas: las secuencias se detienen cuando un contacto responde.',
    );
    expect(screen.getByRole('button', { name: 'Reconectar' })).toBeTruthy();
  });

  it('asks to reconnect a connection Trato cannot read (connected before two-way e-mail)', async () => {
    await render({ reads: undefined, syncedAt: undefined });
    expect(screen.getByTestId('mail-reconnect')).toBeTruthy();
    // Nothing to sync until then.
    expect(screen.queryByRole('button', { name: 'Sincronizar ahora' })).toBeNull();
  });

  it('a failed save says why and keeps the saved choice', async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      details: { reason: 'mail-broken' },
    });
    await render();
    fireEvent.click(radio(/^Solo los datos/));
    expect(await screen.findByText('No se pudo guardar la privacidad')).toBeTruthy();
    await waitFor(() => expect(radio(/^Compartir mis emails/).checked).toBe(true));
  });

  it('says when it last synchronised or why not, and syncs now', async () => {
    state.callFunction.mockResolvedValue({ added: 3, replies: 1, bounces: 0 });
    await render();
    expect(screen.getByTestId('mail-sync-status').textContent).toBe('Sincronizado hace 3 minutos');
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar ahora' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('syncMailbox', { organizationId: 'org1' }),
    );
    expect(await screen.findByText('3 emails nuevos')).toBeTruthy();

    state.callFunction.mockResolvedValue({ added: 0, replies: 0, bounces: 0, skipped: 'backoff' });
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar ahora' }));
    expect(await screen.findByText('Gmail pidió esperar: se reintentará en unos minutos')).toBeTruthy();
  });

  it('the last failure in words', () => {
    expect(syncStatusKey({ syncedAt: null, syncError: 'rate-limited' })).toBe(
      'email.reading.errors.rate-limited',
    );
    expect(syncStatusKey({ syncedAt: null, syncError: 'no-access' })).toBe('email.reading.errors.no-access');
    expect(syncStatusKey({ syncedAt: null, syncError: 'boom' })).toBe('email.reading.errors.failed');
    expect(syncStatusKey({ syncedAt: null, syncError: null })).toBe('email.reading.never');
  });

  it('in English', async () => {
    await render({ syncError: 'rate-limited' }, 'en');
    expect(radio(/^Details only \(sender, recipients, date, subject\)/)).toBeTruthy();
    expect(radio(/^Private \(the others only see that there was an exchange\)/)).toBeTruthy();
    expect(screen.getByTestId('mail-sync-status').textContent).toBe(
      'Gmail asked to wait: the sync will be retried in a few minutes.',
    );
  });
});
