import { describe, expect, it } from 'vitest';

import { isSubscriptionActive, subscriptionSummary } from './subscription.js';

const at = (ms: number) => ({ toMillis: () => ms });
const now = Date.UTC(2026, 10, 20);
const H = 3_600_000;

describe('subscription gate (same as the rules)', () => {
  it('trialing until trialEnd, no grace', () => {
    expect(
      isSubscriptionActive({ status: 'trialing', trialEnd: at(now + 1), currentPeriodEnd: null }, now),
    ).toBe(true);
    expect(
      isSubscriptionActive({ status: 'trialing', trialEnd: at(now - 1), currentPeriodEnd: null }, now),
    ).toBe(false);
    expect(isSubscriptionActive({ status: 'trialing', trialEnd: null, currentPeriodEnd: null }, now)).toBe(
      false,
    );
  });

  it('active until currentPeriodEnd + 48 h', () => {
    expect(
      isSubscriptionActive({ status: 'active', trialEnd: null, currentPeriodEnd: at(now - 47 * H) }, now),
    ).toBe(true);
    expect(
      isSubscriptionActive({ status: 'active', trialEnd: null, currentPeriodEnd: at(now - 49 * H) }, now),
    ).toBe(false);
  });

  it('every other status is closed', () => {
    for (const status of [
      'past_due',
      'canceled',
      'unpaid',
      'incomplete',
      'incomplete_expired',
      'paused',
    ] as const)
      expect(
        isSubscriptionActive({ status, trialEnd: at(now + H), currentPeriodEnd: at(now + H) }, now),
      ).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });

  it('summarises for the check-subscription answer', () => {
    const s = subscriptionSummary(
      { status: 'active', trialEnd: null, currentPeriodEnd: at(now + H), priceId: 'price_1' },
      now,
    );
    expect(s).toEqual({
      subscribed: true,
      product_id: 'price_1',
      subscription_end: new Date(now + H).toISOString(),
    });
  });
});
