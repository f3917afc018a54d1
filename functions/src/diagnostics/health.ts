import { onCall } from 'firebase-functions/v2/https';

import { db } from '../common/admin.js';

export interface HealthResult {
  ok: true;
  uid: string | null;
  /** Firestore's read time of one document: proves web → functions → admin SDK → Firestore. */
  firestoreTime: string;
  region: string;
}

/**
 * Callable `health`: reads one document (present or not) with the admin SDK and answers the
 * server's read time. Anyone may call it, so it only reads: one read per call, nothing stored.
 */
export const health = onCall(async (request): Promise<HealthResult> => {
  const snapshot = await db.doc('_health/ping').get();
  return {
    ok: true,
    uid: request.auth?.uid ?? null,
    firestoreTime: snapshot.readTime.toDate().toISOString(),
    region: process.env.FUNCTION_REGION ?? 'us-central1',
  };
});
