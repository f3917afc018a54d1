import { afterAll, beforeAll, beforeEach } from 'vitest';
/**
 * Shared set-up for the local Stripe tests: a server on an ephemeral port, the real stripe-node
 * client pointed at it, and a webhook receiver that verifies every delivery with
 * `stripe.webhooks.constructEvent` (as the project's webhook function does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  DEFAULT_API_KEY,
  DEFAULT_WEBHOOK_SECRET,
  startStripeServer,
  type StripeServer,
  type StripeServerOptions,
} from '../../src/stripe/index.js';

export { DEFAULT_API_KEY, DEFAULT_WEBHOOK_SECRET };

export interface Received {
  event: Stripe.Event;
  raw: string;
  signature: string;
}

export interface Receiver {
  url: string;
  /** Verified events in arrival order (duplicates included). */
  events: Received[];
  /** Requests whose signature did not verify. */
  rejected: { raw: string; error: string }[];
  /** Status to answer for the next requests (then 200): e.g. [500, 500]. */
  failNext: number[];
  /** Decides a status from the raw body (undefined = normal handling); checked before failNext. */
  respond?: (raw: string) => number | undefined;
  /** The secret used to verify (tests may change it). */
  secret: string;
  types(): string[];
  waitFor(predicate: (events: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(secret = DEFAULT_WEBHOOK_SECRET): Promise<Receiver> {
  const verifier = new Stripe('sk_test_unused');
  const receiver: Receiver = {
    url: '',
    events: [],
    rejected: [],
    failNext: [],
    secret,
    types: () => receiver.events.map((e) => e.event.type),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.events)) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for webhooks; received: ${receiver.types().join(', ')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      const fail = receiver.respond?.(raw) ?? receiver.failNext.shift();
      if (fail) {
        res.writeHead(fail).end('failing on purpose');
        return;
      }
      try {
        const event = verifier.webhooks.constructEvent(raw, signature, receiver.secret);
        receiver.events.push({ event, raw, signature });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      } catch (err) {
        receiver.rejected.push({ raw, error: err instanceof Error ? err.message : String(err) });
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripe-webhook`;
  return receiver;
}

export interface Harness {
  server: StripeServer;
  stripe: Stripe;
  receiver: Receiver;
  control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  getControl<T = Record<string, unknown>>(path: string): Promise<T>;
  /** Waits until every queued webhook has been attempted. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<StripeServerOptions> = {}): Promise<Harness> {
  const receiver = await startReceiver();
  const server = await startStripeServer({
    port: 0,
    quiet: true,
    log: process.env.EMULATOR_LOG ? (l) => console.log(l) : () => {},
    webhook: { url: receiver.url, secret: DEFAULT_WEBHOOK_SECRET },
    retry: { baseMs: 20, maxAttempts: 4 },
    ...options,
  });
  const stripe = newClient(server.port);
  const control = async <T>(path: string, body: unknown = {}): Promise<T> => {
    const res = await fetch(`${server.url}/__control${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T;
  };
  const getControl = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${server.url}/__control${path}`)).json()) as T;
  return {
    server,
    stripe,
    receiver,
    control,
    getControl,
    drain: async () => {
      await control('/deliveries/drain');
    },
    close: async () => {
      await server.close();
      await receiver.close();
    },
  };
}

export function newClient(
  port: number,
  key = DEFAULT_API_KEY,
  extra: Partial<Stripe.StripeConfig> = {},
): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', ...extra });
}

/** Submits a hosted-page form like a browser (no redirect following). */
export async function submitForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export const PRICE = 'price_trato_monthly';

/** A customer and an open subscription Checkout Session, as the project's callable creates them. */
export async function newCheckout(
  stripe: Stripe,
  opts: {
    trialDays?: number | null;
    collection?: 'always' | 'if_required';
    missing?: 'cancel' | 'pause' | 'create_invoice';
    locale?: Stripe.Checkout.SessionCreateParams.Locale;
    orgId?: string;
  } = {},
): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session }> {
  const orgId = opts.orgId ?? `org-${Math.random().toString(36).slice(2, 8)}`;
  const customer = await stripe.customers.create({
    name: 'Acme SA',
    email: 'owner@acme.test',
    metadata: { orgId },
  });
  const trialDays = opts.trialDays === undefined ? 14 : opts.trialDays;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: orgId,
    metadata: { orgId },
    line_items: [{ price: PRICE, quantity: 1 }],
    subscription_data: {
      metadata: { orgId },
      ...(trialDays
        ? {
            trial_period_days: trialDays,
            trial_settings: { end_behavior: { missing_payment_method: opts.missing ?? 'cancel' } },
          }
        : {}),
    },
    payment_method_collection: opts.collection ?? 'if_required',
    success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing?canceled=1',
    locale: opts.locale ?? 'es',
  });
  return { customer, session };
}

/**
 * One stand-in (and webhook receiver) per test file, reset before each test. `t` forwards to the
 * harness started in beforeAll; `newTypes()` gives the event types delivered since its last call.
 */
export function harnessPerFile(options: Partial<StripeServerOptions> = {}): {
  t: Harness;
  newTypes(): Promise<string[]>;
} {
  let current: Harness | null = null;
  let seen = 0;
  const started = (): Harness => {
    if (!current) throw new Error('The harness starts in beforeAll');
    return current;
  };
  beforeAll(async () => {
    current = await startHarness(options);
  });
  afterAll(() => current?.close());
  beforeEach(async () => {
    await started().control('/reset');
    await started().drain();
    started().receiver.events.length = 0;
    seen = 0;
  });
  const t = new Proxy({} as Harness, { get: (_target, key) => started()[key as keyof Harness] });
  return {
    t,
    async newTypes() {
      await started().drain();
      const types = started().receiver.types().slice(seen);
      seen = started().receiver.events.length;
      return types;
    },
  };
}
