// Stripe → Firestore. Verifies the signature on the raw body, skips events already processed,
// re-reads the customer's subscriptions and overwrites the mirror, then records the event id.
// 2xx only once the mirror is stored; 5xx on any failure so that Stripe retries.
import { FieldValue } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';

import { paths } from '@trato/model';

import { db } from '../common/admin.js';
import { customerOfEvent } from './mirror.js';
import { stripeClient, stripeWebhookSecret, STRIPE_SECRETS } from './stripe.js';
import { syncCustomer } from './sync.js';

const ALREADY_EXISTS = 6;

export const stripeWebhook = onRequest({ secrets: STRIPE_SECRETS }, async (req, res) => {
  if (req.method !== 'POST') {
    res.status(405).set('Allow', 'POST').send('Method Not Allowed');
    return;
  }
  const stripe = stripeClient();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      req.rawBody,
      req.get('stripe-signature') ?? '',
      stripeWebhookSecret.value(),
    );
  } catch (error) {
    console.warn(`stripeWebhook: refused (${(error as Error).message})`);
    res.status(400).send('Invalid signature');
    return;
  }

  try {
    const marker = db.doc(paths.stripeEvent(event.id));
    if ((await marker.get()).exists) {
      res.json({ received: true, duplicate: true });
      return;
    }
    const customerId = customerOfEvent(event);
    const outcome = customerId ? await syncCustomer(db, stripe, customerId) : { ignored: 'event type' };
    try {
      await marker.create({ type: event.type, customerId, processedAt: FieldValue.serverTimestamp() });
    } catch (error) {
      // A concurrent delivery of the same event got there first; the mirror is the same either way.
      if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
    }
    console.info(`stripeWebhook: ${event.type} ${event.id} → ${JSON.stringify(outcome)}`);
    res.json({ received: true });
  } catch (error) {
    console.error(`stripeWebhook: ${event.type} ${event.id} failed: ${(error as Error).message}`);
    res.status(500).send('Processing failed; Stripe will retry');
  }
});
