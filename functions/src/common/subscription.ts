// The paywall on the server: what the rules check for clients (firestore.rules `subscriptionOk`),
// the functions that do CRM work check with the same model function, isSubscriptionActive.
import type { Firestore } from 'firebase-admin/firestore';

import { isSubscriptionActive, paths, type Subscription } from '@trato/model';

import { fail } from './errors.js';

/** Refuses (failed-precondition, 'subscription-inactive') unless the organization's mirror is live. */
export async function requireLiveSubscription(
  db: Firestore,
  organizationId: string,
  nowMs: number,
): Promise<void> {
  const mirror = (await db.doc(paths.subscription(organizationId)).get()).data() as
    Subscription<FirebaseFirestore.Timestamp> | undefined;
  if (!isSubscriptionActive(mirror, nowMs)) {
    fail('failed-precondition', 'An active subscription is required to use Trato.', {
      reason: 'subscription-inactive',
    });
  }
}
