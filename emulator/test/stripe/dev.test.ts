/** The developer page at `/`: what exists, and every event with its delivery attempts. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newCheckout, startHarness, type Harness } from './helpers.js';

let t: Harness;

beforeAll(async () => {
  t = await startHarness({ retry: { baseMs: 60_000, maxAttempts: 3 } });
});
afterAll(() => t.close());

it('lists customers, subscriptions, sessions, invoices and events with their deliveries', async () => {
  t.receiver.failNext.push(500); // the first delivery fails and waits for its retry
  const { customer, session } = await newCheckout(t.stripe, { orgId: 'org-dev' });
  await t.stripe.customers.update(customer.id, { name: 'Acme <Dev>' });
  await t.control(`/checkout/${session.id}/complete`, {});
  const portal = await t.stripe.billingPortal.sessions.create({ customer: customer.id });
  await t.drain();

  const res = await fetch(`${t.server.url}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  const sub = [...t.server.state.subscriptions.values()][0];
  expect(html).toContain('Local Stripe');
  expect(html).toContain(sub.id);
  expect(html).toContain('<span class="st trialing">trialing</span>');
  const iso = (s: number) =>
    new Date(s * 1000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, 'Z');
  expect(html).toContain(iso(sub.trial_end!));
  expect(html).toContain(customer.id);
  expect(html).toContain('Acme &lt;Dev&gt;');
  expect(html).toContain('orgId=org-dev');
  expect(html).toContain(session.id.slice(0, 24));
  expect(html).toContain(`/portal/${portal.id}`);
  expect(html).toContain('customer.subscription.created');
  expect(html).toContain('checkout.session.completed');
  // The failed first attempt, its status, time and the scheduled retry.
  expect(html).toMatch(/<span class="bad">#1 500<\/span> <span class="muted">\d\d:\d\d:\d\d\.\d{3}/);
  expect(html).toContain('next retry');
  expect(html).toMatch(/<span class="ok">#1 200<\/span>/);
  expect(html).toContain('data-post="/__control/clock/advance"');
  expect(html).toContain(`data-post="/__control/events/`);
});
