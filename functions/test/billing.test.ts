// Subscription billing against the local cloud: the callables and the Stripe webhook driven by
// the local Stripe (emulator/src/stripe), which signs and delivers events to the Functions emulator.
import { createHmac } from 'node:crypto';

import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';

import { TRIAL_DAYS } from '@trato/model';

import {
  adminWithOrganization,
  callError,
  callOk,
  db,
  eventually,
  projectId,
  sellerOf,
  signUp,
} from './cloud.js';
import { attemptsOf, control, PRICE_ID, sessionIdOf, stripe, WEBHOOK_SECRET } from './stripe.js';

const functionsOrigin = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const webhookUrl = `${functionsOrigin}/${projectId}/us-central1/stripeWebhook`;
const returnOrigin = 'http://localhost:5173';
const DAY = 86_400;

type Mirror = {
  status: string;
  trialEnd: Timestamp | null;
  currentPeriodEnd: Timestamp | null;
  stripeSubscriptionId: string;
  cancelAtPeriodEnd: boolean;
  updatedAt: Timestamp;
};

const mirrorOf = async (organizationId: string) =>
  (await db.doc(`organizations/${organizationId}/billing/subscription`).get()).data() as Mirror | undefined;

const waitForMirror = (organizationId: string, accept: (m: Mirror) => boolean) =>
  eventually(
    () => mirrorOf(organizationId),
    (m) => !!m && accept(m),
  ) as Promise<Mirror>;

async function checkout(admin: { idToken: string; organizationId: string }) {
  return callOk<{ url: string }>(
    'createCheckoutSession',
    { organizationId: admin.organizationId, returnOrigin, language: 'es' },
    admin.idToken,
  );
}

/** An organization whose admin went through Checkout (trial, no card). */
async function trialingOrganization() {
  const admin = await adminWithOrganization('Trial Co');
  const { url } = await checkout(admin);
  await control(`checkout/${sessionIdOf(url)}/complete`, {});
  const mirror = await waitForMirror(admin.organizationId, (m) => m.status === 'trialing');
  // Every event of the checkout has been delivered and answered.
  await control('deliveries/drain', { timeoutMs: 20_000 });
  return { admin, subscriptionId: mirror.stripeSubscriptionId };
}

async function stripeEventsOf(subscriptionId: string, type: string) {
  const list = await stripe.events.list({ type, limit: 100 });
  return list.data.filter((e) => (e.data.object as { id: string }).id === subscriptionId);
}

afterAll(async () => {
  // The stand-in's clock is shared; later suites start from Stripe's "now" again.
  await control('reset', {});
});

describe('createCheckoutSession', () => {
  it('gives an admin a Checkout URL for the $20 monthly price with a 14-day trial and no card', async () => {
    const admin = await adminWithOrganization('Checkout Co');
    const { url } = await checkout(admin);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:12111\/checkout\/cs_test_/);
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: admin.organizationId,
      metadata: { organizationId: admin.organizationId },
      payment_method_collection: 'if_required',
      success_url: `${returnOrigin}/dashboard?checkout=success`,
      cancel_url: `${returnOrigin}/subscription?checkout=canceled`,
      status: 'open',
    });
    const customer = await db.doc(`organizations/${admin.organizationId}/billing/customer`).get();
    expect(session.customer).toBe(customer.get('stripeCustomerId'));
  });

  it('creates one Stripe customer when two checkouts start at once', async () => {
    const admin = await adminWithOrganization('Twice Co');
    const [a, b] = await Promise.all([checkout(admin), checkout(admin)]);
    const [sa, sb] = await Promise.all([
      stripe.checkout.sessions.retrieve(sessionIdOf(a.url)),
      stripe.checkout.sessions.retrieve(sessionIdOf(b.url)),
    ]);
    expect(sa.customer).toBe(sb.customer);
    const customers = await stripe.customers.list({ limit: 100 });
    expect(customers.data.filter((c) => c.metadata.organizationId === admin.organizationId)).toHaveLength(1);
  });

  it('refuses sellers, strangers, foreign return addresses and live subscriptions', async () => {
    const admin = await adminWithOrganization('Refuse Co');
    const seller = await sellerOf(admin);
    const stranger = await signUp();
    const input = { organizationId: admin.organizationId, returnOrigin, language: 'es' };
    expect(await callError('createCheckoutSession', input, seller.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'not-admin' },
    });
    expect((await callError('createCheckoutSession', input, stranger.idToken)).status).toBe(
      'PERMISSION_DENIED',
    );
    expect((await callError('createCheckoutSession', input)).status).toBe('UNAUTHENTICATED');
    expect(
      await callError(
        'createCheckoutSession',
        { ...input, returnOrigin: 'https://evil.example' },
        admin.idToken,
      ),
    ).toMatchObject({ status: 'INVALID_ARGUMENT', details: { field: 'returnOrigin' } });

    const { url } = await checkout(admin);
    await control(`checkout/${sessionIdOf(url)}/complete`, {});
    await waitForMirror(admin.organizationId, (m) => m.status === 'trialing');
    expect(await callError('createCheckoutSession', input, admin.idToken)).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'already-subscribed' },
    });
  });
});

describe('the trial through the webhook', () => {
  it('mirrors a 14-day trial and checkSubscription agrees with the mirror', async () => {
    const { admin } = await trialingOrganization();
    const mirror = (await mirrorOf(admin.organizationId))!;
    const days = (mirror.trialEnd!.toMillis() - Date.now()) / (DAY * 1000);
    expect(days).toBeGreaterThan(TRIAL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(TRIAL_DAYS);
    const summary = await callOk<{ subscribed: boolean; product_id: string; subscription_end: string }>(
      'checkSubscription',
      { organizationId: admin.organizationId },
      admin.idToken,
    );
    expect(summary).toEqual({
      subscribed: true,
      product_id: PRICE_ID,
      subscription_end: mirror.trialEnd!.toDate().toISOString(),
    });
    const seller = await sellerOf(admin);
    expect(
      (
        await callOk<{ subscribed: boolean }>(
          'checkSubscription',
          { organizationId: admin.organizationId },
          seller.idToken,
        )
      ).subscribed,
    ).toBe(true);
    const stranger = await signUp();
    expect(
      (await callError('checkSubscription', { organizationId: admin.organizationId }, stranger.idToken))
        .status,
    ).toBe('PERMISSION_DENIED');
  });

  it('gives admins a customer-portal session and refuses it before any checkout', async () => {
    const { admin } = await trialingOrganization();
    const input = { organizationId: admin.organizationId, returnOrigin, language: 'en' };
    const { url } = await callOk<{ url: string }>('createPortalSession', input, admin.idToken);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:12111\/portal\//);
    const fresh = await adminWithOrganization('No Customer Co');
    expect(
      await callError(
        'createPortalSession',
        { ...input, organizationId: fresh.organizationId },
        fresh.idToken,
      ),
    ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'no-customer' } });
  });
});

describe('stripeWebhook', () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };
  const post = (payload: string, signature?: string) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      body: payload,
    });

  it('answers 400 to a bad or missing signature and writes nothing', async () => {
    const id = `evt_forged_${Date.now()}`;
    const payload = JSON.stringify({ id, object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect((await post(payload)).status).toBe(400);
    expect((await post(payload, signed(payload, 'whsec_wrong'))).status).toBe(400);
    expect((await post(payload, signed(payload).replace(/v1=../, 'v1=00'))).status).toBe(400);
    expect((await db.doc(`stripeEvents/${id}`).get()).exists).toBe(false);
    // The same body correctly signed is accepted (an event type that changes nothing).
    expect((await post(payload, signed(payload))).status).toBe(200);
    expect((await db.doc(`stripeEvents/${id}`).get()).exists).toBe(true);
  });

  it('processes an event delivered twice once', async () => {
    const { admin, subscriptionId } = await trialingOrganization();
    const [created] = await stripeEventsOf(subscriptionId, 'customer.subscription.created');
    await eventually(
      () => db.doc(`stripeEvents/${created.id}`).get(),
      (s) => s.exists,
    );
    const before = (await mirrorOf(admin.organizationId))!.updatedAt.toMillis();
    const marker = (await db.doc(`stripeEvents/${created.id}`).get()).get('processedAt') as Timestamp;

    await control(`events/${created.id}/redeliver`, {});
    await eventually(
      () => attemptsOf(created.id),
      (attempts) => attempts.filter((a) => a.status === 200).length >= 2,
    );
    expect((await mirrorOf(admin.organizationId))!.updatedAt.toMillis()).toBe(before);
    expect(
      ((await db.doc(`stripeEvents/${created.id}`).get()).get('processedAt') as Timestamp).toMillis(),
    ).toBe(marker.toMillis());
  });

  it('ends equal to Stripe whatever order events arrive in', async () => {
    const admin = await adminWithOrganization('Order Co');
    await control('deliveries/hold', {});
    try {
      const { url } = await checkout(admin);
      await control(`checkout/${sessionIdOf(url)}/complete`, {});
      const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
      const subscriptionId = session.subscription as string;
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      // updated before created
      await control('deliveries/release', { order: 'reverse' });
      const stripeState = await stripe.subscriptions.retrieve(subscriptionId);
      await waitForMirror(admin.organizationId, (m) => m.cancelAtPeriodEnd === true);
      expect((await mirrorOf(admin.organizationId))!.status).toBe(stripeState.status);

      // deleted before a late updated
      await control('deliveries/hold', {});
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      await stripe.subscriptions.cancel(subscriptionId);
      await control('deliveries/release', { order: 'reverse' });
      await waitForMirror(admin.organizationId, (m) => m.status === 'canceled');
      await new Promise((r) => setTimeout(r, 1_000)); // the late 'updated' has been processed too
      expect((await mirrorOf(admin.organizationId))!.status).toBe('canceled');
    } finally {
      await control('deliveries/release', {});
    }
  });

  it('answers 5xx while Stripe fails, and the retry stores the mirror', async () => {
    const { admin, subscriptionId } = await trialingOrganization();
    // More failures than stripe-node's own retries, so the first delivery fails.
    await control('failures', { status: 500, count: 3, pathPrefix: '/v1/customers' });
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const [updated] = await stripeEventsOf(subscriptionId, 'customer.subscription.updated');
    const attempts = await eventually(
      () => attemptsOf(updated.id),
      (all) => all.some((a) => a.status === 200),
    );
    expect(attempts[0].status).toBeGreaterThanOrEqual(500);
    await waitForMirror(admin.organizationId, (m) => m.cancelAtPeriodEnd === true);
  });

  it('closes the gate when a trial without a card ends, and a paid subscription reopens it', async () => {
    const { admin } = await trialingOrganization();
    await control('clock/advance', { seconds: (TRIAL_DAYS + 1) * DAY });
    await waitForMirror(admin.organizationId, (m) => m.status === 'canceled');
    const summary = await callOk<{ subscribed: boolean }>(
      'checkSubscription',
      { organizationId: admin.organizationId },
      admin.idToken,
    );
    expect(summary.subscribed).toBe(false);

    // No second trial: the next Checkout needs a card.
    const { url } = await checkout(admin);
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session.payment_method_collection).toBe('always');
    await control(`checkout/${sessionIdOf(url)}/complete`, { card: '4242424242424242' });
    const mirror = await waitForMirror(admin.organizationId, (m) => m.status === 'active');
    expect(mirror.trialEnd).toBeNull();
  });
});
