// The sync indicator's panel (issue 35): its title names the dialog, a refused change shows its
// reason and the text as typed; 'Copiar' copies it, 'Descartar' drops it and leaves the focus in
// the panel (its button is gone).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingChange } from '@/firebase/pendingWrites';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ dismissChange: vi.fn(), retryChange: vi.fn(), canRetry: vi.fn() }));
vi.mock('@/firebase/pendingWrites', () => state);

const { default: SyncPanel } = await import('./SyncPanel');

const refused: PendingChange = {
  id: 'w1',
  action: 'update',
  collection: 'contacts',
  path: 'organizations/o1/contacts/c1',
  title: 'Pedro Sosa',
  fields: { name: 'Pedro Sosa', phone: '+504 9999-0000' },
  at: Date.now() - 60_000,
  status: 'refused',
  reason: 'not-found',
};

beforeEach(() => {
  state.dismissChange.mockReset();
  state.retryChange.mockReset().mockResolvedValue(undefined);
  state.canRetry.mockReset().mockReturnValue(true);
});

describe('SyncPanel', () => {
  it('a refused change: the reason, the text as typed, Copiar', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderWithApp(<SyncPanel anchor={document.body} online changes={[refused]} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Sincronización' })).toBeTruthy();
    expect(screen.getByText('Rechazados por el servidor')).toBeTruthy();
    expect(screen.getByTestId('sync-change-text').textContent).toBe('Pedro Sosa\n+504 9999-0000');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Pedro Sosa\n+504 9999-0000'));
    vi.unstubAllGlobals();
  });

  it('Descartar drops the change and keeps the focus in the panel', async () => {
    await renderWithApp(<SyncPanel anchor={document.body} online changes={[refused]} onClose={() => {}} />);
    const dismiss = screen.getByRole('button', { name: 'Descartar' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(state.dismissChange).toHaveBeenCalledWith('w1');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Sincronización' }));
  });

  it('Reintentar sends it again, and is off while offline', async () => {
    const { rerender } = await renderWithApp(
      <SyncPanel anchor={document.body} online changes={[refused]} onClose={() => {}} />,
    );
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(state.retryChange).toHaveBeenCalledWith('w1'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Sincronización' })),
    );
    rerender(<SyncPanel anchor={document.body} online={false} changes={[refused]} onClose={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reintentar' }).disabled).toBe(true);
  });
});
