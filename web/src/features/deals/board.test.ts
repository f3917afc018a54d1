import { describe, expect, it } from 'vitest';
import {
  boardSummary,
  cardSubtitle,
  emptyTotals,
  otherStages,
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
const move = (confirmedAfter: number | null, amount: number | null = 10_000): PendingMove => ({
  id: 1,
  from: 'new',
  to: 'won',
  amount,
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
