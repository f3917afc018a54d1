// The pure mapping from Stripe subscriptions to the mirror (functions/src/billing/mirror.ts).
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { currentSubscription, customerOfEvent, mirrorOf, periodEnd } from '../src/billing/mirror.js';

function sub(id: string, status: string, created: number, extra: Partial<Stripe.Subscription> = {}) {
  return {
    id,
    object: 'subscription',
    status,
    created,
    customer: 'cus_1',
    trial_end: null,
    cancel_at_period_end: false,
    items: { data: [{ current_period_end: created + 30 * 86_400, price: { id: 'price_x' } }] },
    ...extra,
  } as unknown as Stripe.Subscription;
}

describe('currentSubscription', () => {
  it('prefers the newest subscription that is not over', () => {
    const old = sub('sub_old', 'active', 100);
    const newer = sub('sub_new', 'canceled', 200);
    expect(currentSubscription([newer, old])?.id).toBe('sub_old');
  });
  it('falls back to the newest when all are over, and to null when there are none', () => {
    expect(currentSubscription([sub('a', 'canceled', 1), sub('b', 'incomplete_expired', 5)])?.id).toBe('b');
    expect(currentSubscription([])).toBeNull();
  });
  it('does not depend on the order of the list', () => {
    const list = [sub('a', 'trialing', 10), sub('b', 'canceled', 5), sub('c', 'active', 20)];
    expect(currentSubscription(list)?.id).toBe('c');
    expect(currentSubscription([...list].reverse())?.id).toBe('c');
  });
});

describe('mirrorOf', () => {
  it('maps a trial with the period end of its items', () => {
    const s = sub('sub_t', 'trialing', 1_000, {
      trial_end: 2_000,
      cancel_at_period_end: true,
      items: {
        data: [
          { current_period_end: 3_000, price: { id: 'price_a' } },
          { current_period_end: 4_000, price: { id: 'price_b' } },
        ],
      } as unknown as Stripe.Subscription['items'],
    });
    expect(periodEnd(s)).toBe(4_000);
    expect(mirrorOf<number | string>(s, (n) => n * 1000, 'now')).toEqual({
      status: 'trialing',
      trialEnd: 2_000_000,
      currentPeriodEnd: 4_000_000,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_t',
      priceId: 'price_a',
      cancelAtPeriodEnd: true,
      updatedAt: 'now',
    });
  });
});

describe('customerOfEvent', () => {
  const event = (type: string, object: unknown) => ({ type, data: { object } }) as unknown as Stripe.Event;
  it('names the customer of events that can change a subscription', () => {
    expect(customerOfEvent(event('invoice.paid', { customer: 'cus_a' }))).toBe('cus_a');
    expect(customerOfEvent(event('customer.subscription.deleted', { customer: { id: 'cus_b' } }))).toBe(
      'cus_b',
    );
    expect(customerOfEvent(event('checkout.session.completed', { customer: null }))).toBeNull();
  });
  it('ignores other events', () => {
    expect(customerOfEvent(event('charge.refunded', { customer: 'cus_a' }))).toBeNull();
  });
});
