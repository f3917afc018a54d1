/**
 * The hosted Checkout page (plain fetch, as a browser would post the form): texts in both
 * languages, trial without a card, paid subscription with 4242, declines and invalid numbers
 * that create nothing, the back link, completed and expired sessions.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newCheckout, submitForm, harnessPerFile } from './helpers.js';

const { t, newTypes } = harnessPerFile();

async function page(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string }> {
  const res = await fetch(url, { headers });
  return { status: res.status, html: await res.text() };
}

const count = (name: 'subscriptions' | 'paymentMethods' | 'invoices') => t.server.state[name].size;

describe('Checkout page (es, trial, card optional)', () => {
  it('shows the merchant, price, trial, email, card fields, one "Iniciar prueba" button and the back link', async () => {
    const { session } = await newCheckout(t.stripe, { locale: 'es' });
    const { status, html } = await page(session.url!);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Trato CRM');
    expect(html).toContain('14 días gratis, luego $20.00 al mes');
    expect(html).toContain('$20.00 / mes');
    expect(html).toContain('Total a pagar hoy');
    expect(html).toContain('value="owner@acme.test" readonly');
    expect(html).toContain('<label for="card_number">Número de tarjeta</label>');
    expect(html).toContain('<label for="card_expiry">Fecha de vencimiento</label>');
    expect(html).toContain('<label for="card_cvc">CVC</label>');
    expect(html).toContain('(opcional)');
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('>Iniciar prueba</button>');
    expect(html).toContain('<a href="http://app.test/billing?canceled=1" id="back">← Volver</a>');
    expect(html).toContain('Modo de prueba');
  });

  it('"Iniciar prueba" without a card: trialing subscription, $0 invoice, events in order, 303 to success_url', async () => {
    const { session, customer } = await newCheckout(t.stripe, { locale: 'es' });
    await newTypes();
    const res = await submitForm(session.url!, { email: 'owner@acme.test', card_number: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://app.test/billing?session=${session.id}`);
    expect(await newTypes()).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const completed = t.receiver.events.at(-1)!.event as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'no_payment_required',
      customer: customer.id,
      client_reference_id: session.client_reference_id,
    });
    expect(completed.request).toEqual({ id: null, idempotency_key: null });
    const sub = await t.stripe.subscriptions.retrieve(completed.data.object.subscription as string);
    expect(sub.status).toBe('trialing');
    expect(sub.default_payment_method).toBeNull();
    expect(sub.trial_end! - sub.created).toBe(14 * 86400);
    expect(sub.metadata).toEqual(session.metadata);
    const paid = t.receiver.events.find((e) => e.event.type === 'invoice.paid')!
      .event as Stripe.InvoicePaidEvent;
    expect(paid.data.object).toMatchObject({
      amount_paid: 0,
      total: 0,
      billing_reason: 'subscription_create',
    });

    const again = await page(session.url!);
    expect(again.html).toContain('Este pago ya se completó.');
    expect(again.html).not.toContain('<form');
    const resubmit = await submitForm(session.url!, { card_number: '' });
    expect(resubmit.status).toBe(200);
    expect(count('subscriptions')).toBe(1);
  });

  it('"Iniciar prueba" with 4242: trialing with the card attached as default', async () => {
    const { session, customer } = await newCheckout(t.stripe, { locale: 'es' });
    await newTypes();
    const res = await submitForm(session.url!, {
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 34',
      card_cvc: '123',
      card_name: 'Ana Pérez',
    });
    expect(res.status).toBe(303);
    expect(await newTypes()).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const c = (await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const pm = await t.stripe.paymentMethods.retrieve(c.invoice_settings.default_payment_method as string);
    expect(pm.card).toMatchObject({ last4: '4242', exp_month: 12, exp_year: 2034, brand: 'visa' });
    expect(pm.billing_details.name).toBe('Ana Pérez');
    const sub = (await t.stripe.subscriptions.list({ customer: customer.id })).data[0];
    expect(sub).toMatchObject({ status: 'trialing', default_payment_method: pm.id });
  });

  it('declined (4000 0000 0000 0002) and invalid numbers re-render with the error and create nothing', async () => {
    const { session } = await newCheckout(t.stripe, { locale: 'es' });
    await newTypes();
    const declined = await submitForm(session.url!, { card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Tu tarjeta fue rechazada.');
    expect(html).toContain('value="4000 0000 0000 0002"');
    const invalid = await submitForm(session.url!, { card_number: '1234 5678 9012 3456' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('El número de tarjeta no es válido.');
    const expired = await submitForm(session.url!, { card_number: '4242424242424242', card_expiry: '01/20' });
    expect(await expired.text()).toContain('La fecha de vencimiento de tu tarjeta ya pasó.');
    const cvc = await submitForm(session.url!, { card_number: '4242424242424242', card_cvc: '12' });
    expect(await cvc.text()).toContain('El código de seguridad de tu tarjeta no es válido.');
    expect([count('subscriptions'), count('paymentMethods'), count('invoices')]).toEqual([0, 0, 0]);
    expect(await newTypes()).toEqual([]);
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});

describe('Checkout page (en, no trial, card required)', () => {
  it('shows "Subscribe" and $20.00 / month; 4242 makes an active subscription with a paid $20 invoice', async () => {
    const { session, customer } = await newCheckout(t.stripe, {
      trialDays: null,
      collection: 'always',
      locale: 'en',
    });
    const { html } = await page(session.url!);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('$20.00<small>/ month</small>');
    expect(html).toContain('Total due today');
    expect(html).toContain('>Subscribe</button>');
    expect(html).toContain('<label for="card_number">Card number</label>');
    expect(html).toContain('← Back</a>');
    expect(html).not.toContain('(optional)');

    const noCard = await submitForm(session.url!, { card_number: '' });
    expect(noCard.status).toBe(400);
    expect(await noCard.text()).toContain('Your card number is incomplete.');
    const declined = await submitForm(session.url!, { card_number: '4000000000000002' });
    expect(await declined.text()).toContain('Your card was declined.');
    const invalid = await submitForm(session.url!, { card_number: '4242' });
    expect(await invalid.text()).toContain('Your card number is invalid.');
    await newTypes();

    const ok = await submitForm(session.url!, { card_number: '4242424242424242' });
    expect(ok.status).toBe(303);
    expect(await newTypes()).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const sub = (await t.stripe.subscriptions.list({ customer: customer.id })).data[0];
    expect(sub.status).toBe('active');
    expect(sub.trial_end).toBeNull();
    const invoice = await t.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2000,
      amount_due: 2000,
      amount_remaining: 0,
    });
    expect(invoice.lines.data[0].description).toBe('1 × Trato CRM (at $20.00 / month)');
    expect(invoice.hosted_invoice_url).toBe(`${t.server.url}/invoice/${invoice.id}`);
    const hosted = await page(invoice.hosted_invoice_url!, { 'Accept-Language': 'en' });
    expect(hosted.html).toContain(invoice.number!);
    expect(hosted.html).toContain('$20.00');
    const done = await t.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 2000 });
  });

  it('a trial with payment_method_collection=always needs a card; the card that declines charges fails a paid start', async () => {
    const trial = await newCheckout(t.stripe, { collection: 'always', locale: 'en' });
    expect((await page(trial.session.url!)).html).toContain('>Start trial</button>');
    const noCard = await submitForm(trial.session.url!, {});
    expect(await noCard.text()).toContain('Your card number is incomplete.');
    const paid = await newCheckout(t.stripe, { trialDays: null, collection: 'always', locale: 'en' });
    const declines = await submitForm(paid.session.url!, { card_number: '4000000000000341' });
    expect(declines.status).toBe(402);
    expect(count('subscriptions')).toBe(0);
  });
});

describe('other session states and languages', () => {
  it('locale auto follows Accept-Language; an unknown session is a 404 page', async () => {
    const { session } = await newCheckout(t.stripe, { locale: 'auto' });
    expect((await page(session.url!, { 'Accept-Language': 'es-AR,es;q=0.9' })).html).toContain(
      'Iniciar prueba',
    );
    expect((await page(session.url!, { 'Accept-Language': 'en-US,en;q=0.9' })).html).toContain(
      '14 days free, then $20.00 per month',
    );
    const missing = await page(`${t.server.url}/checkout/cs_test_nope`, { 'Accept-Language': 'es' });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('No encontramos esta página.');
  });

  it('an expired session shows a message instead of the form', async () => {
    const { session } = await newCheckout(t.stripe, { locale: 'es' });
    await t.control('/clock/advance', { seconds: 25 * 3600 });
    const { html } = await page(session.url!);
    expect(html).toContain('Esta sesión de pago caducó.');
    expect(html).not.toContain('<form');
    const post = await submitForm(session.url!, { card_number: '' });
    expect(await post.text()).toContain('Esta sesión de pago caducó.');
    expect(count('subscriptions')).toBe(0);
  });

  it('without a known customer or email the page asks for the email and creates the customer with it', async () => {
    const session = await t.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_trato_monthly', quantity: 1 }],
      subscription_data: { trial_period_days: 14 },
      payment_method_collection: 'if_required',
      locale: 'en',
    });
    const form = await page(session.url!);
    expect(form.html).toContain('autocomplete="email" required');
    const missing = await submitForm(session.url!, { email: '' });
    expect(await missing.text()).toContain('Enter your email.');
    const ok = await submitForm(session.url!, { email: 'new@shop.test' });
    expect(ok.status).toBe(200); // no success_url: a confirmation page
    expect(await ok.text()).toContain('Your subscription is set up.');
    const done = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect((done.customer as Stripe.Customer).email).toBe('new@shop.test');
  });

  it('the control endpoint completes like the page and reports declines', async () => {
    const { session } = await newCheckout(t.stripe);
    const declined = await fetch(`${t.server.url}/__control/checkout/${session.id}/complete`, {
      method: 'POST',
      body: JSON.stringify({ card: '4000000000000002' }),
    });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      ok: false,
      error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    const ok = await t.control<{ ok: boolean; redirectUrl: string; subscription: Stripe.Subscription }>(
      `/checkout/${session.id}/complete`,
      { card: '4242424242424242' },
    );
    expect(ok.ok).toBe(true);
    expect(ok.redirectUrl).toBe(`http://app.test/billing?session=${session.id}`);
    expect(ok.subscription.status).toBe('trialing');
    const twice = await fetch(`${t.server.url}/__control/checkout/${session.id}/complete`, {
      method: 'POST',
    });
    expect(twice.status).toBe(409);
  });
});
