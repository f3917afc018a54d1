// The local Stripe from the tests' side: the real stripe-node client and the stand-in's test
// controls (emulator/src/stripe). Keys and address are the development values of
// scripts/local-cloud.mjs.
import Stripe from 'stripe';

const target = process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1:12111';
const [host, port] = target.split(':');
export const stripeOrigin = `http://${target}`;
export const STRIPE_KEY = 'sk_test_trato_local_0000000000000000';
export const WEBHOOK_SECRET = 'whsec_trato_local_dev_0000000000000000';
export const PRICE_ID = 'price_trato_monthly';

export const stripe = new Stripe(STRIPE_KEY, { host, port: Number(port), protocol: 'http' });

export async function control<T = unknown>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stripeOrigin}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`control ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The id of a Checkout Session from its hosted URL (…/checkout/<id>). */
export function sessionIdOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}

export interface DeliveryAttempt {
  status: number | null;
  trigger: 'automatic' | 'retry' | 'redeliver';
}

/** Every delivery attempt of an event so far (automatic, retries and redeliveries). */
export async function attemptsOf(eventId: string): Promise<DeliveryAttempt[]> {
  const { deliveries } = await control<{ deliveries: { eventId: string; attempts: DeliveryAttempt[] }[] }>(
    'deliveries',
  );
  return deliveries.find((d) => d.eventId === eventId)?.attempts ?? [];
}
