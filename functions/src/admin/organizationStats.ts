import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { onCall } from 'firebase-functions/v2/https';

import {
  paths,
  type AdminOrganizationStats,
  type CallableContract,
  type OrgCollection,
  type Subscription,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';

export type AdminOrganizationStatsResult = CallableContract['adminOrganizationStats']['out'];

/** The records whose newest change is an organization's last activity. */
const ACTIVITY_COLLECTIONS: OrgCollection[] = [
  'companies',
  'contacts',
  'deals',
  'tasks',
  'meetings',
  'tickets',
  'documents',
];

const iso = (value: Timestamp | null | undefined): string | null => value?.toDate().toISOString() ?? null;

/** Only the superadmin (a custom claim the server sets) asks. */
function requireSuperadmin(auth: CallableRequest['auth']): void {
  requireCaller(auth);
  if (auth?.token?.superadmin !== true) {
    fail('permission-denied', 'Only the superadmin may do this.', { reason: 'not-superadmin' });
  }
}

/** The newest updatedAt among the organization's records: one index entry per collection. */
async function lastActivity(firestore: Firestore, organizationId: string): Promise<string | null> {
  const newest = await Promise.all(
    ACTIVITY_COLLECTIONS.map(async (collection) => {
      const snapshot = await firestore
        .collection(paths.collection(organizationId, collection))
        .orderBy('updatedAt', 'desc')
        .select('updatedAt')
        .limit(1)
        .get();
      return (snapshot.docs[0]?.get('updatedAt') as Timestamp | undefined)?.toMillis() ?? 0;
    }),
  );
  const at = Math.max(...newest);
  return at > 0 ? new Date(at).toISOString() : null;
}

/**
 * /admin's figures for a page of organizations (issue 30): counts and dates, never a record's
 * content. At most a page (25) per call; unknown ids come back with zeros.
 */
export async function adminOrganizationStatsCore(
  firestore: Firestore,
  data: unknown,
): Promise<AdminOrganizationStatsResult> {
  const { organizationIds } = parseInput('adminOrganizationStats', data);
  const unique = [...new Set(organizationIds)];
  const organizations = await Promise.all(
    unique.map(async (id): Promise<AdminOrganizationStats> => {
      const [members, lastActivityAt, billing] = await Promise.all([
        firestore.collection(paths.collection(id, 'members')).count().get(),
        lastActivity(firestore, id),
        firestore.doc(paths.subscription(id)).get(),
      ]);
      const mirror = billing.exists ? (billing.data() as Subscription<Timestamp>) : null;
      return {
        id,
        memberCount: members.data().count,
        lastActivityAt,
        subscription: mirror && {
          status: mirror.status,
          trialEnd: iso(mirror.trialEnd),
          currentPeriodEnd: iso(mirror.currentPeriodEnd),
          cancelAtPeriodEnd: mirror.cancelAtPeriodEnd === true,
        },
      };
    }),
  );
  return { organizations };
}

export const adminOrganizationStats = onCall((request) => {
  requireSuperadmin(request.auth);
  return adminOrganizationStatsCore(db, request.data);
});
