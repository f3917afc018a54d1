// The dashboard's pipeline: each stage's share of the largest stage amount, as a bar length.
import { DEAL_STAGES, type DealStage } from '@trato/model';

export interface PipelineRow {
  stage: DealStage;
  count: number;
  amount: number;
  /** 0–100: the bar's length relative to the largest amount (0 when every amount is 0). */
  percent: number;
}

export function pipelineRows(totals: Record<DealStage, { count: number; sum: number }>): PipelineRow[] {
  const largest = Math.max(0, ...DEAL_STAGES.map((stage) => totals[stage].sum));
  return DEAL_STAGES.map((stage) => ({
    stage,
    count: totals[stage].count,
    amount: totals[stage].sum,
    percent: largest > 0 ? Math.round((Math.max(0, totals[stage].sum) / largest) * 100) : 0,
  }));
}

/** The amount still open: every stage but won and lost. */
export function openAmount(rows: PipelineRow[]): number {
  return rows
    .filter((row) => row.stage !== 'won' && row.stage !== 'lost')
    .reduce((sum, row) => sum + row.amount, 0);
}
