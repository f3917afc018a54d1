/**
 * The subscription lifecycle driven by the simulated clock (`/__control/clock/advance`): trial end
 * with and without a card (cancel / pause / create_invoice), trial_will_end, renewals, declines,
 * cancellation at period end, session expiry; and the seeding control.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newCheckout, harnessPerFile } from './helpers.js';

const DAY = 86_400;
const { t, newTypes } = harnessPerFile();

function lastEvent<T extends Stripe.Event>(type: string): T {
  const found = [...t.receiver.events].reverse().find((e) => e.event.type === type);
  if (!found) throw new Error(`no ${type} event`);
  return found.event as T;
}

async function advance(seconds: number): Promise<number> {
  const res = await t.control<{ now: number }>('/clock/advance', { seconds });
  return res.now;
}

async function startTrial(opts: Parameters<typeof newCheckout>[1] = {}, card?: string) {
  const { customer, session } = await newCheckout(t.stripe, opts);
  const res = await t.control<{ ok: boolean; subscription: Stripe.Subscription }>(
    `/checkout/${session.id}/complete`,
    card ? { card } : {},
  );
  expect(res.ok).toBe(true);
  await newTypes();
  return { customer, session, sub: res.subscription };
}

describe('clock', () => {
  it('GET /clock and advance', async () => {
    const before = await t.getControl<{ now: number; offsetSeconds: number }>('/clock');
    expect(Math.abs(before.now - Date.now() / 1000)).toBeLessThan(5);
    const now = await advance(3600);
    expect(now - before.now).toBeGreaterThanOrEqual(3600);
    expect((await t.getControl<{ offsetSeconds: number }>('/clock')).offsetSeconds).toBe(3600);
    const refused = await fetch(`${t.server.url}/__control/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ seconds: -5 }),
    });
    expect(refused.status).toBe(400);
  });
});

describe('trial end without a card', () => {
  it('cancel: trial_will_end 3 days before, then customer.subscription.deleted', async () => {
    const { sub } = await startTrial({ missing: 'cancel' });
    await advance(10 * DAY);
    expect(await newTypes()).toEqual([]);
    await advance(1 * DAY + 60);
    expect(await newTypes()).toEqual(['customer.subscription.trial_will_end']);
    const willEnd = lastEvent<Stripe.CustomerSubscriptionTrialWillEndEvent>(
      'customer.subscription.trial_will_end',
    );
    expect(willEnd.created).toBe(sub.trial_end! - 3 * DAY);
    expect(willEnd.request).toEqual({ id: null, idempotency_key: null });

    await advance(3 * DAY);
    expect(await newTypes()).toEqual(['customer.subscription.deleted']);
    const deleted = lastEvent<Stripe.CustomerSubscriptionDeletedEvent>('customer.subscription.deleted');
    expect(deleted.created).toBe(sub.trial_end);
    expect(deleted.data.object).toMatchObject({ id: sub.id, status: 'canceled', ended_at: sub.trial_end });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('pause: status paused with customer.subscription.updated and .paused', async () => {
    const { sub } = await startTrial({ missing: 'pause' });
    await advance(15 * DAY);
    expect(await newTypes()).toEqual([
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'customer.subscription.paused',
    ]);
    const updated = lastEvent<Stripe.CustomerSubscriptionUpdatedEvent>('customer.subscription.updated');
    expect(updated.data.object.status).toBe('paused');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
    const paused = await t.stripe.subscriptions.retrieve(sub.id);
    expect(paused.status).toBe('paused');
    expect(paused.status_details?.paused.subscription.type).toBe('trial_end_without_payment_method');
    // Nothing more happens to a paused subscription.
    await advance(40 * DAY);
    expect(await newTypes()).toEqual([]);
  });

  it('create_invoice: an invoice that cannot be paid, status past_due', async () => {
    const { sub } = await startTrial({ missing: 'create_invoice' });
    await advance(15 * DAY);
    expect(await newTypes()).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const failed = lastEvent<Stripe.InvoicePaymentFailedEvent>('invoice.payment_failed');
    expect(failed.data.object).toMatchObject({
      status: 'open',
      amount_due: 2000,
      attempt_count: 1,
      amount_paid: 0,
    });
    expect(failed.data.object.parent?.subscription_details?.subscription).toBe(sub.id);
    const fresh = await t.stripe.subscriptions.retrieve(sub.id);
    expect(fresh.status).toBe('past_due');
    expect(fresh.latest_invoice).toBe(failed.data.object.id);
  });
});

describe('trial end with a card, renewals, declines', () => {
  it('charges $20 at trial end: invoice.created, invoice.paid, customer.subscription.updated (active, new period)', async () => {
    const { sub } = await startTrial({ missing: 'cancel' }, '4242424242424242');
    await advance(15 * DAY);
    expect(await newTypes()).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const paid = lastEvent<Stripe.InvoicePaidEvent>('invoice.paid');
    expect(paid.data.object).toMatchObject({
      status: 'paid',
      amount_paid: 2000,
      total: 2000,
      billing_reason: 'subscription_cycle',
      period_start: sub.trial_start,
      period_end: sub.trial_end,
    });
    expect(paid.data.object.lines.data[0].period.start).toBe(sub.trial_end);
    expect(paid.data.object.number).toMatch(/^[A-Z0-9]{8}-0002$/);
    const updated = lastEvent<Stripe.CustomerSubscriptionUpdatedEvent>('customer.subscription.updated');
    const item = updated.data.object.items.data[0];
    expect(updated.data.object.status).toBe('active');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect(item.current_period_start).toBe(sub.trial_end);
    const start = new Date(sub.trial_end! * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);
    expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), 31));
  });

  it('renews every period with the card on file; several periods in one advance run in order', async () => {
    const { sub } = await startTrial({ trialDays: null, collection: 'always' }, '4242424242424242');
    expect(sub.status).toBe('active');
    const firstEnd = sub.items.data[0].current_period_end;
    await advance(firstEnd - (await t.getControl<{ now: number }>('/clock')).now + 70 * DAY);
    const types = await newTypes();
    const renewal = [
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ];
    expect(types.slice(0, 5)).toEqual(renewal);
    expect(types.length % 5).toBe(0);
    expect(types.length / 5).toBeGreaterThanOrEqual(3);
    const invoices = (await t.stripe.invoices.list({ subscription: sub.id, limit: 100 })).data.reverse();
    expect(invoices.map((i) => i.billing_reason)).toEqual([
      'subscription_create',
      ...Array(types.length / 5).fill('subscription_cycle'),
    ]);
    // Each line covers the next period; each cycle invoice's own period is the one that just ended.
    for (let i = 1; i < invoices.length; i++) {
      expect(invoices[i].lines.data[0].period.start).toBe(invoices[i - 1].lines.data[0].period.end);
      expect(invoices[i].period_end).toBe(invoices[i].lines.data[0].period.start);
    }
    expect(invoices.every((i) => i.status === 'paid' && i.amount_paid === 2000)).toBe(true);
  });

  it('a card that declines charges (4000 0000 0000 0341) makes the subscription past_due at trial end', async () => {
    const { sub } = await startTrial({ missing: 'cancel' }, '4000000000000341');
    await advance(15 * DAY);
    expect(await newTypes()).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
  });

  it('a declining card put on file by the seeding control fails the renewal', async () => {
    const seeded = await t.control<{ subscription: Stripe.Subscription; customer: Stripe.Customer }>(
      '/subscriptions',
      {
        customer: { name: 'Decliner', metadata: { orgId: 'd1' } },
        status: 'trialing',
        card: '4000000000000002',
      },
    );
    expect(seeded.subscription.status).toBe('trialing');
    await newTypes();
    await advance(15 * DAY);
    const types = await newTypes();
    expect(types).toContain('invoice.payment_failed');
    expect((await t.stripe.subscriptions.retrieve(seeded.subscription.id)).status).toBe('past_due');
  });

  it('cancel_at_period_end: customer.subscription.deleted at the end of the period, no invoice', async () => {
    const { sub } = await startTrial({ trialDays: null, collection: 'always' }, '4242424242424242');
    await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(await newTypes()).toEqual(['customer.subscription.updated']);
    const end = sub.items.data[0].current_period_end;
    await advance(end - (await t.getControl<{ now: number }>('/clock')).now - 60);
    expect(await newTypes()).toEqual([]);
    await advance(120);
    expect(await newTypes()).toEqual(['customer.subscription.deleted']);
    const deleted = await t.stripe.subscriptions.retrieve(sub.id);
    expect(deleted).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await t.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
  });

  it('cancel_at_period_end during a trial ends it at the trial end', async () => {
    const { sub } = await startTrial({ missing: 'create_invoice' }, '4242424242424242');
    await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await advance(15 * DAY);
    expect(await newTypes()).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
  });

  it('resume (POST /v1/subscriptions/:id/resume) restarts a paused subscription with a new card', async () => {
    const { sub, customer } = await startTrial({ missing: 'pause' });
    await advance(15 * DAY);
    const portal = await t.stripe.billingPortal.sessions.create({ customer: customer.id });
    const form = new URLSearchParams({ card_number: '4242424242424242' });
    const res = await fetch(`${portal.url}/card`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    const resumed = await t.stripe.subscriptions.resume(sub.id);
    expect(resumed.status).toBe('active');
    const types = await newTypes();
    expect(types.slice(-6)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.resumed',
      'customer.subscription.updated',
    ]);
  });
});

describe('checkout session expiry', () => {
  it('an open session expires after 24 hours', async () => {
    const { session } = await newCheckout(t.stripe);
    await newTypes();
    await advance(DAY + 5);
    expect(await newTypes()).toEqual(['checkout.session.expired']);
    expect(await t.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
  });
});

describe('seeding control', () => {
  it('creates the customer and an active subscription with a card, and reuses them when run again', async () => {
    const body = {
      customer: { name: 'Demo SA', email: 'demo@trato.test', metadata: { orgId: 'demo' } },
      status: 'active',
      metadata: { orgId: 'demo' },
    };
    const res = await fetch(`${t.server.url}/__control/subscriptions`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const first = (await res.json()) as { customer: Stripe.Customer; subscription: Stripe.Subscription };
    expect(first.subscription).toMatchObject({
      status: 'active',
      metadata: { orgId: 'demo' },
      customer: first.customer.id,
    });
    expect(first.customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
    expect(await newTypes()).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const again = await t.control<{ created: boolean; subscription: Stripe.Subscription }>(
      '/subscriptions',
      body,
    );
    expect(again.created).toBe(false);
    expect(again.subscription.id).toBe(first.subscription.id);

    const trial = await t.control<{ subscription: Stripe.Subscription }>('/subscriptions', {
      customer: { name: 'Trial SA', metadata: { orgId: 't' } },
      status: 'trialing',
      trialDays: 7,
    });
    expect(trial.subscription.status).toBe('trialing');
    expect(trial.subscription.trial_end! - trial.subscription.trial_start!).toBe(7 * DAY);

    const state = await t.getControl<{ subscriptions: unknown[]; customers: unknown[]; events: unknown[] }>(
      '/state',
    );
    expect(state.subscriptions).toHaveLength(2);
    expect(state.customers).toHaveLength(2);
    const reset = await t.control<{ reset: boolean }>('/reset');
    expect(reset.reset).toBe(true);
    const empty = await t.getControl<{ subscriptions: unknown[]; prices: unknown[] }>('/state');
    expect(empty.subscriptions).toHaveLength(0);
    expect(empty.prices).toHaveLength(1);
  });
});
