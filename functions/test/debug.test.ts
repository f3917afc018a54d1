// debugQuery (/debug/db) against the local cloud.
import { describe, expect, it } from 'vitest';

import { adminWithOrganization, callError, callOk, db, sellerOf } from './cloud.js';

describe('debugQuery', () => {
  it("counts the organization's send log for its admin, and only its own", async () => {
    const admin = await adminWithOrganization('Debug Co');
    const other = await adminWithOrganization('Other Co');
    const log = (orgId: string, id: string) =>
      db.doc(`organizations/${orgId}/sendLog/${id}`).set({ status: 'sent', sentAt: new Date() });
    await Promise.all([
      log(admin.organizationId, 'a'),
      log(admin.organizationId, 'b'),
      log(other.organizationId, 'c'),
    ]);

    const result = await callOk<{ collection: string; count: number; tookMs: number }>(
      'debugQuery',
      { organizationId: admin.organizationId },
      admin.idToken,
    );
    expect(result).toMatchObject({ collection: 'sendLog', count: 2 });
    expect(result.tookMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses sellers, members of other organizations, anonymous callers and bad input', async () => {
    const admin = await adminWithOrganization('Debug Guard');
    const seller = await sellerOf(admin);
    const outsider = await adminWithOrganization('Outsider');
    const data = { organizationId: admin.organizationId };

    const bySeller = await callError('debugQuery', data, seller.idToken);
    expect(bySeller.status).toBe('PERMISSION_DENIED');
    expect(bySeller.details).toEqual({ reason: 'not-admin' });
    expect((await callError('debugQuery', data, outsider.idToken)).status).toBe('PERMISSION_DENIED');
    expect((await callError('debugQuery', data)).status).toBe('UNAUTHENTICATED');
    expect((await callError('debugQuery', { organizationId: '' }, admin.idToken)).status).toBe(
      'INVALID_ARGUMENT',
    );
  });
});
