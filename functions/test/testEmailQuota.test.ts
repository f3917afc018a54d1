// 'Enviar prueba' (emailSendTest) within its limits, against the local cloud and the local
// Google's mailbox: TEST_EMAILS_PER_HOUR per member, counted on the mailbox's daily quota.
import { describe, expect, it } from 'vitest';

import { TEST_EMAILS_PER_HOUR } from '@trato/model';

import {
  adminWithOrganization,
  call,
  callError,
  callOk,
  db,
  giveLiveSubscription,
  uniqueEmail,
} from './cloud.js';
import { connectGmail, messagesTo, type Member } from './google.js';

async function member(company: string): Promise<Member> {
  const admin = await adminWithOrganization(company);
  await giveLiveSubscription(admin.organizationId);
  await connectGmail(admin);
  return admin;
}

const input = (m: Member, to: string) => ({ organizationId: m.organizationId, to, language: 'es' });
const quotaOf = async (m: Member) => (await db.doc(`mailQuotas/${m.uid}`).get()).data();

describe('emailSendTest limits', () => {
  it(
    `the ${TEST_EMAILS_PER_HOUR + 1}th test e-mail within the hour is refused, and nothing more is sent`,
    { timeout: 90_000 },
    async () => {
      const admin = await member('Quota Hour');
      const to = uniqueEmail('qh');
      for (let i = 0; i < TEST_EMAILS_PER_HOUR; i++)
        await callOk('emailSendTest', input(admin, to), admin.idToken);
      const refused = await callError('emailSendTest', input(admin, uniqueEmail('qh-more')), admin.idToken);
      expect(refused).toMatchObject({
        status: 'RESOURCE_EXHAUSTED',
        details: { reason: 'test-email-quota' },
      });
      expect(await messagesTo(to)).toHaveLength(TEST_EMAILS_PER_HOUR);
      // Each one counted on the mailbox's daily quota too.
      expect(await quotaOf(admin)).toMatchObject({ count: TEST_EMAILS_PER_HOUR });
    },
  );

  // Calls at once race for the last places of the hour. Few calls (each one a Functions emulator
  // worker to start), after the hour's first sends are stored: the race is the same as with twelve.
  it('concurrent calls do not all go: at most what is left of the hour', { timeout: 180_000 }, async () => {
    const admin = await member('Quota Burst');
    const left = 2;
    const now = Date.now();
    const earlier = Array.from(
      { length: TEST_EMAILS_PER_HOUR - left },
      (_, i) => new Date(now - 60_000 * (i + 1)),
    );
    await db.doc(`mailQuotas/${admin.uid}`).set({
      day: new Date(now).toISOString().slice(0, 10),
      count: earlier.length,
      testSends: earlier,
      updatedAt: new Date(now),
    });
    const addresses = Array.from({ length: left + 3 }, (_, i) => uniqueEmail(`qb${i}`));
    const outcomes = await Promise.all(
      addresses.map((to) => call('emailSendTest', input(admin, to), admin.idToken)),
    );
    const sent = outcomes.filter((o) => o.ok).length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(left);
    for (const o of outcomes)
      if (!o.ok)
        expect(o.error).toMatchObject({
          status: 'RESOURCE_EXHAUSTED',
          details: { reason: 'test-email-quota' },
        });
    expect((await Promise.all(addresses.map(messagesTo))).flat()).toHaveLength(sent);
  });

  it('a mailbox at its daily quota sends no test e-mail', async () => {
    const admin = await member('Quota Day');
    const today = new Date().toISOString().slice(0, 10);
    await db.doc(`mailQuotas/${admin.uid}`).set({ day: today, count: 400, updatedAt: new Date() });
    const to = uniqueEmail('qd');
    expect(await callError('emailSendTest', input(admin, to), admin.idToken)).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      details: { reason: 'mail-daily-quota' },
    });
    expect(await messagesTo(to)).toEqual([]);
  });
});
