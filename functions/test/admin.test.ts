// adminOrganizationStats (/admin, issue 30) against the local cloud.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import {
  adminWithOrganization,
  call,
  callError,
  db,
  giveLiveSubscription,
  sellerOf,
  signUpSuperadmin,
} from './cloud.js';

interface Stats {
  organizations: Array<{
    id: string;
    memberCount: number;
    lastActivityAt: string | null;
    subscription: { status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  }>;
}

describe('adminOrganizationStats', () => {
  it('gives the superadmin member counts, last activity and subscription, no content', async () => {
    const root = await signUpSuperadmin();
    const busy = await adminWithOrganization('Busy');
    await sellerOf(busy);
    await giveLiveSubscription(busy.organizationId);
    const at = Date.now() - 3_600_000;
    await db.doc(`organizations/${busy.organizationId}/deals/d1`).set({
      title: 'Secreto',
      updatedAt: Timestamp.fromMillis(at),
    });
    await db.doc(`organizations/${busy.organizationId}/contacts/c1`).set({
      name: 'Oculto',
      updatedAt: Timestamp.fromMillis(at - 86_400_000),
    });
    const quiet = await adminWithOrganization('Quiet');
    const outcome = await call<Stats>(
      'adminOrganizationStats',
      { organizationIds: [busy.organizationId, quiet.organizationId, busy.organizationId] },
      root.idToken,
    );
    expect(outcome.ok).toBe(true);
    const { organizations } = (outcome as { ok: true; result: Stats }).result;
    expect(organizations).toHaveLength(2);
    const [first, second] = organizations;
    expect(first).toMatchObject({
      id: busy.organizationId,
      memberCount: 2,
      lastActivityAt: new Date(at).toISOString(),
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    expect(second).toEqual({
      id: quiet.organizationId,
      memberCount: 1,
      lastActivityAt: null,
      subscription: null,
    });
    expect(JSON.stringify(organizations)).not.toMatch(/Secreto|Oculto/);
  });

  it('refuses everyone else and bad input', async () => {
    const admin = await adminWithOrganization();
    const refused = await callError(
      'adminOrganizationStats',
      { organizationIds: [admin.organizationId] },
      admin.idToken,
    );
    expect(refused).toMatchObject({ status: 'PERMISSION_DENIED', details: { reason: 'not-superadmin' } });
    expect((await callError('adminOrganizationStats', { organizationIds: ['x'] })).status).toBe(
      'UNAUTHENTICATED',
    );
    const root = await signUpSuperadmin();
    for (const organizationIds of [[], 'abc', ['a/b'], [7], Array.from({ length: 26 }, (_, i) => `o${i}`)]) {
      const error = await callError('adminOrganizationStats', { organizationIds }, root.idToken);
      expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', details: { reason: 'invalid-input' } });
    }
  });
});
