// The Stripe client and the billing configuration. Production: secrets in Secret Manager
// (`firebase functions:secrets:set STRIPE_SECRET_KEY` / `STRIPE_WEBHOOK_SECRET`) and plain params
// (STRIPE_PRICE_ID; APP_ORIGINS is common/origins.ts) from functions/.env.<project>. In the Functions emulator the
// secrets come from functions/.secret.local (scripts/local-cloud.mjs) and the params from
// functions/.env.demo-trato, which also points the client at the local Stripe.
import { defineSecret, defineString } from 'firebase-functions/params';
import Stripe from 'stripe';

import { fail } from '../common/errors.js';

export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');
export const stripePriceId = defineString('STRIPE_PRICE_ID');

export const STRIPE_SECRETS = [stripeSecretKey, stripeWebhookSecret];

/** host:port of the local Stripe, honoured only inside the Functions emulator. */
function emulatorTarget(): { host: string; port: number; protocol: 'http' } | null {
  const target = process.env.STRIPE_EMULATOR_HOST;
  if (!target || process.env.FUNCTIONS_EMULATOR !== 'true') return null;
  const [host, port] = target.split(':');
  return { host, port: Number(port), protocol: 'http' };
}

let cached: { key: string; client: Stripe } | null = null;

export function stripeClient(): Stripe {
  const key = stripeSecretKey.value();
  if (!key) {
    console.error('STRIPE_SECRET_KEY is not set');
    fail('internal', 'Billing is not configured.', { reason: 'not-configured' });
  }
  if (cached?.key !== key) {
    cached = {
      key,
      client: new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, ...emulatorTarget() }),
    };
  }
  return cached.client;
}
