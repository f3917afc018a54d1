/**
 * Google's OAuth 2.0 web-server flow without HTTP: checking an authorization request, issuing a
 * code for the person's decision, the token endpoint's two grants, revocation, and access-token
 * checks for the APIs. Answers use Google's shapes (`{error, error_description}` on the token
 * endpoint) so google-auth-library raises what it raises against Google.
 */
import { createHash, randomBytes } from 'node:crypto';
import { accessTokenHash, ISSUER, subjectOf, type IdTokenSigner } from './idtoken.js';
import type { AccessToken, AuthCode, Grant, GoogleState, OAuthClient } from './state.js';

export const GMAIL_SEND = 'https://www.googleapis.com/auth/gmail.send';
export const USERINFO_EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
export const USERINFO_PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';

/** Scope names Google accepts, mapped to the form it reports back (`email` → userinfo.email). */
const KNOWN_SCOPES: Record<string, string> = {
  openid: 'openid',
  email: USERINFO_EMAIL,
  profile: USERINFO_PROFILE,
  [USERINFO_EMAIL]: USERINFO_EMAIL,
  [USERINFO_PROFILE]: USERINFO_PROFILE,
  [GMAIL_SEND]: GMAIL_SEND,
  'https://www.googleapis.com/auth/gmail.compose': 'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.readonly': 'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.modify': 'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/gmail.metadata': 'https://www.googleapis.com/auth/gmail.metadata',
  'https://www.googleapis.com/auth/gmail.labels': 'https://www.googleapis.com/auth/gmail.labels',
  'https://mail.google.com/': 'https://mail.google.com/',
};

/** Scopes that let a token call users.messages.send. */
export const SEND_SCOPES = [
  GMAIL_SEND,
  'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];

/** The authorization endpoint's parameters; anything else is refused, as Google does. */
const AUTH_PARAMS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'access_type',
  'prompt',
  'login_hint',
  'include_granted_scopes',
  'enable_granular_consent',
  'hl',
  'nonce',
  'hd',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
]);

export interface OAuthOptions {
  clients: () => OAuthClient[];
  /** Scopes every authorization request must include (a local rule, see the README). */
  requiredScopes: string[];
  /** Refuse authorization requests without `state` (a local rule: the project's CSRF check). */
  requireState: boolean;
  accessTokenTtlMs: () => number;
  codeTtlMs: number;
  signer: IdTokenSigner;
  now: () => number;
}

export interface AuthRequest {
  client: OAuthClient;
  redirectUri: string;
  /** Canonical scope names, in the order asked. */
  scopes: string[];
  state: string | null;
  accessType: 'online' | 'offline';
  prompt: string[];
  loginHint: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  includeGrantedScopes: boolean;
  hl: string | null;
}

/** Google shows these on its own "Access blocked" page rather than redirecting. */
export interface AuthError {
  status: number;
  error: string;
  description: string;
  params: [string, string][];
}

export type AuthCheck =
  { ok: true; request: AuthRequest } | { ok: false; page: AuthError } | { ok: false; redirect: string };

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The code_challenge a verifier answers: BASE64URL(SHA256(verifier)) for S256, itself for plain. */
export function pkceChallenge(verifier: string, method: 'S256' | 'plain' | null): string {
  return method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
}

export function canonicalScopes(scope: string): { scopes: string[]; invalid: string[] } {
  const scopes: string[] = [];
  const invalid: string[] = [];
  for (const s of scope.split(/[\s+]+/).filter(Boolean)) {
    const c = KNOWN_SCOPES[s];
    if (!c) invalid.push(s);
    else if (!scopes.includes(c)) scopes.push(c);
  }
  return { scopes, invalid };
}

function withParams(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

export class OAuthService {
  constructor(
    private readonly state: GoogleState,
    readonly options: OAuthOptions,
  ) {}

  client(id: string | null | undefined): OAuthClient | undefined {
    return id ? this.options.clients().find((c) => c.id === id) : undefined;
  }

  /** The checks Google makes before it shows the consent screen, in its order. */
  checkAuthRequest(params: URLSearchParams): AuthCheck {
    const get = (k: string) => params.get(k);
    const shown: [string, string][] = [...params.entries()];
    const page = (status: number, error: string, description: string): AuthCheck => ({
      ok: false,
      page: { status, error, description, params: shown },
    });
    const clientId = get('client_id');
    if (!clientId) return page(400, 'invalid_request', 'Missing required parameter: client_id');
    const client = this.client(clientId);
    if (!client) return page(401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = get('redirect_uri');
    if (!redirectUri) return page(400, 'invalid_request', 'Missing required parameter: redirect_uri');
    if (!client.redirectUris.includes(redirectUri))
      return page(
        400,
        'redirect_uri_mismatch',
        `The redirect URI in the request, ${redirectUri}, does not match the ones authorized for the OAuth client (${client.redirectUris.join(', ')}).`,
      );
    for (const key of params.keys())
      if (!AUTH_PARAMS.has(key))
        return page(400, 'invalid_request', `Parameter not allowed for this message type: ${key}`);
    const responseType = get('response_type');
    if (!responseType) return page(400, 'invalid_request', 'Required parameter is missing: response_type');
    if (responseType !== 'code')
      return page(400, 'unsupported_response_type', `Unsupported response_type: ${responseType} (only code)`);
    const scope = get('scope');
    if (!scope?.trim()) return page(400, 'invalid_request', 'Missing required parameter: scope');
    const { scopes, invalid } = canonicalScopes(scope);
    if (invalid.length)
      return page(
        400,
        'invalid_scope',
        `Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`,
      );
    const missing = this.options.requiredScopes.filter((s) => !scopes.includes(KNOWN_SCOPES[s] ?? s));
    if (missing.length)
      return page(
        400,
        'invalid_scope',
        `This local Google requires the scopes ${missing.join(', ')} (the Gmail connection asks for gmail.send, openid and email).`,
      );
    const accessType = get('access_type') ?? 'online';
    if (accessType !== 'online' && accessType !== 'offline')
      return page(400, 'invalid_request', `Invalid access_type: ${accessType}`);
    const prompt = (get('prompt') ?? '').split(/[\s+]+/).filter(Boolean);
    for (const p of prompt)
      if (!['none', 'consent', 'select_account'].includes(p))
        return page(400, 'invalid_request', `Invalid prompt: ${p}`);
    if (prompt.includes('none') && prompt.length > 1)
      return page(400, 'invalid_request', 'prompt=none cannot be combined with other values');
    const state = get('state');
    if (this.options.requireState && !state)
      return page(
        400,
        'invalid_request',
        'Missing required parameter: state (required by this local Google)',
      );
    const codeChallenge = get('code_challenge');
    const method = get('code_challenge_method');
    if (method && !codeChallenge) return page(400, 'invalid_request', 'Missing code_challenge');
    if (method && method !== 'S256' && method !== 'plain')
      return page(400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
    if (prompt.includes('none')) {
      // No browser session here: nobody is signed in, so the silent flow cannot succeed.
      return { ok: false, redirect: withParams(redirectUri, { error: 'login_required', state }) };
    }
    return {
      ok: true,
      request: {
        client,
        redirectUri,
        scopes,
        state,
        accessType,
        prompt,
        loginHint: get('login_hint'),
        nonce: get('nonce'),
        codeChallenge,
        codeChallengeMethod: codeChallenge ? ((method as 'S256' | 'plain' | null) ?? 'plain') : null,
        includeGrantedScopes: get('include_granted_scopes') === 'true',
        hl: get('hl'),
      },
    };
  }

  /** Where the browser goes after Deny: the redirect URI with `error=access_denied`, like Google. */
  denial(request: AuthRequest): string {
    return withParams(request.redirectUri, { error: 'access_denied', state: request.state });
  }

  /**
   * Allow: a single-use code bound to the client, redirect URI, address and granted scopes.
   * `granted` is what the person left checked (identity scopes are always granted).
   */
  approve(request: AuthRequest, email: string, granted?: string[]): { code: AuthCode; location: string } {
    const now = this.options.now();
    let scopes = request.scopes.filter(
      (s) =>
        !granted || granted.includes(s) || s === 'openid' || s === USERINFO_EMAIL || s === USERINFO_PROFILE,
    );
    if (request.includeGrantedScopes) {
      for (const g of this.state.grants.values())
        if (g.clientId === request.client.id && g.email === email && g.revokedAt === null)
          for (const s of g.scopes) if (!scopes.includes(s)) scopes = [...scopes, s];
    }
    const code: AuthCode = {
      code: `4/0${random(36)}`,
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      email,
      scopes,
      accessType: request.accessType,
      prompt: request.prompt,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      createdAt: now,
      expiresAt: now + this.options.codeTtlMs,
      usedAt: null,
    };
    this.state.codes.set(code.code, code);
    const location = withParams(request.redirectUri, {
      state: request.state,
      code: code.code,
      scope: scopes.join(' '),
      authuser: '0',
      prompt: 'consent',
    });
    return { code, location };
  }

  // --- Token endpoint ------------------------------------------------------------------------

  token(
    params: Record<string, string>,
    basic: { id: string; secret: string } | null,
  ): { status: number; body: Record<string, unknown>; note: string } {
    const fail = (status: number, error: string, description: string, note = description) => ({
      status,
      body: { error, error_description: description },
      note: `${error}: ${note}`,
    });
    const grantType = params.grant_type;
    if (!grantType) return fail(400, 'invalid_request', 'Missing required parameter: grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      return fail(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
    const clientId = basic?.id ?? params.client_id;
    const secret = basic?.secret ?? params.client_secret;
    if (!clientId) return fail(400, 'invalid_request', 'Could not determine client ID from request.');
    const client = this.client(clientId);
    if (!client) return fail(401, 'invalid_client', 'The OAuth client was not found.');
    if (secret !== client.secret) return fail(401, 'invalid_client', 'Unauthorized', 'wrong client_secret');
    const now = this.options.now();

    if (grantType === 'authorization_code') {
      const codeValue = params.code;
      if (!codeValue) return fail(400, 'invalid_request', 'Missing required parameter: code');
      const code = this.state.codes.get(codeValue);
      if (!code)
        return codeValue.startsWith('4/')
          ? fail(400, 'invalid_grant', 'Bad Request', 'unknown code')
          : fail(400, 'invalid_grant', 'Malformed auth code.');
      if (code.usedAt !== null) return fail(400, 'invalid_grant', 'Bad Request', 'code already used');
      if (code.expiresAt <= now) return fail(400, 'invalid_grant', 'Bad Request', 'code expired');
      if (code.clientId !== client.id)
        return fail(400, 'invalid_grant', 'Bad Request', 'code issued to another client');
      if (!params.redirect_uri) return fail(400, 'invalid_request', 'Missing parameter: redirect_uri');
      if (params.redirect_uri !== code.redirectUri)
        return fail(
          400,
          'redirect_uri_mismatch',
          'Bad Request',
          `redirect_uri ${params.redirect_uri} ≠ ${code.redirectUri}`,
        );
      // PKCE (RFC 7636): a code whose authorization carried a challenge is redeemed only with its
      // verifier; one without a challenge refuses a verifier, as Google does. A refused attempt
      // does not use the code up.
      const verifier = params.code_verifier;
      if (code.codeChallenge) {
        if (!verifier) return fail(400, 'invalid_grant', 'Missing code verifier.');
        if (pkceChallenge(verifier, code.codeChallengeMethod) !== code.codeChallenge)
          return fail(400, 'invalid_grant', 'Invalid code verifier.');
      } else if (verifier !== undefined) {
        return fail(400, 'invalid_grant', 'code_verifier or verifier is not needed.');
      }
      code.usedAt = now;
      const hasRefresh = [...this.state.grants.values()].some(
        (g) => g.clientId === client.id && g.email === code.email && g.refreshToken && g.revokedAt === null,
      );
      // Google hands out a refresh token for offline access on the first consent, and again
      // only when the consent screen was forced (prompt=consent).
      const issueRefresh = code.accessType === 'offline' && (code.prompt.includes('consent') || !hasRefresh);
      const grant: Grant = {
        id: random(12),
        clientId: client.id,
        email: code.email,
        scopes: code.scopes,
        refreshToken: issueRefresh ? `1//0${random(48)}` : null,
        createdAt: now,
        lastUsedAt: now,
        revokedAt: null,
      };
      this.state.addGrant(grant);
      const access = this.issueAccessToken(grant, now);
      return {
        status: 200,
        body: {
          access_token: access.token,
          expires_in: Math.max(0, Math.round((access.expiresAt - now) / 1000)),
          ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
          scope: grant.scopes.join(' '),
          token_type: 'Bearer',
          ...this.idToken(grant, access, code.nonce, now),
        },
        note: `authorization_code for ${grant.email}${grant.refreshToken ? ' (with refresh token)' : ''}`,
      };
    }

    const refreshToken = params.refresh_token;
    if (!refreshToken) return fail(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = this.state.grantOfRefreshToken(refreshToken);
    if (!grant) return fail(400, 'invalid_grant', 'Bad Request', 'unknown refresh token');
    if (grant.clientId !== client.id)
      return fail(401, 'unauthorized_client', 'Unauthorized', 'refresh token of another client');
    if (grant.revokedAt !== null)
      return fail(400, 'invalid_grant', 'Token has been expired or revoked.', `revoked (${grant.email})`);
    let scopes = grant.scopes;
    if (params.scope) {
      const asked = canonicalScopes(params.scope);
      const extra = asked.scopes.filter((s) => !grant.scopes.includes(s));
      if (asked.invalid.length || extra.length)
        return fail(400, 'invalid_scope', 'Some requested scopes were not granted.');
      scopes = asked.scopes;
    }
    grant.lastUsedAt = now;
    const access = this.issueAccessToken(grant, now, scopes);
    return {
      status: 200,
      body: {
        access_token: access.token,
        expires_in: Math.max(0, Math.round((access.expiresAt - now) / 1000)),
        scope: scopes.join(' '),
        token_type: 'Bearer',
        ...this.idToken({ ...grant, scopes }, access, null, now),
      },
      note: `refresh_token for ${grant.email}`,
    };
  }

  private issueAccessToken(grant: Grant, now: number, scopes = grant.scopes): AccessToken {
    const access: AccessToken = {
      token: `ya29.local-${random(48)}`,
      grantId: grant.id,
      clientId: grant.clientId,
      email: grant.email,
      scopes,
      issuedAt: now,
      expiresAt: now + this.options.accessTokenTtlMs(),
    };
    this.state.accessTokens.set(access.token, access);
    this.state.sweep(now);
    return access;
  }

  private idToken(
    grant: Grant,
    access: AccessToken,
    nonce: string | null,
    now: number,
  ): { id_token?: string } {
    if (!grant.scopes.includes('openid')) return {};
    const iat = Math.floor(now / 1000);
    const withEmail = grant.scopes.includes(USERINFO_EMAIL);
    const withProfile = grant.scopes.includes(USERINFO_PROFILE);
    return {
      id_token: this.options.signer.sign({
        iss: ISSUER,
        azp: grant.clientId,
        aud: grant.clientId,
        sub: subjectOf(grant.email),
        ...(withEmail ? { email: grant.email, email_verified: true } : {}),
        at_hash: accessTokenHash(access.token),
        ...(nonce ? { nonce } : {}),
        ...(withProfile ? profileOf(grant.email) : {}),
        iat,
        exp: iat + 3600,
      }),
    };
  }

  // --- Revocation and token checks ----------------------------------------------------------

  /**
   * /revoke: an access or refresh token ends the person's whole grant to that client (every
   * refresh token and access token of that client and address), as Google does.
   */
  revoke(token: string): { ok: true; email: string; clientId: string } | { ok: false } {
    const now = this.options.now();
    const grant = this.state.grantOfRefreshToken(token);
    let target: { clientId: string; email: string } | undefined;
    if (grant && grant.revokedAt === null) target = grant;
    const access = this.state.accessTokens.get(token);
    if (!target && access && access.expiresAt > now) target = access;
    if (!target) return { ok: false };
    this.revokeWhere((g) => g.clientId === target.clientId && g.email === target.email);
    return { ok: true, email: target.email, clientId: target.clientId };
  }

  /** Revokes matching live grants; returns how many grants and access tokens ended. */
  revokeWhere(match: (g: Grant) => boolean): { grants: number; accessTokens: number } {
    const now = this.options.now();
    let grants = 0;
    let accessTokens = 0;
    for (const g of this.state.grants.values()) {
      if (g.revokedAt !== null || !match(g)) continue;
      accessTokens += this.state.revokeGrant(g, now);
      grants++;
    }
    return { grants, accessTokens };
  }

  /** An access token the APIs accept: known, not expired, its grant not revoked. */
  checkAccessToken(token: string | null): { ok: true; token: AccessToken } | { ok: false; reason: string } {
    if (!token) return { ok: false, reason: 'no access token' };
    const access = this.state.accessTokens.get(token);
    if (!access) return { ok: false, reason: 'unknown or revoked access token' };
    if (access.expiresAt <= this.options.now()) return { ok: false, reason: 'expired access token' };
    const grant = this.state.grants.get(access.grantId);
    if (!grant || grant.revokedAt !== null) return { ok: false, reason: 'revoked access token' };
    return { ok: true, token: access };
  }

  /** Ends the access tokens' lives now (all, or one address's); refresh tokens keep working. */
  expireAccessTokens(email?: string): number {
    const now = this.options.now();
    let n = 0;
    for (const at of this.state.accessTokens.values()) {
      if (email && at.email !== email) continue;
      if (at.expiresAt > now) {
        at.expiresAt = now;
        n++;
      }
    }
    return n;
  }

  /** Ends pending authorization codes now (to test an expired code). */
  expireCodes(): number {
    const now = this.options.now();
    let n = 0;
    for (const c of this.state.codes.values()) {
      if (c.usedAt === null && c.expiresAt > now) {
        c.expiresAt = now;
        n++;
      }
    }
    return n;
  }

  accessType(access: AccessToken): 'online' | 'offline' {
    return this.state.grants.get(access.grantId)?.refreshToken ? 'offline' : 'online';
  }
}

/** Names made up from the address (for the `profile` scope). */
export function profileOf(email: string): {
  name: string;
  given_name: string;
  family_name?: string;
  picture: string;
} {
  const local = email.split('@')[0];
  const parts = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1));
  const given = parts[0] ?? local;
  return {
    name: parts.join(' ') || local,
    given_name: given,
    ...(parts.length > 1 ? { family_name: parts.slice(1).join(' ') } : {}),
    picture: '',
  };
}
