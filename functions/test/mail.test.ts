// The Gmail connection against the local cloud and the local Google (emulator/src/google): the
// real callables, the real googleapis client inside the Functions emulator, the consent given
// through the local Google's test control exactly as the consent page's buttons would.
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { GMAIL_READONLY_SCOPE } from '@trato/model';

import { hashToken } from '../src/common/tokens.js';
import {
  adminWithOrganization,
  callError,
  callOk,
  db,
  giveLiveSubscription,
  sellerOf,
  uniqueEmail,
} from './cloud.js';
import {
  connectGmail,
  gmailConsent as consent,
  GOOGLE_ORIGIN,
  googleControl as control,
  messagesTo,
  RETURN_ORIGIN as ORIGIN,
  startGmail as start,
  type Member,
} from './google.js';

const SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';

async function connect(member: Member, email = uniqueEmail('gmail')): Promise<string> {
  expect(await connectGmail(member, email)).toBe(email);
  return email;
}

const connectionOf = (m: Member) =>
  db.doc(`organizations/${m.organizationId}/mailConnections/${m.uid}`).get();
const tokenOf = (m: Member) => db.doc(`mailTokens/${m.uid}`).get();

async function grantsOf(email: string) {
  const state = await control<{
    grants: { email: string; refreshToken: string | null; revokedAt: number | null }[];
  }>('state');
  return state.grants.filter((g) => g.email === email);
}

describe('the Gmail connection', () => {
  it('starts with an authorization URL for the offline gmail.send and gmail.readonly consent, bound to a stored state', async () => {
    const admin = await adminWithOrganization('Mail Start');
    const url = new URL(await start(admin));
    expect(url.origin).toBe(GOOGLE_ORIGIN);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/gmail/callback`);
    // Send, and read (two-way e-mail: readonly unless the member shares only metadata).
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      SEND_SCOPE,
      GMAIL_READONLY_SCOPE,
      'openid',
      'email',
    ]);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // PKCE: the challenge travels, the verifier stays on the server, encrypted with the state.
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('code_verifier')).toBe(false);
    // Only the hash is stored, bound to the member and the organization.
    expect((await db.doc(`oauthStates/${state}`).get()).exists).toBe(false);
    const stored = (await db.doc(`oauthStates/${hashToken(state)}`).get()).data();
    expect(stored).toMatchObject({ uid: admin.uid, organizationId: admin.organizationId, usedAt: null });
    expect(Object.keys(stored?.codeVerifier ?? {}).sort()).toEqual(['data', 'iv', 'tag', 'v']);
    const answer = await callOk<object>(
      'authGmailStart',
      { organizationId: admin.organizationId, returnOrigin: ORIGIN, language: 'es' },
      admin.idToken,
    );
    expect(Object.keys(answer)).toEqual(['url']);

    const badOrigin = await callError(
      'authGmailStart',
      { organizationId: admin.organizationId, returnOrigin: 'https://evil.example', language: 'es' },
      admin.idToken,
    );
    expect(badOrigin.details).toEqual({ reason: 'invalid-input', field: 'returnOrigin' });
    const outsider = await adminWithOrganization('Mail Outsider');
    const notMember = await callError(
      'authGmailStart',
      { organizationId: admin.organizationId, returnOrigin: ORIGIN, language: 'es' },
      outsider.idToken,
    );
    expect(notMember.details?.reason).toBe('not-member');
    expect((await callError('authGmailStart', {})).status).toBe('UNAUTHENTICATED');
  });

  it('connects: the public connection, and the refresh token stored only encrypted', async () => {
    const admin = await adminWithOrganization('Mail Connect');
    const email = await connect(admin);

    const connection = (await connectionOf(admin)).data();
    expect(connection).toMatchObject({ provider: 'gmail', email, status: 'connected', brokenAt: null });
    const [grant] = await grantsOf(email);
    const refreshToken = grant.refreshToken ?? '';
    expect(refreshToken).not.toBe('');
    const stored = (await tokenOf(admin)).data() ?? {};
    expect(stored).toMatchObject({ provider: 'gmail', organizationId: admin.organizationId, email });
    expect(stored.refreshToken).toMatchObject({ v: 1 });
    // Nowhere in the stored documents is the token in clear (nor any long piece of it).
    const everything = JSON.stringify([stored, connection]);
    expect(everything).not.toContain(refreshToken);
    expect(everything).not.toContain(refreshToken.slice(5, 25));
  });

  it('refuses a used state, an expired one, and another member’s, with their reasons', async () => {
    const admin = await adminWithOrganization('Mail States');
    const seller = { ...(await sellerOf(admin)), organizationId: admin.organizationId };

    const params = await consent(admin, uniqueEmail('gm'));
    const input = { code: params.get('code'), state: params.get('state') };
    // Another member of the same organization cannot finish it (and does not use it up).
    const stolen = await callError('authGmailCallback', input, seller.idToken);
    expect(stolen).toMatchObject({ status: 'PERMISSION_DENIED', details: { reason: 'state-invalid' } });
    await callOk('authGmailCallback', input, admin.idToken);
    const reused = await callError('authGmailCallback', input, admin.idToken);
    expect(reused).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'state-used' } });

    const late = await consent(admin, uniqueEmail('gm'));
    await db
      .doc(`oauthStates/${hashToken(late.get('state') ?? '')}`)
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await callError(
      'authGmailCallback',
      { code: late.get('code'), state: late.get('state') },
      admin.idToken,
    );
    expect(expired.details?.reason).toBe('state-expired');
    // A state without a verifier (stored before PKCE) cannot be finished safely: start again.
    const older = await consent(admin, uniqueEmail('gm'));
    await db
      .doc(`oauthStates/${hashToken(older.get('state') ?? '')}`)
      .update({ codeVerifier: FieldValue.delete() });
    const unbound = await callError(
      'authGmailCallback',
      { code: older.get('code'), state: older.get('state') },
      admin.idToken,
    );
    expect(unbound.details?.reason).toBe('state-expired');

    const unknown = await callError('authGmailCallback', { code: 'x', state: 'A'.repeat(43) }, admin.idToken);
    expect(unknown.details?.reason).toBe('state-invalid');
    expect(
      (await callError('authGmailCallback', { code: 'x', state: 'short' }, admin.idToken)).details?.reason,
    ).toBe('state-invalid');
  });

  it('a code redeemed with another account’s state is refused: the code is bound to its own (PKCE)', async () => {
    // Member A consents; before A's browser returns, someone holding A's code (history, logs, a
    // Referer) starts a connection of their own in another organization and returns with it.
    const victim = await adminWithOrganization('Mail Victim');
    const victimEmail = uniqueEmail('victim');
    const params = await consent(victim, victimEmail);
    const attacker = await adminWithOrganization('Mail Attacker');
    const attackerState = new URL(await start(attacker)).searchParams.get('state');
    const refused = await callError(
      'authGmailCallback',
      { code: params.get('code'), state: attackerState },
      attacker.idToken,
    );
    // Google answers invalid_grant: the attacker's verifier does not match A's challenge.
    expect(refused).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'oauth-failed' } });
    expect(refused.message).toContain('invalid_grant');
    expect((await connectionOf(attacker)).exists).toBe(false);
    expect((await tokenOf(attacker)).exists).toBe(false);
    expect(await grantsOf(victimEmail)).toEqual([]);
    // The local Google does not spend a code on a refused redemption, so A still finishes.
    await callOk(
      'authGmailCallback',
      { code: params.get('code'), state: params.get('state') },
      victim.idToken,
    );
    expect((await connectionOf(victim)).data()).toMatchObject({ email: victimEmail, status: 'connected' });
  });

  it('a denied consent leaves nothing connected; a bad code or a refused scope is oauth-failed', async () => {
    const admin = await adminWithOrganization('Mail Denied');
    const denied = await consent(admin, uniqueEmail('gm'), { allow: false });
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('code')).toBeNull();
    const bogus = await callError(
      'authGmailCallback',
      { code: '4/0not-a-code', state: denied.get('state') },
      admin.idToken,
    );
    expect(bogus.details?.reason).toBe('oauth-failed');

    // Granular consent: the person unticked "send email on your behalf".
    const unticked = await consent(admin, uniqueEmail('gm'), { scopes: [] });
    const noSend = await callError(
      'authGmailCallback',
      { code: unticked.get('code'), state: unticked.get('state') },
      admin.idToken,
    );
    expect(noSend.details?.reason).toBe('oauth-failed');
    expect((await connectionOf(admin)).exists).toBe(false);
    expect((await tokenOf(admin)).exists).toBe(false);
  });

  it('sends the test e-mail into the mailbox with From, To and a UTF-8 subject, and logs it', async () => {
    const admin = await adminWithOrganization('Mail Test');
    await giveLiveSubscription(admin.organizationId);
    const from = await connect(admin);
    const to = uniqueEmail('rcpt');
    const { messageId } = await callOk<{ messageId: string }>(
      'emailSendTest',
      { organizationId: admin.organizationId, to, language: 'es' },
      admin.idToken,
    );
    const [message] = await messagesTo(to);
    expect(message.from).toEqual([{ address: from, name: 'Admin Test' }]);
    expect(message.to.map((r) => r.address)).toEqual([to]);
    expect(message.subject).toBe('Correo de prueba de Trato ✓');
    expect(message.text).toContain('Este es un correo de prueba');
    const log = (
      await db.doc(`organizations/${admin.organizationId}/sendLog/test_${messageId}`).get()
    ).data();
    expect(log).toMatchObject({ kind: 'test', senderUid: admin.uid, to, status: 'sent', messageId });

    // English, and after the access token expired: the client refreshes by itself.
    await control('tokens/expire', { email: from });
    await callOk(
      'emailSendTest',
      { organizationId: admin.organizationId, to, language: 'en' },
      admin.idToken,
    );
    expect((await messagesTo(to)).map((m) => m.subject)).toContain('Trato test email ✓');

    const bad = await callError(
      'emailSendTest',
      { organizationId: admin.organizationId, to: 'nope', language: 'es' },
      admin.idToken,
    );
    expect(bad.details).toEqual({ reason: 'invalid-input', field: 'to' });
  });

  it('a revoked grant marks the connection broken; a member without one is told so', async () => {
    const admin = await adminWithOrganization('Mail Broken');
    await giveLiveSubscription(admin.organizationId);
    const email = await connect(admin);
    await control('revoke', { email });
    const input = { organizationId: admin.organizationId, to: uniqueEmail('rcpt'), language: 'es' };
    const broken = await callError('emailSendTest', input, admin.idToken);
    expect(broken.details?.reason).toBe('mail-broken');
    expect((await connectionOf(admin)).data()).toMatchObject({
      status: 'broken',
      brokenReason: 'invalid_grant',
    });
    // Broken stays broken without asking Google again, until reconnected.
    expect((await callError('emailSendTest', input, admin.idToken)).details?.reason).toBe('mail-broken');
    await connect(admin, email);
    expect((await connectionOf(admin)).data()).toMatchObject({ status: 'connected', brokenReason: null });

    const seller = { ...(await sellerOf(admin)), organizationId: admin.organizationId };
    const none = await callError('emailSendTest', { ...input }, seller.idToken);
    expect(none.details?.reason).toBe('mail-not-connected');
  });

  it('injected Gmail failures come back as rate-limited or send-failed', async () => {
    const admin = await adminWithOrganization('Mail Failing');
    await giveLiveSubscription(admin.organizationId);
    await connect(admin);
    const input = { organizationId: admin.organizationId, to: uniqueEmail('rcpt'), language: 'es' };
    await control('failures', { status: 429, count: 1, target: 'send' });
    expect((await callError('emailSendTest', input, admin.idToken)).details?.reason).toBe(
      'mail-rate-limited',
    );
    await control('failures', { status: 500, count: 1, target: 'send' });
    expect((await callError('emailSendTest', input, admin.idToken)).details?.reason).toBe('mail-send-failed');
    await callOk('emailSendTest', input, admin.idToken);
  });

  it('disconnect revokes the grant at Google and deletes both documents; each member has their own', async () => {
    const admin = await adminWithOrganization('Mail Disconnect');
    const seller = { ...(await sellerOf(admin)), organizationId: admin.organizationId };
    const adminMail = await connect(admin);
    const sellerMail = await connect(seller);

    const result = await callOk<{ disconnected: boolean }>(
      'emailDisconnect',
      { organizationId: admin.organizationId },
      admin.idToken,
    );
    expect(result.disconnected).toBe(true);
    expect((await connectionOf(admin)).exists).toBe(false);
    expect((await tokenOf(admin)).exists).toBe(false);
    expect((await grantsOf(adminMail)).every((g) => g.revokedAt !== null)).toBe(true);
    // The seller's connection is untouched.
    expect((await connectionOf(seller)).data()?.email).toBe(sellerMail);
    expect((await grantsOf(sellerMail)).some((g) => g.revokedAt === null)).toBe(true);
    // Nothing left to disconnect is not an error.
    const again = await callOk<{ disconnected: boolean }>(
      'emailDisconnect',
      { organizationId: admin.organizationId },
      admin.idToken,
    );
    expect(again.disconnected).toBe(false);
  });
});
