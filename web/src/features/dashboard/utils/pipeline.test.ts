import { describe, expect, it } from 'vitest';
import { openAmount, pipelineRows } from './pipeline';

const totals = (sums: number[]) => {
  const stages = ['new', 'in_progress', 'proposal', 'won', 'lost'] as const;
  return Object.fromEntries(stages.map((stage, i) => [stage, { count: i + 1, sum: sums[i] }])) as never;
};

describe('pipelineRows', () => {
  it('measures each stage against the largest amount, in board order', () => {
    const rows = pipelineRows(totals([5_000, 10_000, 2_500, 0, 1_000]));
    expect(rows.map((row) => [row.stage, row.percent])).toEqual([
      ['new', 50],
      ['in_progress', 100],
      ['proposal', 25],
      ['won', 0],
      ['lost', 10],
    ]);
    expect(rows[1]).toMatchObject({ count: 2, amount: 10_000 });
  });

  it('draws no bars when there is no amount', () => {
    expect(pipelineRows(totals([0, 0, 0, 0, 0])).every((row) => row.percent === 0)).toBe(true);
  });
});

describe('openAmount', () => {
  it('adds the stages that are neither won nor lost', () => {
    expect(openAmount(pipelineRows(totals([5_000, 10_000, 2_500, 7_000, 1_000])))).toBe(17_500);
  });
});
