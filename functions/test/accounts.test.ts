// checkUsername and createOrganization against the local cloud (Functions + Auth emulators and the
// project's Firestore emulator).
import { randomInt } from 'node:crypto';

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import {
  adminWithOrganization,
  call,
  callError,
  callOk,
  db,
  sellerOf,
  signUp,
  uniqueEmail,
  uniqueName,
} from './cloud.js';

/** The limit documented in the README (functions/src/accounts/checkUsername.ts). */
const USERNAME_CHECKS_PER_WINDOW = 30;

interface OrgResult {
  organizationId: string;
}

const orgInput = (username: string, extra: Record<string, unknown> = {}) => ({
  fullName: 'Ana López',
  username,
  companyName: 'Cafetalera Copán',
  language: 'es',
  ...extra,
});

async function organizationsCreatedBy(uid: string) {
  return (await db.collection('organizations').where('createdBy', '==', uid).get()).docs;
}

describe('checkUsername', () => {
  it('answers without auth, and lower-cases before looking', async () => {
    const { username } = await adminWithOrganization();
    expect(await callOk('checkUsername', { username: uniqueName('free') })).toEqual({ available: true });
    expect(await callOk('checkUsername', { username })).toEqual({ available: false });
    expect(await callOk('checkUsername', { username: username.toUpperCase() })).toEqual({ available: false });
  });

  it('refuses an invalid format with invalid-argument', async () => {
    // __x__ passed the format and then crashed the lookup (a reserved document id): HTTP 500.
    for (const username of ['ab', 'ana-lopez', 'a'.repeat(21), '', null, '__proto__', '__x__', '__name__']) {
      const error = await callError('checkUsername', { username });
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.details).toEqual({ reason: 'invalid-input', field: 'username' });
    }
  });
});

describe('checkUsername rate limit', () => {
  // A random documentation-range address per run, so runs in the same minute do not meet.
  const address = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const check = (forwardedFor: string) =>
    call('checkUsername', { username: uniqueName('rate') }, undefined, { 'x-forwarded-for': forwardedFor });

  it('answers 30 checks a minute per address, then resource-exhausted; another address is not counted', async () => {
    const ip = address();
    const started = Timestamp.now();
    for (let i = 0; i < USERNAME_CHECKS_PER_WINDOW; i++) {
      expect((await check(ip)).ok, `check ${i + 1}`).toBe(true);
    }
    // One document for the address, keyed and filled without the address itself, with the TTL field.
    const full = (await db.collection('rateLimits').where('count', '==', USERNAME_CHECKS_PER_WINDOW).get())
      .docs;
    const mine = full.filter((d) => d.updateTime.toMillis() >= started.toMillis() - 1000);
    expect(mine).toHaveLength(1);
    const [counter] = mine;
    expect(counter.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(counter.data())).not.toContain(ip);
    expect(counter.get('expireAt')).toBeInstanceOf(Timestamp);

    const refused = await check(ip);
    expect(!refused.ok && refused.error).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      details: { reason: 'rate-limited' },
    });
    // What the client writes before the address Google's front end appends does not matter.
    const spoofed = await check(`${address()}, ${ip}`);
    expect(!spoofed.ok && spoofed.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    // A refusal costs no write.
    expect((await counter.ref.get()).updateTime?.isEqual(counter.updateTime)).toBe(true);
    expect((await check(address())).ok).toBe(true);
  });
});

describe('createOrganization', () => {
  it('needs a signed-in caller', async () => {
    const error = await callError('createOrganization', orgInput(uniqueName('anon')));
    expect(error.status).toBe('UNAUTHENTICATED');
  });

  it('refuses a username Firestore reserves as an id (__x__) as invalid, creating nothing', async () => {
    const user = await signUp(uniqueEmail('Reserved'));
    for (const username of ['__proto__', '__name__']) {
      const error = await callError('createOrganization', orgInput(username), user.idToken);
      expect(error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
    expect(await organizationsCreatedBy(user.uid)).toEqual([]);
    expect((await db.doc(`users/${user.uid}`).get()).exists).toBe(false);
  });

  it('creates the username, profile, organization and admin membership together', async () => {
    const user = await signUp(uniqueEmail('Creator'));
    const username = uniqueName('creator');
    const { organizationId } = await callOk<OrgResult>(
      'createOrganization',
      orgInput(username.toUpperCase(), { fullName: '  Ana López ', language: 'en' }),
      user.idToken,
    );

    const [reservation, profile, organization, member] = await Promise.all([
      db.doc(`usernames/${username}`).get(),
      db.doc(`users/${user.uid}`).get(),
      db.doc(`organizations/${organizationId}`).get(),
      db.doc(`organizations/${organizationId}/members/${user.uid}`).get(),
    ]);
    expect(reservation.data()).toMatchObject({ uid: user.uid });
    expect(profile.data()).toMatchObject({
      fullName: 'Ana López',
      email: user.email.toLowerCase(),
      username,
      language: 'en',
      organizationId,
    });
    expect(Object.keys(profile.data()!).sort()).toEqual(
      ['createdAt', 'email', 'fullName', 'language', 'organizationId', 'organizationIds', 'username'].sort(),
    );
    expect(organization.data()).toMatchObject({
      name: 'Cafetalera Copán',
      country: null,
      rtn: null,
      createdBy: user.uid,
    });
    expect(member.data()).toMatchObject({
      role: 'admin',
      fullName: 'Ana López',
      email: user.email.toLowerCase(),
      username,
      permissions: {},
      invitedBy: null,
    });
    expect(member.get('joinedAt').toMillis()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is idempotent on retry: the second call returns the first organization', async () => {
    const user = await signUp();
    const username = uniqueName('retry');
    const first = await callOk<OrgResult>('createOrganization', orgInput(username), user.idToken);
    const again = await callOk<OrgResult>('createOrganization', orgInput(username), user.idToken);
    // Even a retry with other values does not create a second organization.
    const other = await callOk<OrgResult>(
      'createOrganization',
      orgInput(uniqueName('other'), { companyName: 'Otra' }),
      user.idToken,
    );
    expect(again).toEqual(first);
    expect(other).toEqual(first);
    expect(await organizationsCreatedBy(user.uid)).toHaveLength(1);
  });

  it('concurrent calls of one user (double click) make one organization', async () => {
    const user = await signUp();
    const username = uniqueName('double');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        callOk<OrgResult>('createOrganization', orgInput(username), user.idToken),
      ),
    );
    expect(new Set(results.map((r) => r.organizationId)).size).toBe(1);
    const organizations = await organizationsCreatedBy(user.uid);
    expect(organizations.map((d) => d.id)).toEqual([results[0].organizationId]);
    const members = await db.collection(`organizations/${results[0].organizationId}/members`).get();
    expect(members.docs.map((d) => d.id)).toEqual([user.uid]);
  });

  it('refuses a username held by someone else, in any case, and writes nothing', async () => {
    const owner = await adminWithOrganization();
    for (const variant of [owner.username, owner.username.toUpperCase()]) {
      const other = await signUp();
      const error = await callError('createOrganization', orgInput(variant), other.idToken);
      expect(error.status).toBe('ALREADY_EXISTS');
      expect(error.details).toEqual({ reason: 'username-taken' });
      expect((await db.doc(`users/${other.uid}`).get()).exists).toBe(false);
      expect(await organizationsCreatedBy(other.uid)).toHaveLength(0);
    }
    expect((await db.doc(`usernames/${owner.username}`).get()).get('uid')).toBe(owner.uid);
  });

  it('two people racing for one username: exactly one gets it, the other gets nothing', async () => {
    const username = uniqueName('race');
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const outcomes = await Promise.all(
      [a, b].map((user) => call<OrgResult>('createOrganization', orgInput(username), user.idToken)),
    );
    const winners = outcomes.filter((o) => o.ok);
    expect(winners).toHaveLength(1);
    const loserIndex = outcomes.findIndex((o) => !o.ok);
    const loser = [a, b][loserIndex];
    const winner = [a, b][1 - loserIndex];
    const loss = outcomes[loserIndex];
    expect(!loss.ok && loss.error.details).toEqual({ reason: 'username-taken' });
    expect((await db.doc(`usernames/${username}`).get()).get('uid')).toBe(winner.uid);
    expect((await db.doc(`users/${loser.uid}`).get()).exists).toBe(false);
    expect(await organizationsCreatedBy(loser.uid)).toHaveLength(0);
  });

  it('validates every input and writes nothing when one is wrong', async () => {
    const user = await signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'no-dashes' }, 'username'],
      [{ fullName: '   ' }, 'fullName'],
      [{ fullName: 'x'.repeat(101) }, 'fullName'],
      [{ companyName: '' }, 'companyName'],
      [{ companyName: 'x'.repeat(201) }, 'companyName'],
      [{ language: 'fr' }, 'language'],
    ];
    for (const [patch, field] of cases) {
      const error = await callError('createOrganization', orgInput(uniqueName('val'), patch), user.idToken);
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.details).toEqual({ reason: 'invalid-input', field });
    }
    expect((await db.doc(`users/${user.uid}`).get()).exists).toBe(false);
    expect(await organizationsCreatedBy(user.uid)).toHaveLength(0);
  });
});

describe('addOrganization', () => {
  const newId = () => db.collection('organizations').doc().id;
  const add = (user: { idToken: string }, data: Record<string, unknown>) =>
    call<OrgResult>(
      'addOrganization',
      { companyName: 'Segunda S.A.', language: 'es', ...data },
      user.idToken,
    );

  it('opens another organization for an administrator, once per id, keeping the default', async () => {
    const admin = await adminWithOrganization('Primera');
    const organizationId = newId();
    const outcomes = await Promise.all([add(admin, { organizationId }), add(admin, { organizationId })]);
    for (const outcome of outcomes) expect(outcome).toEqual({ ok: true, result: { organizationId } });
    const organization = (await db.doc(`organizations/${organizationId}`).get()).data();
    expect(organization).toMatchObject({ name: 'Segunda S.A.', createdBy: admin.uid, country: null });
    const member = (await db.doc(`organizations/${organizationId}/members/${admin.uid}`).get()).data();
    expect(member).toMatchObject({ role: 'admin', username: admin.username, fullName: 'Admin Test' });
    const profile = (await db.doc(`users/${admin.uid}`).get()).data();
    expect(profile).toMatchObject({
      organizationId: admin.organizationId,
      organizationIds: [admin.organizationId, organizationId],
    });
    // No subscription: the new organization starts its own trial from its Suscripción page.
    expect((await db.doc(`organizations/${organizationId}/billing/subscription`).get()).exists).toBe(false);
  });

  it('refuses a seller, someone without an account, an id in use and bad input', async () => {
    const admin = await adminWithOrganization();
    const seller = await sellerOf(admin);
    const refused = await add(seller, { organizationId: newId() });
    expect(!refused.ok && refused.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'not-admin' },
    });
    const stranger = await signUp();
    const noProfile = await add(stranger, { organizationId: newId() });
    expect(!noProfile.ok && noProfile.error.status).toBe('PERMISSION_DENIED');
    // Someone else's organization id: refused, and that organization is untouched.
    const taken = await add(seller, { organizationId: admin.organizationId });
    expect(taken.ok).toBe(false);
    const other = await adminWithOrganization();
    const clash = await add(other, { organizationId: admin.organizationId });
    expect(!clash.ok && clash.error).toMatchObject({ status: 'ALREADY_EXISTS' });
    expect((await db.doc(`organizations/${admin.organizationId}/members/${other.uid}`).get()).exists).toBe(
      false,
    );
    for (const [data, field] of [
      [{ organizationId: 'a/b' }, 'organizationId'],
      [{ organizationId: newId(), companyName: '' }, 'companyName'],
      [{ organizationId: newId(), companyName: 'x'.repeat(201) }, 'companyName'],
      [{ organizationId: newId(), language: 'fr' }, 'language'],
    ] as const) {
      const error = await callError(
        'addOrganization',
        { companyName: 'Ok', language: 'es', ...data },
        admin.idToken,
      );
      expect(error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field },
      });
    }
    expect((await callError('addOrganization', { organizationId: newId() })).status).toBe('UNAUTHENTICATED');
    expect(await organizationsCreatedBy(seller.uid)).toEqual([]);
  });

  it('stops at twenty organizations', async () => {
    const admin = await adminWithOrganization();
    const others = Array.from({ length: 19 }, () => newId());
    await db.doc(`users/${admin.uid}`).update({ organizationIds: [admin.organizationId, ...others] });
    for (const id of others) await db.doc(`organizations/${id}/members/${admin.uid}`).set({ role: 'seller' });
    const refused = await add(admin, { organizationId: newId() });
    expect(!refused.ok && refused.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'organization-limit' },
    });
  });
});
