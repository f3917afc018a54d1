import { describe, expect, it } from 'vitest';
import type { Deal, WithId } from '@trato/model';
import {
  boardSummary,
  cardSubtitle,
  columnCards,
  emptyTotals,
  otherStages,
  placedCards,
  totalsWithMoves,
  type CountedTotals,
  type PendingMove,
} from './board';

const counted = (refresh: number): CountedTotals => {
  const totals = emptyTotals();
  totals.new = { count: 3, amount: 30_000 };
  totals.won = { count: 1, amount: 5_000 };
  return { refresh, totals };
};
const deal = (id: string, stage: Deal['stage'], amount: number | null = 10_000) =>
  ({ id, title: id, stage, amount }) as WithId<Deal>;
const move = (confirmedAfter: number | null, amount: number | null = 10_000): PendingMove => ({
  id: 1,
  from: 'new',
  card: deal('d1', 'won', amount),
  confirmedAfter,
});

describe('totalsWithMoves', () => {
  it('moves a card still on its way from one column to the other', () => {
    const totals = totalsWithMoves(counted(4), [move(null)]);
    expect(totals.new).toEqual({ count: 2, amount: 20_000 });
    expect(totals.won).toEqual({ count: 2, amount: 15_000 });
  });

  it('keeps applying a confirmed move to totals counted before the confirmation', () => {
    expect(totalsWithMoves(counted(4), [move(4)]).won).toEqual({ count: 2, amount: 15_000 });
  });

  it('stops once totals counted after the confirmation include it', () => {
    expect(totalsWithMoves(counted(5), [move(4)]).won).toEqual({ count: 1, amount: 5_000 });
  });

  it('counts a deal without an amount but adds nothing to the sums', () => {
    const totals = totalsWithMoves(counted(1), [move(null, null)]);
    expect(totals.new).toEqual({ count: 2, amount: 30_000 });
    expect(totals.won).toEqual({ count: 2, amount: 5_000 });
  });

  it('does not change the counted totals it was given, and keeps untouched stages as they were', () => {
    const before = counted(1);
    const after = totalsWithMoves(before, [move(null)]);
    expect(before.totals.new.count).toBe(3);
    expect(after.proposal).toBe(before.totals.proposal);
  });
});

describe('columnCards', () => {
  const rows = [deal('a', 'new'), deal('b', 'new')];

  it('leaves a column no move touches as it is (the same array)', () => {
    expect(columnCards('new', rows, placedCards([]))).toBe(rows);
    expect(columnCards('new', rows, placedCards([{ ...move(null), card: deal('z', 'won') }]))).toBe(rows);
  });

  it('shows a moved card only where it was dropped, first, as dropped', () => {
    const card = deal('a', 'won');
    const placed = placedCards([{ ...move(null), card }]);
    expect(columnCards('new', rows, placed)).toEqual([rows[1]]);
    expect(columnCards('won', [deal('c', 'won')], placed)).toEqual([card, deal('c', 'won')]);
    // The server's copy of it (committed, or a colleague's) waits until the move is counted.
    expect(columnCards('won', [deal('a', 'won'), deal('c', 'won')], placed)).toEqual([
      card,
      deal('c', 'won'),
    ]);
    expect(columnCards('lost', [deal('a', 'lost')], placed)).toEqual([]);
  });

  it("a card moved twice shows at its latest move's stage", () => {
    const placed = placedCards([
      { ...move(null), id: 1, card: deal('a', 'won') },
      { ...move(null), id: 2, from: 'won', card: deal('a', 'lost') },
    ]);
    expect(columnCards('won', [], placed)).toEqual([]);
    expect(columnCards('lost', [], placed).map((d) => d.stage)).toEqual(['lost']);
  });
});

describe('boardSummary', () => {
  it('sums every column and the won one', () => {
    const totals = emptyTotals();
    totals.new.amount = 1_000;
    totals.proposal.amount = 2_500;
    totals.won.amount = 4_000;
    totals.lost.amount = 700;
    expect(boardSummary(totals)).toEqual({ all: 8_200, won: 4_000 });
  });
});

describe('cardSubtitle', () => {
  it('prefers the primary contact, then the company, then a dash', () => {
    expect(cardSubtitle({ primaryContactName: 'Ana Pérez', companyName: 'Acme' })).toBe('Ana Pérez');
    expect(cardSubtitle({ primaryContactName: null, companyName: 'Acme' })).toBe('Acme');
    expect(cardSubtitle({ primaryContactName: ' ', companyName: undefined })).toBe('-');
  });
});

describe('otherStages', () => {
  it('lists the four other stages in board order', () => {
    expect(otherStages('proposal')).toEqual(['new', 'in_progress', 'won', 'lost']);
  });
});
