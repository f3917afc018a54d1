/** The subscription gate, identical to firestore.rules / storage.rules `subscriptionOk`. */
import { ACTIVE_GRACE_HOURS } from './constants.js';
import type { Subscription } from './entities.js';

type Millis = { toMillis(): number };

export function isSubscriptionActive(
  sub: Pick<Subscription<Millis>, 'status' | 'trialEnd' | 'currentPeriodEnd'> | null | undefined,
  nowMs: number,
): boolean {
  if (!sub) return false;
  if (sub.status === 'trialing') return !!sub.trialEnd && sub.trialEnd.toMillis() > nowMs;
  if (sub.status === 'active')
    return !!sub.currentPeriodEnd && sub.currentPeriodEnd.toMillis() + ACTIVE_GRACE_HOURS * 3_600_000 > nowMs;
  return false;
}

/** The spec's check-subscription answer, derived from the mirror. */
export function subscriptionSummary(
  sub: Pick<Subscription<Millis>, 'status' | 'trialEnd' | 'currentPeriodEnd' | 'priceId'> | null | undefined,
  nowMs: number,
): { subscribed: boolean; product_id: string | null; subscription_end: string | null } {
  const end = sub?.status === 'trialing' ? sub.trialEnd : sub?.currentPeriodEnd;
  return {
    subscribed: isSubscriptionActive(sub, nowMs),
    product_id: sub?.priceId ?? null,
    subscription_end: end ? new Date(end.toMillis()).toISOString() : null,
  };
}
