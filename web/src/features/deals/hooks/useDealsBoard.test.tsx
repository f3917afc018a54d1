// The board's totals and cards around a move: they follow the card at once, stay right while the
// server has not counted it, and go back (with a toast) when the write is refused.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEAL_STAGES, type Deal, type WithId } from '@trato/model';
import { ToastProvider } from '@/components/toast';
import i18n from '@/i18n';

const api = vi.hoisted(() => ({
  dealStageTotals: vi.fn(),
  updateRecord: vi.fn(),
  useChangeSignal: vi.fn(),
}));
vi.mock('@/firebase/dataApi', () => ({
  ...api,
  orgRequest: (orgId: string, id: string, values?: Record<string, unknown>) => ({ id, orgId, values }),
  orgTarget: (orgId: string, collection: string) => ({ parentPath: `organizations/${orgId}`, collection }),
  toLiveError: (error: { code?: string; message?: string }) => ({
    code: error.code ?? 'unknown',
    message: error.message ?? '',
  }),
}));
const { useDealsBoard } = await import('./useDealsBoard');

const deal = { id: 'd1', title: 'Licencias', amount: 1_000, stage: 'new' } as WithId<Deal>;
/** The server's totals: 2 deals (3,000) in Nuevo until the move is counted. */
let counted: Record<string, { count: number; sum: number }>;
const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

beforeEach(async () => {
  await i18n.changeLanguage('es');
  counted = { new: { count: 2, sum: 3_000 } };
  api.dealStageTotals.mockReset();
  api.dealStageTotals.mockImplementation(async () =>
    Object.fromEntries(DEAL_STAGES.map((stage) => [stage, counted[stage] ?? { count: 0, sum: 0 }])),
  );
  api.updateRecord.mockReset();
});

async function renderBoard() {
  const hook = renderHook(() => useDealsBoard('org1', 'No se pudo mover el deal'), { wrapper });
  await waitFor(() => expect(hook.result.current.totals?.new.count).toBe(2));
  return hook;
}

describe('useDealsBoard', () => {
  it("shows each stage's server count and sum of amounts", async () => {
    const { result } = await renderBoard();
    expect(result.current.totals?.new).toEqual({ count: 2, amount: 3_000 });
    expect(result.current.totals?.won).toEqual({ count: 0, amount: 0 });
    expect(api.dealStageTotals).toHaveBeenCalledWith('org1');
  });

  it('moves the totals at once and keeps them once the server has counted the move', async () => {
    let confirm = () => {};
    api.updateRecord.mockReturnValue(new Promise<void>((resolve) => (confirm = resolve)));
    const { result } = await renderBoard();
    act(() => result.current.move(deal, 'won'));
    expect(result.current.totals?.won).toEqual({ count: 1, amount: 1_000 });
    expect(result.current.totals?.new).toEqual({ count: 1, amount: 2_000 });
    // The card too: the write is a transaction, which the SDK shows only once committed.
    expect(result.current.placed.get('d1')).toEqual({ ...deal, stage: 'won' });
    await waitFor(() =>
      expect(api.updateRecord).toHaveBeenCalledWith(expect.anything(), 'd1', { stage: 'won' }, deal),
    );

    counted = { new: { count: 1, sum: 2_000 }, won: { count: 1, sum: 1_000 } };
    await act(async () => confirm());
    // The refresh after the confirmation counts the move: it is not applied twice.
    await waitFor(() => expect(api.dealStageTotals.mock.calls.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(result.current.totals?.won).toEqual({ count: 1, amount: 1_000 }));
    expect(result.current.totals?.new).toEqual({ count: 1, amount: 2_000 });
    // Counted: the columns show the server's copy of the card again.
    await waitFor(() => expect(result.current.placed.size).toBe(0));
  });

  it("writes a deal's moves one after the other, in the order they were made", async () => {
    const confirms: Array<() => void> = [];
    api.updateRecord.mockImplementation(() => new Promise<void>((resolve) => confirms.push(resolve)));
    const { result } = await renderBoard();
    act(() => result.current.move(deal, 'won'));
    act(() => result.current.move({ ...deal, stage: 'won' }, 'lost'));
    expect(result.current.placed.get('d1')?.stage).toBe('lost');
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledTimes(1));
    expect(api.updateRecord.mock.calls[0]![2]).toEqual({ stage: 'won' });
    await act(async () => confirms[0]!());
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledTimes(2));
    expect(api.updateRecord.mock.calls[1]![2]).toEqual({ stage: 'lost' });
  });

  it('puts the totals back and toasts when the write is refused', async () => {
    api.updateRecord.mockRejectedValue({
      code: 'permission-denied',
      message: 'Missing or insufficient permissions.',
    });
    const { result } = await renderBoard();
    await act(async () => result.current.move(deal, 'lost'));
    await waitFor(() => expect(result.current.totals?.lost).toEqual({ count: 0, amount: 0 }));
    expect(result.current.totals?.new).toEqual({ count: 2, amount: 3_000 });
    expect(result.current.placed.size).toBe(0);
    expect(document.body.textContent).toContain('No se pudo mover el deal');
  });
});
