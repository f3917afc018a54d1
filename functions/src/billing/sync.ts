import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';

import { isValidId, paths } from '@trato/model';

import { currentSubscription, mirrorOf } from './mirror.js';

export type SyncOutcome = { organizationId: string; status: string | null } | { ignored: string };

/**
 * Re-reads every subscription of a Stripe customer and overwrites its organization's mirror with
 * the current one. Runs in a transaction that reads the mirror first: two syncs at once cannot
 * leave the older Stripe view on top (the later commit conflicts and reruns with a fresh read).
 */
export async function syncCustomer(db: Firestore, stripe: Stripe, customerId: string): Promise<SyncOutcome> {
  const customer = await stripe.customers.retrieve(customerId);
  if ('deleted' in customer && customer.deleted) return { ignored: 'customer deleted' };
  const organizationId = customer.metadata?.organizationId;
  if (!organizationId || !isValidId(organizationId)) return { ignored: 'customer without organization' };

  const customerRef = db.doc(paths.billingCustomer(organizationId));
  const mirrorRef = db.doc(paths.subscription(organizationId));
  return db.runTransaction(async (tx) => {
    const [known] = await Promise.all([tx.get(customerRef), tx.get(mirrorRef)]);
    // Metadata can be edited in Stripe's dashboard: only the customer this organization created counts.
    if (known.get('stripeCustomerId') !== customerId) return { ignored: 'not the organization customer' };
    const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    const current = currentSubscription(list.data);
    if (!current) return { organizationId, status: null };
    tx.set(
      mirrorRef,
      mirrorOf(current, (s) => Timestamp.fromMillis(s * 1000), FieldValue.serverTimestamp()),
    );
    return { organizationId, status: current.status };
  });
}
