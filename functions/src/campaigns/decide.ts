// The campaign sender's decisions, pure: what a pass does with a started campaign as a whole, and
// with one recipient inside the claim transaction (the twin of sequences/decide.ts).
import {
  isSubscriptionActive,
  type CampaignFailureReason,
  type CampaignRecipient,
  type CampaignStatus,
  type MailConnection,
  type Member,
  type Subscription,
  type TimestampLike,
} from '@trato/model';

export type CampaignDecision =
  /** Deleted, finished, or back to scheduled/draft: no more passes until it is started again. */
  | { kind: 'idle' }
  /** Paused, or the subscription is not live: look again later. */
  | { kind: 'wait'; why: 'paused' | 'subscription-inactive' }
  | { kind: 'fail'; failure: CampaignFailureReason }
  | { kind: 'work' };

export function decideCampaign(input: {
  nowMs: number;
  status: CampaignStatus | undefined;
  subscription: Subscription<TimestampLike> | undefined;
  author: Member<TimestampLike> | undefined;
  connection: MailConnection<TimestampLike> | undefined;
}): CampaignDecision {
  const { status } = input;
  if (status === 'paused') return { kind: 'wait', why: 'paused' };
  if (status !== 'sending') return { kind: 'idle' };
  if (!isSubscriptionActive(input.subscription, input.nowMs))
    return { kind: 'wait', why: 'subscription-inactive' };
  if (!input.author) return { kind: 'fail', failure: 'sender-missing' };
  if (input.connection?.status !== 'connected') return { kind: 'fail', failure: 'mail-not-connected' };
  return { kind: 'work' };
}

export type RecipientDecision =
  /** Not pending any more (sent, failed, skipped by an unsubscribe): nothing to do. */
  | { kind: 'gone' }
  /** The campaign was paused or canceled meanwhile: stop sending it. */
  | { kind: 'campaign-stopped' }
  /** Claimed by another pass less than the claim timeout ago. */
  | { kind: 'busy' }
  /** Gmail took it (a message id is recorded) but the pass died before marking it: mark it. */
  | { kind: 'mark-sent' }
  | { kind: 'skip'; error: 'unsubscribed' | 'no-consent' }
  | { kind: 'fail'; error: 'contact-missing' }
  | { kind: 'claim' };

export function decideRecipient(input: {
  nowMs: number;
  claimTimeoutMs: number;
  campaignStatus: CampaignStatus | undefined;
  recipient: CampaignRecipient<TimestampLike> | undefined;
  optedOut: boolean;
  contactExists: boolean;
  /** The contact may get marketing (hasMarketingConsent: always, unless the org requires consent). */
  consented: boolean;
}): RecipientDecision {
  const { recipient } = input;
  if (!recipient || recipient.status !== 'pending') return { kind: 'gone' };
  if (recipient.messageId) return { kind: 'mark-sent' };
  if (input.campaignStatus !== 'sending') return { kind: 'campaign-stopped' };
  const claimedAt = recipient.claimedAt?.toMillis() ?? null;
  if (claimedAt !== null && input.nowMs - claimedAt < input.claimTimeoutMs) return { kind: 'busy' };
  if (input.optedOut) return { kind: 'skip', error: 'unsubscribed' };
  if (!input.contactExists) return { kind: 'fail', error: 'contact-missing' };
  // Consent withdrawn (or required) since the audience was written.
  if (!input.consented) return { kind: 'skip', error: 'no-consent' };
  return { kind: 'claim' };
}
