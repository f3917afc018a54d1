/**
 * The hosted customer portal: status, dates and card on file; update card (test cards),
 * cancel at period end, resume, cancel now, each with the events Stripe sends; an overdue
 * invoice is paid by the new card.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/stripe/i18n.js';
import { newCheckout, submitForm, harnessPerFile } from './helpers.js';

const { t, newTypes } = harnessPerFile();

async function html(url: string): Promise<string> {
  return (await fetch(url)).text();
}

async function subscribed(card?: string, opts: Parameters<typeof newCheckout>[1] = {}) {
  const { customer, session } = await newCheckout(t.stripe, opts);
  const done = await t.control<{ subscription: Stripe.Subscription }>(
    `/checkout/${session.id}/complete`,
    card ? { card } : {},
  );
  const portal = await t.stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://app.test/settings/billing',
    locale: opts.locale === 'en' ? 'en' : 'es',
  });
  await newTypes();
  return { customer, sub: done.subscription, portal };
}

describe('portal page', () => {
  it('shows the trial, its end date, no card, the actions and the way back to Trato', async () => {
    const { sub, portal } = await subscribed();
    const page = await html(portal.url);
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('Trato CRM');
    expect(page).toContain('>Prueba</span>');
    expect(page).toContain(`Tu prueba termina el ${formatDate(sub.trial_end!, 'es')}.`);
    expect(page).toContain('Ninguna tarjeta registrada');
    expect(page).toContain('>Actualizar tarjeta</a>');
    expect(page).toContain('>Cancelar suscripción</button>');
    expect(page).toContain('>Cancelar ahora</button>');
    expect(page).toContain('<a href="http://app.test/settings/billing" id="return">← Volver a Trato</a>');
    expect(page).toContain('Historial de facturación');
    const missing = await fetch(`${t.server.url}/portal/bps_nope`);
    expect(missing.status).toBe(404);
  });

  it('update card: 0002 is declined; 4242 is saved as the default (payment_method.attached, customer.updated)', async () => {
    const { customer, portal } = await subscribed();
    const form = await html(`${portal.url}/card`);
    expect(form).toContain('<label for="card_number">Número de tarjeta</label>');
    expect(form).toContain('>Guardar tarjeta</button>');
    expect(form).toContain('← Volver</a>');
    const declined = await submitForm(`${portal.url}/card`, { card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Tu tarjeta fue rechazada.');
    expect(await newTypes()).toEqual([]);

    const saved = await submitForm(`${portal.url}/card`, {
      card_number: '4242 4242 4242 4242',
      card_expiry: '08/31',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/portal/${portal.id}?done=card`);
    expect(await newTypes()).toEqual(['payment_method.attached', 'customer.updated']);
    const page = await html(`${portal.url}?done=card`);
    expect(page).toContain('Tu tarjeta se guardó.');
    expect(page).toContain('Visa •••• 4242');
    expect(page).toContain('Vence 08/2031');
    const c = (await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(c.invoice_settings.default_payment_method).toMatch(/^pm_/);
  });

  it('replacing the card of a subscription that has its own default updates it too', async () => {
    const { sub, portal } = await subscribed('4242424242424242');
    await submitForm(`${portal.url}/card`, { card_number: '5555 5555 5555 4444' });
    expect(await newTypes()).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.updated',
    ]);
    const fresh = await t.stripe.subscriptions.retrieve(sub.id, { expand: ['default_payment_method'] });
    expect((fresh.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
    expect(await html(portal.url)).toContain('Mastercard •••• 4444');
  });

  it('cancel at period end, then resume, then cancel now', async () => {
    const { sub, portal } = await subscribed('4242424242424242', { trialDays: null, collection: 'always' });
    const end = sub.items.data[0].current_period_end;
    expect(await html(portal.url)).toContain(`Se renueva el ${formatDate(end, 'es')}.`);

    const cancel = await submitForm(`${portal.url}/cancel`, { subscription: sub.id });
    expect(cancel.status).toBe(303);
    expect(await newTypes()).toEqual(['customer.subscription.updated']);
    const updated = t.receiver.events.at(-1)!.event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.cancel_at_period_end).toBe(true);
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const canceling = await html(`${portal.url}?done=canceled`);
    expect(canceling).toContain('Tu suscripción se cancelará al final del período.');
    expect(canceling).toContain(`Se cancelará el ${formatDate(end, 'es')}.`);
    expect(canceling).toContain('>Reanudar suscripción</button>');
    expect(canceling).not.toContain('>Cancelar suscripción</button>');

    await submitForm(`${portal.url}/resume`, { subscription: sub.id });
    expect(await newTypes()).toEqual(['customer.subscription.updated']);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(false);
    expect(await html(`${portal.url}?done=resumed`)).toContain('Tu suscripción se reanudó.');

    await submitForm(`${portal.url}/cancel-now`, { subscription: sub.id });
    expect(await newTypes()).toEqual(['customer.subscription.deleted']);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    const after = await html(`${portal.url}?done=canceled_now`);
    expect(after).toContain('Tu suscripción se canceló.');
    expect(after).toContain('>Cancelada</span>');
    expect(after).not.toContain('>Cancelar ahora</button>');
  });

  it('a past-due subscription is paid by the new card and becomes active', async () => {
    const { sub, portal } = await subscribed('4000000000000341', { missing: 'cancel' });
    await t.control('/clock/advance', { days: 15 });
    await newTypes();
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    expect(await html(portal.url)).toContain('El último pago falló.');
    await submitForm(`${portal.url}/card`, { card_number: '4242424242424242' });
    expect(await newTypes()).toEqual([
      'payment_method.attached',
      'customer.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const fresh = await t.stripe.subscriptions.retrieve(sub.id);
    expect(fresh.status).toBe('active');
    const invoice = await t.stripe.invoices.retrieve(fresh.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', attempt_count: 2, amount_paid: 2000 });
  });

  it('English, and names are escaped', async () => {
    const { customer, portal } = await subscribed(undefined, { locale: 'en' });
    await t.stripe.customers.update(customer.id, { name: '<b>Acme</b> & "Co"' });
    const page = await html(portal.url);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Your trial ends on');
    expect(page).toContain('No card on file');
    expect(page).toContain('>Update card</a>');
    expect(page).toContain('>Cancel subscription</button>');
    expect(page).toContain('>Cancel now</button>');
    expect(page).toContain('← Return to Trato</a>');
    expect(page).toContain('&lt;b&gt;Acme&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(page).not.toContain('<b>Acme</b>');
  });
});
