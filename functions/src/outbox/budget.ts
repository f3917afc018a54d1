// What one pass of the outbox may spend, shared by the sequence steps and the campaigns it sends:
// e-mails (the run cap), time (the deadline, well before the function's timeout, so that no pass
// is killed between a send and its bookkeeping) and each mailbox's daily quota (its share taken
// in blocks, what is left given back at the end).
import type { Firestore } from 'firebase-admin/firestore';

import { SEND_CLAIM_TIMEOUT_MINUTES, SEQUENCE_QUOTA_BLOCK } from '@trato/model';

import { MailboxAllowance } from '../mail/quota.js';

export interface OutboxOptions {
  /** The clock of this pass (ms). The emulator's sequencesRunNow passes another one. */
  now: number;
  /** E-mails per mailbox per UTC day. */
  dailyCap: number;
  /** E-mails this pass sends at most. */
  runCap: number;
  /** Real time (Date.now() ms) after which the pass claims nothing more. */
  deadline: number;
  /** Where unsubscribe links point (the public page; `?t=` is appended). */
  unsubscribeUrl: string;
  /** HMAC key of the unsubscribe links. */
  unsubscribeSecret: string;
  /** Documents read per page. */
  pageSize?: number;
  claimTimeoutMs?: number;
  /** Only this organization's work (the emulator's tests share one cloud). */
  onlyOrganizationId?: string;
  /** The Graph API and the token key, for WhatsApp steps (absent: they fail 'whatsapp-not-connected'). */
  whatsapp?: { base: string; tokenKey: string };
  /** WhatsApp templates one number sends per UTC day (default WHATSAPP_DAILY_CAP). */
  whatsappDailyCap?: number;
}

export type Stop = 'capped' | 'deadline' | null;

export class SendBudget {
  readonly allowance: MailboxAllowance;
  readonly claimTimeoutMs: number;
  private sent = 0;

  constructor(
    db: Firestore,
    readonly options: OutboxOptions,
  ) {
    this.allowance = new MailboxAllowance(db, options.now, options.dailyCap, SEQUENCE_QUOTA_BLOCK);
    this.claimTimeoutMs = options.claimTimeoutMs ?? SEND_CLAIM_TIMEOUT_MINUTES * 60_000;
  }

  /** Whether the pass must stop claiming: its cap is spent, or its deadline passed. */
  stop(): Stop {
    if (this.sent >= this.options.runCap) return 'capped';
    if (Date.now() >= this.options.deadline) return 'deadline';
    return null;
  }

  countSent(): void {
    this.sent += 1;
  }

  /** Whether an organization's work belongs to this pass. */
  covers(organizationId: string): boolean {
    return !this.options.onlyOrganizationId || this.options.onlyOrganizationId === organizationId;
  }

  /** The end of the pass: unused quota back to each mailbox (a failure only logs). */
  async close(): Promise<void> {
    await this.allowance
      .returnUnused()
      .catch((error: unknown) => console.error('outbox pass: unused quota not returned', error));
  }
}
