/**
 * The `/v1` API through the real stripe-node client: every endpoint the project calls, list
 * paging and expand, Stripe's errors as stripe-node's error classes, idempotency.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, newCheckout, newClient, PRICE, startHarness, type Harness } from './helpers.js';

let t: Harness;
let stripe: Stripe;

beforeAll(async () => {
  t = await startHarness({ apiKeys: [DEFAULT_API_KEY, 'sk_test_second_key_000000000000'] });
  stripe = t.stripe;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.control('/reset');
});

/** Runs `fn` and returns what it threw. */
async function caught(fn: () => Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await fn();
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error('expected an error');
}

describe('customers', () => {
  it('create, retrieve, update, list with the email filter', async () => {
    const c = await stripe.customers.create({
      name: 'Acme SA',
      email: 'a@acme.test',
      metadata: { orgId: 'o1' },
    });
    expect(c.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(c).toMatchObject({
      object: 'customer',
      livemode: false,
      name: 'Acme SA',
      email: 'a@acme.test',
      metadata: { orgId: 'o1' },
      invoice_settings: { default_payment_method: null },
    });
    expect(Math.abs(c.created - Date.now() / 1000)).toBeLessThan(5);
    expect(c.lastResponse.requestId).toMatch(/^req_/);
    expect(c.lastResponse.headers['request-id']).toBe(c.lastResponse.requestId);

    expect(await stripe.customers.retrieve(c.id)).toEqual(c);

    const u = await stripe.customers.update(c.id, { name: 'Acme', metadata: { plan: 'pro', orgId: '' } });
    expect(u.name).toBe('Acme');
    expect(u.metadata).toEqual({ plan: 'pro' });
    const cleared = await stripe.customers.update(c.id, { metadata: '' });
    expect(cleared.metadata).toEqual({});

    await stripe.customers.create({ name: 'Other', email: 'b@acme.test' });
    const byEmail = await stripe.customers.list({ email: 'a@acme.test' });
    expect(byEmail).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
    expect(byEmail.data.map((x) => x.id)).toEqual([c.id]);

    const types = (await stripe.events.list({ limit: 100 })).data.map((e) => e.type);
    expect(types).toEqual(['customer.created', 'customer.updated', 'customer.updated', 'customer.created']);
    const updated = (await stripe.events.list({ type: 'customer.updated', limit: 1 })).data[0];
    expect(updated.data.previous_attributes).toEqual({ metadata: { plan: 'pro' } });
  });

  it('pages newest first with limit and starting_after / ending_before, and auto-pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await stripe.customers.create({ name: `c${i}` })).id);
    const newest = [...ids].reverse();
    const first = await stripe.customers.list({ limit: 3 });
    expect(first.data.map((c) => c.id)).toEqual(newest.slice(0, 3));
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.list({ limit: 3, starting_after: first.data[2].id });
    expect(second.data.map((c) => c.id)).toEqual(newest.slice(3, 6));
    const third = await stripe.customers.list({ limit: 3, starting_after: second.data[2].id });
    expect(third.data.map((c) => c.id)).toEqual(newest.slice(6));
    expect(third.has_more).toBe(false);
    const before = await stripe.customers.list({ limit: 2, ending_before: newest[4] });
    expect(before.data.map((c) => c.id)).toEqual(newest.slice(2, 4));
    expect(before.has_more).toBe(true);

    const all: string[] = [];
    for await (const c of stripe.customers.list({ limit: 2 })) all.push(c.id);
    expect(all).toEqual(newest);

    const bad = await caught(() => stripe.customers.list({ limit: 101 }));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(bad).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'limit' });
  });
});

describe('checkout sessions', () => {
  it('creates an open subscription session with the hosted URL and retrieves it with expand', async () => {
    const { customer, session } = await newCheckout(stripe, { orgId: 'org-42' });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: customer.id,
      client_reference_id: 'org-42',
      metadata: { orgId: 'org-42' },
      payment_method_collection: 'if_required',
      payment_status: 'unpaid',
      subscription: null,
      locale: 'es',
      livemode: false,
      url: `${t.server.url}/checkout/${session.id}`,
      success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing?canceled=1',
      amount_total: 0,
      currency: 'usd',
    });
    expect(session.expires_at - session.created).toBe(24 * 3600);

    await t.control(`/checkout/${session.id}/complete`, {});
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer'],
    });
    expect(done.status).toBe('complete');
    expect(done.url).toBeNull();
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.object).toBe('subscription');
    expect(sub.status).toBe('trialing');
    expect((done.customer as Stripe.Customer).id).toBe(customer.id);

    const listed = await stripe.checkout.sessions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);
  });

  it('validates parameters like Stripe', async () => {
    const base = {
      mode: 'subscription' as const,
      line_items: [{ price: PRICE, quantity: 1 }],
      success_url: 'http://app.test/ok',
    };
    const missingPrice = await caught(() =>
      stripe.checkout.sessions.create({ ...base, line_items: [{ quantity: 1 }] }),
    );
    expect(missingPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missingPrice).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items[0][price]',
      type: 'StripeInvalidRequestError',
    });
    expect(missingPrice.raw).toMatchObject({ type: 'invalid_request_error' });

    const unknownPrice = await caught(() =>
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: 'price_nope', quantity: 1 }] }),
    );
    expect(unknownPrice).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });

    const noQuantity = await caught(() =>
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: PRICE }] }),
    );
    expect(noQuantity).toMatchObject({ code: 'parameter_missing', param: 'line_items[0][quantity]' });

    const noMode = await caught(() =>
      stripe.checkout.sessions.create({
        ...base,
        mode: undefined,
      } as unknown as Stripe.Checkout.SessionCreateParams),
    );
    expect(noMode).toMatchObject({ code: 'parameter_missing', param: 'mode' });

    const noLines = await caught(() => stripe.checkout.sessions.create({ ...base, line_items: undefined }));
    expect(noLines).toMatchObject({ statusCode: 400, param: 'line_items' });

    const badCustomer = await caught(() =>
      stripe.checkout.sessions.create({ ...base, customer: 'cus_missing' }),
    );
    expect(badCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });

    const badBehavior = await caught(() =>
      stripe.checkout.sessions.create({
        ...base,
        subscription_data: {
          trial_period_days: 14,
          trial_settings: {
            end_behavior: { missing_payment_method: 'explode' as 'cancel' },
          },
        },
      }),
    );
    expect(badBehavior).toMatchObject({
      statusCode: 400,
      param: 'subscription_data[trial_settings][end_behavior][missing_payment_method]',
    });

    const badTrial = await caught(() =>
      stripe.checkout.sessions.create({ ...base, subscription_data: { trial_period_days: 0 } }),
    );
    expect(badTrial).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'subscription_data[trial_period_days]',
    });

    const badUrl = await caught(() => stripe.checkout.sessions.create({ ...base, success_url: 'not a url' }));
    expect(badUrl).toMatchObject({ code: 'url_invalid', param: 'success_url' });

    const unknown = await caught(() =>
      stripe.checkout.sessions.create({ ...base, colour: 'red' } as Stripe.Checkout.SessionCreateParams),
    );
    expect(unknown).toMatchObject({
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });

    // A real parameter the local Stripe does not simulate is accepted (and logged).
    const accepted = await stripe.checkout.sessions.create({ ...base, allow_promotion_codes: true });
    expect(accepted.status).toBe('open');
    expect(t.server.state.checkoutSessions.size).toBe(1);
  });

  it('without a customer, the customer is created at completion (with the email entered)', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: PRICE, quantity: 1 }],
      customer_email: 'new@acme.test',
      success_url: 'http://app.test/ok',
    });
    expect(session.customer).toBeNull();
    expect(session.customer_email).toBe('new@acme.test');
    await t.control(`/checkout/${session.id}/complete`, { card: '4242424242424242' });
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect((done.customer as Stripe.Customer).email).toBe('new@acme.test');
    expect(done.customer_details?.email).toBe('new@acme.test');
  });

  it('expire', async () => {
    const { session } = await newCheckout(stripe);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const again = await caught(() => stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400 });
  });
});

describe('subscriptions, invoices, portal, catalog', () => {
  async function trialingSubscription() {
    const { customer, session } = await newCheckout(stripe, { orgId: 'org-s' });
    await t.control(`/checkout/${session.id}/complete`, {});
    const sub = (await stripe.subscriptions.list({ customer: customer.id })).data[0];
    return { customer, sub };
  }

  it('retrieve has the shape of this API version', async () => {
    const { customer, sub } = await trialingSubscription();
    expect(sub.id).toMatch(/^sub_/);
    const item = sub.items.data[0];
    expect(item.id).toMatch(/^si_/);
    expect(sub).toMatchObject({
      object: 'subscription',
      customer: customer.id,
      status: 'trialing',
      cancel_at_period_end: false,
      collection_method: 'charge_automatically',
      currency: 'usd',
      metadata: { orgId: 'org-s' },
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      livemode: false,
    });
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * 86400);
    expect(item.current_period_start).toBe(sub.trial_start);
    expect(item.current_period_end).toBe(sub.trial_end);
    expect(item.price.id).toBe(PRICE);
    expect(item.price.unit_amount).toBe(2000);
    expect(String(item.price.unit_amount_decimal)).toBe('2000');
    expect(item.plan.amount).toBe(2000);
    expect('current_period_end' in sub).toBe(false);

    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 0,
      total: 0,
      billing_reason: 'subscription_create',
      customer: customer.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.lines.data[0].description).toBe('Trial period for Trato CRM');
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.id)).toEqual([invoice.id]);
    expect((await stripe.invoices.list({ customer: 'cus_other' })).data).toEqual([]);

    const expanded = await stripe.subscriptions.retrieve(sub.id, {
      expand: ['customer', 'latest_invoice', 'items.data.price.product'],
    });
    expect((expanded.customer as Stripe.Customer).email).toBe('owner@acme.test');
    expect((expanded.latest_invoice as Stripe.Invoice).id).toBe(invoice.id);
    expect((expanded.items.data[0].price.product as Stripe.Product).name).toBe('Trato CRM');

    const badExpand = await caught(() => stripe.subscriptions.retrieve(sub.id, { expand: ['status'] }));
    expect(badExpand).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (status).',
    });
  });

  it('list filters by customer and status (default hides canceled, all shows them)', async () => {
    const a = await trialingSubscription();
    const b = await trialingSubscription();
    await stripe.subscriptions.cancel(b.sub.id);
    expect((await stripe.subscriptions.list()).data.map((s) => s.id)).toEqual([a.sub.id]);
    expect((await stripe.subscriptions.list({ status: 'all' })).data.map((s) => s.id)).toEqual([
      b.sub.id,
      a.sub.id,
    ]);
    expect((await stripe.subscriptions.list({ status: 'canceled' })).data.map((s) => s.id)).toEqual([
      b.sub.id,
    ]);
    expect(
      (await stripe.subscriptions.list({ status: 'trialing', customer: a.customer.id })).data,
    ).toHaveLength(1);
    const page1 = await stripe.subscriptions.list({ status: 'all', limit: 1 });
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.subscriptions.list({
      status: 'all',
      limit: 1,
      starting_after: page1.data[0].id,
    });
    expect(page2.data.map((s) => s.id)).toEqual([a.sub.id]);
    expect(page2.has_more).toBe(false);
    const withCustomer = await stripe.subscriptions.list({ expand: ['data.customer'] });
    expect((withCustomer.data[0].customer as Stripe.Customer).object).toBe('customer');
  });

  it('update: cancel_at_period_end, resume, metadata; delete cancels now', async () => {
    const { sub } = await trialingSubscription();
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: sub.trial_end,
      status: 'trialing',
    });
    expect(canceling.canceled_at).not.toBeNull();
    const resumed = await stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: false,
      metadata: { seats: '3' },
    });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect(resumed.metadata).toEqual({ orgId: 'org-s', seats: '3' });

    const updates = (await stripe.events.list({ type: 'customer.subscription.updated' })).data;
    expect(updates).toHaveLength(2);
    expect(updates[1].data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    expect(updates[0].data.previous_attributes).toMatchObject({
      cancel_at_period_end: true,
      metadata: { seats: null },
    });
    expect(updates[0].request?.id).toBe(resumed.lastResponse.requestId);

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(canceled.ended_at).not.toBeNull();
    const deleted = (await stripe.events.list({ type: 'customer.subscription.deleted' })).data[0];
    expect((deleted.data.object as Stripe.Subscription).status).toBe('canceled');

    const afterCancel = await caught(() =>
      stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }),
    );
    expect(afterCancel).toMatchObject({ statusCode: 400 });
    expect((await stripe.subscriptions.update(sub.id, { metadata: { note: 'gone' } })).metadata.note).toBe(
      'gone',
    );
  });

  it('billing portal session', async () => {
    const { customer } = await trialingSubscription();
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/settings/billing',
      locale: 'es',
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://app.test/settings/billing',
      locale: 'es',
      livemode: false,
      url: `${t.server.url}/portal/${portal.id}`,
    });
    const missing = await caught(() => stripe.billingPortal.sessions.create({} as { customer: string }));
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'customer' });
    const unknown = await caught(() => stripe.billingPortal.sessions.create({ customer: 'cus_nope' }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('events: retrieve, list, type filter (with wildcard) and paging', async () => {
    await trialingSubscription();
    const all = await stripe.events.list({ limit: 100 });
    expect(
      all.data.every((e) => e.id.startsWith('evt_') && e.object === 'event' && e.livemode === false),
    ).toBe(true);
    const created = await stripe.events.list({ type: 'customer.subscription.created' });
    expect(created.data).toHaveLength(1);
    const again = await stripe.events.retrieve(created.data[0].id);
    expect(again.id).toBe(created.data[0].id);
    expect(again.api_version).toBe('2026-10-28.endive');
    const invoiceEvents = await stripe.events.list({ type: 'invoice.*', limit: 100 });
    expect(invoiceEvents.data.map((e) => e.type).sort()).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const page = await stripe.events.list({ limit: 2 });
    expect(page.has_more).toBe(true);
  });

  it('prices, products and payment methods', async () => {
    const price = await stripe.prices.retrieve(PRICE);
    expect(price).toMatchObject({
      object: 'price',
      product: 'prod_trato',
      unit_amount: 2000,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
    });
    expect((await stripe.prices.retrieve(PRICE, { expand: ['product'] })).product).toMatchObject({
      id: 'prod_trato',
      name: 'Trato CRM',
    });
    expect(await stripe.products.retrieve('prod_trato')).toMatchObject({
      object: 'product',
      name: 'Trato CRM',
    });
    expect((await stripe.prices.list({ product: 'prod_trato' })).data.map((p) => p.id)).toEqual([PRICE]);

    const { customer, session } = await newCheckout(stripe, { trialDays: null, collection: 'always' });
    await t.control(`/checkout/${session.id}/complete`, { card: '4242 4242 4242 4242' });
    const fresh = await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    const pm = (fresh as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(pm.id).toMatch(/^pm_/);
    const retrieved = await stripe.paymentMethods.retrieve(pm.id);
    expect(retrieved).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id });
    expect(retrieved.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((p) => p.id)).toEqual([pm.id]);
  });
});

describe('errors', () => {
  it('401 for a missing or unknown key, as StripeAuthenticationError', async () => {
    const wrong = newClient(t.server.port, 'sk_test_wrongwrongwrong1234');
    const err = await caught(() => wrong.customers.list());
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err.statusCode).toBe(401);
    expect(err.message).toBe('Invalid API Key provided: sk_test_****1234');
    expect(err.raw).toMatchObject({ type: 'invalid_request_error' });

    const res = await fetch(`${t.server.url}/v1/customers`);
    expect(res.status).toBe(401);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');

    // A second configured key works, and Basic auth (curl -u key:) too.
    expect((await newClient(t.server.port, 'sk_test_second_key_000000000000').customers.list()).object).toBe(
      'list',
    );
    const basic = await fetch(`${t.server.url}/v1/customers`, {
      headers: { Authorization: `Basic ${Buffer.from(`${DEFAULT_API_KEY}:`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
  });

  it('404 resource_missing for unknown ids and unknown URLs', async () => {
    const err = await caught(() => stripe.customers.retrieve('cus_nope'));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nope'",
    });
    expect(err.requestId).toMatch(/^req_/);
    for (const fn of [
      () => stripe.subscriptions.retrieve('sub_nope'),
      () => stripe.checkout.sessions.retrieve('cs_test_nope'),
      () => stripe.invoices.retrieve('in_nope'),
      () => stripe.events.retrieve('evt_nope'),
      () => stripe.prices.retrieve('price_nope'),
      () => stripe.products.retrieve('prod_nope'),
      () => stripe.paymentMethods.retrieve('pm_nope'),
    ])
      expect(await caught(fn)).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const url = await caught(() => stripe.rawRequest('GET', '/v1/charges'));
    expect(url).toMatchObject({ statusCode: 404 });
    expect(url.message).toContain('Unrecognized request URL (GET: /v1/charges)');
  });

  it('injected failures answer api_error and are not stored for idempotency', async () => {
    const noRetry = newClient(t.server.port, DEFAULT_API_KEY, { maxNetworkRetries: 0 });
    await t.control('/failures', { status: 500, count: 1, pathPrefix: '/v1/subscriptions' });
    const other = await noRetry.customers.list();
    expect(other.object).toBe('list');
    const err = await caught(() => noRetry.subscriptions.list());
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    expect(err.raw).toMatchObject({ type: 'api_error' });
    expect((await noRetry.subscriptions.list()).object).toBe('list');

    // stripe-node retries a 500 with the same idempotency key: the retry executes.
    await t.control('/failures', { status: 503, count: 1, pathPrefix: '/v1/customers' });
    const retried = newClient(t.server.port, DEFAULT_API_KEY, { maxNetworkRetries: 1 });
    const c = await retried.customers.create({ name: 'after a 503' });
    expect(c.name).toBe('after a 503');
    expect(t.server.state.customers.size).toBe(1);

    await t.control('/failures', { status: 429, count: 1 });
    const limited = await caught(() => noRetry.customers.list());
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: 'rate_limit' });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await stripe.customers.create(
      { name: 'Acme', metadata: { orgId: 'o1' } },
      { idempotencyKey: 'customer-o1' },
    );
    const second = await stripe.customers.create(
      { metadata: { orgId: 'o1' }, name: 'Acme' },
      { idempotencyKey: 'customer-o1' },
    );
    expect(second).toEqual(first);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(second.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(t.server.state.customers.size).toBe(1);
    expect((await stripe.events.list()).data).toHaveLength(1);

    // Byte for byte: the raw bodies are identical.
    const raw = async () => {
      const res = await fetch(`${t.server.url}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${DEFAULT_API_KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'customer-o1',
        },
        body: 'name=Acme&metadata[orgId]=o1',
      });
      return res.text();
    };
    const a = await raw();
    expect(await raw()).toBe(a);
    expect(JSON.parse(a).id).toBe(first.id);

    // Another key owner (API key) does not see it.
    const other = await newClient(t.server.port, 'sk_test_second_key_000000000000').customers.create(
      { name: 'Acme', metadata: { orgId: 'o1' } },
      { idempotencyKey: 'customer-o1' },
    );
    expect(other.id).not.toBe(first.id);
  });

  it('refuses the same key with other parameters or another endpoint (StripeIdempotencyError)', async () => {
    await stripe.customers.create({ name: 'Acme' }, { idempotencyKey: 'k1' });
    const err = await caught(() => stripe.customers.create({ name: 'Other' }, { idempotencyKey: 'k1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.statusCode).toBe(400);
    expect(err.raw).toMatchObject({ type: 'idempotency_error' });
    expect(err.message).toBe(
      "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'k1' if you meant to execute a different request.",
    );
    const endpoint = await caught(() =>
      stripe.checkout.sessions.create(
        { mode: 'subscription', line_items: [{ price: PRICE, quantity: 1 }] },
        { idempotencyKey: 'k1' },
      ),
    );
    expect(endpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('concurrent calls with one key make one object', async () => {
    const calls = await Promise.all([
      stripe.customers.create({ name: 'Org 7', metadata: { orgId: '7' } }, { idempotencyKey: 'customer-7' }),
      stripe.customers.create({ name: 'Org 7', metadata: { orgId: '7' } }, { idempotencyKey: 'customer-7' }),
      stripe.customers.create({ name: 'Org 7', metadata: { orgId: '7' } }, { idempotencyKey: 'customer-7' }),
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(1);
    expect(t.server.state.customers.size).toBe(1);
    expect((await stripe.events.list({ type: 'customer.created' })).data).toHaveLength(1);
  });

  it('a failed validation is not stored: the same key works once the parameters are fixed', async () => {
    const bad = await caught(() =>
      stripe.checkout.sessions.create(
        { mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }] },
        { idempotencyKey: 'checkout-o1' },
      ),
    );
    expect(bad).toMatchObject({ code: 'resource_missing' });
    const ok = await stripe.checkout.sessions.create(
      { mode: 'subscription', line_items: [{ price: PRICE, quantity: 1 }] },
      { idempotencyKey: 'checkout-o1' },
    );
    expect(ok.status).toBe('open');
  });
});
