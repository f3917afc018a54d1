import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  placedCards,
  totalsWithMoves,
  type BoardTotals,
  type CountedTotals,
  type PendingMove,
} from '../utils/board';

/** Writes arriving together (a burst of moves, several members) refresh the totals once. */
const REFRESH_DELAY_MS = 300;

export interface DealsBoard {
  /** The columns' counts and sums (null while the first aggregation runs). */
  totals: BoardTotals | null;
  totalsError: LiveError | null;
  /** The cards this screen has moved, by deal id, until their moves are counted (board.ts columnCards). */
  placed: ReadonlyMap<string, WithId<Deal>>;
  /** Moves a card to another stage: it moves at once, and back with a toast if the write fails. */
  move(deal: WithId<Deal>, to: DealStage): void;
  /** Counts again (after a create, an edit or a delete). */
  refresh(): void;
}

/**
 * The board's totals: count() and sum('amount') per stage on the server (exact with any number
 * of deals, not live), counted again when the server confirms a change to any deal
 * ('deals.lastChange') and after this screen's writes; moves not counted yet are applied on top,
 * to the totals and to the cards (`placed`).
 */
export function useDealsBoard(organizationId: string, failedMoveTitle: string): DealsBoard {
  const showError = useErrorToast();
  const [counted, setCounted] = useState<CountedTotals | null>(null);
  const [totalsError, setTotalsError] = useState<LiveError | null>(null);
  const [moves, setMoves] = useState<PendingMove[]>([]);
  const refreshes = useRef(0);
  const moveIds = useRef(0);
  /** Each deal's last write on its way: a deal's moves are written in the order they were made. */
  const writes = useRef(new Map<string, Promise<unknown>>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const count = useCallback(async () => {
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
  useChangeSignal(orgRequest(organizationId, 'deals.lastChange'), refresh);

  const move = useCallback(
    (deal: WithId<Deal>, to: DealStage) => {
      if (deal.stage === to) return;
      const id = ++moveIds.current;
      // The card and the totals move at once, in one render: the write is a transaction (the
      // timeline entry is built from the deal as committed, records.ts), which the SDK does not
      // show before the server commits it.
      setMoves((pending) => [
        ...pending,
        { id, from: deal.stage, card: { ...deal, stage: to }, confirmedAfter: null },
      ]);
      // Only the stage is written. Transactions on one deal may commit in any order: a deal's
      // moves wait for its previous one, so the last drop is where it stays.
      const previous = writes.current.get(deal.id) ?? Promise.resolve();
      const write = previous
        .catch(() => undefined)
        .then(() => updateRecord(orgTarget(organizationId, 'deals'), deal.id, { stage: to }, deal));
      writes.current.set(deal.id, write);
      const settle = () => {
        if (writes.current.get(deal.id) === write) writes.current.delete(deal.id);
      };
      write.then(
        () => {
          settle();
          const confirmedAfter = refreshes.current;
          setMoves((pending) => pending.map((m) => (m.id === id ? { ...m, confirmedAfter } : m)));
          refresh();
        },
        (error: unknown) => {
          settle();
          setMoves((pending) => pending.filter((m) => m.id !== id));
          showError(error, failedMoveTitle);
        },
      );
    },
    [organizationId, refresh, showError, failedMoveTitle],
  );

  const placed = useMemo(() => placedCards(moves), [moves]);
  return {
    totals: counted ? totalsWithMoves(counted, moves) : null,
    totalsError,
    placed,
    move,
    refresh,
  };
}
