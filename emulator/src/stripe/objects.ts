/**
 * Builders for Stripe's API objects in the shapes of API version 2026-10-28.endive. The types
 * are stripe-node's own (`node_modules/stripe/esm/resources/*.d.ts`), so the compiler checks
 * that every field of that version is present. On the wire, `Decimal` fields are strings (the
 * SDK turns them into Decimal objects); `dec()` marks those places.
 */
import type Stripe from 'stripe';
import { newId, randomToken } from './ids.js';

export const API_VERSION = '2026-10-28.endive';

/** A decimal string as it travels on the wire (stripe-node coerces it to its Decimal type). */
export const dec = (s: string) => s as unknown as Stripe.Decimal;

export type Metadata = Record<string, string>;

export interface CatalogOptions {
  /** Price id (default `price_trato_monthly`). */
  id?: string;
  /** Product id (default `prod_trato`). */
  productId?: string;
  /** Product name, also the merchant name on hosted pages (default `Trato CRM`). */
  productName?: string;
  /** Minor units (default 2000 = $20.00). */
  unitAmount?: number;
  /** Default `usd`. */
  currency?: string;
  /** Default `month`. */
  interval?: 'day' | 'week' | 'month' | 'year';
  lookupKey?: string | null;
}

export function buildProduct(o: {
  id: string;
  name: string;
  created: number;
  defaultPrice: string;
}): Stripe.Product {
  return {
    id: o.id,
    object: 'product',
    active: true,
    created: o.created,
    default_price: o.defaultPrice,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: o.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: o.created,
    url: null,
  };
}

export function buildPrice(o: {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: Stripe.Price.Recurring.Interval;
  lookupKey: string | null;
  created: number;
}): Stripe.Price {
  return {
    id: o.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: o.created,
    currency: o.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: o.lookupKey,
    metadata: {},
    nickname: null,
    product: o.product,
    recurring: {
      interval: o.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: o.unitAmount,
    unit_amount_decimal: dec(String(o.unitAmount)),
  };
}

export function planFromPrice(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildCustomer(o: {
  id: string;
  created: number;
  name: string | null;
  email: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  preferredLocales: string[];
}): Stripe.Customer {
  return {
    id: o.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: o.created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: o.description,
    discount: null,
    email: o.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: o.metadata,
    name: o.name,
    next_invoice_sequence: 1,
    phone: o.phone,
    preferred_locales: o.preferredLocales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export interface TestCard {
  brand: 'visa' | 'mastercard';
  last4: string;
  /** What happens when the card is used: `attach_decline` fails when entered, `charge_decline` later. */
  outcome: 'succeed' | 'attach_decline' | 'charge_decline';
  declineCode?: string;
}

/**
 * The test cards the hosted pages accept (Stripe's own test numbers); any other number is invalid.
 * 4000 0000 0000 0341 is Stripe's "attaches, but every charge declines" card.
 */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', last4: '4242', outcome: 'succeed' },
  '5555555555554444': { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  '4000000000000002': {
    brand: 'visa',
    last4: '0002',
    outcome: 'attach_decline',
    declineCode: 'generic_decline',
  },
  '4000000000009995': {
    brand: 'visa',
    last4: '9995',
    outcome: 'attach_decline',
    declineCode: 'insufficient_funds',
  },
  '4000000000000341': {
    brand: 'visa',
    last4: '0341',
    outcome: 'charge_decline',
    declineCode: 'generic_decline',
  },
};

export function buildCardPaymentMethod(o: {
  id: string;
  created: number;
  customer: string | null;
  card: TestCard;
  expMonth: number;
  expYear: number;
  name: string | null;
  email: string | null;
}): Stripe.PaymentMethod {
  return {
    id: o.id,
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: null, email: o.email, name: o.name, phone: null, tax_id: null },
    card: {
      brand: o.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: o.card.brand,
      exp_month: o.expMonth,
      exp_year: o.expYear,
      fingerprint: `${o.card.last4}${o.card.brand}`.padEnd(16, 'x').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: o.card.last4,
      networks: { available: [o.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: o.created,
    customer: o.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export type MissingPaymentMethod = 'cancel' | 'pause' | 'create_invoice';

export function buildSubscription(o: {
  id: string;
  created: number;
  customer: string;
  price: Stripe.Price;
  quantity: number;
  status: Stripe.Subscription.Status;
  periodStart: number;
  periodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
  missingPaymentMethod: MissingPaymentMethod;
  defaultPaymentMethod: string | null;
  metadata: Metadata;
  description: string | null;
}): Stripe.Subscription {
  const item: Stripe.SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: o.created,
    current_period_end: o.periodEnd,
    current_period_start: o.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planFromPrice(o.price),
    price: structuredClone(o.price),
    quantity: o.quantity,
    subscription: o.id,
    tax_rates: [],
  };
  return {
    id: o.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: o.trialEnd ?? o.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: o.created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: o.created,
    currency: o.price.currency,
    customer: o.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: o.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: o.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${o.id}`,
      ...{ total_count: 1 },
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: o.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: o.created,
    status: o.status,
    test_clock: null,
    transfer_data: null,
    trial_end: o.trialEnd,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: o.missingPaymentMethod },
    },
    trial_start: o.trialStart,
  };
}

export function buildInvoice(o: {
  id: string;
  created: number;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  billingReason: Stripe.Invoice.BillingReason;
  periodStart: number;
  periodEnd: number;
  lines: { amount: number; description: string; periodStart: number; periodEnd: number }[];
  defaultPaymentMethod: string | null;
  accountName: string;
}): Stripe.Invoice {
  const item = o.subscription.items.data[0];
  const total = o.lines.reduce((sum, l) => sum + l.amount, 0);
  const lines: Stripe.InvoiceLineItem[] = o.lines.map((l) => ({
    id: newId('il'),
    object: 'line_item',
    amount: l.amount,
    currency: o.subscription.currency,
    description: l.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: o.id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: o.subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { end: l.periodEnd, start: l.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: String(item.price.product) },
      type: 'price_details',
      unit_amount_decimal: dec(String(l.amount === 0 ? 0 : (item.price.unit_amount ?? 0))),
    },
    quantity: item.quantity ?? 1,
    quantity_decimal: dec(String(item.quantity ?? 1)),
    subscription: o.subscription.id,
    subtotal: l.amount,
    taxes: [],
  }));
  return {
    id: o.id,
    object: 'invoice',
    account_country: 'US',
    account_name: o.accountName,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: o.billingReason,
    collection_method: 'charge_automatically',
    created: o.created,
    currency: o.subscription.currency,
    custom_fields: null,
    customer: o.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: o.customer.email,
    customer_name: o.customer.name ?? null,
    customer_phone: o.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: o.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: lines,
      has_more: false,
      url: `/v1/invoices/${o.id}/lines`,
      ...{ total_count: lines.length },
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...o.subscription.metadata }, subscription: o.subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: o.periodEnd,
    period_start: o.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

export function buildCheckoutSession(o: {
  id: string;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  amountSubtotal: number;
  amountTotal: number;
  currency: string;
  locale: Stripe.Checkout.Session.Locale | null;
  paymentMethodCollection: Stripe.Checkout.Session.PaymentMethodCollection;
  successUrl: string | null;
  cancelUrl: string | null;
  url: string;
}): Stripe.Checkout.Session {
  return {
    id: o.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: o.amountSubtotal,
    amount_total: o.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: o.cancelUrl,
    client_reference_id: o.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: o.created,
    currency: o.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: o.customer,
    customer_account: null,
    customer_creation: o.customer ? null : 'always',
    customer_details: null,
    customer_email: o.customerEmail,
    discounts: [],
    expires_at: o.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: o.locale,
    managed_payments: null,
    metadata: o.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: o.paymentMethodCollection,
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: {
      allow_redisplay_filters: ['always'],
      payment_method_remove: 'disabled',
      payment_method_save: null,
    },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: o.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: o.url,
    wallet_options: null,
  };
}

export function buildPortalSession(o: {
  id: string;
  created: number;
  customer: string;
  configuration: string;
  locale: Stripe.BillingPortal.Session.Locale | null;
  returnUrl: string | null;
  url: string;
}): Stripe.BillingPortal.Session {
  return {
    id: o.id,
    object: 'billing_portal.session',
    configuration: o.configuration,
    created: o.created,
    customer: o.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: o.locale,
    on_behalf_of: null,
    return_url: o.returnUrl,
    url: o.url,
  };
}

/** An event as stored and sent: `data.object` is a snapshot taken when the event happened. */
export interface WireEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
