// The deals board's arithmetic: column totals from the server's aggregations, with the moves that
// the server has not counted yet applied on top, so totals follow a dropped card at once; and the
// columns' cards with those moves applied, so the card itself does too (a move is a transaction,
// which the SDK does not show before the server has committed it).
import { DEAL_STAGES, type Deal, type DealStage, type WithId } from '@trato/model';

export interface StageTotal {
  count: number;
  /** Sum of the amounts (deals without an amount add nothing). */
  amount: number;
}

export type BoardTotals = Record<DealStage, StageTotal>;

/** A card moved on this screen, until an aggregation that started after its write has landed. */
export interface PendingMove {
  id: number;
  from: DealStage;
  /** The card as dropped: the deal as it was shown, in the stage it was moved to. */
  card: WithId<Deal>;
  /**
   * null while the write is on its way; then the number of the last totals refresh that started
   * before the server confirmed it — refreshes up to that number may not include the move.
   */
  confirmedAfter: number | null;
}

/** Totals as computed by one refresh (`refresh` numbers them in the order they started). */
export interface CountedTotals {
  refresh: number;
  totals: BoardTotals;
}

export function emptyTotals(): BoardTotals {
  return Object.fromEntries(DEAL_STAGES.map((stage) => [stage, { count: 0, amount: 0 }])) as BoardTotals;
}

/** Whether the counted totals may not include the move yet. */
export function isUncounted(move: PendingMove, counted: CountedTotals): boolean {
  return move.confirmedAfter === null || counted.refresh <= move.confirmedAfter;
}

/** The server's totals with the moves it has not counted yet. */
export function totalsWithMoves(counted: CountedTotals, moves: readonly PendingMove[]): BoardTotals {
  // Untouched stages keep their objects (their columns need not re-render).
  const totals = { ...counted.totals };
  for (const move of moves) {
    if (!isUncounted(move, counted)) continue;
    const { stage: to, amount: dealAmount } = move.card;
    const amount = dealAmount ?? 0;
    totals[move.from] = { count: totals[move.from].count - 1, amount: totals[move.from].amount - amount };
    totals[to] = { count: totals[to].count + 1, amount: totals[to].amount + amount };
  }
  return totals;
}

/** Where this screen has moved cards: each deal's latest pending move, as its card (by deal id). */
export function placedCards(moves: readonly PendingMove[]): ReadonlyMap<string, WithId<Deal>> {
  return new Map(moves.map((move) => [move.card.id, move.card]));
}

/**
 * A column's cards with the pending moves applied: a moved deal shows only where it was dropped,
 * first (the most recently changed), whatever the server has sent about it meanwhile. The rows
 * as they were when no moved deal is involved (their memoised cards skip re-rendering).
 */
export function columnCards(
  stage: DealStage,
  rows: readonly WithId<Deal>[],
  placed: ReadonlyMap<string, WithId<Deal>>,
): readonly WithId<Deal>[] {
  const arriving = [...placed.values()].filter((card) => card.stage === stage);
  if (!arriving.length && !rows.some((deal) => placed.has(deal.id))) return rows;
  return [...arriving, ...rows.filter((deal) => !placed.has(deal.id))];
}

/** The summary above the board: every deal's amount and the won ones'. */
export function boardSummary(totals: BoardTotals): { all: number; won: number } {
  const all = DEAL_STAGES.reduce((sum, stage) => sum + totals[stage].amount, 0);
  return { all, won: totals.won.amount };
}

/** The card's second line: the primary contact, else the company, else a dash. */
export function cardSubtitle(deal: Pick<Deal, 'primaryContactName' | 'companyName'>): string {
  return deal.primaryContactName?.trim() || deal.companyName?.trim() || '-';
}

/** The stages a card can be moved to from its own (the keyboard path's menu). */
export function otherStages(stage: DealStage): DealStage[] {
  return DEAL_STAGES.filter((candidate) => candidate !== stage);
}
