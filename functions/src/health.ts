import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { db } from './admin.js';

export interface HealthResult {
  ok: true;
  uid: string | null;
  /** Server time written by Firestore and read back: proves web → functions → admin SDK → Firestore. */
  firestoreTime: string;
  region: string;
}

/** Callable `health`: writes a server timestamp with the admin SDK and reads it back. */
export const health = onCall(async (request): Promise<HealthResult> => {
  const ref = db.collection('_health').doc('ping');
  await ref.set({ at: FieldValue.serverTimestamp(), by: request.auth?.uid ?? null });
  const snapshot = await ref.get();
  const at = snapshot.get('at') as Timestamp;
  return {
    ok: true,
    uid: request.auth?.uid ?? null,
    firestoreTime: at.toDate().toISOString(),
    region: process.env.FUNCTION_REGION ?? 'us-central1',
  };
});
