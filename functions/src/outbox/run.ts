// One pass of the outbox, the one sending engine: the due sequence steps, then the campaigns,
// with one budget (run cap, deadline, each mailbox's daily quota). docs/sending.md tells how.
import type { Firestore } from 'firebase-admin/firestore';

import { CampaignSender, type CampaignSummary } from '../campaigns/sender.js';
import { SequenceSender, type RunSummary } from '../sequences/sender.js';
import { SendBudget, type OutboxOptions } from './budget.js';
import { PassAborted, type SendFn } from './deliver.js';

/** The sequences' figures (as before campaigns), and the campaigns' own. */
export type OutboxSummary = RunSummary & { campaigns: CampaignSummary | null };

export async function runOutbox(db: Firestore, send: SendFn, options: OutboxOptions): Promise<OutboxSummary> {
  const budget = new SendBudget(db, options);
  const sequences = await new SequenceSender(db, send, budget).run();
  // Like a killed process, a crashed pass does nothing more and gives no quota back.
  if (sequences.crashed) return { ...sequences, campaigns: null };
  let campaigns: CampaignSummary;
  try {
    campaigns = await new CampaignSender(db, send, budget).run();
  } catch (error) {
    if (!(error instanceof PassAborted)) throw error;
    return { ...sequences, crashed: true, campaigns: null };
  }
  const stop = budget.stop();
  await budget.close();
  return {
    ...sequences,
    capped: sequences.capped || stop === 'capped',
    deadlineReached: sequences.deadlineReached || stop === 'deadline',
    campaigns,
  };
}
