/**
 * Everything the local Stripe knows, in memory: the API objects (stored in their wire shapes and
 * updated in place), the events (with the exact bytes that are signed and delivered), the
 * simulated clock's offset and a few private facts Stripe keeps to itself (what a test card does,
 * a Checkout Session's `subscription_data`). `toJSON()` / `load()` are the `stripe.json` format.
 */
import type Stripe from 'stripe';
import type { MissingPaymentMethod, Metadata, TestCard, WireEvent } from './objects.js';
import type { DeliveryRecord } from './webhooks.js';

export interface SessionExtra {
  lineItems: { price: string; quantity: number }[];
  trialDays: number | null;
  trialEnd: number | null;
  missingPaymentMethod: MissingPaymentMethod;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
}

export interface SubscriptionExtra {
  trialWillEndSent: boolean;
}

export const STATE_FORMAT = 'trato-stripe-export';

export interface StateExport {
  format: typeof STATE_FORMAT;
  version: 1;
  clockOffsetSeconds: number;
  products: Stripe.Product[];
  prices: Stripe.Price[];
  customers: Stripe.Customer[];
  paymentMethods: Stripe.PaymentMethod[];
  subscriptions: Stripe.Subscription[];
  invoices: Stripe.Invoice[];
  checkoutSessions: Stripe.Checkout.Session[];
  portalSessions: Stripe.BillingPortal.Session[];
  events: { event: WireEvent; body: string }[];
  deliveries: DeliveryRecord[];
  cards: [string, TestCard][];
  sessionExtras: [string, SessionExtra][];
  subscriptionExtras: [string, SubscriptionExtra][];
}

type Collections = {
  products: Stripe.Product;
  prices: Stripe.Price;
  customers: Stripe.Customer;
  paymentMethods: Stripe.PaymentMethod;
  subscriptions: Stripe.Subscription;
  invoices: Stripe.Invoice;
  checkoutSessions: Stripe.Checkout.Session;
  portalSessions: Stripe.BillingPortal.Session;
  events: WireEvent;
};
export type CollectionName = keyof Collections;

/** Which collection an id belongs to, from its prefix (for `expand[]` and lookups). */
export function collectionOf(id: string): CollectionName | undefined {
  const prefix = id.slice(0, id.indexOf('_') + 1);
  if (id.startsWith('cs_')) return 'checkoutSessions';
  return (
    {
      prod_: 'products',
      price_: 'prices',
      cus_: 'customers',
      pm_: 'paymentMethods',
      sub_: 'subscriptions',
      in_: 'invoices',
      bps_: 'portalSessions',
      evt_: 'events',
    } as Record<string, CollectionName>
  )[prefix];
}

export class StripeState {
  products = new Map<string, Stripe.Product>();
  prices = new Map<string, Stripe.Price>();
  customers = new Map<string, Stripe.Customer>();
  paymentMethods = new Map<string, Stripe.PaymentMethod>();
  subscriptions = new Map<string, Stripe.Subscription>();
  invoices = new Map<string, Stripe.Invoice>();
  checkoutSessions = new Map<string, Stripe.Checkout.Session>();
  portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  events = new Map<string, WireEvent>();
  /** The exact JSON text of each event: what is signed and POSTed, byte for byte, every time. */
  eventBodies = new Map<string, string>();
  /** Delivery records by event id (filled by the webhook dispatcher). */
  deliveries = new Map<string, DeliveryRecord>();
  /** Insertion order of every object, to order lists like Stripe (newest first) within a second. */
  order = new Map<string, number>();
  private seq = 0;
  /** What each payment method's test card does when charged. */
  cards = new Map<string, TestCard>();
  sessionExtras = new Map<string, SessionExtra>();
  subscriptionExtras = new Map<string, SubscriptionExtra>();
  /** Simulated clock = real time + this offset. */
  clockOffsetSeconds = 0;

  put<K extends CollectionName>(collection: K, object: Collections[K] & { id: string }): Collections[K] {
    const map = this[collection] as unknown as Map<string, Collections[K]>;
    if (!this.order.has(object.id)) this.order.set(object.id, ++this.seq);
    map.set(object.id, object);
    return object;
  }

  get(id: string): object | undefined {
    const c = collectionOf(id);
    return c ? (this[c] as Map<string, object>).get(id) : undefined;
  }

  /** Newest first (created desc, then insertion order desc), like Stripe's list endpoints. */
  sorted<K extends CollectionName>(collection: K): Collections[K][] {
    const map = this[collection] as unknown as Map<string, Collections[K] & { id: string; created: number }>;
    return [...map.values()].sort(
      (a, b) => b.created - a.created || (this.order.get(b.id) ?? 0) - (this.order.get(a.id) ?? 0),
    );
  }

  clear(): void {
    for (const m of [
      this.products,
      this.prices,
      this.customers,
      this.paymentMethods,
      this.subscriptions,
      this.invoices,
      this.checkoutSessions,
      this.portalSessions,
      this.events,
      this.eventBodies,
      this.deliveries,
      this.order,
      this.cards,
      this.sessionExtras,
      this.subscriptionExtras,
    ] as Map<string, unknown>[])
      m.clear();
    this.seq = 0;
    this.clockOffsetSeconds = 0;
  }

  toJSON(): StateExport {
    const byOrder = <T extends { id: string }>(m: Map<string, T>) =>
      [...m.values()].sort((a, b) => (this.order.get(a.id) ?? 0) - (this.order.get(b.id) ?? 0));
    return {
      format: STATE_FORMAT,
      version: 1,
      clockOffsetSeconds: this.clockOffsetSeconds,
      products: byOrder(this.products),
      prices: byOrder(this.prices),
      customers: byOrder(this.customers),
      paymentMethods: byOrder(this.paymentMethods),
      subscriptions: byOrder(this.subscriptions),
      invoices: byOrder(this.invoices),
      checkoutSessions: byOrder(this.checkoutSessions),
      portalSessions: byOrder(this.portalSessions),
      events: byOrder(this.events).map((event) => ({ event, body: this.eventBodies.get(event.id)! })),
      deliveries: [...this.deliveries.values()],
      cards: [...this.cards],
      sessionExtras: [...this.sessionExtras],
      subscriptionExtras: [...this.subscriptionExtras],
    };
  }

  load(data: StateExport): void {
    if (data.format !== STATE_FORMAT || data.version !== 1)
      throw new Error(`not a ${STATE_FORMAT} version 1 file (format ${String(data.format)})`);
    this.clear();
    this.clockOffsetSeconds = data.clockOffsetSeconds ?? 0;
    for (const o of data.products) this.put('products', o);
    for (const o of data.prices) this.put('prices', o);
    for (const o of data.customers) this.put('customers', o);
    for (const o of data.paymentMethods) this.put('paymentMethods', o);
    for (const o of data.subscriptions) this.put('subscriptions', o);
    for (const o of data.invoices) this.put('invoices', o);
    for (const o of data.checkoutSessions) this.put('checkoutSessions', o);
    for (const o of data.portalSessions) this.put('portalSessions', o);
    for (const { event, body } of data.events) {
      this.put('events', event);
      this.eventBodies.set(event.id, body);
    }
    for (const d of data.deliveries) this.deliveries.set(d.eventId, d);
    this.cards = new Map(data.cards);
    this.sessionExtras = new Map(data.sessionExtras);
    this.subscriptionExtras = new Map(data.subscriptionExtras);
  }
}
