/**
 * Billing: the Stripe customer of an organization, the callables of the subscription screens and
 * the figures /subscription shows. The mirror itself (`Subscription`) is in entities.ts and the
 * gate in subscription.ts.
 */
import { TRIAL_DAYS } from './constants.js';
import type { Language } from './constants.js';
import type { Subscription } from './entities.js';
import { isSubscriptionActive } from './subscription.js';

/** organizations/{orgId}/billing/customer — written once by createCheckoutSession (server only). */
export const BILLING_CUSTOMER_DOC_ID = 'customer';
export interface BillingCustomer<TS = unknown> {
  stripeCustomerId: string;
  createdAt: TS;
}

/** What happens when a trial started without a card ends: Stripe cancels the subscription. */
export const TRIAL_END_WITHOUT_CARD = 'cancel' as const;

/** Callables of the subscription gate and /subscription. `returnOrigin` must be an allowed app origin. */
export interface BillingCallables {
  createCheckoutSession: {
    in: { organizationId: string; returnOrigin: string; language: Language };
    out: { url: string };
  };
  createPortalSession: {
    in: { organizationId: string; returnOrigin: string; language: Language };
    out: { url: string };
  };
  checkSubscription: {
    in: { organizationId: string };
    out: { subscribed: boolean; product_id: string | null; subscription_end: string | null };
  };
}

/** Where Checkout sends the browser back: the dashboard (the gate opens there) or /subscription. */
export function checkoutReturnUrls(origin: string): { success: string; cancel: string } {
  return {
    success: `${origin}/dashboard?checkout=success`,
    cancel: `${origin}/subscription?checkout=canceled`,
  };
}

type Millis = { toMillis(): number };

/** How /subscription describes the mirror. */
export type SubscriptionPhase =
  | { kind: 'none' }
  | { kind: 'trial'; daysLeft: number; endsAt: number }
  | { kind: 'active'; renewsAt: number; cancelAtPeriodEnd: boolean }
  | { kind: 'attention'; status: Subscription['status']; until: number | null }
  | { kind: 'over'; status: Subscription['status'] };

const DAY_MS = 86_400_000;

export function subscriptionPhase(
  sub:
    | (Pick<Subscription<Millis>, 'status' | 'trialEnd' | 'currentPeriodEnd'> & {
        cancelAtPeriodEnd?: boolean;
      })
    | null
    | undefined,
  nowMs: number,
): SubscriptionPhase {
  if (!sub) return { kind: 'none' };
  const live = isSubscriptionActive(sub, nowMs);
  if (live && sub.status === 'trialing' && sub.trialEnd) {
    const endsAt = sub.trialEnd.toMillis();
    // A trial started now reads "14 days left" (never 15, never 13).
    return { kind: 'trial', daysLeft: Math.min(TRIAL_DAYS, Math.ceil((endsAt - nowMs) / DAY_MS)), endsAt };
  }
  if (live && sub.currentPeriodEnd) {
    return {
      kind: 'active',
      renewsAt: sub.currentPeriodEnd.toMillis(),
      cancelAtPeriodEnd: !!sub.cancelAtPeriodEnd,
    };
  }
  if (
    sub.status === 'past_due' ||
    sub.status === 'unpaid' ||
    sub.status === 'incomplete' ||
    sub.status === 'paused'
  ) {
    return { kind: 'attention', status: sub.status, until: sub.currentPeriodEnd?.toMillis() ?? null };
  }
  return { kind: 'over', status: sub.status };
}
