/**
 * The `/v1` API: authentication, idempotency, injected failures, routing, `expand[]` and list
 * paging, with Stripe's error JSON. Handlers are synchronous, so a request's reads, writes and
 * events never interleave with another request's: two concurrent calls with one idempotency key
 * make one object (the second finds the first's stored answer).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import type { StripeEngine } from './engine.js';
import { DAY } from './engine.js';
import { FormError, parseForm, type FormObject } from './form.js';
import { newId } from './ids.js';
import { API_VERSION, type MissingPaymentMethod } from './objects.js';
import {
  ApiError,
  arr,
  bool,
  checkParams,
  email,
  expandList,
  int,
  invalid,
  metadata,
  missingParam,
  noSuch,
  nullableStr,
  obj,
  oneOf,
  str,
  url,
} from './params.js';
import { collectionOf, type StripeState } from './state.js';

export interface InjectedFailure {
  status: number;
  remaining: number;
  pathPrefix: string;
  method?: string;
  /** Sets `Stripe-Should-Retry` on the answer (stripe-node honours it). */
  shouldRetry?: boolean;
}

interface StoredResponse {
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  storedAt: number;
}

export interface ApiContext {
  engine: StripeEngine;
  state: StripeState;
  apiKeys: () => string[];
  failures: InjectedFailure[];
  idempotency: Map<string, StoredResponse>;
  log: (line: string) => void;
  quiet: boolean;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

const LOCALES = [
  'auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hi-IN',
  'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk',
  'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
] as const; // prettier-ignore

const PAGING = ['limit', 'starting_after', 'ending_before', 'expand'];

// --- expand and lists ---------------------------------------------------------------------------

const cannotExpand = (path: string) => invalid(`This property cannot be expanded (${path}).`, 'expand');

/** Replaces the ids named by `paths` (dotted, through lists and arrays) with the objects. */
export function expand(object: object, paths: string[], state: StripeState): object {
  if (paths.length === 0) return object;
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) {
    const segs = path.split('.');
    if (segs.length > 4)
      throw invalid(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    expandAt(copy, segs, path, state);
  }
  return copy;
}

function expandAt(node: Record<string, unknown>, segs: string[], path: string, state: StripeState): void {
  const [head, ...rest] = segs;
  if (!(head in node)) throw cannotExpand(path);
  let value = node[head];
  if (value === null) return;
  if (typeof value === 'string') {
    const target = collectionOf(value) ? state.get(value) : undefined;
    if (!target) throw cannotExpand(path);
    value = structuredClone(target);
    node[head] = value;
  }
  if (rest.length === 0) {
    if (typeof value !== 'object') throw cannotExpand(path);
    return;
  }
  if (Array.isArray(value)) {
    for (const el of value)
      if (el && typeof el === 'object') expandAt(el as Record<string, unknown>, rest, path, state);
    return;
  }
  if (typeof value !== 'object') throw cannotExpand(path);
  expandAt(value as Record<string, unknown>, rest, path, state);
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor paging over a newest-first array. */
export function page<T extends { id: string }>(
  items: T[],
  p: FormObject,
  listUrl: string,
  noun: string,
): ListEnvelope<T> {
  const limit = int(p, 'limit', 'limit', { min: 1, max: 100 }) ?? 10;
  const after = str(p, 'starting_after');
  const before = str(p, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i === -1) throw noSuch(noun, after, 'starting_after');
    start = i + 1;
  }
  if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i === -1) throw noSuch(noun, before, 'ending_before');
    end = i;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + data.length < end;
  return { object: 'list', data, has_more: hasMore, url: listUrl };
}

// --- routes -------------------------------------------------------------------------------------

interface Route {
  method: string;
  pattern: RegExp;
  supported: string[];
  ignored?: string[];
  /** Returns the object to answer with (before `expand[]`); lists expand under `data.`. */
  run: (p: FormObject, m: string[], ctx: ApiContext) => object;
}

function getOr404<T>(map: Map<string, T>, id: string, noun: string): T {
  const v = map.get(id);
  if (!v) throw noSuch(noun, id);
  return v;
}

function customerParam(ctx: ApiContext, p: FormObject, key = 'customer'): Stripe.Customer | undefined {
  const id = str(p, key);
  if (id === undefined || id === '') return undefined;
  const c = ctx.state.customers.get(id);
  if (!c) throw noSuch('customer', id, key);
  return c;
}

function customerFields(p: FormObject) {
  const locales = arr(p, 'preferred_locales');
  return {
    name: nullableStr(p, 'name'),
    email: email(p, 'email'),
    description: nullableStr(p, 'description'),
    phone: nullableStr(p, 'phone'),
    metadata: metadata(p),
    preferredLocales: locales?.map((l, i) => {
      if (typeof l !== 'string') throw invalid('Invalid string', `preferred_locales[${i}]`);
      return l;
    }),
  };
}

const CUSTOMER_IGNORED = [
  'address', 'balance', 'business_name', 'cash_balance', 'individual_name', 'invoice_prefix', 'next_invoice_sequence',
  'payment_method', 'shipping', 'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock', 'validate', 'default_source',
]; // prettier-ignore

const CHECKOUT_IGNORED = [
  'adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'allowed_payment_method_types', 'automatic_tax',
  'billing_address_collection', 'branding_settings', 'consent_collection', 'currency', 'custom_fields', 'custom_text',
  'customer_account', 'customer_creation', 'customer_update', 'discounts', 'excluded_payment_method_types',
  'integration_identifier', 'invoice_creation', 'managed_payments', 'name_collection', 'optional_items',
  'origin_context', 'payment_intent_data', 'payment_method_configuration', 'payment_method_data',
  'payment_method_options', 'permissions', 'phone_number_collection', 'redirect_on_completion', 'return_url',
  'saved_payment_method_options', 'setup_intent_data', 'shipping_address_collection', 'shipping_options',
  'submit_type', 'tax_id_collection', 'ui_mode', 'wallet_options',
]; // prettier-ignore

const SUBSCRIPTION_UPDATE_IGNORED = [
  'add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_cycle_anchor', 'billing_schedules',
  'billing_thresholds', 'cancel_at', 'collection_method', 'days_until_due', 'default_source', 'default_tax_rates',
  'discounts', 'invoice_settings', 'items', 'off_session', 'on_behalf_of', 'pause_collection', 'payment_behavior',
  'payment_settings', 'pending_invoice_item_interval', 'proration_behavior', 'proration_date', 'transfer_data',
  'trial_end', 'trial_from_plan', 'trial_settings',
]; // prettier-ignore

function createCheckoutSession(p: FormObject, ctx: ApiContext): Stripe.Checkout.Session {
  const { state, engine } = ctx;
  const mode = oneOf(p, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription')
    throw invalid(`The local Stripe simulates mode=subscription only (got mode=${mode}).`, 'mode');
  const customerId = str(p, 'customer');
  const customerEmail = email(p, 'customer_email') ?? null;
  if (customerId && customerEmail)
    throw invalid(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  const customer = customerParam(ctx, p) ?? null;
  const items = arr(p, 'line_items');
  if (!items || items.length === 0)
    throw invalid(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
      'parameter_missing',
    );
  if (items.length > 1)
    throw invalid('The local Stripe simulates one line item per Checkout Session.', 'line_items');
  const lineItems = items.map((raw, i) => {
    const param = `line_items[${i}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('Invalid object', param);
    if (raw.price_data !== undefined)
      throw invalid(
        'The local Stripe does not simulate price_data; pass a price id.',
        `${param}[price_data]`,
      );
    const priceId = str(raw, 'price', `${param}[price]`);
    if (!priceId) throw missingParam(`${param}[price]`);
    const price = state.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `${param}[price]`);
    if (!price.recurring)
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        `${param}[price]`,
      );
    const quantity = int(raw, 'quantity', `${param}[quantity]`, { min: 1 });
    if (quantity === undefined) throw missingParam(`${param}[quantity]`);
    return { price: priceId, quantity };
  });
  const sd = obj(p, 'subscription_data') ?? {};
  const trialDays =
    int(sd, 'trial_period_days', 'subscription_data[trial_period_days]', { min: 1, max: 730 }) ?? null;
  const trialEnd = int(sd, 'trial_end', 'subscription_data[trial_end]') ?? null;
  if (trialDays !== null && trialEnd !== null)
    throw invalid(
      'You may only specify one of these parameters: trial_end, trial_period_days.',
      'subscription_data[trial_end]',
    );
  if (trialEnd !== null && trialEnd < engine.now() + 2 * DAY)
    throw invalid(
      'The `trial_end` date has to be at least 2 days in the future.',
      'subscription_data[trial_end]',
    );
  const ts = obj(sd, 'trial_settings', 'subscription_data[trial_settings]') ?? {};
  const eb = obj(ts, 'end_behavior', 'subscription_data[trial_settings][end_behavior]') ?? {};
  const missing: MissingPaymentMethod =
    oneOf(eb, 'missing_payment_method', ['cancel', 'create_invoice', 'pause'] as const,
      'subscription_data[trial_settings][end_behavior][missing_payment_method]') ?? 'create_invoice'; // prettier-ignore
  const subMeta = metadata(sd);
  const expiresAt = int(p, 'expires_at') ?? null;
  if (expiresAt !== null && (expiresAt < engine.now() + 1800 || expiresAt > engine.now() + DAY))
    throw invalid(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      'expires_at',
    );
  const clientReferenceId = nullableStr(p, 'client_reference_id') ?? null;
  if (clientReferenceId && clientReferenceId.length > 200)
    throw invalid('client_reference_id can have up to 200 characters.', 'client_reference_id');
  const meta = metadata(p);
  return engine.createCheckoutSession({
    customer,
    customerEmail,
    clientReferenceId,
    metadata: meta ? meta({}) : {},
    extra: {
      lineItems,
      trialDays,
      trialEnd,
      missingPaymentMethod: missing,
      subscriptionMetadata: subMeta ? subMeta({}) : {},
      subscriptionDescription: nullableStr(sd, 'description', 'subscription_data[description]') ?? null,
    },
    locale: oneOf(p, 'locale', LOCALES) ?? null,
    paymentMethodCollection:
      oneOf(p, 'payment_method_collection', ['always', 'if_required'] as const) ?? 'always',
    successUrl: url(p, 'success_url') ?? null,
    cancelUrl: url(p, 'cancel_url') ?? null,
    expiresAt,
  });
}

function subscriptionStatusFilter(status: string | undefined): (s: Stripe.Subscription) => boolean {
  if (status === 'all') return () => true;
  if (status === 'ended') return (s) => s.status === 'canceled' || s.status === 'incomplete_expired';
  if (status) return (s) => s.status === status;
  return (s) => s.status !== 'canceled' && s.status !== 'incomplete_expired';
}

function pmParam(
  ctx: ApiContext,
  p: FormObject,
  key: string,
  customerId: string,
  param = key,
): string | null | undefined {
  const id = nullableStr(p, key, param);
  if (!id) return id;
  const pm = ctx.state.paymentMethods.get(id);
  if (!pm) throw noSuch('PaymentMethod', id, param);
  if (pm.customer !== customerId)
    throw invalid(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  return id;
}

const ROUTES: Route[] = [
  // Customers
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    supported: ['name', 'email', 'description', 'phone', 'metadata', 'preferred_locales', 'expand'],
    ignored: CUSTOMER_IGNORED.concat('invoice_settings'),
    run: (p, _m, ctx) => {
      const f = customerFields(p);
      return ctx.engine.createCustomer({ ...f, metadata: f.metadata ? f.metadata({}) : {} });
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers$/,
    supported: ['email', ...PAGING],
    ignored: ['created', 'test_clock'],
    run: (p, _m, ctx) => {
      const e = str(p, 'email');
      const items = ctx.state.sorted('customers').filter((c) => e === undefined || c.email === e);
      return page(items, p, '/v1/customers', 'customer');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.customers, m[1], 'customer'),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/customers\/([^/]+)$/,
    supported: [
      'name',
      'email',
      'description',
      'phone',
      'metadata',
      'preferred_locales',
      'invoice_settings',
      'expand',
    ],
    ignored: CUSTOMER_IGNORED,
    run: (p, m, ctx) => {
      const customer = getOr404(ctx.state.customers, m[1], 'customer');
      const f = customerFields(p);
      const is = obj(p, 'invoice_settings') ?? {};
      const pm = pmParam(
        ctx,
        is,
        'default_payment_method',
        customer.id,
        'invoice_settings[default_payment_method]',
      );
      return ctx.engine.updateCustomer(customer, (c) => {
        if (f.name !== undefined) c.name = f.name;
        if (f.email !== undefined) c.email = f.email;
        if (f.description !== undefined) c.description = f.description;
        if (f.phone !== undefined) c.phone = f.phone;
        if (f.metadata) c.metadata = f.metadata(c.metadata);
        if (f.preferredLocales) c.preferred_locales = f.preferredLocales;
        if (pm !== undefined) c.invoice_settings.default_payment_method = pm;
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    supported: ['type', ...PAGING],
    ignored: ['allow_redisplay'],
    run: (p, m, ctx) => {
      const customer = getOr404(ctx.state.customers, m[1], 'customer');
      const type = str(p, 'type');
      const items = ctx.state
        .sorted('paymentMethods')
        .filter((pm) => pm.customer === customer.id && (!type || pm.type === type));
      return page(items, p, `/v1/customers/${customer.id}/payment_methods`, 'PaymentMethod');
    },
  },
  // Checkout
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    supported: [
      'mode', 'customer', 'customer_email', 'client_reference_id', 'metadata', 'line_items', 'subscription_data',
      'payment_method_collection', 'success_url', 'cancel_url', 'locale', 'expires_at', 'expand',
    ], // prettier-ignore
    ignored: CHECKOUT_IGNORED,
    run: (p, _m, ctx) => createCheckoutSession(p, ctx),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions$/,
    supported: ['customer', 'subscription', 'status', ...PAGING],
    ignored: ['created', 'customer_details', 'payment_intent', 'payment_link', 'customer_account'],
    run: (p, _m, ctx) => {
      const customer = str(p, 'customer');
      const subscription = str(p, 'subscription');
      const status = str(p, 'status');
      const items = ctx.state
        .sorted('checkoutSessions')
        .filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!subscription || s.subscription === subscription) &&
            (!status || s.status === status),
        );
      return page(items, p, '/v1/checkout/sessions', 'checkout.session');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.checkoutSessions, m[1], 'checkout.session'),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    supported: ['expand'],
    run: (_p, m, ctx) => {
      const session = getOr404(ctx.state.checkoutSessions, m[1], 'checkout.session');
      if (session.status !== 'open')
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      ctx.engine.expireCheckoutSession(session);
      return session;
    },
  },
  // Subscriptions
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions$/,
    supported: ['customer', 'status', 'price', ...PAGING],
    ignored: ['automatic_tax', 'collection_method', 'created', 'current_period_end', 'current_period_start', 'customer_account', 'plan', 'test_clock'], // prettier-ignore
    run: (p, _m, ctx) => {
      const customer = str(p, 'customer');
      const price = str(p, 'price');
      const status = oneOf(p, 'status', [
        'active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid',
      ] as const); // prettier-ignore
      const byStatus = subscriptionStatusFilter(status);
      const items = ctx.state
        .sorted('subscriptions')
        .filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!price || s.items.data.some((i) => i.price.id === price)) &&
            byStatus(s),
        );
      return page(items, p, '/v1/subscriptions', 'subscription');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.subscriptions, m[1], 'subscription'),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    supported: ['cancel_at_period_end', 'metadata', 'default_payment_method', 'description', 'cancellation_details', 'expand'], // prettier-ignore
    ignored: SUBSCRIPTION_UPDATE_IGNORED,
    run: (p, m, ctx) => {
      const sub = getOr404(ctx.state.subscriptions, m[1], 'subscription');
      if (sub.status === 'canceled') {
        const other = Object.keys(p).filter(
          (k) => !['metadata', 'cancellation_details', 'expand'].includes(k),
        );
        if (other.length > 0)
          throw invalid(
            'A canceled subscription can only update its cancellation_details and metadata.',
            other[0],
          );
      }
      const cd = obj(p, 'cancellation_details');
      return ctx.engine.updateSubscription(sub, {
        cancelAtPeriodEnd: bool(p, 'cancel_at_period_end'),
        metadata: metadata(p),
        defaultPaymentMethod: pmParam(ctx, p, 'default_payment_method', sub.customer as string),
        description: nullableStr(p, 'description'),
        cancellationDetails: cd
          ? {
              comment: nullableStr(cd, 'comment', 'cancellation_details[comment]'),
              feedback: oneOf(cd, 'feedback', [
                'customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex',
                'too_expensive', 'unused',
              ] as const, 'cancellation_details[feedback]'), // prettier-ignore
            }
          : undefined,
      });
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    supported: ['cancellation_details', 'invoice_now', 'prorate', 'expand'],
    run: (p, m, ctx) => {
      const sub = getOr404(ctx.state.subscriptions, m[1], 'subscription');
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
        throw invalid(`No active subscription: '${sub.id}' is already canceled.`, 'id');
      bool(p, 'invoice_now');
      bool(p, 'prorate');
      const cd = obj(p, 'cancellation_details') ?? {};
      return ctx.engine.cancelSubscription(sub, {
        comment: nullableStr(cd, 'comment', 'cancellation_details[comment]'),
        feedback: oneOf(cd, 'feedback', [
          'customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex',
          'too_expensive', 'unused',
        ] as const, 'cancellation_details[feedback]'), // prettier-ignore
      });
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)\/resume$/,
    supported: ['expand'],
    ignored: ['billing_cycle_anchor', 'payment_behavior', 'proration_behavior', 'proration_date'],
    run: (_p, m, ctx) => {
      const sub = getOr404(ctx.state.subscriptions, m[1], 'subscription');
      if (sub.status !== 'paused')
        throw invalid('Only subscriptions with status `paused` can be resumed.', 'id');
      return ctx.engine.resumeSubscription(sub);
    },
  },
  // Billing portal
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    supported: ['customer', 'return_url', 'locale', 'expand'],
    ignored: ['configuration', 'customer_account', 'flow_data', 'on_behalf_of'],
    run: (p, _m, ctx) => {
      if (!str(p, 'customer')) throw missingParam('customer');
      const customer = customerParam(ctx, p)!;
      return ctx.engine.createPortalSession({
        customer,
        returnUrl: url(p, 'return_url') ?? null,
        locale: oneOf(p, 'locale', LOCALES) ?? null,
      });
    },
  },
  // Events
  {
    method: 'GET',
    pattern: /^\/v1\/events$/,
    supported: ['type', 'types', ...PAGING],
    ignored: ['created', 'delivery_success'],
    run: (p, _m, ctx) => {
      const type = str(p, 'type');
      const types = arr(p, 'types')?.map(String);
      const matches = (t: string, pattern: string) =>
        pattern.endsWith('*') ? t.startsWith(pattern.slice(0, -1)) : t === pattern;
      const items = ctx.state
        .sorted('events')
        .filter((e) => (!type || matches(e.type, type)) && (!types || types.some((t) => matches(e.type, t))));
      return page(items, p, '/v1/events', 'event');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/events\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.events, m[1], 'event'),
  },
  // Invoices
  {
    method: 'GET',
    pattern: /^\/v1\/invoices$/,
    supported: ['customer', 'subscription', 'status', ...PAGING],
    ignored: ['collection_method', 'created', 'customer_account', 'due_date'],
    run: (p, _m, ctx) => {
      const customer = str(p, 'customer');
      const subscription = str(p, 'subscription');
      const status = str(p, 'status');
      const items = ctx.state
        .sorted('invoices')
        .filter(
          (i) =>
            (!customer || i.customer === customer) &&
            (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
            (!status || i.status === status),
        );
      return page(items, p, '/v1/invoices', 'invoice');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.invoices, m[1], 'invoice'),
  },
  // Catalog and payment methods
  {
    method: 'GET',
    pattern: /^\/v1\/prices$/,
    supported: ['product', 'active', 'type', 'lookup_keys', ...PAGING],
    ignored: ['created', 'currency', 'recurring'],
    run: (p, _m, ctx) => {
      const product = str(p, 'product');
      const active = bool(p, 'active');
      const lookupKeys = arr(p, 'lookup_keys')?.map(String);
      const items = ctx.state
        .sorted('prices')
        .filter(
          (pr) =>
            (!product || pr.product === product) &&
            (active === undefined || pr.active === active) &&
            (!lookupKeys || (pr.lookup_key !== null && lookupKeys.includes(pr.lookup_key))),
        );
      return page(items, p, '/v1/prices', 'price');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/prices\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.prices, m[1], 'price'),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/products$/,
    supported: ['active', ...PAGING],
    ignored: ['created', 'ids', 'shippable', 'url'],
    run: (p, _m, ctx) => page(ctx.state.sorted('products'), p, '/v1/products', 'product'),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/products\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.products, m[1], 'product'),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    supported: ['expand'],
    run: (_p, m, ctx) => getOr404(ctx.state.paymentMethods, m[1], 'PaymentMethod'),
  },
];

// --- HTTP -----------------------------------------------------------------------------------------

function redactKey(key: string): string {
  const m = /^([a-z]{2}_(?:test|live)_)/.exec(key);
  const prefix = m ? m[1] : '';
  return `${prefix}****${key.slice(-4)}`;
}

function apiKeyOf(req: IncomingMessage): { key: string | null; error?: string } {
  const header = req.headers.authorization;
  if (!header) return { key: null };
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return { key: value.trim() };
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return { key: decoded.split(':')[0] };
  }
  return { key: null, error: 'Invalid authorization header' };
}

/** Deterministic text of the parameters (key order does not matter, as for Stripe). */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprint((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function errorJson(err: ApiError, requestId: string, now: number): string {
  const body = {
    error: {
      ...err.body,
      ...(err.status !== 401
        ? { request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${now}` }
        : {}),
    },
  };
  return JSON.stringify(body, null, 2);
}

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  query: string,
  rawBody: string,
  ctx: ApiContext,
): Promise<void> {
  const started = Date.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const requestId = newId('req');
  const idempotencyKey =
    method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Request-Id': requestId,
    'Stripe-Version': (req.headers['stripe-version'] as string | undefined) ?? API_VERSION,
    'Cache-Control': 'no-cache, no-store',
    'Access-Control-Allow-Origin': '*',
  };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let note = '';
  const send = (status: number, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, ...extra, 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
    if (!ctx.quiet)
      ctx.log(`[stripe] ${method} ${pathname} -> ${status}${note} (${Date.now() - started} ms)`);
  };
  const fail = (err: ApiError, extra: Record<string, string> = {}) => {
    note = ` ${err.body.code ?? err.body.type}: ${err.body.message}`;
    send(err.status, errorJson(err, requestId, ctx.engine.now()), extra);
  };

  // Authentication (before anything else, as Stripe).
  const { key } = apiKeyOf(req);
  if (!key)
    return fail(
      new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. Provide your secret key in the Authorization header as a Bearer token (e.g. 'Authorization: Bearer sk_test_...').",
      }),
    );
  if (!ctx.apiKeys().includes(key))
    return fail(
      new ApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${redactKey(key)}`,
      }),
    );

  let params: FormObject;
  try {
    params = { ...parseForm(query), ...(method === 'POST' ? parseForm(rawBody) : {}) };
  } catch (err) {
    return fail(invalid(err instanceof FormError ? err.message : 'Invalid request body'));
  }

  // Injected failures (test control): nothing is executed or stored.
  const failure = ctx.failures.find(
    (f) =>
      f.remaining > 0 &&
      pathname.startsWith(f.pathPrefix) &&
      (!f.method || f.method.toUpperCase() === method),
  );
  if (failure) {
    failure.remaining -= 1;
    if (failure.remaining === 0) ctx.failures.splice(ctx.failures.indexOf(failure), 1);
    const extra: Record<string, string> =
      failure.shouldRetry === undefined ? {} : { 'Stripe-Should-Retry': String(failure.shouldRetry) };
    note = ' (injected failure)';
    const err =
      failure.status === 429
        ? new ApiError(429, {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Too many requests hit the API too quickly (injected by the local Stripe).',
          })
        : new ApiError(failure.status, {
            type: 'api_error',
            message: 'An unexpected error occurred in the API (injected by the local Stripe).',
          });
    return fail(err, extra);
  }

  // Idempotency: a stored answer for this key is replayed byte for byte.
  const idemKey = idempotencyKey ? `${key}\u0000${idempotencyKey}` : null;
  const print = fingerprint(params);
  if (idemKey) {
    const now = Date.now();
    for (const [k, v] of ctx.idempotency)
      if (now - v.storedAt > IDEMPOTENCY_TTL_MS) ctx.idempotency.delete(k);
    const stored = ctx.idempotency.get(idemKey);
    if (stored) {
      if (stored.method !== method || stored.path !== pathname)
        return fail(
          new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      if (stored.fingerprint !== print)
        return fail(
          new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      note = ' (idempotent replay)';
      return send(stored.status, stored.body, {
        'Idempotent-Replayed': 'true',
        'Original-Request': stored.requestId,
      });
    }
  }

  const matching = ROUTES.filter((r) => r.pattern.test(pathname));
  const route = matching.find((r) => r.method === method);
  if (!route)
    return fail(
      new ApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${pathname}). The local Stripe simulates the endpoints listed in emulator/README.md.`,
      }),
    );
  try {
    checkParams(params, route.supported, route.ignored ?? [], (param) =>
      ctx.log(`[stripe] ${method} ${pathname}: parameter '${param}' accepted but not simulated`),
    );
    const m = route.pattern.exec(pathname)!.map((s) => decodeURIComponent(s ?? ''));
    const expandPaths = expandList(params);
    const result = ctx.engine.withRequest({ id: requestId, idempotency_key: idempotencyKey }, () =>
      route.run(params, m, ctx),
    );
    const expanded =
      (result as { object?: string }).object === 'list'
        ? (() => {
            const list = result as ListEnvelope<object>;
            const inner = expandPaths.map((path) => {
              if (!path.startsWith('data.'))
                throw invalid(`This property cannot be expanded (${path}).`, 'expand');
              return path.slice(5);
            });
            return { ...list, data: list.data.map((o) => expand(o, inner, ctx.state)) };
          })()
        : expand(result, expandPaths, ctx.state);
    const body = JSON.stringify(expanded, null, 2);
    const id = (result as { id?: string }).id;
    if (id) note = ` ${id}`;
    if (idemKey)
      ctx.idempotency.set(idemKey, {
        method,
        path: pathname,
        fingerprint: print,
        status: 200,
        body,
        requestId,
        storedAt: Date.now(),
      });
    send(200, body);
  } catch (err) {
    if (err instanceof ApiError) return fail(err);
    ctx.log(
      `[stripe] ${method} ${pathname}: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    fail(
      new ApiError(500, { type: 'api_error', message: 'An unexpected error occurred in the local Stripe.' }),
    );
  }
}
