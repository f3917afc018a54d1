/**
 * The local Google: one HTTP port serving what the Gmail connection uses, for the real,
 * unmodified googleapis / google-auth-library clients with only their base URLs pointed here —
 * the OAuth 2.0 consent page and token, revocation, tokeninfo, userinfo and certs endpoints, and
 * Gmail: `users.messages.send` into per-account local mailboxes (a copy to each local recipient's
 * inbox) and the read side (profile, history, messages, attachments, threads, labels); test
 * controls under `/__control/` (mail from outside, replies, bounces) and the mailbox page at `/`.
 * See "Local Google" in emulator/README.md.
 *
 *   const google = await startGoogleServer({ port: 0, quiet: true });
 *   const auth = new OAuth2Client({ clientId, clientSecret, redirectUri, endpoints: google.endpoints });
 *   const gmail = googleapis.gmail({ version: 'v1', auth, rootUrl: `${google.url}/` });
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultLog, listenStandIn, readBody, writeAtomically } from '../controlHttp.js';
import { redirect, sendHtml } from '../standInHtml.js';
import { handleControl, listMessages, type ControlContext } from './control.js';
import { deliver, DeliverError, type DeliverRequest } from './deliver.js';
import {
  apiError,
  composeMessage,
  injectedError,
  insufficientScope,
  parseMultipartRelated,
  rawFromJson,
  unauthenticated,
  type ApiError,
} from './gmail.js';
import { pickLang, texts, type Lang } from './i18n.js';
import { IdTokenSigner, ISSUER, subjectOf } from './idtoken.js';
import { Mailboxes } from './mailbox.js';
import {
  GMAIL_SEND,
  OAuthService,
  profileOf,
  SEND_SCOPES,
  USERINFO_EMAIL,
  USERINFO_PROFILE,
  type AuthRequest,
} from './oauth.js';
import { renderAuthError, renderConsent, renderMailbox } from './pages.js';
import { handleGmailRead } from './read.js';
import {
  GoogleState,
  type AccessToken,
  type FailureTarget,
  type MailMessage,
  type OAuthClient,
  type StateExport,
} from './state.js';

export type { HistoryRecord, MailboxHistory, MailMessage, OAuthClient, StateExport } from './state.js';
export type { DeliverRequest } from './deliver.js';
export { GMAIL_SEND } from './oauth.js';

/** The development OAuth client (public: it only ever exists on the local Google). */
export const DEFAULT_CLIENT_ID = '000000000000-trato-local.apps.googleusercontent.com';
export const DEFAULT_CLIENT_SECRET = 'GOCSPX-trato-local-dev-00000000000';
/** The web app's return page on `npm run dev` (5173) and in the end-to-end tests (5199). */
export const DEFAULT_REDIRECT_URIS = [5173, 5199, 4173].flatMap((port) => [
  `http://localhost:${port}/auth/gmail/callback`,
  `http://127.0.0.1:${port}/auth/gmail/callback`,
]);
/** Offered on the consent page (any other address can be typed). */
export const DEFAULT_ACCOUNTS = ['ana@example.com', 'carlos@example.com', 'lucia@example.com'];
/** What the Gmail connection asks for; an authorization request without them is refused here. */
export const DEFAULT_REQUIRED_SCOPES = [GMAIL_SEND, 'openid', 'email'];
/** File name inside the local cloud's --import / --export-on-exit directory. */
export const GOOGLE_EXPORT = 'google.json';

export interface GoogleServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a free port. */
  port: number;
  /** Registered OAuth clients (default: one with DEFAULT_CLIENT_ID / SECRET / REDIRECT_URIS). */
  clients?: OAuthClient[];
  /** Addresses offered on the consent page (default DEFAULT_ACCOUNTS). */
  accounts?: string[];
  /**
   * Standing grants to the first client, as an operator's one-time consent leaves them (the
   * functions' system sender, whose refresh token is a deployment secret): kept across resets.
   */
  grants?: Array<{ email: string; refreshToken: string; scopes?: string[] }>;
  /** Access-token lifetime (default 3599 s, Google's). */
  accessTokenTtlSeconds?: number;
  /** Authorization-code lifetime (default 600 s). */
  codeTtlSeconds?: number;
  /** Default DEFAULT_REQUIRED_SCOPES; [] accepts any known scope, like Google. */
  requiredScopes?: string[];
  /** Refuse authorization requests without `state` (default true). */
  requireState?: boolean;
  /** Load this state file at start when it exists (the `google.json` of an export directory). */
  importFile?: string;
  /** Write the state here on close(). */
  exportFile?: string;
  /** Every log line, already prefixed `[google]` (default: stderr with a timestamp). */
  log?: (line: string) => void;
  /** No line per request (errors are still logged). */
  quiet?: boolean;
}

/** The google-auth-library `OAuth2Client` `endpoints` option for a local Google at `url`. */
export function googleEndpoints(url: string) {
  return {
    oauth2AuthBaseUrl: `${url}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${url}/token`,
    oauth2RevokeUrl: `${url}/revoke`,
    tokenInfoUrl: `${url}/tokeninfo`,
    oauth2FederatedSignonPemCertsUrl: `${url}/oauth2/v1/certs`,
    oauth2FederatedSignonJwkCertsUrl: `${url}/oauth2/v3/certs`,
  };
}

export interface GoogleServer {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:9598 — the mailbox page is `${url}/`. */
  url: string;
  /** For `new OAuth2Client({..., endpoints})`. */
  endpoints: ReturnType<typeof googleEndpoints>;
  state: GoogleState;
  oauth: OAuthService;
  clients: OAuthClient[];
  /** The accounts' mailboxes (their messages are in `state.messages`, their history in `state.mailboxes`). */
  mailboxes: Mailboxes;
  /** Every mailbox's messages, newest first. */
  messages(): ReturnType<typeof listMessages>;
  /** What POST /__control/deliver does: mail from outside (or a reply, or a bounce) into an account's inbox. */
  deliver(request: DeliverRequest): Promise<MailMessage>;
  exportState(): StateExport;
  exportTo(file: string): Promise<void>;
  /** Forget every code, token, mailbox (messages and history) and injected failure (clients, accounts and standing grants stay). */
  reset(): void;
  close(): Promise<void>;
}

/** Gmail takes messages up to 35 MB; base64 in JSON makes that about 47 MB. */
const MAX_BODY = 48 * 1024 * 1024;

function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    ...headers,
  });
  res.end(body);
}

const sendApiError = (res: ServerResponse, e: ApiError) => sendJson(res, e.status, e.body, e.headers);

/** Form (what google-auth-library sends) or JSON (Google accepts both on /token). */
function formOrJson(body: Buffer, contentType: string | undefined): Record<string, string> {
  const text = body.toString('utf8');
  if ((contentType ?? '').includes('json')) {
    try {
      const v = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function bearer(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : url.searchParams.get('access_token');
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export async function startGoogleServer(options: GoogleServerOptions): Promise<GoogleServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? defaultLog;
  const quiet = options.quiet ?? false;
  const clients: OAuthClient[] = (
    options.clients?.length
      ? options.clients
      : [
          {
            id: DEFAULT_CLIENT_ID,
            secret: DEFAULT_CLIENT_SECRET,
            redirectUris: DEFAULT_REDIRECT_URIS,
            name: 'Trato',
          },
        ]
  ).map((c) => ({ ...c, redirectUris: [...c.redirectUris] }));
  const accounts = (options.accounts?.length ? options.accounts : DEFAULT_ACCOUNTS).map((a) =>
    a.trim().toLowerCase(),
  );
  const ttlMs = (options.accessTokenTtlSeconds ?? 3599) * 1000;

  const state = new GoogleState();
  if (options.importFile && existsSync(options.importFile)) {
    state.load(JSON.parse(await readFile(options.importFile, 'utf8')) as StateExport);
    log(`[google] state imported from ${options.importFile}`);
  }
  const standingGrants = () => {
    for (const [index, standing] of (options.grants ?? []).entries()) {
      if (state.grantOfRefreshToken(standing.refreshToken)) continue;
      state.addGrant({
        id: `standing-${index}`,
        clientId: clients[0]!.id,
        email: standing.email.trim().toLowerCase(),
        scopes: standing.scopes ?? [GMAIL_SEND],
        refreshToken: standing.refreshToken,
        createdAt: Date.now(),
        lastUsedAt: Date.now(),
        revokedAt: null,
      });
    }
  };
  standingGrants();
  const signer = new IdTokenSigner();
  const oauth = new OAuthService(state, {
    clients: () => clients,
    requiredScopes: options.requiredScopes ?? DEFAULT_REQUIRED_SCOPES,
    requireState: options.requireState ?? true,
    accessTokenTtlMs: () => ttlMs,
    codeTtlMs: (options.codeTtlSeconds ?? 600) * 1000,
    signer,
    now: () => Date.now(),
  });
  let serverUrl = '';

  const say = (line: string) => {
    if (!quiet) log(`[google] ${line}`);
  };
  const takeFailure = (target: FailureTarget) => {
    const f = state.failures.find((x) => x.target === target && x.remaining > 0);
    if (!f) return undefined;
    f.remaining--;
    state.failures = state.failures.filter((x) => x.remaining > 0);
    return f;
  };

  /** Allow / Deny for a checked request; `email` null means "the first offered account". */
  const decide = (
    request: AuthRequest,
    allow: boolean,
    email: string | null,
    granted: string[] | undefined,
  ): { location: string; code?: string; email?: string } | { invalidEmail: true } => {
    if (!allow) {
      say(`consent denied for ${request.client.id}`);
      return { location: oauth.denial(request) };
    }
    const address = (email ?? accounts[0] ?? '').trim().toLowerCase();
    if (!EMAIL.test(address)) return { invalidEmail: true };
    const { code, location } = oauth.approve(request, address, granted);
    say(`consent given by ${address} to ${request.client.id} (${code.scopes.join(' ')})`);
    return { location, code: code.code, email: address };
  };

  const mailboxes = new Mailboxes(state, accounts);

  const reset = () => {
    state.clear();
    standingGrants();
    log('[google] state reset');
  };
  const controlCtx: ControlContext = {
    state,
    oauth,
    mailboxes,
    clients,
    accounts,
    reset,
    log,
    consent: (authUrl, email, allow, scopes) => {
      let url: URL;
      try {
        url = new URL(authUrl);
      } catch {
        return { status: 400, body: { error: { message: `Not a URL: ${authUrl}` } } };
      }
      const check = oauth.checkAuthRequest(url.searchParams);
      if (!check.ok && 'redirect' in check) return { status: 200, body: { location: check.redirect } };
      if (!check.ok)
        return {
          status: check.page.status,
          body: { error: check.page.error, error_description: check.page.description },
        };
      const r = decide(check.request, allow, email, scopes);
      if ('invalidEmail' in r)
        return { status: 400, body: { error: { message: `Not an email address: ${email}` } } };
      return { status: 200, body: r };
    },
  };

  async function handleGmailSend(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    userId: string,
    upload: boolean,
    body: Buffer,
  ) {
    const token = bearer(req, url);
    const check = oauth.checkAccessToken(token);
    if (!check.ok) {
      say(`POST ${url.pathname} -> 401 (${check.reason})`);
      return sendApiError(res, unauthenticated(!token));
    }
    const access = check.token;
    if (!access.scopes.some((s) => SEND_SCOPES.includes(s))) {
      say(`POST ${url.pathname} -> 403 (token of ${access.email} lacks gmail.send)`);
      return sendApiError(res, insufficientScope());
    }
    if (userId !== 'me' && userId.toLowerCase() !== access.email) {
      return sendApiError(
        res,
        apiError(403, `Delegation denied for ${access.email}`, 'PERMISSION_DENIED', 'forbidden'),
      );
    }
    const failure = takeFailure('send');
    if (failure) {
      say(`POST ${url.pathname} -> ${failure.status} (injected failure)`);
      return sendApiError(res, injectedError(failure, Date.now()));
    }
    let raw: Buffer;
    let threadId: string | null = null;
    if (upload) {
      const uploadType = url.searchParams.get('uploadType');
      const contentType = req.headers['content-type'] ?? '';
      if (uploadType === 'multipart') {
        const parts = parseMultipartRelated(body, contentType);
        if (!parts) return sendApiError(res, badRequest('Invalid multipart request.'));
        raw = parts.message;
        threadId = typeof parts.metadata.threadId === 'string' ? parts.metadata.threadId : null;
      } else if (uploadType === 'media') {
        raw = body;
      } else {
        return sendApiError(
          res,
          badRequest(`Unsupported uploadType: ${uploadType ?? '(none)'} (media or multipart)`),
        );
      }
      if (raw.length === 0)
        return sendApiError(
          res,
          badRequest("'raw' RFC822 payload message string or uploading message via /upload/* URL required"),
        );
    } else {
      const parsed = rawFromJson(body);
      if ('status' in parsed) return sendApiError(res, parsed);
      raw = parsed.raw;
      threadId = parsed.threadId;
    }
    const result = await composeMessage({
      raw,
      threadId,
      account: access.email,
      clientId: access.clientId,
      mailbox: state.messages,
      now: Date.now(),
      newId: () => mailboxes.newId(Date.now()),
    });
    if (!result.ok) {
      say(`POST ${url.pathname} -> ${result.error.status} (${result.error.body.error.message})`);
      return sendApiError(res, result.error);
    }
    const message = result.message;
    const copies = await mailboxes.sent(message, raw);
    say(
      `gmail: ${message.account} sent "${message.subject}" to ${[...message.to, ...message.cc, ...message.bcc].map((a) => a.address).join(', ')} (${message.id})${copies.length ? `; copied to the inbox of ${copies.map((c) => c.account).join(', ')}` : ''}`,
    );
    sendJson(res, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
  }

  function userinfo(res: ServerResponse, access: AccessToken, v2: boolean) {
    const withEmail = access.scopes.includes(USERINFO_EMAIL);
    const withProfile = access.scopes.includes(USERINFO_PROFILE);
    const profile = withProfile ? profileOf(access.email) : null;
    const sub = subjectOf(access.email);
    if (v2)
      return sendJson(res, 200, {
        id: sub,
        ...(withEmail ? { email: access.email, verified_email: true } : {}),
        ...(profile ?? {}),
      });
    return sendJson(res, 200, {
      sub,
      ...(profile ?? {}),
      ...(withEmail ? { email: access.email, email_verified: true } : {}),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const p = url.pathname;
    const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req, MAX_BODY);
    let m: RegExpExecArray | null;

    if (p === '/__control' || p.startsWith('/__control/')) {
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'content-type',
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        });
        return void res.end();
      }
      return handleControl(res, method, url, body.toString('utf8'), controlCtx);
    }

    // --- OAuth 2.0 -------------------------------------------------------------------------
    if ((p === '/o/oauth2/v2/auth' || p === '/o/oauth2/auth') && (method === 'GET' || method === 'POST')) {
      const params = method === 'GET' ? url.searchParams : new URLSearchParams(body.toString('utf8'));
      const check = oauth.checkAuthRequest(params);
      const lang = pickLang(params.get('hl'), req.headers['accept-language']);
      if (!check.ok && 'redirect' in check) return redirect(res, check.redirect, 302);
      if (!check.ok) {
        say(`authorization request refused: ${check.page.error}: ${check.page.description}`);
        return sendHtml(res, check.page.status, renderAuthError(check.page, lang));
      }
      return sendHtml(
        res,
        200,
        renderConsent({ request: check.request, query: params.toString(), accounts, lang }),
      );
    }
    if (p === '/signin/oauth/consent' && method === 'POST') {
      const form = new URLSearchParams(body.toString('utf8'));
      const params = new URLSearchParams(form.get('request') ?? '');
      const check = oauth.checkAuthRequest(params);
      const lang = pickLang(params.get('hl'), req.headers['accept-language']);
      if (!check.ok && 'redirect' in check) return redirect(res, check.redirect, 302);
      if (!check.ok) return sendHtml(res, check.page.status, renderAuthError(check.page, lang));
      const account = form.get('account');
      const typed = form.get('other_email') ?? '';
      const email = account && account !== '__other' ? account : typed;
      const granted = form.get('granular') === '1' ? form.getAll('grant_scope') : undefined;
      const r = decide(check.request, form.get('decision') === 'allow', email, granted);
      if ('invalidEmail' in r)
        return sendHtml(
          res,
          400,
          renderConsent({
            request: check.request,
            query: params.toString(),
            accounts,
            lang,
            error: texts(lang).emailInvalid,
            typed,
          }),
        );
      return redirect(res, r.location, 302);
    }
    if ((p === '/token' || p === '/o/oauth2/token' || p === '/oauth2/v4/token') && method === 'POST') {
      const params = formOrJson(body, req.headers['content-type']);
      const failure = takeFailure('token');
      if (failure) {
        say(`POST ${p} -> ${failure.status} (injected failure)`);
        return sendJson(res, failure.status, {
          error: 'internal_failure',
          error_description: 'Backend Error',
        });
      }
      let basic: { id: string; secret: string } | null = null;
      const auth = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (auth) {
        const [id, ...secret] = Buffer.from(auth[1], 'base64').toString('utf8').split(':');
        basic = { id: decodeURIComponent(id), secret: decodeURIComponent(secret.join(':')) };
      }
      const r = oauth.token(params, basic);
      say(`POST ${p} ${params.grant_type ?? '-'} -> ${r.status} ${r.note}`);
      return sendJson(res, r.status, r.body);
    }
    if ((p === '/revoke' || p === '/o/oauth2/revoke') && (method === 'POST' || method === 'GET')) {
      const params = {
        ...formOrJson(body, req.headers['content-type']),
        ...Object.fromEntries(url.searchParams),
      };
      if (!params.token)
        return sendJson(res, 400, {
          error: 'invalid_request',
          error_description: 'Missing required parameter: token',
        });
      const r = oauth.revoke(params.token);
      if (!r.ok) {
        say(`${method} ${p} -> 400 (unknown, expired or already revoked token)`);
        return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      }
      say(`access of ${r.email} to ${r.clientId} revoked`);
      return sendJson(res, 200, {});
    }
    if (
      (p === '/tokeninfo' || p === '/oauth2/v3/tokeninfo' || p === '/oauth2/v2/tokeninfo') &&
      (method === 'GET' || method === 'POST')
    ) {
      const params = {
        ...formOrJson(body, req.headers['content-type']),
        ...Object.fromEntries(url.searchParams),
      };
      const token = params.access_token ?? bearer(req, url);
      const check = oauth.checkAccessToken(token);
      if (!check.ok)
        return sendJson(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
      const at = check.token;
      const expiresIn = Math.max(0, Math.floor((at.expiresAt - Date.now()) / 1000));
      const withEmail = at.scopes.includes(USERINFO_EMAIL);
      return sendJson(res, 200, {
        azp: at.clientId,
        aud: at.clientId,
        sub: subjectOf(at.email),
        scope: at.scopes.join(' '),
        exp: String(Math.floor(at.expiresAt / 1000)),
        expires_in: p === '/oauth2/v2/tokeninfo' ? expiresIn : String(expiresIn),
        ...(withEmail ? { email: at.email, email_verified: 'true' } : {}),
        access_type: oauth.accessType(at),
      });
    }
    if (
      method === 'GET' &&
      (p === '/oauth2/v2/userinfo' || p === '/userinfo/v2/me' || p === '/oauth2/v1/userinfo')
    ) {
      const token = bearer(req, url);
      const check = oauth.checkAccessToken(token);
      if (!check.ok) return sendApiError(res, unauthenticated(!token));
      return userinfo(res, check.token, true);
    }
    if (method === 'GET' && (p === '/oauth2/v3/userinfo' || p === '/v1/userinfo')) {
      const check = oauth.checkAccessToken(bearer(req, url));
      if (!check.ok)
        return sendJson(
          res,
          401,
          { error: 'invalid_request', error_description: 'Invalid Credentials' },
          {
            'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
          },
        );
      return userinfo(res, check.token, false);
    }
    if (method === 'GET' && p === '/oauth2/v1/certs') return sendJson(res, 200, signer.pemCerts());
    if (method === 'GET' && p === '/oauth2/v3/certs') return sendJson(res, 200, signer.jwks());
    if (method === 'GET' && p === '/.well-known/openid-configuration') {
      return sendJson(res, 200, {
        issuer: ISSUER,
        authorization_endpoint: `${serverUrl}/o/oauth2/v2/auth`,
        token_endpoint: `${serverUrl}/token`,
        userinfo_endpoint: `${serverUrl}/v1/userinfo`,
        revocation_endpoint: `${serverUrl}/revoke`,
        jwks_uri: `${serverUrl}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        claims_supported: [
          'aud',
          'email',
          'email_verified',
          'exp',
          'iat',
          'iss',
          'name',
          'sub',
          'at_hash',
          'nonce',
        ],
        code_challenge_methods_supported: ['plain', 'S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    }

    // --- Gmail -------------------------------------------------------------------------------
    if ((m = /^\/(upload\/)?gmail\/v1\/users\/([^/]+)\/messages\/send$/.exec(p))) {
      if (method !== 'POST')
        return sendApiError(
          res,
          apiError(405, 'Method not allowed.', 'UNIMPLEMENTED', 'httpMethodNotAllowed'),
        );
      return handleGmailSend(req, res, url, decodeURIComponent(m[2]), Boolean(m[1]), body);
    }
    if (p.startsWith('/gmail/')) {
      const answer = handleGmailRead(
        { state, oauth, say, takeFailure },
        { method, path: p, params: url.searchParams, token: bearer(req, url) },
      );
      if (answer) return sendJson(res, answer.status, answer.body, answer.headers);
    }
    if (p.startsWith('/gmail/') || p.startsWith('/upload/gmail/')) {
      say(`${method} ${p} -> 404 (not part of the local Gmail)`);
      return sendJson(res, 404, {
        error: {
          code: 404,
          message: `The local Gmail implements users.messages.send and the reads (GET profile, history, messages, messages/{id}, messages/{id}/attachments/{id}, threads, threads/{id}, labels, labels/{id}); not ${method} ${p}.`,
          status: 'NOT_FOUND',
        },
      });
    }

    // --- Developer page ----------------------------------------------------------------------
    const page = (lang: Lang, status = 200, error?: string) =>
      sendHtml(
        res,
        status,
        renderMailbox({
          lang,
          serverUrl,
          messages: listMessages(state, new URLSearchParams()),
          accounts: mailboxes.accounts(),
          historyIds: Object.fromEntries(
            [...state.mailboxes.values()].map((b) => [b.account, String(b.historyId)]),
          ),
          grants: [...state.grants.values()].filter((g) => g.refreshToken).reverse(),
          pendingFailures: state.failures.reduce((n, f) => n + f.remaining, 0),
          error,
        }),
      );
    if (p === '/' && method === 'GET') {
      return page(pickLang(url.searchParams.get('hl'), req.headers['accept-language']));
    }
    if ((m = /^\/mailbox\/(reply|bounce|write)$/.exec(p)) && method === 'POST') {
      const form = new URLSearchParams(body.toString('utf8'));
      const lang = pickLang(form.get('hl'), req.headers['accept-language']);
      const action = m[1];
      try {
        let delivered;
        if (action === 'write') {
          delivered = await deliver(mailboxes, {
            to: form.get('to') ?? '',
            from: { name: form.get('from_name') ?? undefined, address: (form.get('from') ?? '').trim() },
            subject: form.get('subject') ?? '',
            text: form.get('text') ?? '',
          });
        } else {
          const original = state.messages.find((x) => x.id === form.get('id'));
          if (!original) throw new DeliverError(404, `No message ${form.get('id') ?? ''}.`);
          delivered =
            action === 'reply'
              ? await deliver(mailboxes, {
                  to: original.account,
                  inReplyTo: original.id,
                  text: form.get('text') ?? '',
                })
              : await deliver(mailboxes, { to: original.account, bounce: original.id });
        }
        say(
          `mailbox page: ${action} → "${delivered.subject}" in the inbox of ${delivered.account} (${delivered.id})`,
        );
        return redirect(res, `/?hl=${lang}#m-${delivered.id}`, 303);
      } catch (err) {
        if (!(err instanceof DeliverError)) throw err;
        return page(lang, err.status, err.message);
      }
    }
    if (p === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  }

  const listening = await listenStandIn('google', handle, { port: options.port, host }, log);
  const { server, port } = listening;
  serverUrl = listening.url;

  const exportJson = () => `${JSON.stringify(state.toJSON(), null, 1)}\n`;
  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    url: serverUrl,
    endpoints: googleEndpoints(serverUrl),
    state,
    oauth,
    clients,
    mailboxes,
    messages: () => listMessages(state, new URLSearchParams()),
    deliver: (request) => deliver(mailboxes, request),
    exportState: () => state.toJSON(),
    exportTo: (file) => writeAtomically(file, exportJson()),
    reset,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (options.exportFile) await writeAtomically(options.exportFile, exportJson());
      })();
      return closing;
    },
  };
}

function badRequest(message: string): ApiError {
  return apiError(400, message, 'INVALID_ARGUMENT', 'badRequest');
}
