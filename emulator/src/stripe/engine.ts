/**
 * The billing simulation behind the API, the hosted pages and the test controls: customers,
 * cards, Checkout completion, subscriptions and their invoices, and the lifecycle that the
 * simulated clock drives (trial end, renewal, failed payments, cancellation at period end).
 * Every change emits the events Stripe would, in Stripe's order, with `data.object` a snapshot
 * and `data.previous_attributes` for updates. All methods are synchronous: a request's changes
 * and events happen atomically with respect to other requests.
 */
import type Stripe from 'stripe';
import { newId } from './ids.js';
import {
  API_VERSION,
  buildCardPaymentMethod,
  buildCheckoutSession,
  buildCustomer,
  buildInvoice,
  buildPortalSession,
  buildPrice,
  buildProduct,
  buildSubscription,
  TEST_CARDS,
  type CatalogOptions,
  type Metadata,
  type MissingPaymentMethod,
  type TestCard,
  type WireEvent,
} from './objects.js';
import type { SessionExtra, StripeState } from './state.js';

export const DAY = 86_400;

export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}
const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

export interface EngineOptions {
  catalog: Required<Omit<CatalogOptions, 'lookupKey'>> & { lookupKey: string | null };
  /** Base URL of the server (for hosted page links), e.g. http://127.0.0.1:12111. */
  serverUrl: () => string;
  /** Number of webhook endpoints an event is pending for (0 or 1). */
  pendingWebhooks: () => number;
  /** Called after each event is stored (the webhook dispatcher). */
  publish: (event: WireEvent, body: string) => void;
}

/** What a card form or a control call supplies. Expiry and CVC are checked when given. */
export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export type CardProblem =
  | 'incomplete_number'
  | 'invalid_number'
  | 'card_declined'
  | 'invalid_expiry'
  | 'expired_card'
  | 'invalid_cvc';

export type CardCheck =
  | { ok: true; card: TestCard; expMonth: number; expYear: number; name: string | null }
  | { ok: false; problem: CardProblem; declineCode?: string };

export type CheckoutProblem = CardProblem | 'session_complete' | 'session_expired' | 'email_required';

export type CheckoutResult =
  | {
      ok: true;
      session: Stripe.Checkout.Session;
      subscription: Stripe.Subscription;
      customer: Stripe.Customer;
      paymentMethod: Stripe.PaymentMethod | null;
      redirectUrl: string | null;
    }
  | { ok: false; problem: CheckoutProblem; declineCode?: string };

const clone = <T>(v: T): T => structuredClone(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `previous_attributes`: the old values of what changed (plain objects diffed key by key). */
export function previousAttributes(beforeObject: object, afterObject: object): Record<string, unknown> {
  const before = beforeObject as Record<string, unknown>;
  const after = afterObject as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    if (same(a, b)) continue;
    if (isPlainObject(b) && isPlainObject(a) && b.object !== 'list') out[key] = previousAttributes(b, a);
    else out[key] = b === undefined ? null : b;
  }
  return out;
}

/** The end of the billing period that starts at `start`, anchored on `anchor`'s day of month. */
export function nextPeriodEnd(start: number, anchor: number, interval: string, count = 1): number {
  if (interval === 'day') return start + DAY * count;
  if (interval === 'week') return start + 7 * DAY * count;
  const months = interval === 'year' ? 12 * count : count;
  const s = new Date(start * 1000);
  const a = new Date(anchor * 1000);
  const total = s.getUTCMonth() + months;
  const year = s.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(a.getUTCDate(), daysInMonth);
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds()) / 1000;
}

/** Reads `MM / YY`, `MM/YY`, `MMYY`, `MM/YYYY`. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const digits = text.replace(/[\s/-]/g, '');
  const m = /^(\d{2})(\d{2}|\d{4})$/.exec(digits);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export class StripeEngine {
  /** Who caused the events being emitted: the API request, or nobody (pages, clock). */
  private request: RequestInfo = NO_REQUEST;
  /** During lifecycle processing, "now" is the time of the transition being run. */
  private frozenAt: number | null = null;

  constructor(
    readonly state: StripeState,
    readonly options: EngineOptions,
  ) {}

  // --- time ---------------------------------------------------------------------------------
  /** The simulated clock in unix seconds. */
  now(): number {
    return this.frozenAt ?? Math.floor(Date.now() / 1000) + this.state.clockOffsetSeconds;
  }

  withRequest<T>(request: RequestInfo, fn: () => T): T {
    const saved = this.request;
    this.request = request;
    try {
      return fn();
    } finally {
      this.request = saved;
    }
  }

  // --- events ---------------------------------------------------------------------------------
  emit(type: string, object: object, previous?: Record<string, unknown>): WireEvent {
    const event: WireEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous ? { object: clone(object), previous_attributes: previous } : { object: clone(object) },
      livemode: false,
      pending_webhooks: this.options.pendingWebhooks(),
      request: { ...this.request },
      type,
    };
    const body = JSON.stringify(event, null, 2);
    this.state.put('events', event);
    this.state.eventBodies.set(event.id, body);
    this.options.publish(event, body);
    return event;
  }

  /** Runs `change` on a copy's original and emits `type` with previous_attributes when something changed. */
  private update<T extends object>(type: string, object: T, change: () => void): boolean {
    const before = clone(object);
    change();
    const previous = previousAttributes(before, object);
    if (Object.keys(previous).length === 0) return false;
    this.emit(type, object, previous);
    return true;
  }

  // --- catalog --------------------------------------------------------------------------------
  seedCatalog(): void {
    const c = this.options.catalog;
    const created = this.now();
    if (!this.state.products.has(c.productId))
      this.state.put(
        'products',
        buildProduct({ id: c.productId, name: c.productName, created, defaultPrice: c.id }),
      );
    if (!this.state.prices.has(c.id))
      this.state.put(
        'prices',
        buildPrice({
          id: c.id,
          product: c.productId,
          unitAmount: c.unitAmount,
          currency: c.currency,
          interval: c.interval,
          lookupKey: c.lookupKey,
          created,
        }),
      );
  }

  get merchantName(): string {
    return this.options.catalog.productName;
  }

  productName(price: Stripe.Price): string {
    const id = typeof price.product === 'string' ? price.product : price.product.id;
    return this.state.products.get(id)?.name ?? this.merchantName;
  }

  // --- customers ------------------------------------------------------------------------------
  createCustomer(p: {
    name?: string | null;
    email?: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
    preferredLocales?: string[];
  }): Stripe.Customer {
    const customer = buildCustomer({
      id: newId('cus'),
      created: this.now(),
      name: p.name ?? null,
      email: p.email ?? null,
      description: p.description ?? null,
      phone: p.phone ?? null,
      metadata: p.metadata ?? {},
      preferredLocales: p.preferredLocales ?? [],
    });
    this.state.put('customers', customer);
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(customer: Stripe.Customer, change: (c: Stripe.Customer) => void): Stripe.Customer {
    this.update('customer.updated', customer, () => change(customer));
    return customer;
  }

  // --- cards ----------------------------------------------------------------------------------
  checkCard(input: CardInput): CardCheck {
    const number = input.number.replace(/[\s-]/g, '');
    if (number === '') return { ok: false, problem: 'incomplete_number' };
    const card = TEST_CARDS[number];
    if (!/^\d+$/.test(number) || !card) return { ok: false, problem: 'invalid_number' };
    const today = new Date(this.now() * 1000);
    let expMonth = 12;
    let expYear = today.getUTCFullYear() + 3;
    if (input.expiry && input.expiry.trim() !== '') {
      const e = parseExpiry(input.expiry);
      if (!e) return { ok: false, problem: 'invalid_expiry' };
      const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
      if (e.year * 12 + e.month - 1 < thisMonth) return { ok: false, problem: 'expired_card' };
      expMonth = e.month;
      expYear = e.year;
    }
    if (input.cvc && input.cvc.trim() !== '' && !/^\d{3,4}$/.test(input.cvc.trim()))
      return { ok: false, problem: 'invalid_cvc' };
    if (card.outcome === 'attach_decline')
      return { ok: false, problem: 'card_declined', declineCode: card.declineCode };
    return { ok: true, card, expMonth, expYear, name: input.name?.trim() || null };
  }

  /** A card payment method attached to the customer and made the customer's default. */
  attachCard(
    customer: Stripe.Customer,
    check: Extract<CardCheck, { ok: true }>,
    opts: { makeDefault: boolean },
  ): Stripe.PaymentMethod {
    const pm = buildCardPaymentMethod({
      id: newId('pm'),
      created: this.now(),
      customer: customer.id,
      card: check.card,
      expMonth: check.expMonth,
      expYear: check.expYear,
      name: check.name ?? customer.name ?? null,
      email: customer.email,
    });
    this.state.put('paymentMethods', pm);
    this.state.cards.set(pm.id, check.card);
    this.emit('payment_method.attached', pm);
    if (opts.makeDefault)
      this.updateCustomer(customer, (c) => {
        c.invoice_settings.default_payment_method = pm.id;
      });
    return pm;
  }

  /** The card a subscription is charged with: its own default, else the customer's. */
  paymentMethodFor(sub: Stripe.Subscription): Stripe.PaymentMethod | undefined {
    const own = typeof sub.default_payment_method === 'string' ? sub.default_payment_method : null;
    const customer = this.state.customers.get(sub.customer as string);
    const fallback = customer?.invoice_settings.default_payment_method;
    const id = own ?? (typeof fallback === 'string' ? fallback : null);
    return id ? this.state.paymentMethods.get(id) : undefined;
  }

  // --- Checkout -------------------------------------------------------------------------------
  createCheckoutSession(p: {
    customer: Stripe.Customer | null;
    customerEmail: string | null;
    clientReferenceId: string | null;
    metadata: Metadata;
    extra: SessionExtra;
    locale: Stripe.Checkout.Session.Locale | null;
    paymentMethodCollection: 'always' | 'if_required';
    successUrl: string | null;
    cancelUrl: string | null;
    expiresAt: number | null;
  }): Stripe.Checkout.Session {
    const id = newId('cs');
    const created = this.now();
    const subtotal = p.extra.lineItems.reduce(
      (sum, li) => sum + (this.state.prices.get(li.price)?.unit_amount ?? 0) * li.quantity,
      0,
    );
    const trial = p.extra.trialDays !== null || p.extra.trialEnd !== null;
    const session = buildCheckoutSession({
      id,
      created,
      expiresAt: p.expiresAt ?? created + DAY,
      customer: p.customer?.id ?? null,
      customerEmail: p.customerEmail,
      clientReferenceId: p.clientReferenceId,
      metadata: p.metadata,
      amountSubtotal: trial ? 0 : subtotal,
      amountTotal: trial ? 0 : subtotal,
      currency: this.state.prices.get(p.extra.lineItems[0].price)?.currency ?? 'usd',
      locale: p.locale,
      paymentMethodCollection: p.paymentMethodCollection,
      successUrl: p.successUrl,
      cancelUrl: p.cancelUrl,
      url: `${this.options.serverUrl()}/checkout/${id}`,
    });
    this.state.put('checkoutSessions', session);
    this.state.sessionExtras.set(id, p.extra);
    return session;
  }

  sessionHasTrial(session: Stripe.Checkout.Session): boolean {
    const extra = this.state.sessionExtras.get(session.id);
    return !!extra && (extra.trialDays !== null || extra.trialEnd !== null);
  }

  /** A card is optional only for a trial with `payment_method_collection=if_required`. */
  sessionNeedsCard(session: Stripe.Checkout.Session): boolean {
    return !(this.sessionHasTrial(session) && session.payment_method_collection === 'if_required');
  }

  /** What the hosted page's submit does: validate, then create everything and complete the session. */
  completeCheckout(
    session: Stripe.Checkout.Session,
    input: { card: CardInput | null; email?: string | null },
  ): CheckoutResult {
    if (session.status === 'complete') return { ok: false, problem: 'session_complete' };
    if (session.status === 'expired' || session.expires_at <= this.now())
      return { ok: false, problem: 'session_expired' };
    const extra = this.state.sessionExtras.get(session.id)!;
    const trial = this.sessionHasTrial(session);
    let check: Extract<CardCheck, { ok: true }> | null = null;
    if (input.card && input.card.number.replace(/\s/g, '') !== '') {
      const c = this.checkCard(input.card);
      if (!c.ok) return { ok: false, problem: c.problem, declineCode: c.declineCode };
      // Without a trial the first invoice is charged now: a card that declines charges fails here.
      if (!trial && c.card.outcome === 'charge_decline')
        return { ok: false, problem: 'card_declined', declineCode: c.card.declineCode };
      check = c;
    } else if (this.sessionNeedsCard(session)) {
      return { ok: false, problem: 'incomplete_number' };
    }
    let customer = session.customer ? this.state.customers.get(session.customer as string) : undefined;
    const email = customer?.email ?? session.customer_email ?? (input.email?.trim() || null);

    if (!customer) customer = this.createCustomer({ email, name: check?.name ?? null });
    const pm = check ? this.attachCard(customer, check, { makeDefault: true }) : null;
    const line = extra.lineItems[0];
    const subscription = this.createSubscription({
      customer,
      price: this.state.prices.get(line.price)!,
      quantity: line.quantity,
      trialDays: extra.trialDays,
      trialEnd: extra.trialEnd,
      missingPaymentMethod: extra.missingPaymentMethod,
      paymentMethod: pm,
      metadata: extra.subscriptionMetadata,
      description: extra.subscriptionDescription,
    });
    session.status = 'complete';
    session.url = null;
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.payment_status = trial ? 'no_payment_required' : 'paid';
    session.customer_details = {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    this.emit('checkout.session.completed', session);
    const redirectUrl = session.success_url
      ? session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id)
      : null;
    return { ok: true, session, subscription, customer, paymentMethod: pm, redirectUrl };
  }

  expireCheckoutSession(session: Stripe.Checkout.Session): void {
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
  }

  // --- Billing portal -------------------------------------------------------------------------
  createPortalSession(p: {
    customer: Stripe.Customer;
    returnUrl: string | null;
    locale: Stripe.BillingPortal.Session.Locale | null;
  }): Stripe.BillingPortal.Session {
    const id = newId('bps');
    const session = buildPortalSession({
      id,
      created: this.now(),
      customer: p.customer.id,
      configuration: 'bpc_trato_local_default',
      locale: p.locale,
      returnUrl: p.returnUrl,
      url: `${this.options.serverUrl()}/portal/${id}`,
    });
    this.state.put('portalSessions', session);
    this.emit('billing_portal.session.created', session);
    return session;
  }

  /** The portal's "update card": new default card; overdue invoices are paid with it. */
  portalUpdateCard(customer: Stripe.Customer, check: Extract<CardCheck, { ok: true }>): Stripe.PaymentMethod {
    const pm = this.attachCard(customer, check, { makeDefault: true });
    for (const sub of this.subscriptionsOf(customer.id)) {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      const open = this.openInvoiceOf(sub);
      let paid = false;
      if (open) paid = this.chargeInvoice(open, pm.id);
      this.update('customer.subscription.updated', sub, () => {
        if (sub.default_payment_method) sub.default_payment_method = pm.id;
        if (paid && sub.status === 'past_due') sub.status = 'active';
      });
    }
    return pm;
  }

  subscriptionsOf(customerId: string): Stripe.Subscription[] {
    return this.state.sorted('subscriptions').filter((s) => s.customer === customerId);
  }

  private openInvoiceOf(sub: Stripe.Subscription): Stripe.Invoice | undefined {
    const id = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : null;
    const inv = id ? this.state.invoices.get(id) : undefined;
    return inv && inv.status === 'open' ? inv : undefined;
  }

  // --- subscriptions --------------------------------------------------------------------------
  createSubscription(p: {
    customer: Stripe.Customer;
    price: Stripe.Price;
    quantity: number;
    trialDays: number | null;
    trialEnd: number | null;
    missingPaymentMethod: MissingPaymentMethod;
    paymentMethod: Stripe.PaymentMethod | null;
    metadata: Metadata;
    description: string | null;
    /** Set the subscription's own default_payment_method (Checkout does). */
    ownDefault?: boolean;
  }): Stripe.Subscription {
    const now = this.now();
    const trialEnd = p.trialEnd ?? (p.trialDays ? now + p.trialDays * DAY : null);
    const interval = p.price.recurring?.interval ?? 'month';
    const periodEnd = trialEnd ?? nextPeriodEnd(now, now, interval, p.price.recurring?.interval_count ?? 1);
    const sub = buildSubscription({
      id: newId('sub'),
      created: now,
      customer: p.customer.id,
      price: p.price,
      quantity: p.quantity,
      status: trialEnd ? 'trialing' : 'active',
      periodStart: now,
      periodEnd,
      trialStart: trialEnd ? now : null,
      trialEnd,
      missingPaymentMethod: p.missingPaymentMethod,
      defaultPaymentMethod: p.paymentMethod && p.ownDefault !== false ? p.paymentMethod.id : null,
      metadata: p.metadata,
      description: p.description,
    });
    const amount = (p.price.unit_amount ?? 0) * p.quantity;
    const name = this.productName(p.price);
    const invoice = this.newInvoice(sub, p.customer, 'subscription_create', now, now, [
      trialEnd
        ? { amount: 0, description: `Trial period for ${name}`, periodStart: now, periodEnd: trialEnd }
        : {
            amount,
            description: `${p.quantity} × ${name} (at ${money(p.price.unit_amount ?? 0, p.price.currency)} / ${interval})`,
            periodStart: now,
            periodEnd,
          },
    ]);
    sub.latest_invoice = invoice.id;
    this.state.put('subscriptions', sub);
    this.state.subscriptionExtras.set(sub.id, { trialWillEndSent: false });
    this.emit('customer.subscription.created', sub);
    this.emit('invoice.created', invoice);
    this.finalizeInvoice(invoice);
    if (invoice.amount_due === 0) this.markPaid(invoice);
    else this.chargeInvoice(invoice, p.paymentMethod?.id ?? null);
    return sub;
  }

  private newInvoice(
    sub: Stripe.Subscription,
    customer: Stripe.Customer,
    reason: Stripe.Invoice.BillingReason,
    periodStart: number,
    periodEnd: number,
    lines: { amount: number; description: string; periodStart: number; periodEnd: number }[],
  ): Stripe.Invoice {
    const invoice = buildInvoice({
      id: newId('in'),
      created: this.now(),
      customer,
      subscription: sub,
      billingReason: reason,
      periodStart,
      periodEnd,
      lines,
      defaultPaymentMethod:
        typeof sub.default_payment_method === 'string' ? sub.default_payment_method : null,
      accountName: this.merchantName,
    });
    this.state.put('invoices', invoice);
    return invoice;
  }

  private finalizeInvoice(invoice: Stripe.Invoice): void {
    const customer = this.state.customers.get(invoice.customer as string)!;
    const seq = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = seq + 1;
    invoice.number = `${customer.invoice_prefix}-${String(seq).padStart(4, '0')}`;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = this.now();
    invoice.effective_at = this.now();
    invoice.hosted_invoice_url = `${this.options.serverUrl()}/invoice/${invoice.id}`;
    this.emit('invoice.finalized', invoice);
  }

  private markPaid(invoice: Stripe.Invoice): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.ending_balance = 0;
    invoice.status_transitions.paid_at = this.now();
    invoice.next_payment_attempt = null;
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
  }

  /** One payment attempt with the given card (none = fails, as Stripe without a payment method). */
  private chargeInvoice(invoice: Stripe.Invoice, paymentMethodId: string | null): boolean {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    const card = paymentMethodId ? this.state.cards.get(paymentMethodId) : undefined;
    if (card && card.outcome === 'succeed') {
      this.markPaid(invoice);
      return true;
    }
    invoice.next_payment_attempt = null;
    this.emit('invoice.payment_failed', invoice);
    return false;
  }

  updateSubscription(
    sub: Stripe.Subscription,
    p: {
      cancelAtPeriodEnd?: boolean;
      metadata?: (m: Metadata) => Metadata;
      defaultPaymentMethod?: string | null;
      description?: string | null;
      cancellationDetails?: {
        comment?: string | null;
        feedback?: Stripe.Subscription.CancellationDetails.Feedback | null;
      };
    },
  ): Stripe.Subscription {
    this.update('customer.subscription.updated', sub, () => {
      if (p.cancelAtPeriodEnd === true && !sub.cancel_at_period_end) {
        sub.cancel_at_period_end = true;
        sub.cancel_at = this.periodEnd(sub);
        sub.canceled_at = this.now();
        sub.cancellation_details = { ...sub.cancellation_details!, reason: 'cancellation_requested' };
      } else if (p.cancelAtPeriodEnd === false && sub.cancel_at_period_end) {
        sub.cancel_at_period_end = false;
        sub.cancel_at = null;
        sub.canceled_at = null;
        sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
      }
      if (p.cancellationDetails) {
        const d = sub.cancellation_details!;
        if (p.cancellationDetails.comment !== undefined) d.comment = p.cancellationDetails.comment;
        if (p.cancellationDetails.feedback !== undefined) d.feedback = p.cancellationDetails.feedback;
      }
      if (p.metadata) sub.metadata = p.metadata(sub.metadata);
      if (p.defaultPaymentMethod !== undefined) sub.default_payment_method = p.defaultPaymentMethod;
      if (p.description !== undefined) sub.description = p.description;
    });
    return sub;
  }

  /** End of the current period (the trial end while trialing). */
  periodEnd(sub: Stripe.Subscription): number {
    return sub.items.data[0].current_period_end;
  }

  /** Cancels now: status canceled and `customer.subscription.deleted`. */
  cancelSubscription(
    sub: Stripe.Subscription,
    p: {
      reason?: Stripe.Subscription.CancellationDetails.Reason | null;
      comment?: string | null;
      feedback?: Stripe.Subscription.CancellationDetails.Feedback | null;
    } = {},
  ): Stripe.Subscription {
    const now = this.now();
    sub.status = 'canceled';
    sub.canceled_at = sub.cancel_at_period_end && sub.canceled_at ? sub.canceled_at : now;
    sub.ended_at = now;
    sub.cancellation_details = {
      comment: p.comment ?? sub.cancellation_details?.comment ?? null,
      feedback: p.feedback ?? sub.cancellation_details?.feedback ?? null,
      feedback_option: null,
      reason: p.reason === undefined ? 'cancellation_requested' : p.reason,
    };
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  /** `POST /v1/subscriptions/:id/resume`: a paused subscription starts a new period, charged now. */
  resumeSubscription(sub: Stripe.Subscription): Stripe.Subscription {
    const customer = this.state.customers.get(sub.customer as string)!;
    const item = sub.items.data[0];
    const now = this.now();
    const end = nextPeriodEnd(now, now, item.price.recurring?.interval ?? 'month');
    const invoice = this.newInvoice(sub, customer, 'subscription_update', now, now, [
      {
        amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
        description: this.lineDescription(item),
        periodStart: now,
        periodEnd: end,
      },
    ]);
    this.emit('invoice.created', invoice);
    this.finalizeInvoice(invoice);
    const ok = this.chargeInvoice(invoice, this.paymentMethodFor(sub)?.id ?? null);
    const before = clone(sub);
    sub.status = ok ? 'active' : 'past_due';
    delete sub.status_details;
    sub.billing_cycle_anchor = now;
    item.current_period_start = now;
    item.current_period_end = end;
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.resumed', sub);
    this.emit('customer.subscription.updated', sub, previousAttributes(before, sub));
    return sub;
  }

  private lineDescription(item: Stripe.SubscriptionItem): string {
    const interval = item.price.recurring?.interval ?? 'month';
    return `${item.quantity ?? 1} × ${this.productName(item.price)} (at ${money(item.price.unit_amount ?? 0, item.price.currency)} / ${interval})`;
  }

  // --- lifecycle --------------------------------------------------------------------------------
  private dueActions(): { at: number; rank: number; order: number; run: () => void }[] {
    const actions: { at: number; rank: number; order: number; run: () => void }[] = [];
    for (const sub of this.state.subscriptions.values()) {
      const order = this.state.order.get(sub.id) ?? 0;
      if (sub.status === 'trialing' && sub.trial_end) {
        const extra = this.state.subscriptionExtras.get(sub.id);
        if (extra && !extra.trialWillEndSent && !sub.cancel_at_period_end) {
          const at = Math.max(sub.trial_end - 3 * DAY, sub.trial_start ?? sub.created);
          actions.push({ at, rank: 0, order, run: () => this.trialWillEnd(sub) });
        }
        actions.push({ at: sub.trial_end, rank: 1, order, run: () => this.trialEnded(sub) });
      } else if (sub.status === 'active' || sub.status === 'past_due') {
        actions.push({ at: this.periodEnd(sub), rank: 1, order, run: () => this.periodEnded(sub) });
      }
    }
    for (const cs of this.state.checkoutSessions.values()) {
      if (cs.status === 'open')
        actions.push({
          at: cs.expires_at,
          rank: 2,
          order: this.state.order.get(cs.id) ?? 0,
          run: () => this.expireCheckoutSession(cs),
        });
    }
    return actions;
  }

  /** Runs every transition due at or before `until` (unix seconds), earliest first. */
  runDue(until: number): number {
    let count = 0;
    for (; count < 100_000; count++) {
      const due = this.dueActions()
        .filter((a) => a.at <= until)
        .sort((a, b) => a.at - b.at || a.rank - b.rank || a.order - b.order);
      if (due.length === 0) break;
      const next = due[0];
      this.frozenAt = next.at;
      try {
        this.withRequest(NO_REQUEST, next.run);
      } finally {
        this.frozenAt = null;
      }
    }
    return count;
  }

  /** Moves the simulated clock forward, running every transition due on the way. */
  advance(seconds: number): number {
    const target = this.now() + seconds;
    this.runDue(target);
    this.state.clockOffsetSeconds += seconds;
    return this.now();
  }

  private trialWillEnd(sub: Stripe.Subscription): void {
    this.state.subscriptionExtras.set(sub.id, { trialWillEndSent: true });
    this.emit('customer.subscription.trial_will_end', sub);
  }

  private trialEnded(sub: Stripe.Subscription): void {
    const extra = this.state.subscriptionExtras.get(sub.id);
    if (extra) extra.trialWillEndSent = true;
    if (sub.cancel_at_period_end) {
      this.cancelSubscription(sub, { reason: 'cancellation_requested' });
      return;
    }
    const pm = this.paymentMethodFor(sub);
    const behavior = sub.trial_settings?.end_behavior.missing_payment_method ?? 'create_invoice';
    if (!pm && behavior === 'cancel') {
      this.cancelSubscription(sub, { reason: null });
      return;
    }
    if (!pm && behavior === 'pause') {
      const before = clone(sub);
      sub.status = 'paused';
      sub.status_details = {
        paused: {
          subscription: { type: 'trial_end_without_payment_method' },
          transitioned_at: this.now(),
          type: 'subscription',
        },
      };
      this.emit('customer.subscription.updated', sub, previousAttributes(before, sub));
      this.emit('customer.subscription.paused', sub);
      return;
    }
    this.renew(sub, 'subscription_cycle');
  }

  private periodEnded(sub: Stripe.Subscription): void {
    if (sub.cancel_at_period_end) {
      this.cancelSubscription(sub, { reason: 'cancellation_requested' });
      return;
    }
    this.renew(sub, 'subscription_cycle');
  }

  /** A new period: invoice, one charge attempt, then the subscription's new status and period. */
  private renew(sub: Stripe.Subscription, reason: Stripe.Invoice.BillingReason): void {
    const customer = this.state.customers.get(sub.customer as string)!;
    const item = sub.items.data[0];
    const start = item.current_period_end;
    const end = nextPeriodEnd(
      start,
      sub.billing_cycle_anchor,
      item.price.recurring?.interval ?? 'month',
      item.price.recurring?.interval_count ?? 1,
    );
    // As Stripe: the invoice's period is the one that just ended, its line's period the new one.
    const invoice = this.newInvoice(sub, customer, reason, item.current_period_start, start, [
      {
        amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
        description: this.lineDescription(item),
        periodStart: start,
        periodEnd: end,
      },
    ]);
    this.emit('invoice.created', invoice);
    this.finalizeInvoice(invoice);
    const pm = this.paymentMethodFor(sub);
    const ok =
      invoice.amount_due === 0 ? (this.markPaid(invoice), true) : this.chargeInvoice(invoice, pm?.id ?? null);
    const before = clone(sub);
    sub.status = ok ? 'active' : 'past_due';
    item.current_period_start = start;
    item.current_period_end = end;
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', sub, previousAttributes(before, sub));
  }
}

/** `$20.00` for USD; other currencies as `20.00 EUR`. */
export function money(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}
