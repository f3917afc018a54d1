/**
 * Test controls under `/__control/` (JSON in, JSON out, no API key): the simulated clock,
 * webhook delivery order, failure injection, Checkout completion without a browser, direct
 * seeding of subscriptions, reset and a dump of the whole state. Documented in emulator/README.md.
 */
import type { ServerResponse } from 'node:http';
import { ControlError, num, parseJson, sendJson, type Json } from '../controlHttp.js';
import type Stripe from 'stripe';
import type { InjectedFailure } from './api.js';
import { DAY, type StripeEngine } from './engine.js';
import { TEST_CARDS, type MissingPaymentMethod } from './objects.js';
import type { StripeState } from './state.js';
import type { WebhookDispatcher, WebhookEndpoint } from './webhooks.js';

export interface ControlContext {
  engine: StripeEngine;
  state: StripeState;
  webhooks: WebhookDispatcher;
  failures: InjectedFailure[];
  getEndpoint: () => WebhookEndpoint | null;
  setEndpoint: (e: WebhookEndpoint | null) => void;
  defaultSecret: string;
  reset: () => void;
  log: (line: string) => void;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

function stringMap(v: unknown, what: string): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v))
    throw new ControlError(400, `${what} must be an object of strings.`);
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) out[k] = String(x);
  return out;
}

/** Everything, for tests and the developer page. */
export function snapshot(ctx: ControlContext): Json {
  const { state, engine } = ctx;
  const endpoint = ctx.getEndpoint();
  return {
    now: engine.now(),
    clock: {
      now: engine.now(),
      offsetSeconds: state.clockOffsetSeconds,
      iso: new Date(engine.now() * 1000).toISOString(),
    },
    webhook: endpoint ? { url: endpoint.url, secret: endpoint.secret } : null,
    deliveriesHeld: ctx.webhooks.isHeld,
    failures: ctx.failures,
    products: state.sorted('products'),
    prices: state.sorted('prices'),
    customers: state.sorted('customers'),
    paymentMethods: state.sorted('paymentMethods'),
    subscriptions: state.sorted('subscriptions'),
    invoices: state.sorted('invoices'),
    checkoutSessions: state.sorted('checkoutSessions'),
    portalSessions: state.sorted('portalSessions'),
    events: state.sorted('events'),
    deliveries: state.sorted('events').flatMap((e) => {
      const d = state.deliveries.get(e.id);
      return d ? [d] : [];
    }),
  };
}

function seedSubscription(ctx: ControlContext, body: Json): Json {
  const { engine, state } = ctx;
  const status = text(body.status) ?? 'active';
  if (status !== 'active' && status !== 'trialing')
    throw new ControlError(400, "status must be 'active' or 'trialing'.");
  const spec = body.customer;
  let customer: Stripe.Customer | undefined;
  let createdCustomer = false;
  if (typeof spec === 'string') {
    customer = state.customers.get(spec);
    if (!customer) throw new ControlError(404, `No such customer: '${spec}'`);
  } else {
    const c = (spec ?? {}) as Json;
    const meta = stringMap(c.metadata, 'customer.metadata');
    const name = text(c.name) ?? null;
    const email = text(c.email) ?? null;
    if (text(c.id)) {
      customer = state.customers.get(text(c.id)!);
      if (!customer) throw new ControlError(404, `No such customer: '${String(c.id)}'`);
    } else {
      // "If needed": a customer with the same name and metadata is reused (seeding can run twice).
      customer = state
        .sorted('customers')
        .find(
          (x) =>
            (x.name ?? null) === name &&
            Object.keys(meta).length > 0 &&
            Object.entries(meta).every(([k, v]) => x.metadata[k] === v),
        );
    }
    if (!customer) {
      customer = engine.createCustomer({ name, email, metadata: meta });
      createdCustomer = true;
    }
  }
  const existing = engine
    .subscriptionsOf(customer.id)
    .find((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
  if (existing && body.reuse !== false)
    return { customer, subscription: existing, created: false, createdCustomer };

  const priceId = text(body.price) ?? engine.options.catalog.id;
  const price = state.prices.get(priceId);
  if (!price) throw new ControlError(404, `No such price: '${priceId}'`);
  // A card on file: given explicitly (any test number, not verified), or 4242 for an active one.
  const cardNumber =
    body.card === null ? null : (text(body.card) ?? (status === 'active' ? '4242424242424242' : null));
  let pm: Stripe.PaymentMethod | null = null;
  if (cardNumber) {
    const known = TEST_CARDS[cardNumber.replace(/\D/g, '')];
    if (!known) throw new ControlError(400, `Not a test card: ${cardNumber}`);
    if (status === 'active' && known.outcome !== 'succeed')
      throw new ControlError(
        400,
        'An active subscription needs a card that can be charged (4242 4242 4242 4242).',
      );
    // Put on file without verification: a card that declines when entered declines every charge instead.
    const card =
      known.outcome === 'attach_decline' ? { ...known, outcome: 'charge_decline' as const } : known;
    const expYear = new Date(engine.now() * 1000).getUTCFullYear() + 3;
    pm = engine.attachCard(
      customer,
      { ok: true, card, expMonth: 12, expYear, name: null },
      { makeDefault: true },
    );
  }
  const subscription = engine.createSubscription({
    customer,
    price,
    quantity: num(body.quantity) ?? 1,
    trialDays: status === 'trialing' ? (num(body.trialDays) ?? 14) : null,
    trialEnd: null,
    missingPaymentMethod: (text(body.missingPaymentMethod) as MissingPaymentMethod) ?? 'create_invoice',
    paymentMethod: pm,
    metadata: stringMap(body.metadata, 'metadata'),
    description: null,
  });
  return { customer, subscription, created: true, createdCustomer };
}

export async function handleControl(
  res: ServerResponse,
  method: string,
  pathname: string,
  raw: string,
  ctx: ControlContext,
): Promise<void> {
  const { engine, state, webhooks } = ctx;
  const path = pathname.replace(/^\/__control/, '') || '/';
  try {
    const body = method === 'POST' ? parseJson(raw) : {};
    let m: RegExpExecArray | null;
    if (method === 'GET' && (path === '/clock' || path === '/clock/')) {
      return sendJson(res, 200, { now: engine.now(), offsetSeconds: state.clockOffsetSeconds });
    }
    if (method === 'POST' && path === '/clock/advance') {
      const seconds = (num(body.seconds) ?? 0) + (num(body.hours) ?? 0) * 3600 + (num(body.days) ?? 0) * DAY;
      if (seconds < 0) throw new ControlError(400, 'The clock only moves forward.');
      const eventsBefore = state.events.size;
      const now = engine.advance(Math.round(seconds));
      ctx.log(`[stripe] clock advanced by ${Math.round(seconds)} s to ${new Date(now * 1000).toISOString()}`);
      return sendJson(res, 200, {
        now,
        offsetSeconds: state.clockOffsetSeconds,
        events: state.events.size - eventsBefore,
      });
    }
    if (method === 'POST' && path === '/deliveries/hold') {
      webhooks.hold();
      return sendJson(res, 200, { held: true });
    }
    if (method === 'POST' && path === '/deliveries/release') {
      const order = body.order ?? 'created';
      if (!(
        order === 'created' ||
        order === 'reverse' ||
        (Array.isArray(order) && order.every((x) => typeof x === 'string'))
      ))
        throw new ControlError(400, "order must be 'created', 'reverse' or an array of event ids.");
      const released = await webhooks.release(order as 'created' | 'reverse' | string[]);
      return sendJson(res, 200, { held: false, released });
    }
    if (method === 'POST' && path === '/deliveries/drain') {
      const drained = await webhooks.drain(num(body.timeoutMs) ?? 10_000);
      return sendJson(res, drained ? 200 : 408, { drained });
    }
    if (method === 'GET' && path === '/deliveries') {
      return sendJson(res, 200, { held: webhooks.isHeld, deliveries: snapshot(ctx).deliveries });
    }
    if (method === 'POST' && (m = /^\/events\/([^/]+)\/redeliver$/.exec(path))) {
      const event = state.events.get(m[1]);
      if (!event) throw new ControlError(404, `No such event: '${m[1]}'`);
      if (!ctx.getEndpoint()) throw new ControlError(400, 'No webhook endpoint is configured.');
      const attempt = await webhooks.redeliver(event.id, event.type);
      return sendJson(res, 200, { eventId: event.id, attempt });
    }
    if (method === 'POST' && path === '/failures') {
      const status = num(body.status) ?? 500;
      const count = num(body.count) ?? 1;
      if (status < 400 || status > 599) throw new ControlError(400, 'status must be an HTTP error status.');
      const failure: InjectedFailure = {
        status,
        remaining: Math.max(1, Math.floor(count)),
        pathPrefix: text(body.pathPrefix) ?? '/v1/',
        ...(text(body.method) ? { method: text(body.method)!.toUpperCase() } : {}),
        ...(typeof body.shouldRetry === 'boolean' ? { shouldRetry: body.shouldRetry } : {}),
      };
      ctx.failures.push(failure);
      return sendJson(res, 200, { failures: ctx.failures });
    }
    if (method === 'GET' && path === '/failures') return sendJson(res, 200, { failures: ctx.failures });
    if (method === 'DELETE' && path === '/failures') {
      ctx.failures.length = 0;
      return sendJson(res, 200, { failures: [] });
    }
    if (method === 'POST' && (m = /^\/checkout\/([^/]+)\/complete$/.exec(path))) {
      const session = state.checkoutSessions.get(m[1]);
      if (!session) throw new ControlError(404, `No such checkout.session: '${m[1]}'`);
      const card = text(body.card);
      const result = engine.completeCheckout(session, {
        card: card
          ? { number: card, expiry: text(body.expiry), cvc: text(body.cvc), name: text(body.name) }
          : null,
        email: text(body.email) ?? null,
      });
      if (!result.ok) {
        const status =
          result.problem === 'card_declined' ? 402 : result.problem.startsWith('session_') ? 409 : 400;
        return sendJson(res, status, {
          ok: false,
          error: {
            code: result.problem,
            ...(result.declineCode ? { decline_code: result.declineCode } : {}),
          },
        });
      }
      ctx.log(`[stripe] checkout ${session.id} completed (control): ${result.subscription.id}`);
      return sendJson(res, 200, {
        ok: true,
        session: result.session,
        subscription: result.subscription,
        customer: result.customer,
        paymentMethod: result.paymentMethod,
        redirectUrl: result.redirectUrl,
      });
    }
    if (method === 'POST' && path === '/subscriptions') {
      const result = seedSubscription(ctx, body);
      return sendJson(res, result.created ? 201 : 200, result);
    }
    if (method === 'POST' && path === '/reset') {
      ctx.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (method === 'GET' && path === '/state') return sendJson(res, 200, snapshot(ctx));
    if (method === 'GET' && path === '/webhook') {
      const e = ctx.getEndpoint();
      return sendJson(res, 200, { webhook: e });
    }
    if (method === 'POST' && path === '/webhook') {
      const url = body.url === null ? null : text(body.url);
      if (url === undefined) throw new ControlError(400, 'url is required (null disables deliveries).');
      if (url !== null) {
        try {
          new URL(url);
        } catch {
          throw new ControlError(400, `Not a URL: ${url}`);
        }
      }
      const secret = text(body.secret) ?? ctx.getEndpoint()?.secret ?? ctx.defaultSecret;
      ctx.setEndpoint(url ? { url, secret } : null);
      ctx.log(`[stripe] webhook endpoint ${url ?? 'disabled'}`);
      return sendJson(res, 200, { webhook: ctx.getEndpoint() });
    }
    throw new ControlError(404, `Unknown control endpoint: ${method} ${pathname}`);
  } catch (err) {
    if (err instanceof ControlError) return sendJson(res, err.status, { error: { message: err.message } });
    ctx.log(
      `[stripe] control ${method} ${pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return sendJson(res, 500, { error: { message: err instanceof Error ? err.message : String(err) } });
  }
}
