// The callables of the subscription gate and /subscription (spec §7 create-checkout and
// check-subscription, plus the customer portal).
import { createHash } from 'node:crypto';

import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';

import {
  checkoutReturnUrls,
  isSubscriptionActive,
  paths,
  subscriptionSummary,
  TRIAL_DAYS,
  TRIAL_END_WITHOUT_CARD,
  type BillingCallables,
  type Organization,
  type Subscription,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { allowedReturnOrigin } from '../common/origins.js';
import { directReader, readMember, requireAdmin } from '../common/store.js';
import { parseInput } from '../common/validation.js';
import { stripeClient, stripePriceId, STRIPE_SECRETS } from './stripe.js';

type Timestamped = Subscription<FirebaseFirestore.Timestamp>;

async function readMirror(firestore: Firestore, organizationId: string): Promise<Timestamped | null> {
  const snapshot = await firestore.doc(paths.subscription(organizationId)).get();
  return snapshot.exists ? (snapshot.data() as Timestamped) : null;
}

/**
 * The organization's Stripe customer, created once. Two admins pressing the button at the same
 * moment send the same idempotency key with the same parameters, so Stripe answers both with one
 * customer; the Firestore record is create-if-absent.
 */
export async function ensureCustomer(
  firestore: Firestore,
  stripe: Stripe,
  organizationId: string,
  caller: Caller,
): Promise<string> {
  const ref = firestore.doc(paths.billingCustomer(organizationId));
  const known = await ref.get();
  if (known.exists) return known.get('stripeCustomerId') as string;
  const organization = (await firestore.doc(paths.organization(organizationId)).get()).data() as
    Organization | undefined;
  const customer = await stripe.customers.create(
    { name: organization?.name ?? organizationId, metadata: { organizationId } },
    { idempotencyKey: `customer-${organizationId}` },
  );
  // The e-mail differs per admin, so it is not part of the idempotent request.
  if (caller.email && !customer.email) await stripe.customers.update(customer.id, { email: caller.email });
  try {
    await ref.create({ stripeCustomerId: customer.id, createdAt: FieldValue.serverTimestamp() });
  } catch (error) {
    if ((error as { code?: number }).code !== 6 /* ALREADY_EXISTS */) throw error;
  }
  return (await ref.get()).get('stripeCustomerId') as string;
}

export async function createCheckoutSessionCore(
  firestore: Firestore,
  stripe: Stripe,
  caller: Caller,
  data: unknown,
  priceId: string,
): Promise<BillingCallables['createCheckoutSession']['out']> {
  const input = parseInput('createCheckoutSession', data);
  const { organizationId, language } = input;
  const origin = allowedReturnOrigin(input.returnOrigin);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  if (isSubscriptionActive(await readMirror(firestore, organizationId), Date.now())) {
    fail('failed-precondition', 'The organization already has a live subscription.', {
      reason: 'already-subscribed',
    });
  }

  const customer = await ensureCustomer(firestore, stripe, organizationId, caller);
  // One trial per organization: a customer that ever had a subscription subscribes with a card.
  const earlier = await stripe.subscriptions.list({ customer, status: 'all', limit: 1 });
  const trial = earlier.data.length === 0;
  const urls = checkoutReturnUrls(origin);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    client_reference_id: organizationId,
    metadata: { organizationId },
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: {
      metadata: { organizationId },
      ...(trial && {
        trial_period_days: TRIAL_DAYS,
        trial_settings: { end_behavior: { missing_payment_method: TRIAL_END_WITHOUT_CARD } },
      }),
    },
    payment_method_collection: trial ? 'if_required' : 'always',
    success_url: urls.success,
    cancel_url: urls.cancel,
    locale: language,
  };
  // A repeated click (or a retried call) within ten minutes gets the same session back.
  const window = Math.floor(Date.now() / 600_000);
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24);
  const session = await stripe.checkout.sessions.create(params, {
    idempotencyKey: `checkout-${organizationId}-${digest}-${window}`,
  });
  if (!session.url) fail('internal', 'Stripe returned no checkout URL.', { reason: 'no-url' });
  return { url: session.url };
}

export async function createPortalSessionCore(
  firestore: Firestore,
  stripe: Stripe,
  caller: Caller,
  data: unknown,
): Promise<BillingCallables['createPortalSession']['out']> {
  const input = parseInput('createPortalSession', data);
  const { organizationId, language } = input;
  const origin = allowedReturnOrigin(input.returnOrigin);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  const known = await firestore.doc(paths.billingCustomer(organizationId)).get();
  if (!known.exists) {
    fail('failed-precondition', 'The organization has no billing account yet.', { reason: 'no-customer' });
  }
  const session = await stripe.billingPortal.sessions.create({
    customer: known.get('stripeCustomerId') as string,
    return_url: `${origin}/subscription`,
    locale: language,
  });
  return { url: session.url };
}

export async function checkSubscriptionCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<BillingCallables['checkSubscription']['out']> {
  const { organizationId } = parseInput('checkSubscription', data);
  const member = await readMember(firestore, directReader, organizationId, caller.uid);
  if (!member) fail('permission-denied', 'Not a member of this organization.', { reason: 'not-member' });
  return subscriptionSummary(await readMirror(firestore, organizationId), Date.now());
}

export const createCheckoutSession = onCall({ secrets: STRIPE_SECRETS }, (request) =>
  createCheckoutSessionCore(
    db,
    stripeClient(),
    requireCaller(request.auth),
    request.data,
    stripePriceId.value(),
  ),
);

export const createPortalSession = onCall({ secrets: STRIPE_SECRETS }, (request) =>
  createPortalSessionCore(db, stripeClient(), requireCaller(request.auth), request.data),
);

export const checkSubscription = onCall((request) =>
  checkSubscriptionCore(db, requireCaller(request.auth), request.data),
);
