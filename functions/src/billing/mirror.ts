// Pure mapping from Stripe's subscriptions of a customer to the Firestore mirror. The webhook
// always recomputes from the full list, so the mirror never depends on the order events arrive in.
import type Stripe from 'stripe';

import type { Subscription, SubscriptionStatus } from '@trato/model';

/** Statuses that still describe the customer's current subscription (before it is over). */
const CURRENT: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
];

/**
 * The subscription the organization has now: the newest one that is not over, else the newest
 * one (canceled or expired), else null.
 */
export function currentSubscription(
  subscriptions: readonly Stripe.Subscription[],
): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created || (b.id < a.id ? -1 : 1));
  return newestFirst.find((s) => (CURRENT as readonly string[]).includes(s.status)) ?? newestFirst[0] ?? null;
}

/** End of the current billing period: the latest end among the subscription's items. */
export function periodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((n) => Number.isFinite(n));
  return ends.length ? Math.max(...ends) : null;
}

export function customerIdOf(subscription: Stripe.Subscription): string {
  return typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
}

/** The mirror document for a subscription; `at` converts unix seconds to the store's timestamp. */
export function mirrorOf<TS>(
  subscription: Stripe.Subscription,
  at: (unixSeconds: number) => TS,
  updatedAt: TS,
): Subscription<TS> {
  const end = periodEnd(subscription);
  return {
    status: subscription.status as SubscriptionStatus,
    trialEnd: subscription.trial_end ? at(subscription.trial_end) : null,
    currentPeriodEnd: end ? at(end) : null,
    stripeCustomerId: customerIdOf(subscription),
    stripeSubscriptionId: subscription.id,
    priceId: subscription.items.data[0]?.price.id ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt,
  };
}

/** The customer an event is about, for the events that can change the subscription. */
export function customerOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
    case 'invoice.paid':
    case 'invoice.payment_failed':
      if (!object.customer) return null;
      return typeof object.customer === 'string' ? object.customer : object.customer.id;
    default:
      return null;
  }
}
