/**
 * The Gmail connection end to end, through the real googleapis / google-auth-library clients
 * with only their URLs pointed at the local Google: consent page → code → tokens → ID token and
 * userinfo → users.messages.send → the local mailbox.
 */
import { google } from 'googleapis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Auth } from 'googleapis';
import type { GoogleServer, MailMessage } from '../../src/google/index.js';
import { pkceChallenge } from '../../src/google/oauth.js';
import {
  authorize,
  authUrl,
  consent,
  control,
  DEFAULT_CLIENT_ID,
  failure,
  gmailClient,
  oauthClient,
  rawMessage,
  REDIRECT_URI,
  startGoogle,
} from './helpers.js';

let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogle();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('consent, tokens, identity and a test email', () => {
  it('connects a mailbox and sends a UTF-8 test email that lands in the local mailbox', async () => {
    const auth = oauthClient(server);
    const url = authUrl(auth);
    expect(url.startsWith(`${server.url}/o/oauth2/v2/auth?`)).toBe(true);

    // The page, as a Spanish-speaking person sees it; they pick a listed account and allow.
    const page = await (await fetch(url, { headers: { 'Accept-Language': 'es-ES,es;q=0.9' } })).text();
    expect(page).toContain('Elige una cuenta');
    expect(page).toContain('Enviar correo electrónico en tu nombre');
    expect(page).toContain('>Permitir</button>');
    expect(page).toContain('>Denegar</button>');
    const r = await consent(url, { email: 'carlos@example.com', decision: 'allow', lang: 'es' });
    expect(r.status).toBe(302);
    const back = new URL(r.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^4\/0/);

    const emitted: unknown[] = [];
    auth.on('tokens', (t) => emitted.push(t));
    const { tokens } = await auth.getToken(code);
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope!.split(' ').sort()).toEqual(
      [
        'https://www.googleapis.com/auth/gmail.send',
        'https://www.googleapis.com/auth/userinfo.email',
        'openid',
      ].sort(),
    );
    expect(tokens.expiry_date! - Date.now()).toBeGreaterThan(3500_000);
    expect(emitted).toHaveLength(1);

    // The ID token is signed: verifyIdToken works as in production, with the certs URL pointed here.
    const ticket = await auth.verifyIdToken({ idToken: tokens.id_token!, audience: DEFAULT_CLIENT_ID });
    const payload = ticket.getPayload()!;
    expect(payload.email).toBe('carlos@example.com');
    expect(payload.email_verified).toBe(true);
    expect(payload.aud).toBe(DEFAULT_CLIENT_ID);
    expect(payload.iss).toBe('https://accounts.google.com');
    expect(payload.sub).toMatch(/^1\d{20}$/);

    auth.setCredentials(tokens);
    const me = await google.oauth2({ version: 'v2', auth, rootUrl: `${server.url}/` }).userinfo.get();
    expect(me.data.email).toBe('carlos@example.com');
    expect(me.data.verified_email).toBe(true);
    expect(me.data.id).toBe(payload.sub);
    const info = await auth.getTokenInfo(tokens.access_token!);
    expect(info.email).toBe('carlos@example.com');
    expect(info.scopes).toContain('https://www.googleapis.com/auth/gmail.send');

    const raw = await rawMessage({
      from: 'Carlos <carlos@example.com>',
      to: 'Cliente Ñandú <cliente@example.org>',
      subject: 'Prueba de conexión ✓',
      text: 'Hola: este es un correo de prueba de Trato.',
      html: '<p>Hola: este es un <b>correo de prueba</b> de Trato.</p><script>alert(1)</script>',
    });
    // The composer encodes the subject (RFC 2047): no 8-bit bytes travel in the header.
    const header = Buffer.from(raw, 'base64url')
      .toString('latin1')
      .split(/\r\n\r\n/)[0];
    expect(header).toMatch(/^Subject: =\?UTF-8\?/m);
    const sent = await gmailClient(server, auth).users.messages.send({ userId: 'me', requestBody: { raw } });
    expect(sent.status).toBe(200);
    expect(sent.data.labelIds).toEqual(['SENT']);
    expect(sent.data.id).toMatch(/^[0-9a-f]{16}$/);
    expect(sent.data.threadId).toBe(sent.data.id);

    const { body } = await control(server, '/messages', undefined, 'GET');
    const messages = body.messages as MailMessage[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      id: sent.data.id,
      account: 'carlos@example.com',
      subject: 'Prueba de conexión ✓',
      from: [{ name: 'Carlos', address: 'carlos@example.com' }],
      to: [{ name: 'Cliente Ñandú', address: 'cliente@example.org' }],
      text: 'Hola: este es un correo de prueba de Trato.',
      warnings: [],
    });
    expect(messages[0].html).toContain('<b>correo de prueba</b>');
    expect(messages[0].raw).toBeUndefined();
    expect(messages[0].headers.find((h) => h.name === 'Subject')?.value).toMatch(/^=\?UTF-8\?/);
    const full = await control(server, `/messages/${sent.data.id}`, undefined, 'GET');
    expect(full.body.raw).toBe(raw);
  });

  it('refreshes by itself once the access token has expired (the stored-refresh-token pattern)', async () => {
    const short = await startGoogle({ accessTokenTtlSeconds: 1 });
    try {
      const first = oauthClient(short);
      const { code } = await authorize(short, first, 'ana@example.com');
      const { tokens } = await first.getToken(code);
      await new Promise((r) => setTimeout(r, 1100));
      // The old access token is refused now…
      const direct = await fetch(`${short.url}/oauth2/v3/userinfo`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(direct.status).toBe(401);
      expect(await direct.json()).toEqual({
        error: 'invalid_request',
        error_description: 'Invalid Credentials',
      });

      // …and a server holding the old credentials (expiry_date in the past) refreshes first.
      const later = oauthClient(short);
      later.setCredentials(tokens);
      const refreshed: Auth.Credentials[] = [];
      later.on('tokens', (t) => refreshed.push(t));
      const raw = await rawMessage({
        from: 'ana@example.com',
        to: 'b@example.org',
        subject: 'Uno',
        text: '1',
      });
      await gmailClient(short, later).users.messages.send({ userId: 'me', requestBody: { raw } });
      expect(refreshed).toHaveLength(1);
      expect(refreshed[0].access_token).not.toBe(tokens.access_token);
      expect(refreshed[0].id_token).toBeTruthy();

      // A function that keeps only the refresh token gets a new access token on each call.
      const stored = oauthClient(short);
      stored.setCredentials({ refresh_token: tokens.refresh_token });
      const raw2 = await rawMessage({
        from: 'ana@example.com',
        to: 'b@example.org',
        subject: 'Dos',
        text: '2',
      });
      await gmailClient(short, stored).users.messages.send({ userId: 'me', requestBody: { raw: raw2 } });
      expect(short.messages().map((m) => m.subject)).toEqual(['Dos', 'Uno']);
    } finally {
      await short.close();
    }
  });

  it('sends through the /upload/ variant (media and multipart)', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'lucia@example.com');
    auth.setCredentials((await auth.getToken(code)).tokens);
    const gmail = gmailClient(server, auth);
    const mime = (subject: string) =>
      rawMessage({ from: 'lucia@example.com', to: 'x@example.org', subject, text: subject }).then((r) =>
        Buffer.from(r, 'base64url').toString('utf8'),
      );
    // googleapis builds the /upload/ URL from the per-call rootUrl only (google.gmail's own
    // rootUrl is not applied to media URLs), so an upload passes it again.
    const rootUrl = `${server.url}/`;
    const media = await gmail.users.messages.send(
      { userId: 'me', media: { mimeType: 'message/rfc822', body: await mime('Por media') } },
      { rootUrl },
    );
    expect(media.config.url?.toString()).toContain(
      '/upload/gmail/v1/users/me/messages/send?uploadType=media',
    );
    const multipart = await gmail.users.messages.send(
      {
        userId: 'me',
        requestBody: { threadId: media.data.threadId },
        media: { mimeType: 'message/rfc822', body: await mime('Re: Por media') },
      },
      { rootUrl },
    );
    expect(multipart.config.url?.toString()).toContain('uploadType=multipart');
    expect(multipart.data.threadId).toBe(media.data.threadId);
    expect(multipart.data.id).not.toBe(media.data.id);
    expect(server.messages().map((m) => m.subject)).toEqual(['Re: Por media', 'Por media']);
  });
});

describe('what goes wrong', () => {
  it('a denied consent returns error=access_denied with the state, like Google', async () => {
    const auth = oauthClient(server);
    const r = await consent(authUrl(auth), { email: 'ana@example.com', decision: 'deny' });
    expect(r.status).toBe(302);
    const back = new URL(r.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'state-123' });
    expect(server.state.codes.size).toBe(0);
  });

  it('a code works once; reuse, expiry, a wrong secret or redirect URI are refused', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    await auth.getToken(code);
    const reuse = await failure(auth.getToken(code));
    expect(reuse.status).toBe(400);
    expect(reuse.data).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
    expect(reuse.message).toBe('invalid_grant');

    const unknown = await failure(auth.getToken('not-a-code'));
    expect(unknown.data).toEqual({ error: 'invalid_grant', error_description: 'Malformed auth code.' });

    const second = await authorize(server, auth, 'ana@example.com');
    const wrongSecret = await failure(oauthClient(server, { clientSecret: 'nope' }).getToken(second.code));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.error).toBe('invalid_client');
    const wrongRedirect = await failure(
      auth.getToken({ code: second.code, redirect_uri: 'http://127.0.0.1:5199/auth/gmail/callback' }),
    );
    expect(wrongRedirect.error).toBe('redirect_uri_mismatch');

    // Expired: the control ends every pending code's life now.
    const third = await authorize(server, auth, 'ana@example.com');
    expect((await control(server, '/tokens/expire', { codes: true })).body.codes).toBeGreaterThanOrEqual(1);
    expect((await failure(auth.getToken(third.code))).error).toBe('invalid_grant');
  });

  it('revoking the refresh token ends refreshes (invalid_grant) and sends (401)', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    const { tokens } = await auth.getToken(code);
    auth.setCredentials(tokens);
    const gmail = gmailClient(server, auth);
    const raw = await rawMessage({
      from: 'ana@example.com',
      to: 'b@example.org',
      subject: 'Hola',
      text: 'x',
    });
    await gmail.users.messages.send({ userId: 'me', requestBody: { raw } });

    const revoked = await auth.revokeToken(tokens.refresh_token!);
    expect(revoked.status).toBe(200);
    const again = await failure(auth.revokeToken(tokens.refresh_token!));
    expect(again.data).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });

    const refresh = await failure(auth.refreshAccessToken());
    expect(refresh.status).toBe(400);
    expect(refresh.data).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });

    // The access token died with its grant: the client sees Google's 401.
    const holder = oauthClient(server);
    holder.setCredentials({ access_token: tokens.access_token, expiry_date: tokens.expiry_date });
    const send = await failure(
      gmailClient(server, holder).users.messages.send({ userId: 'me', requestBody: { raw } }),
    );
    expect(send.status).toBe(401);
    expect(send.api).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(send.api!.errors[0].reason).toBe('authError');
    expect(server.messages()).toHaveLength(1);
  });

  it('the revoke control ends an address’s access as a person removing the app would', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'lucia@example.com');
    const { tokens } = await auth.getToken(code);
    const r = await control(server, '/revoke', { email: 'LUCIA@example.com' });
    expect(r.body).toEqual({ revoked: 1, accessTokens: 1 });
    auth.setCredentials({ refresh_token: tokens.refresh_token });
    expect((await failure(auth.getAccessToken())).error).toBe('invalid_grant');
  });

  it('refuses a message whose From is not the connected address, or with no recipient or subject', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    auth.setCredentials((await auth.getToken(code)).tokens);
    const gmail = gmailClient(server, auth);
    const send = async (mail: Parameters<typeof rawMessage>[0]) =>
      failure(gmail.users.messages.send({ userId: 'me', requestBody: { raw: await rawMessage(mail) } }));

    const other = await send({ from: 'carlos@example.com', to: 'b@example.org', subject: 'x', text: 'x' });
    expect(other.status).toBe(400);
    expect(other.api!.status).toBe('INVALID_ARGUMENT');
    expect(other.api!.message).toContain('carlos@example.com is not the connected address ana@example.com');
    const noRecipient = await send({ from: 'ana@example.com', subject: 'x', text: 'x' });
    expect(noRecipient.api!.message).toBe('Recipient address required');
    const noSubject = await send({ from: 'ana@example.com', to: 'b@example.org', text: 'x' });
    expect(noSubject.api!.message).toContain('Subject header required');
    // By hand: the composer itself drops a recipient that is not an address.
    const handMade = 'From: ana@example.com\r\nTo: not-an-address\r\nSubject: x\r\n\r\nx\r\n';
    const badTo = await failure(
      gmail.users.messages.send({
        userId: 'me',
        requestBody: { raw: Buffer.from(handMade).toString('base64url') },
      }),
    );
    expect(badTo.api!.message).toBe('Invalid To header');
    const noRaw = await failure(gmail.users.messages.send({ userId: 'me', requestBody: {} }));
    expect(noRaw.api!.message).toContain("'raw' RFC822 payload");
    const otherUser = await failure(
      gmail.users.messages.send({
        userId: 'carlos@example.com',
        requestBody: {
          raw: await rawMessage({ from: 'ana@example.com', to: 'b@example.org', subject: 'x' }),
        },
      }),
    );
    expect(otherUser.status).toBe(403);
    expect(server.messages()).toEqual([]);
  });

  it('a token without gmail.send (unticked on the consent page) gets 403 insufficientPermissions', async () => {
    const auth = oauthClient(server);
    const r = await consent(authUrl(auth), {
      email: 'ana@example.com',
      decision: 'allow',
      untick: ['https://www.googleapis.com/auth/gmail.send'],
    });
    const code = new URL(r.location!).searchParams.get('code')!;
    const { tokens } = await auth.getToken(code);
    expect(tokens.scope).not.toContain('gmail.send');
    auth.setCredentials(tokens);
    const raw = await rawMessage({ from: 'ana@example.com', to: 'b@example.org', subject: 'x', text: 'x' });
    const e = await failure(
      gmailClient(server, auth).users.messages.send({ userId: 'me', requestBody: { raw } }),
    );
    expect(e.status).toBe(403);
    expect(e.api!.errors[0].reason).toBe('insufficientPermissions');
  });

  it('the failure control makes the next sends answer 429 rateLimitExceeded or 5xx, then recover', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    auth.setCredentials((await auth.getToken(code)).tokens);
    const gmail = gmailClient(server, auth);
    const raw = await rawMessage({
      from: 'ana@example.com',
      to: 'b@example.org',
      subject: 'Cuota',
      text: 'x',
    });
    const send = () => gmail.users.messages.send({ userId: 'me', requestBody: { raw } });

    expect((await control(server, '/failures', { status: 429, count: 2 })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const e = await failure(send());
      expect(e.status).toBe(429);
      expect(e.api!.status).toBe('RESOURCE_EXHAUSTED');
      expect(e.api!.errors[0]).toMatchObject({ domain: 'usageLimits', reason: 'rateLimitExceeded' });
    }
    await control(server, '/failures', { status: 503 });
    const unavailable = await failure(send());
    expect(unavailable.status).toBe(503);
    expect(unavailable.api!.errors[0].reason).toBe('backendError');
    expect((await send()).status).toBe(200);
    expect(server.messages()).toHaveLength(1);
    expect((await control(server, '/failures', { status: 404 })).status).toBe(400);
  });

  it('reset forgets messages, codes and tokens', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    const { tokens } = await auth.getToken(code);
    auth.setCredentials(tokens);
    const raw = await rawMessage({ from: 'ana@example.com', to: 'b@example.org', subject: 'x', text: 'x' });
    await gmailClient(server, auth).users.messages.send({ userId: 'me', requestBody: { raw } });
    await control(server, '/failures', { status: 500 });
    expect((await control(server, '/reset', {})).body).toEqual({ reset: true });
    expect((await control(server, '/messages', undefined, 'GET')).body.messages).toEqual([]);
    expect((await control(server, '/failures', undefined, 'GET')).body.failures).toEqual([]);
    expect((await failure(auth.refreshAccessToken())).error).toBe('invalid_grant');
  });

  it('offline access without prompt=consent gets a refresh token only the first time', async () => {
    const auth = oauthClient(server);
    const first = await authorize(server, auth, 'ana@example.com', { prompt: '' });
    expect((await auth.getToken(first.code)).tokens.refresh_token).toBeTruthy();
    const second = await authorize(server, auth, 'ana@example.com', { prompt: '' });
    expect((await auth.getToken(second.code)).tokens.refresh_token).toBeUndefined();
    const forced = await authorize(server, auth, 'ana@example.com');
    expect((await auth.getToken(forced.code)).tokens.refresh_token).toBeTruthy();
  });
});

describe('PKCE (RFC 7636), as Google checks it at the token endpoint', () => {
  it('computes S256 as BASE64URL(SHA256(verifier)), as openssl and the client library do', async () => {
    // printf %s <verifier> | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d '='
    expect(pkceChallenge('trato-local-google-pkce-vector-0123456789abcdefghij', 'S256')).toBe(
      'klhz9jIpyMktZf_YGVzrgQx7ZjhYhBk8K16hkT-O9ec',
    );
    expect(pkceChallenge('plain-verifier', 'plain')).toBe('plain-verifier');
    const { codeVerifier, codeChallenge } = await oauthClient(server).generateCodeVerifierAsync();
    expect(pkceChallenge(codeVerifier, 'S256')).toBe(codeChallenge);
  });

  async function pkceCode(method: 'S256' | 'plain' = 'S256') {
    const auth = oauthClient(server);
    const { codeVerifier, codeChallenge } = await auth.generateCodeVerifierAsync();
    const challenge = method === 'S256' ? (codeChallenge ?? '') : codeVerifier;
    const { code } = await authorize(server, auth, 'ana@example.com', {
      code_challenge: challenge,
      code_challenge_method: method,
    });
    expect(server.state.codes.get(code)).toMatchObject({
      codeChallenge: challenge,
      codeChallengeMethod: method,
    });
    return { auth, code, codeVerifier };
  }

  it('redeems a code with the right verifier only; a wrong or missing one is invalid_grant and spends nothing', async () => {
    const { auth, code, codeVerifier } = await pkceCode();
    const other = (await auth.generateCodeVerifierAsync()).codeVerifier;
    const wrong = await failure(auth.getToken({ code, codeVerifier: other }));
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    const missing = await failure(auth.getToken({ code }));
    expect(missing.data).toEqual({ error: 'invalid_grant', error_description: 'Missing code verifier.' });
    // The challenge itself is not the verifier (S256 is not plain).
    const challenge = server.state.codes.get(code)!.codeChallenge!;
    expect((await failure(auth.getToken({ code, codeVerifier: challenge }))).error).toBe('invalid_grant');
    expect(server.state.codes.get(code)!.usedAt).toBeNull();

    const { tokens } = await auth.getToken({ code, codeVerifier });
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);
    expect((await failure(auth.getToken({ code, codeVerifier }))).data).toEqual({
      error: 'invalid_grant',
      error_description: 'Bad Request',
    });
  });

  it('accepts plain when asked so, and a code without a challenge only without a verifier', async () => {
    const plain = await pkceCode('plain');
    expect(
      (await failure(plain.auth.getToken({ code: plain.code, codeVerifier: 'x'.repeat(43) }))).error,
    ).toBe('invalid_grant');
    expect(
      (await plain.auth.getToken({ code: plain.code, codeVerifier: plain.codeVerifier })).tokens,
    ).toBeTruthy();

    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    const { codeVerifier } = await auth.generateCodeVerifierAsync();
    const unexpected = await failure(auth.getToken({ code, codeVerifier }));
    expect(unexpected.data).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier or verifier is not needed.',
    });
    expect((await auth.getToken(code)).tokens.access_token).toMatch(/^ya29\./);
  });
});
