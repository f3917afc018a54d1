/**
 * The local Google's pages: the consent page in both languages, Google-like error pages for bad
 * authorization requests, and the mailbox page (escaped, decoded, newest first).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoogleServer } from '../../src/google/index.js';
import {
  authorize,
  authUrl,
  consent,
  control,
  DEFAULT_CLIENT_ID,
  gmailClient,
  oauthClient,
  rawMessage,
  REDIRECT_URI,
  SCOPES,
  startGoogle,
} from './helpers.js';

let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogle({ accounts: ['ana@example.com', 'carlos@example.com'] });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const authorizeUrl = (params: Record<string, string>) =>
  `${server.url}/o/oauth2/v2/auth?${new URLSearchParams(params).toString()}`;
const good = {
  client_id: DEFAULT_CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  response_type: 'code',
  scope: SCOPES.join(' '),
  state: 's1',
  access_type: 'offline',
  prompt: 'consent',
};

describe('consent page', () => {
  it('speaks English or Spanish (hl, else the browser) and lists the accounts and scopes', async () => {
    const en = await (
      await fetch(authUrl(oauthClient(server)), { headers: { 'Accept-Language': 'en-US' } })
    ).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Choose an account');
    expect(en).toContain('to continue to Trato');
    expect(en).toContain('Trato wants to access your Google Account');
    expect(en).toContain('Send email on your behalf');
    expect(en).toContain('See your primary Google Account email address');
    expect(en).toContain('>Allow</button>');
    expect(en).toContain('>Deny</button>');
    expect(en).toContain('value="ana@example.com" checked');
    expect(en).toContain('value="carlos@example.com"');

    const es = await (await fetch(authorizeUrl({ ...good, hl: 'es-419' }))).text();
    expect(es).toContain('<html lang="es">');
    expect(es).toContain('Elige una cuenta');
    expect(es).toContain('para ir a Trato');
    expect(es).toContain('Trato quiere acceder a tu cuenta de Google');
    expect(es).toContain('Usar otra cuenta');
  });

  it('login_hint picks the account; a typed address is used, a bad one re-asks', async () => {
    const listed = await (await fetch(authorizeUrl({ ...good, login_hint: 'carlos@example.com' }))).text();
    expect(listed).toContain('value="carlos@example.com" checked');
    const unlisted = await (await fetch(authorizeUrl({ ...good, login_hint: 'nueva@example.net' }))).text();
    expect(unlisted).toContain('value="__other" checked');
    expect(unlisted).toContain('value="nueva@example.net"');

    const auth = oauthClient(server);
    const typed = await authorize(server, auth, 'Nueva.Persona@Example.net');
    const { tokens } = await auth.getToken(typed.code);
    const payload = (
      await auth.verifyIdToken({ idToken: tokens.id_token!, audience: DEFAULT_CLIENT_ID })
    ).getPayload();
    expect(payload?.email).toBe('nueva.persona@example.net');

    const bad = await consent(authUrl(auth, { hl: 'es' }), { email: 'no-es-correo', decision: 'allow' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Escribe una dirección de correo válida o elige una cuenta.');
    expect(bad.html).toContain('value="no-es-correo"');
  });

  it('bad parameters show Google’s “Access blocked” page and never redirect', async () => {
    const cases: [Record<string, string>, number, string, string][] = [
      [
        { ...good, client_id: 'unknown.apps.googleusercontent.com' },
        401,
        'invalid_client',
        'The OAuth client was not found.',
      ],
      [
        { ...good, redirect_uri: 'https://evil.example/cb' },
        400,
        'redirect_uri_mismatch',
        'https://evil.example/cb',
      ],
      [{ ...good, response_type: 'token' }, 400, 'unsupported_response_type', 'token'],
      [{ ...good, scope: 'openid email' }, 400, 'invalid_scope', 'gmail.send'],
      [
        { ...good, scope: `${good.scope} https://example.com/nope` },
        400,
        'invalid_scope',
        'invalid=[https://example.com/nope]',
      ],
      [{ ...good, state: '' }, 400, 'invalid_request', 'state'],
      [{ ...good, access_type: 'forever' }, 400, 'invalid_request', 'Invalid access_type: forever'],
      [{ ...good, prompt: 'please' }, 400, 'invalid_request', 'Invalid prompt: please'],
      [
        { ...good, color: 'blue' },
        400,
        'invalid_request',
        'Parameter not allowed for this message type: color',
      ],
      [
        { ...good, response_type: '' },
        400,
        'invalid_request',
        'Required parameter is missing: response_type',
      ],
    ];
    for (const [params, status, error, detail] of cases) {
      const res = await fetch(authorizeUrl(params), {
        redirect: 'manual',
        headers: { 'Accept-Language': 'en' },
      });
      const html = await res.text();
      expect(res.status, error).toBe(status);
      expect(res.headers.get('location')).toBeNull();
      expect(html).toContain('Access blocked: Authorization Error');
      expect(html).toContain(`Error ${status}: ${error}`);
      expect(html).toContain(detail.replace(/&/g, '&amp;'));
    }
    const es = await (
      await fetch(authorizeUrl({ ...good, redirect_uri: 'http://x.test/cb', hl: 'es' }))
    ).text();
    expect(es).toContain('Acceso bloqueado: error de autorización');
    expect(es).toContain('Error 400: redirect_uri_mismatch');
  });

  it('prompt=none cannot succeed without a browser session: login_required', async () => {
    const res = await fetch(authorizeUrl({ ...good, prompt: 'none' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'login_required', state: 's1' });
  });

  it('the consent control does what the buttons do, for tests without a browser', async () => {
    const auth = oauthClient(server);
    const allowed = await control(server, '/consent', { url: authUrl(auth), email: 'ana@example.com' });
    expect(allowed.status).toBe(200);
    const location = new URL(allowed.body.location as string);
    expect(location.searchParams.get('code')).toBe(allowed.body.code);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect((await auth.getToken(allowed.body.code as string)).tokens.refresh_token).toBeTruthy();

    const denied = await control(server, '/consent', { url: authUrl(auth), allow: false });
    expect(new URL(denied.body.location as string).searchParams.get('error')).toBe('access_denied');
    const bad = await control(server, '/consent', {
      url: authorizeUrl({ ...good, redirect_uri: 'http://x.test/' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('redirect_uri_mismatch');
  });

  it('registered clients come from options or the clients control', async () => {
    const client = {
      id: 'e2e.apps.googleusercontent.com',
      secret: 's',
      redirectUris: ['http://127.0.0.1:6001/cb'],
    };
    expect((await control(server, '/clients', client)).status).toBe(200);
    const page = await fetch(
      authorizeUrl({ ...good, client_id: client.id, redirect_uri: client.redirectUris[0], hl: 'en' }),
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Trato wants to access');
    const listed = await control(server, '/clients', undefined, 'GET');
    expect((listed.body.clients as { id: string }[]).map((c) => c.id)).toContain(client.id);
  });
});

describe('mailbox page', () => {
  it('lists messages newest first with decoded subjects and bodies shown as text, in es or en', async () => {
    const auth = oauthClient(server);
    const { code } = await authorize(server, auth, 'ana@example.com');
    auth.setCredentials((await auth.getToken(code)).tokens);
    const gmail = gmailClient(server, auth);
    const send = async (raw: string) => gmail.users.messages.send({ userId: 'me', requestBody: { raw } });
    await send(
      await rawMessage({
        from: 'Ana <ana@example.com>',
        to: 'uno@example.org',
        cc: 'dos@example.org',
        subject: 'Primero',
        text: 'cuerpo uno',
      }),
    );
    await send(
      await rawMessage({
        from: 'ana@example.com',
        to: '"Acme <Ventas>" <ventas@example.org>',
        subject: 'Prueba de conexión ✓ <b>',
        html: '<p>Hola <img src=x onerror=alert(1)></p>',
        attachments: [{ filename: 'nota.txt', content: 'adjunto' }],
      }),
    );
    // Unencoded UTF-8 in a header: accepted, with a warning.
    await send(
      Buffer.from(
        'From: ana@example.com\r\nTo: tres@example.org\r\nSubject: Año nuevo\r\n\r\nhola\r\n',
      ).toString('base64url'),
    );

    const es = await (await fetch(`${server.url}/?hl=es`)).text();
    expect(es).toContain('Buzón local (Gmail)');
    const order = ['Año nuevo', 'Prueba de conexión ✓ &lt;b&gt;', 'Primero'].map((s) =>
      es.indexOf(`<h3 class="subject">${s}</h3>`),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(es).toContain('Acme &lt;Ventas&gt; &lt;ventas@example.org&gt;');
    expect(es).toContain('&lt;p&gt;Hola &lt;img src=x onerror=alert(1)&gt;&lt;/p&gt;');
    expect(es).not.toContain('<img src=x');
    expect(es).toContain('<dt>Cc</dt><dd>dos@example.org</dd>');
    expect(es).toContain('<pre class="text">cuerpo uno</pre>');
    expect(es).toContain('nota.txt');
    expect(es).toContain('encode non-ASCII header text with RFC 2047');
    expect(es).toContain('Encabezados');
    expect(es).toContain('ana@example.com');
    expect(es).toContain('Conexiones');
    expect(es).toContain('data-post="/__control/revoke"');

    const en = await (await fetch(`${server.url}/`, { headers: { 'Accept-Language': 'en-GB' } })).text();
    expect(en).toContain('Local mailbox (Gmail)');
    expect(en).toContain('Headers');
    expect(en).toContain('>Empty mailbox</button>');

    const latest = server.messages()[0];
    const raw = await fetch(`${server.url}/__control/messages/${latest.id}/raw`);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toContain('Subject: Año nuevo');

    const filtered = await control(server, '/messages?to=ventas@example.org', undefined, 'GET');
    expect((filtered.body.messages as { subject: string }[]).map((m) => m.subject)).toEqual([
      'Prueba de conexión ✓ <b>',
    ]);
    expect((await control(server, '/messages/clear', {})).body).toEqual({ deleted: 3 });
    expect(await (await fetch(`${server.url}/?hl=en`)).text()).toContain('No messages yet.');
  });
});
