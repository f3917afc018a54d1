/**
 * Webhook deliveries: signatures stripe-node accepts, at-least-once retries with back-off,
 * independent events, hold/release to reorder, redelivery of the same event, endpoint changes.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../src/stripe/index.js';
import { signatureHeader } from '../../src/stripe/index.js';
import { DEFAULT_WEBHOOK_SECRET, startHarness, startReceiver, type Harness } from './helpers.js';

let t: Harness;

beforeAll(async () => {
  t = await startHarness({ retry: { baseMs: 30, maxAttempts: 4 } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.control('/reset');
  await t.control('/webhook', { url: t.receiver.url, secret: DEFAULT_WEBHOOK_SECRET });
  t.receiver.events.length = 0;
  t.receiver.rejected.length = 0;
  t.receiver.failNext.length = 0;
  t.receiver.secret = DEFAULT_WEBHOOK_SECRET;
  t.receiver.respond = undefined;
});

const deliveries = async () => (await t.getControl<{ deliveries: DeliveryRecord[] }>('/state')).deliveries;

describe('signature', () => {
  it('is accepted by stripe.webhooks.constructEvent and signs the exact body with real time', async () => {
    await t.control('/clock/advance', { days: 30 }); // the simulated clock must not leak into `t=`
    const customer = await t.stripe.customers.create({ name: 'Acme' }, { idempotencyKey: 'sig-1' });
    await t.receiver.waitFor((e) => e.length === 1);
    const [got] = t.receiver.events;
    expect(got.event.type).toBe('customer.created');
    expect(got.event.id).toMatch(/^evt_/);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got.signature);
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(10);
    // The same header stripe-node's own test helper builds for that payload and timestamp.
    const expected = t.stripe.webhooks.generateTestHeaderString({
      payload: got.raw,
      secret: DEFAULT_WEBHOOK_SECRET,
      timestamp: Number(m![1]),
    });
    expect(got.signature).toBe(expected);
    expect(signatureHeader(got.raw, DEFAULT_WEBHOOK_SECRET, Number(m![1]))).toBe(expected);

    expect(got.event).toMatchObject({
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: customer.lastResponse.requestId, idempotency_key: 'sig-1' },
      data: { object: { id: customer.id, object: 'customer', name: 'Acme' } },
    });
    // `created` follows the simulated clock.
    expect(got.event.created - Date.now() / 1000).toBeGreaterThan(29 * 86400);
    // Retrieved after delivery, nothing is pending any more.
    expect((await t.stripe.events.retrieve(got.event.id)).pending_webhooks).toBe(0);

    // The wrong secret is refused by the same SDK call.
    expect(() => t.stripe.webhooks.constructEvent(got.raw, got.signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('a receiver with another secret rejects (4xx) and the delivery is retried', async () => {
    t.receiver.secret = 'whsec_not_the_one';
    await t.stripe.customers.create({ name: 'Acme' });
    await t.drain();
    await new Promise((r) => setTimeout(r, 400));
    expect(t.receiver.events).toHaveLength(0);
    expect(t.receiver.rejected.length).toBeGreaterThanOrEqual(1);
    expect(t.receiver.rejected[0].error).toContain('No signatures found matching the expected signature');
    const [d] = await deliveries();
    expect(d.attempts[0].status).toBe(400);
  });

  it('an update event carries previous_attributes', async () => {
    const c = await t.stripe.customers.create({ name: 'Before' });
    await t.stripe.customers.update(c.id, { name: 'After' });
    await t.receiver.waitFor((e) => e.length === 2);
    const updated = t.receiver.events[1].event as Stripe.CustomerUpdatedEvent;
    expect(updated.type).toBe('customer.updated');
    expect(updated.data.object.name).toBe('After');
    expect(updated.data.previous_attributes).toEqual({ name: 'Before' });
  });
});

describe('at least once', () => {
  it('retries a failing delivery with back-off and records every attempt; other events do not wait', async () => {
    const answers = [500, 502, 503];
    t.receiver.respond = (raw) => ((JSON.parse(raw) as Stripe.Event).data.object as Stripe.Customer).name === 'A' ? answers.shift() : undefined; // prettier-ignore
    await t.stripe.customers.create({ name: 'A' }); // 500, 502, 503, then 200
    await t.stripe.customers.create({ name: 'B' });
    await t.receiver.waitFor((e) => e.length === 2);
    const order = t.receiver.events.map((e) => (e.event.data.object as Stripe.Customer).name);
    expect(order).toEqual(['B', 'A']); // B is not held back by A's retries
    const records = await deliveries();
    const da = records.find((r) => r.eventId === t.receiver.events[1].event.id)!;
    expect(da.state).toBe('succeeded');
    expect(da.attempts.map((x) => x.status)).toEqual([500, 502, 503, 200]);
    expect(da.attempts.map((x) => x.trigger)).toEqual(['automatic', 'retry', 'retry', 'retry']);
    const gaps = [1, 2, 3].map((i) => Date.parse(da.attempts[i].at) - Date.parse(da.attempts[i - 1].at));
    expect(gaps[0]).toBeGreaterThanOrEqual(25); // baseMs 30
    expect(gaps[1]).toBeGreaterThanOrEqual(55); // baseMs * 2
    expect(gaps[2]).toBeGreaterThanOrEqual(115); // baseMs * 4
    const db = records.find((r) => r.eventId === t.receiver.events[0].event.id)!;
    expect(db.attempts.map((x) => x.status)).toEqual([200]);
  });

  it('gives up after maxAttempts; network errors count as failures', async () => {
    t.receiver.failNext.push(500, 500, 500, 500, 500);
    await t.stripe.customers.create({ name: 'never' });
    await waitUntil(async () => (await deliveries())[0]?.state === 'failed');
    const [d] = await deliveries();
    expect(d.attempts).toHaveLength(4);
    expect(d.nextRetryAt).toBeNull();

    const closed = await startReceiver();
    await closed.close(); // nothing listens there any more
    await t.control('/webhook', { url: closed.url });
    await t.stripe.customers.create({ name: 'unreachable' });
    await waitUntil(async () => (await deliveries()).some((r) => r.attempts.some((x) => x.error)));
    const failed = (await deliveries()).find((r) => r.attempts.some((x) => x.error))!;
    expect(failed.attempts[0].status).toBeNull();
    expect(failed.attempts[0].error).toMatch(/ECONNREFUSED/);
  });

  it('redeliver sends the same event (same id, same bytes) again', async () => {
    await t.stripe.customers.create({ name: 'dup' });
    await t.receiver.waitFor((e) => e.length === 1);
    const first = t.receiver.events[0];
    const res = await t.control<{ eventId: string; attempt: { status: number; trigger: string } }>(
      `/events/${first.event.id}/redeliver`,
    );
    expect(res).toMatchObject({ eventId: first.event.id, attempt: { status: 200, trigger: 'redeliver' } });
    expect(t.receiver.events).toHaveLength(2);
    expect(t.receiver.events[1].event.id).toBe(first.event.id);
    expect(t.receiver.events[1].raw).toBe(first.raw);
    const missing = await fetch(`${t.server.url}/__control/events/evt_nope/redeliver`, { method: 'POST' });
    expect(missing.status).toBe(404);
  });
});

describe('ordering', () => {
  it('hold + release reverse delivers newest first; an explicit order is honoured', async () => {
    await t.control('/deliveries/hold');
    for (const name of ['one', 'two', 'three']) await t.stripe.customers.create({ name });
    await new Promise((r) => setTimeout(r, 100));
    expect(t.receiver.events).toHaveLength(0);
    expect((await deliveries()).map((d) => d.state)).toEqual(['held', 'held', 'held']);
    const released = await t.control<{ released: string[] }>('/deliveries/release', { order: 'reverse' });
    await t.receiver.waitFor((e) => e.length === 3);
    const names = t.receiver.events.map((e) => (e.event.data.object as Stripe.Customer).name);
    expect(names).toEqual(['three', 'two', 'one']);
    expect(released.released).toEqual(t.receiver.events.map((e) => e.event.id));

    t.receiver.events.length = 0;
    await t.control('/deliveries/hold');
    for (const name of ['a', 'b', 'c']) await t.stripe.customers.create({ name });
    const events = (await t.stripe.events.list({ limit: 3 })).data; // newest first: c, b, a
    const wanted = [events[1].id, events[2].id]; // b, a, then the rest (c)
    await t.control('/deliveries/release', { order: wanted });
    await t.receiver.waitFor((e) => e.length === 3);
    expect(t.receiver.events.map((e) => (e.event.data.object as Stripe.Customer).name)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('first attempts go out in creation order', async () => {
    for (let i = 0; i < 5; i++) await t.stripe.customers.create({ name: `n${i}` });
    await t.receiver.waitFor((e) => e.length === 5);
    expect(t.receiver.events.map((e) => (e.event.data.object as Stripe.Customer).name)).toEqual([
      'n0',
      'n1',
      'n2',
      'n3',
      'n4',
    ]);
  });
});

describe('endpoint', () => {
  it('can be changed or disabled at run time', async () => {
    const other = await startReceiver('whsec_other');
    try {
      const res = await t.control<{ webhook: { url: string } }>('/webhook', {
        url: other.url,
        secret: 'whsec_other',
      });
      expect(res.webhook.url).toBe(other.url);
      await t.stripe.customers.create({ name: 'to other' });
      await other.waitFor((e) => e.length === 1);
      expect(t.receiver.events).toHaveLength(0);

      await t.control('/webhook', { url: null });
      const c = await t.stripe.customers.create({ name: 'nowhere' });
      await new Promise((r) => setTimeout(r, 100));
      expect(other.events).toHaveLength(1);
      const ev = (await t.stripe.events.list({ limit: 1 })).data[0];
      expect((ev.data.object as Stripe.Customer).id).toBe(c.id);
      expect(ev.pending_webhooks).toBe(0);
      const redeliver = await fetch(`${t.server.url}/__control/events/${ev.id}/redeliver`, {
        method: 'POST',
      });
      expect(redeliver.status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
