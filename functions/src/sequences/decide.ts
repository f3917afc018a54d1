// What the sender does with one due (enrolment, step), decided from the documents its claim
// transaction read. Pure: no reads, no writes, no clock of its own, so every branch is unit-tested
// (functions/test/decide.test.ts) and a transaction that Firestore retries decides again from
// fresh reads without side effects.
import {
  DAY_MS,
  EMAIL_PATTERN,
  normalizePhone,
  INACTIVE_SUBSCRIPTION_RECHECK_MINUTES,
  PAUSED_SEQUENCE_RECHECK_MINUTES,
  isSubscriptionActive,
  stepDueAt,
  type Contact,
  type Enrollment,
  type MailConnection,
  type Member,
  type SendFailureReason,
  type SendHoldReason,
  type SendLogEntry,
  type SendSkipReason,
  type Sequence,
  type SequenceStep,
  type Subscription,
  type WaTemplate,
  type WhatsAppChannel,
  type WithId,
} from '@trato/model';

type Millis = { toMillis(): number };
const MINUTE = 60_000;

/** The documents of one claim, as read (undefined: absent). */
export interface ClaimReads<TS extends Millis = Millis> {
  /** The clock of the pass (ms). */
  nowMs: number;
  /** A `pending` claim younger than this belongs to another pass. */
  claimTimeoutMs: number;
  enrollment: Enrollment<TS> | undefined;
  sequence: Sequence<TS> | undefined;
  /** The sequence's steps in stepOrder order. */
  steps: readonly WithId<SequenceStep<TS>>[];
  /** The organization's billing mirror. */
  subscription: Pick<Subscription<TS>, 'status' | 'trialEnd' | 'currentPeriodEnd'> | undefined;
  /** The send-log entry of the current step. */
  log: SendLogEntry<TS> | undefined;
  contact: Contact<TS> | undefined;
  /** The address whose opt-out was read (the contact's, read before the transaction); '' if none. */
  checkedEmail: string;
  /** Whether that address opted out. */
  optedOut: boolean;
  /**
   * Whether the contact may get marketing: 'ok' (the organization does not require consent, or
   * the contact gave it), 'pending' (a double opt-in not confirmed yet), 'missing' (none, or withdrawn).
   */
  consent: 'ok' | 'pending' | 'missing';
  /** The sending member (the sequence's owner) and their mail connection in the organization. */
  member: Member<TS> | undefined;
  connection: MailConnection<TS> | undefined;
  /** An e-mail of the owner's daily quota is held for this unit. */
  quotaHeld: boolean;
  /**
   * A WhatsApp step's reads: the organization's channel, the step's template, and whether the
   * number's daily cap (WHATSAPP_DAILY_CAP) leaves room for one more.
   */
  whatsapp?: {
    channel: WhatsAppChannel<TS> | undefined;
    template: WaTemplate<TS> | undefined;
    roomToday: boolean;
  };
}

export type ClaimDecision =
  /** Not active, or not due (yet): nothing to do. */
  | { kind: 'gone' }
  /** The sequence was deleted: the enrolment stops. */
  | { kind: 'stop' }
  /** No step left: the enrolment completes. */
  | { kind: 'complete' }
  /** The step waits until `until` (ms), the enrolment stays on it; `why` is shown for a hold. */
  | {
      kind: 'defer';
      until: number;
      why: 'paused' | 'first-step-delay' | 'daily-cap' | 'consent-pending' | SendHoldReason;
    }
  /** The step was done by an earlier pass (sent, or skipped): move on; `markSent` fixes its entry. */
  | { kind: 'advance'; doneAt: number; markSent: boolean }
  /** Another pass holds the step, or the address changed since its opt-out was read: next pass. */
  | { kind: 'busy'; why: 'claimed' | 'address-changed' }
  | { kind: 'skip'; error: SendSkipReason }
  | { kind: 'fail'; error: SendFailureReason }
  /** Claim the step and send it to `to`. */
  | { kind: 'claim'; to: string }
  /** Claim a WhatsApp step and send its template to `waId`. */
  | { kind: 'claim-whatsapp'; waId: string }
  /** A task step: create the task for the member who enrolled the contact (in the claim). */
  | { kind: 'task' };

const millis = (ts: Millis | null | undefined): number | null => (ts ? ts.toMillis() : null);

/** The start of the UTC day after `ms`. */
/** A step whose contact has not confirmed their consent yet is looked at again after this long. */
export const CONSENT_PENDING_RECHECK_MINUTES = 60;

export function startOfNextUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
}

export function decideClaim<TS extends Millis>(r: ClaimReads<TS>): ClaimDecision {
  const { nowMs, enrollment, sequence, steps, log } = r;
  if (!enrollment || enrollment.status !== 'active') return { kind: 'gone' };
  const due = millis(enrollment.nextSendAt);
  if (due === null || due > nowMs) return { kind: 'gone' };
  // Deleted sequence whose enrolments were left behind: nothing can be sent.
  if (!sequence) return { kind: 'stop' };
  const index = enrollment.currentStep;
  const step = steps[index];
  if (!step) return { kind: 'complete' };

  // The step's own history first: what an earlier pass did is never done again.
  if (log?.status === 'sent' || (log?.status === 'pending' && log.messageId)) {
    // Sent by a pass that did not finish its bookkeeping.
    return {
      kind: 'advance',
      doneAt: millis(log.sentAt) ?? millis(log.claimedAt) ?? nowMs,
      markSent: log.status !== 'sent',
    };
  }
  if (log?.status === 'skipped') return { kind: 'advance', doneAt: nowMs, markSent: false };
  if (log?.status === 'pending') {
    const claimedAt = millis(log.claimedAt);
    if (claimedAt !== null && nowMs - claimedAt < r.claimTimeoutMs) return { kind: 'busy', why: 'claimed' };
    // else: a released claim, or a stale one (its pass died before sending): claim again.
  }
  // Absent, stale/released pending, or failed and resumed by a member (status active again).

  // The paywall, with the rules' own function: a lapsed organization sends nothing; its
  // enrolments keep their step and go on once the subscription is live again.
  if (!isSubscriptionActive(r.subscription, nowMs))
    return {
      kind: 'defer',
      until: nowMs + INACTIVE_SUBSCRIPTION_RECHECK_MINUTES * MINUTE,
      why: 'subscription-inactive',
    };
  // Paused sequence: look again later, keep the step (so the due query is not filled with
  // enrolments that cannot be sent).
  if (!sequence.isActive)
    return { kind: 'defer', until: nowMs + PAUSED_SEQUENCE_RECHECK_MINUTES * MINUTE, why: 'paused' };
  if (index === 0) {
    // Enrolments are created due at once (nextSendAt = serverTimestamp()); the first step may
    // have a delay of its own.
    const firstDue = stepDueAt(
      millis(enrollment.createdAt) ?? nowMs,
      steps.map((s) => s.delayDays),
      0,
    );
    if (firstDue > nowMs) return { kind: 'defer', until: firstDue, why: 'first-step-delay' };
  }

  if (step.type === 'wait') return { kind: 'skip', error: 'not-email' };
  const { contact } = r;
  if (!contact) return { kind: 'fail', error: 'contact-missing' };
  if (step.type === 'task') return { kind: 'task' };
  if (step.type === 'whatsapp') return decideWhatsApp(r, contact);
  const to = contact.email?.trim() ?? '';
  if (!to || !EMAIL_PATTERN.test(to)) return { kind: 'fail', error: 'no-email' };
  const sameAddress = to.toLowerCase() === r.checkedEmail.toLowerCase();
  if (r.optedOut && sameAddress) return { kind: 'skip', error: 'unsubscribed' };
  // The address changed between the opt-out read and the transaction: try again next pass.
  if (!sameAddress) return { kind: 'busy', why: 'address-changed' };
  if (r.consent === 'missing') return { kind: 'skip', error: 'no-consent' };
  // A form's double opt-in not clicked yet: the step waits for the click.
  if (r.consent === 'pending')
    return { kind: 'defer', until: nowMs + CONSENT_PENDING_RECHECK_MINUTES * MINUTE, why: 'consent-pending' };
  if (!r.member) return { kind: 'fail', error: 'sender-missing' };
  if (!r.connection) return { kind: 'fail', error: 'mail-not-connected' };
  if (r.connection.status === 'broken') return { kind: 'fail', error: 'mail-broken' };
  // Over the mailbox's daily cap: the step waits for the next (UTC) day.
  if (!r.quotaHeld) return { kind: 'defer', until: startOfNextUtcDay(nowMs), why: 'daily-cap' };
  return { kind: 'claim', to };
}

/**
 * A WhatsApp step (after the checks every step shares): the platform's rules first — a connected
 * number, a number for the contact, their opt-in (WhatsApp's Business Policy: always, whatever the
 * organization's e-mail setting), an approved template — then the number's daily cap.
 */
function decideWhatsApp<TS extends Millis>(r: ClaimReads<TS>, contact: Contact<TS>): ClaimDecision {
  const wa = r.whatsapp;
  if (!wa?.channel || wa.channel.status !== 'connected')
    return { kind: 'fail', error: 'whatsapp-not-connected' };
  const waId = normalizePhone(contact.phone, wa.channel.callingCode);
  if (!waId) return { kind: 'fail', error: 'no-phone' };
  if (contact.whatsappConsent === 'withdrawn') return { kind: 'skip', error: 'unsubscribed' };
  if (contact.whatsappConsent !== 'granted') return { kind: 'skip', error: 'no-consent' };
  if (wa.template?.status !== 'approved') return { kind: 'fail', error: 'template-unavailable' };
  if (!wa.roomToday) return { kind: 'defer', until: startOfNextUtcDay(r.nowMs), why: 'daily-cap' };
  return { kind: 'claim-whatsapp', waId };
}
