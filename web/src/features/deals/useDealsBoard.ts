import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { DEAL_STAGES, type Deal, type DealStage, type WithId } from '@trato/model';
import { useErrorToast } from '@/components/toast/useErrorToast';
import {
  dealStageTotals,
  orgRequest,
  orgTarget,
  toLiveError,
  updateRecord,
  useChangeSignal,
  type LiveError,
} from '@/firebase/dataApi';
import {
  isUncounted,
  totalsWithMoves,
  type BoardTotals,
  type CountedTotals,
  type PendingMove,
} from './board';

/** Writes arriving together (a burst of moves, several members) refresh the totals once. */
const REFRESH_DELAY_MS = 300;

export interface DealsBoard {
  /** The columns' counts and sums (null while the first aggregation runs). */
  totals: BoardTotals | null;
  totalsError: LiveError | null;
  /** Moves a card to another stage: it moves at once, and back with a toast if the write fails. */
  move(deal: WithId<Deal>, to: DealStage): void;
  /** Counts again (after a create, an edit or a delete). */
  refresh(): void;
}

/**
 * The board's totals: count() and sum('amount') per stage on the server (exact with any number
 * of deals, not live), counted again when the server confirms a change to any deal
 * ('deals.lastChange') and after this screen's writes; moves not counted yet are applied on top.
 */
export function useDealsBoard(organizationId: string | null, failedMoveTitle: string): DealsBoard {
  const showError = useErrorToast();
  const [counted, setCounted] = useState<CountedTotals | null>(null);
  const [totalsError, setTotalsError] = useState<LiveError | null>(null);
  const [moves, setMoves] = useState<PendingMove[]>([]);
  const refreshes = useRef(0);
  const moveIds = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const count = useCallback(async () => {
    if (!organizationId) return;
    const refresh = ++refreshes.current;
    try {
      const sums = await dealStageTotals(organizationId);
      const totals = Object.fromEntries(
        DEAL_STAGES.map((stage) => [stage, { count: sums[stage].count, amount: sums[stage].sum }]),
      ) as BoardTotals;
      // A slower, older refresh never replaces a newer one.
      setCounted((previous) => (previous && previous.refresh > refresh ? previous : { refresh, totals }));
      setMoves((pending) => pending.filter((move) => isUncounted(move, { refresh, totals })));
      setTotalsError(null);
    } catch (error) {
      setTotalsError(toLiveError(error));
    }
  }, [organizationId]);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void count(), REFRESH_DELAY_MS);
  }, [count]);

  useEffect(() => {
    void count();
    return () => clearTimeout(timer.current);
  }, [count]);
  useChangeSignal(organizationId ? orgRequest(organizationId, 'deals.lastChange') : null, refresh);

  const move = useCallback(
    (deal: WithId<Deal>, to: DealStage) => {
      if (!organizationId || deal.stage === to) return;
      const id = ++moveIds.current;
      // Totals follow in a transition: the card's move (the SDK's local snapshot) renders first.
      startTransition(() =>
        setMoves((pending) => [
          ...pending,
          { id, from: deal.stage, to, amount: deal.amount, confirmedAfter: null },
        ]),
      );
      // Only the stage is written; the SDK shows it at once and undoes it if the server refuses.
      updateRecord(orgTarget(organizationId, 'deals'), deal.id, { stage: to }, deal).then(
        () => {
          const confirmedAfter = refreshes.current;
          setMoves((pending) => pending.map((m) => (m.id === id ? { ...m, confirmedAfter } : m)));
          refresh();
        },
        (error: unknown) => {
          setMoves((pending) => pending.filter((m) => m.id !== id));
          showError(error, failedMoveTitle);
        },
      );
    },
    [organizationId, refresh, showError, failedMoveTitle],
  );

  return {
    totals: counted ? totalsWithMoves(counted, moves) : null,
    totalsError,
    move,
    refresh,
  };
}
