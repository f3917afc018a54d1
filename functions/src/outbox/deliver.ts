// Sending one claimed e-mail, and what its failure means, for every kind of claim (sequence step,
// campaign recipient): Gmail said slow down (try later, nothing used), Gmail refused for a known
// reason (failed, the quota given back), or something unknown happened (Gmail may have taken it:
// failed 'send-error', never retried by itself).
import { HttpsError } from 'firebase-functions/v2/https';

import type { SendFailureReason } from '@trato/model';

import type { OutgoingMail, SentMail } from '../mail/mailer.js';
import type { MailboxAllowance } from '../mail/quota.js';

export type SendFn = (
  member: { organizationId: string; uid: string },
  mail: OutgoingMail,
) => Promise<SentMail>;

/**
 * Thrown by a SendFn to end the pass at once with nothing more recorded — what a process killed
 * between the claim and the send leaves behind (the emulator's crash simulation).
 */
export class PassAborted extends Error {}

export type Delivery =
  | { kind: 'sent'; messageId: string; threadId: string }
  /** Not sent, nothing used: release the claim and try again later. */
  | { kind: 'retry-later' }
  | { kind: 'failed'; failure: SendFailureReason };

const KNOWN_REFUSALS: readonly string[] = ['mail-not-connected', 'mail-broken', 'mail-send-failed'];

export async function deliver(
  send: SendFn,
  allowance: MailboxAllowance,
  member: { organizationId: string; uid: string },
  mail: OutgoingMail,
  what: string,
): Promise<Delivery> {
  try {
    const sent = await send(member, mail);
    return { kind: 'sent', messageId: sent.messageId, threadId: sent.threadId };
  } catch (error) {
    if (error instanceof PassAborted) throw error;
    const reason =
      error instanceof HttpsError ? (error.details as { reason?: string } | undefined)?.reason : undefined;
    if (reason === 'mail-rate-limited') {
      allowance.giveBack(member.uid);
      return { kind: 'retry-later' };
    }
    if (reason && KNOWN_REFUSALS.includes(reason)) {
      // Gmail did not take it: the quota was not used.
      allowance.giveBack(member.uid);
      return { kind: 'failed', failure: reason as SendFailureReason };
    }
    console.error(`outbox: sending ${what} failed`, error);
    return { kind: 'failed', failure: 'send-error' };
  }
}
