// createInvitation, getInvitationLink, getInvitation and acceptInvitation against the local cloud.
import { createHash, randomBytes } from 'node:crypto';

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import {
  adminWithOrganization,
  runId,
  call,
  callError,
  callOk,
  craftedIdToken,
  db,
  firestoreOrigin,
  projectId,
  sellerOf,
  signUp,
  uniqueEmail,
  uniqueName,
} from './cloud.js';

interface Created {
  invitationId: string;
  token: string;
  expiresAt: string;
}

const sellerPermissions = {
  contacts: { view: true, create: true, edit: false, delete: false },
  deals: { view: false },
};

async function invite(
  admin: { idToken: string; organizationId: string },
  email: string,
  role: 'admin' | 'seller' = 'seller',
  permissions: unknown = sellerPermissions,
): Promise<Created> {
  return callOk<Created>(
    'createInvitation',
    { organizationId: admin.organizationId, email, role, permissions },
    admin.idToken,
  );
}

const accept = (user: { idToken: string }, token: string, username = uniqueName('joiner')) =>
  call<{ organizationId: string }>(
    'acceptInvitation',
    { token, fullName: 'Carlos Méndez', username },
    user.idToken,
  );

async function memberIds(organizationId: string): Promise<string[]> {
  return (await db.collection(`organizations/${organizationId}/members`).get()).docs.map((d) => d.id).sort();
}

describe('createInvitation', () => {
  it('stores a pending 7-day invitation with only the hash of its token', async () => {
    const admin = await adminWithOrganization('Hash Co');
    const before = Date.now();
    const created = await invite(admin, '  Invitee.' + uniqueName('x') + '@Example.com ');
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expiresAt) - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 5_000);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const stored = await db
      .doc(`organizations/${admin.organizationId}/invitations/${created.invitationId}`)
      .get();
    const tokenHash = createHash('sha256').update(created.token).digest('hex');
    expect(stored.data()).toMatchObject({
      role: 'seller',
      permissions: sellerPermissions,
      invitedBy: admin.uid,
      status: 'pending',
      tokenHash,
    });
    expect(stored.get('email')).toMatch(/^invitee\.[a-z0-9]+@example\.com$/);
    expect(stored.get('expiresAt').toDate().toISOString()).toBe(created.expiresAt);
    expect(Object.keys(stored.data()!).sort()).toEqual(
      ['createdAt', 'email', 'expiresAt', 'invitedBy', 'permissions', 'role', 'status', 'tokenHash'].sort(),
    );
    expect((await db.doc(`invitationTokens/${tokenHash}`).get()).data()).toEqual({
      organizationId: admin.organizationId,
      invitationId: created.invitationId,
    });
  });

  it('the token appears nowhere in the database', async () => {
    const admin = await adminWithOrganization();
    const { token } = await invite(admin, uniqueEmail('plain'));
    const exported = await (
      await fetch(`${firestoreOrigin}/emulator/v1/projects/${projectId}:export`)
    ).text();
    expect(exported.length).toBeGreaterThan(100);
    expect(exported).toContain(createHash('sha256').update(token).digest('hex'));
    expect(exported).not.toContain(token);
  });

  it('an admin invitation stores an empty permission set', async () => {
    const admin = await adminWithOrganization();
    const { invitationId } = await invite(admin, uniqueEmail('coadmin'), 'admin', sellerPermissions);
    const stored = await db.doc(`organizations/${admin.organizationId}/invitations/${invitationId}`).get();
    expect(stored.get('role')).toBe('admin');
    expect(stored.get('permissions')).toEqual({});
  });

  it('validates the e-mail, role and permissions', async () => {
    const admin = await adminWithOrganization();
    const base = {
      organizationId: admin.organizationId,
      email: uniqueEmail('v'),
      role: 'seller',
      permissions: {},
    };
    for (const [patch, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ role: 'superadmin' }, 'role'],
      [{ permissions: { contacts: { view: 'yes' } } }, 'permissions'],
      [{ permissions: { payroll: { view: true } } }, 'permissions'],
      [{ organizationId: 'a/b' }, 'organizationId'],
    ] as const) {
      const error = await callError('createInvitation', { ...base, ...patch }, admin.idToken);
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.details).toEqual({ reason: 'invalid-input', field });
    }
  });

  it('refuses to invite someone who is already a member', async () => {
    const admin = await adminWithOrganization();
    const error = await callError(
      'createInvitation',
      {
        organizationId: admin.organizationId,
        email: admin.email.toUpperCase(),
        role: 'seller',
        permissions: {},
      },
      admin.idToken,
    );
    expect(error.status).toBe('ALREADY_EXISTS');
    expect(error.details).toEqual({ reason: 'already-member' });
  });
});

describe('only admins create invitations and get links', () => {
  it('a seller, an admin of another organization and an anonymous caller are refused', async () => {
    const admin = await adminWithOrganization();
    const seller = await sellerOf(admin);
    const stranger = await adminWithOrganization('Other');
    const { invitationId, token } = await invite(admin, uniqueEmail('target'));
    const data = {
      organizationId: admin.organizationId,
      email: uniqueEmail('n'),
      role: 'seller',
      permissions: {},
    };

    for (const caller of [seller, stranger]) {
      const create = await callError('createInvitation', data, caller.idToken);
      expect(create.status).toBe('PERMISSION_DENIED');
      expect(create.details).toEqual({ reason: 'not-admin' });
      const link = await callError(
        'getInvitationLink',
        { organizationId: admin.organizationId, invitationId },
        caller.idToken,
      );
      expect(link.status).toBe('PERMISSION_DENIED');
    }
    expect((await callError('createInvitation', data)).status).toBe('UNAUTHENTICATED');
    expect(
      (await callError('getInvitationLink', { organizationId: admin.organizationId, invitationId })).status,
    ).toBe('UNAUTHENTICATED');
    // Only the admin's invitation exists.
    const invitations = await db.collection(`organizations/${admin.organizationId}/invitations`).get();
    expect(invitations.docs.map((d) => d.id).filter((id) => id !== invitationId)).toHaveLength(1); // the seller's, accepted
    // The admin gets the same link back.
    expect(
      await callOk(
        'getInvitationLink',
        { organizationId: admin.organizationId, invitationId },
        admin.idToken,
      ),
    ).toEqual({ token });
  });

  it('getInvitationLink: unknown invitation is not-found', async () => {
    const admin = await adminWithOrganization();
    const error = await callError(
      'getInvitationLink',
      { organizationId: admin.organizationId, invitationId: 'nope' },
      admin.idToken,
    );
    expect(error.status).toBe('NOT_FOUND');
  });
});

describe('getInvitation and acceptInvitation', () => {
  it('shows the invitation without auth, then the invitee joins with its role and permissions', async () => {
    const admin = await adminWithOrganization('Distribuidora Maya');
    const invitee = await signUp(uniqueEmail('Invitee'));
    const created = await invite(admin, invitee.email.toUpperCase());

    expect(await callOk('getInvitation', { token: created.token })).toEqual({
      organizationName: 'Distribuidora Maya',
      role: 'seller',
      email: invitee.email.toLowerCase(),
      expiresAt: created.expiresAt,
      permissions: sellerPermissions,
    });

    const username = uniqueName('carlos');
    const outcome = await accept(invitee, created.token, username);
    expect(outcome).toEqual({ ok: true, result: { organizationId: admin.organizationId } });

    const member = await db.doc(`organizations/${admin.organizationId}/members/${invitee.uid}`).get();
    expect(member.data()).toMatchObject({
      role: 'seller',
      permissions: sellerPermissions,
      invitedBy: admin.uid,
      fullName: 'Carlos Méndez',
      username,
      email: invitee.email.toLowerCase(),
    });
    expect((await db.doc(`users/${invitee.uid}`).get()).data()).toMatchObject({
      organizationId: admin.organizationId,
      username,
      fullName: 'Carlos Méndez',
      language: 'es',
    });
    expect((await db.doc(`usernames/${username}`).get()).get('uid')).toBe(invitee.uid);
    const invitation = await db
      .doc(`organizations/${admin.organizationId}/invitations/${created.invitationId}`)
      .get();
    expect(invitation.get('status')).toBe('accepted');
    expect(invitation.get('acceptedBy')).toBe(invitee.uid);
    expect(invitation.get('acceptedAt')).toBeInstanceOf(Timestamp);

    // Retrying is harmless for the invitee; the page now reports the link as used.
    expect(await accept(invitee, created.token, username)).toEqual(outcome);
    const used = await callError('getInvitation', { token: created.token });
    expect(used).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'used' } });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid, invitee.uid].sort());
  });

  it('a used invitation is refused to anyone else', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token } = await invite(admin, invitee.email);
    expect((await accept(invitee, token)).ok).toBe(true);
    const other = await signUp();
    const outcome = await accept(other, token);
    expect(!outcome.ok && outcome.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'used' },
    });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid, invitee.uid].sort());
  });

  it('refuses an expired invitation', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token, invitationId } = await invite(admin, invitee.email);
    await db
      .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });

    expect(await callError('getInvitation', { token })).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'expired' },
    });
    const outcome = await accept(invitee, token);
    expect(!outcome.ok && outcome.error.details).toEqual({ reason: 'expired' });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    expect((await db.doc(`users/${invitee.uid}`).get()).exists).toBe(false);
  });

  it('refuses an account whose e-mail is not the invited one', async () => {
    const admin = await adminWithOrganization();
    const { token, invitationId } = await invite(admin, uniqueEmail('intended'));
    const intruder = await signUp();
    const outcome = await accept(intruder, token);
    expect(!outcome.ok && outcome.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'wrong-email' },
    });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    expect((await db.doc(`users/${intruder.uid}`).get()).exists).toBe(false);
    const invitation = await db
      .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
      .get();
    expect(invitation.get('status')).toBe('pending');
  });

  it('forged, malformed, missing and deleted-invitation tokens are all "invalid"', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token: deletedToken, invitationId } = await invite(admin, invitee.email);
    await db.doc(`organizations/${admin.organizationId}/invitations/${invitationId}`).delete();
    const forged = randomBytes(32).toString('base64url');
    const tampered = `${deletedToken.slice(0, -1)}${deletedToken.endsWith('A') ? 'B' : 'A'}`;

    for (const token of [forged, tampered, deletedToken, 'short', '', undefined, 42]) {
      expect(await callError('getInvitation', { token })).toMatchObject({
        status: 'NOT_FOUND',
        details: { reason: 'invalid' },
      });
      const outcome = await accept(invitee, token as string);
      expect(!outcome.ok && outcome.error).toMatchObject({
        status: 'NOT_FOUND',
        details: { reason: 'invalid' },
      });
    }
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
  });

  it('needs auth to accept, and refuses a username that is taken', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token, invitationId } = await invite(admin, invitee.email);
    expect(
      (await callError('acceptInvitation', { token, fullName: 'X', username: uniqueName('anon') })).status,
    ).toBe('UNAUTHENTICATED');
    const taken = await accept(invitee, token, admin.username.toUpperCase());
    expect(!taken.ok && taken.error).toMatchObject({
      status: 'ALREADY_EXISTS',
      details: { reason: 'username-taken' },
    });
    const invitation = await db
      .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
      .get();
    expect(invitation.get('status')).toBe('pending');
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    // The same link still works with a free username.
    expect((await accept(invitee, token)).ok).toBe(true);
  });

  it('refuses a username Firestore reserves as an id (__x__) as invalid; the link stays usable', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token, invitationId } = await invite(admin, invitee.email);
    for (const username of ['__proto__', '__x__']) {
      const outcome = await accept(invitee, token, username);
      expect(!outcome.ok && outcome.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
    const invitation = await db
      .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
      .get();
    expect(invitation.get('status')).toBe('pending');
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    expect((await accept(invitee, token)).ok).toBe(true);
  });

  it('a member of another organization joins a second one and keeps the first, name and username', async () => {
    const other = await adminWithOrganization('First');
    const admin = await adminWithOrganization('Second');
    const { token } = await invite(admin, other.email);
    // The invitation page's 'Unirme' for a signed-in account sends the token alone.
    const outcome = await call('acceptInvitation', { token, language: 'es' }, other.idToken);
    expect(outcome).toEqual({ ok: true, result: { organizationId: admin.organizationId } });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid, other.uid].sort());
    const member = (await db.doc(`organizations/${admin.organizationId}/members/${other.uid}`).get()).data();
    expect(member).toMatchObject({ role: 'seller', fullName: 'Admin Test', username: other.username });
    // Still the admin of the first; the profile lists both and opens the new one by default.
    const first = await db.doc(`organizations/${other.organizationId}/members/${other.uid}`).get();
    expect(first.get('role')).toBe('admin');
    const profile = (await db.doc(`users/${other.uid}`).get()).data();
    expect(profile).toMatchObject({
      organizationId: admin.organizationId,
      organizationIds: [other.organizationId, admin.organizationId],
      username: other.username,
    });
  });

  it('a new account must send its name and username', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token } = await invite(admin, invitee.email);
    const noName = await call('acceptInvitation', { token, username: uniqueName('n') }, invitee.idToken);
    expect(!noName.ok && noName.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { reason: 'invalid-input', field: 'fullName' },
    });
    const noUsername = await call('acceptInvitation', { token, fullName: 'Ana' }, invitee.idToken);
    expect(!noUsername.ok && noUsername.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { reason: 'invalid-input', field: 'username' },
    });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    expect((await accept(invitee, token)).ok).toBe(true);
  });

  it('refuses a twenty-first organization, counting only those the person is still a member of', async () => {
    const person = await adminWithOrganization('Mine');
    const admin = await adminWithOrganization('Inviting');
    // Nineteen more in the profile's list: one of them no longer has the person as a member.
    const others = Array.from({ length: 19 }, (_, i) => `gone-${runId}-${i}`);
    await db.doc(`users/${person.uid}`).update({ organizationIds: [person.organizationId, ...others] });
    for (const id of others.slice(1)) {
      await db.doc(`organizations/${id}/members/${person.uid}`).set({ role: 'seller' });
    }
    const { token } = await invite(admin, person.email);
    // Twenty live ones with the first 'gone' one: refused.
    await db.doc(`organizations/${others[0]}/members/${person.uid}`).set({ role: 'seller' });
    const refused = await accept(person, token);
    expect(!refused.ok && refused.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'organization-limit' },
    });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid]);
    // Removed from one of them: room again, and the list forgets the one that is gone.
    await db.doc(`organizations/${others[0]}/members/${person.uid}`).delete();
    expect((await accept(person, token)).ok).toBe(true);
    const ids = (await db.doc(`users/${person.uid}`).get()).get('organizationIds') as string[];
    expect(ids).toHaveLength(20);
    expect(ids).not.toContain(others[0]);
    expect(ids.at(-1)).toBe(admin.organizationId);
  });
});

describe('one invitation yields one member', () => {
  it('the same account accepting several times at once joins once', async () => {
    const admin = await adminWithOrganization();
    const invitee = await signUp();
    const { token, invitationId } = await invite(admin, invitee.email);
    const username = uniqueName('burst');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => accept(invitee, token, username)));
    for (const outcome of outcomes)
      expect(outcome).toEqual({ ok: true, result: { organizationId: admin.organizationId } });
    expect(await memberIds(admin.organizationId)).toEqual([admin.uid, invitee.uid].sort());
    const invitation = await db
      .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
      .get();
    expect(invitation.get('acceptedBy')).toBe(invitee.uid);
  });

  // Firebase Auth keeps e-mails unique, so two real accounts can never both pass the e-mail check;
  // that uniqueness is one guard. The transaction is the other: here two different uids present
  // the invited e-mail at the same instant (ID tokens the Functions emulator accepts unsigned), and
  // exactly one may join; the other must find the invitation used.
  it('two different accounts with the invited e-mail, at the same instant: exactly one joins', async () => {
    const admin = await adminWithOrganization();
    for (let round = 0; round < 3; round += 1) {
      const email = uniqueEmail('twin');
      const { token, invitationId } = await invite(admin, email);
      const uids = [`twin-a-${uniqueName('u')}`, `twin-b-${uniqueName('u')}`];
      const outcomes = await Promise.all(
        uids.map((uid) => accept({ idToken: craftedIdToken(uid, email) }, token)),
      );
      const winners = outcomes.flatMap((o, i) => (o.ok ? [uids[i]] : []));
      expect(winners).toHaveLength(1);
      const loser = outcomes.find((o) => !o.ok);
      expect(loser && !loser.ok && loser.error.details).toEqual({ reason: 'used' });
      const members = await memberIds(admin.organizationId);
      expect(members.filter((id) => uids.includes(id))).toEqual(winners);
      const invitation = await db
        .doc(`organizations/${admin.organizationId}/invitations/${invitationId}`)
        .get();
      expect(invitation.get('acceptedBy')).toBe(winners[0]);
      const loserUid = uids.find((uid) => uid !== winners[0])!;
      expect((await db.doc(`users/${loserUid}`).get()).exists).toBe(false);
    }
  });
});
