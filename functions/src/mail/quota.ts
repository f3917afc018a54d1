// What a mailbox may send: its daily quota (mailQuotas/{uid}, per UTC day, shared by the sequence
// steps and the test e-mails) and a member's test-email quota (TEST_EMAILS_PER_HOUR in any hour).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { defineInt } from 'firebase-functions/params';

import { SEQUENCE_DAILY_CAP_DEFAULT, TEST_EMAILS_PER_HOUR, paths, type MailQuota } from '@trato/model';

import { fail } from '../common/errors.js';

/** E-mails per mailbox per UTC day (below Gmail's ~500 for consumer accounts). */
export const mailboxDailyCap = defineInt('SEQUENCE_DAILY_CAP', { default: SEQUENCE_DAILY_CAP_DEFAULT });

const HOUR_MS = 3_600_000;
/**
 * Concurrent test e-mails of one member queue on one document; Firestore's transactions resolve
 * the contention by retrying (each retry keeps its age, so every call ends), which may take more
 * than the default five attempts when a dozen arrive at once.
 */
const TEST_QUOTA_ATTEMPTS = 20;

type StoredQuota = MailQuota<Timestamp>;

/** The UTC day (YYYY-MM-DD) a daily quota counts in. */
export function quotaDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const usedOn = (quota: StoredQuota | undefined, day: string): number =>
  quota?.day === day ? quota.count : 0;

/**
 * The test-email window: whether one more may go at `nowMs` after those sent at `previous` (ms),
 * and the times to store (the last hour's, this one included when it may go).
 */
export function takeTestEmail(
  previous: readonly number[],
  nowMs: number,
): { allowed: boolean; kept: number[] } {
  const recent = previous.filter((at) => at > nowMs - HOUR_MS).sort((a, b) => a - b);
  if (recent.length >= TEST_EMAILS_PER_HOUR) return { allowed: false, kept: recent };
  return { allowed: true, kept: [...recent, nowMs] };
}

/**
 * Takes one e-mail from the mailbox's daily quota — a test e-mail also from the member's hourly
 * test quota — in one transaction (so concurrent calls cannot all pass), or refuses with
 * resource-exhausted. Returns the function that gives it back when the e-mail was not sent.
 */
export async function takeEmailQuota(
  db: Firestore,
  uid: string,
  nowMs: number,
  dailyCap: number,
  kind: 'test' | 'contact' = 'test',
): Promise<() => Promise<void>> {
  const isTest = kind === 'test';
  const ref = db.doc(paths.mailQuota(uid));
  const day = quotaDay(nowMs);
  const refusal = await db.runTransaction(
    async (tx) => {
      const quota = (await tx.get(ref)).data() as StoredQuota | undefined;
      const { allowed, kept } = takeTestEmail(
        (quota?.testSends ?? []).map((at) => at.toMillis()),
        nowMs,
      );
      if (isTest && !allowed) return 'test-email-quota' as const;
      const used = usedOn(quota, day);
      if (used >= dailyCap) return 'mail-daily-quota' as const;
      tx.set(
        ref,
        {
          day,
          count: used + 1,
          ...(isTest && { testSends: kept.map((at) => Timestamp.fromMillis(at)) }),
          updatedAt: Timestamp.now(),
        },
        { merge: true },
      );
      return null;
    },
    { maxAttempts: TEST_QUOTA_ATTEMPTS },
  );
  if (refusal === 'test-email-quota') {
    fail('resource-exhausted', `At most ${TEST_EMAILS_PER_HOUR} test e-mails an hour.`, {
      reason: 'test-email-quota',
    });
  }
  if (refusal === 'mail-daily-quota') {
    fail('resource-exhausted', 'This mailbox has sent all the e-mails it may send today.', {
      reason: 'mail-daily-quota',
    });
  }
  return () =>
    db.runTransaction(
      async (tx) => {
        const quota = (await tx.get(ref)).data() as StoredQuota | undefined;
        if (!quota) return;
        const sends = quota.testSends ?? [];
        const mine = isTest ? sends.findIndex((at) => at.toMillis() === nowMs) : -1;
        tx.update(ref, {
          ...(quota.day === day && { count: Math.max(0, quota.count - 1) }),
          ...(mine >= 0 && { testSends: sends.filter((_, i) => i !== mine) }),
          updatedAt: Timestamp.now(),
        });
      },
      { maxAttempts: TEST_QUOTA_ATTEMPTS },
    );
}

/**
 * A sender pass's share of each mailbox's daily quota. It is taken from `mailQuotas/{uid}` in
 * blocks (one transaction per `block` e-mails, not one per e-mail inside every claim, so
 * overlapping passes do not queue on that document) and handed out locally; what is left goes
 * back at the end of the pass. A pass that dies keeps its block until the day ends: that mailbox
 * sends fewer e-mails that day, never more than the cap.
 */
export class MailboxAllowance {
  private readonly left = new Map<string, number>();
  private readonly exhausted = new Set<string>();
  private readonly day: string;

  constructor(
    private readonly db: Firestore,
    nowMs: number,
    private readonly dailyCap: number,
    private readonly block: number,
  ) {
    this.day = quotaDay(nowMs);
  }

  /** One e-mail for the member's mailbox; false when its daily cap is reached. */
  async take(uid: string): Promise<boolean> {
    const left = this.left.get(uid) ?? 0;
    if (left > 0) {
      this.left.set(uid, left - 1);
      return true;
    }
    if (this.exhausted.has(uid)) return false;
    const granted = await this.reserve(uid);
    if (granted === 0) {
      this.exhausted.add(uid);
      return false;
    }
    this.left.set(uid, granted - 1);
    return true;
  }

  /** An e-mail taken and not sent. */
  giveBack(uid: string): void {
    this.left.set(uid, (this.left.get(uid) ?? 0) + 1);
  }

  /** Gives every unused e-mail back to its mailbox's quota (same day only). */
  async returnUnused(): Promise<void> {
    for (const [uid, left] of this.left) {
      if (left <= 0) continue;
      const ref = this.db.doc(paths.mailQuota(uid));
      await this.db.runTransaction(async (tx) => {
        const quota = (await tx.get(ref)).data() as StoredQuota | undefined;
        if (quota?.day !== this.day) return;
        tx.update(ref, { count: Math.max(0, quota.count - left), updatedAt: Timestamp.now() });
      });
      this.left.set(uid, 0);
    }
  }

  private reserve(uid: string): Promise<number> {
    const ref = this.db.doc(paths.mailQuota(uid));
    return this.db.runTransaction(async (tx) => {
      const quota = (await tx.get(ref)).data() as StoredQuota | undefined;
      const used = usedOn(quota, this.day);
      const granted = Math.max(0, Math.min(this.block, this.dailyCap - used));
      if (granted > 0)
        tx.set(ref, { day: this.day, count: used + granted, updatedAt: Timestamp.now() }, { merge: true });
      return granted;
    });
  }
}
