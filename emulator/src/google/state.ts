/**
 * Everything the local Google knows, in memory: authorization codes, grants (one per refresh
 * token), access tokens, the local mailbox and the failures tests asked for. Times are epoch
 * milliseconds of the real clock (there is no simulated clock here). `toJSON()` / `load()` are the
 * `google.json` format of the local cloud's --import / --export-on-exit directory.
 */

/** An OAuth client as registered in the Google Cloud console (here: flags or options). */
export interface OAuthClient {
  id: string;
  secret: string;
  /** Exact matches, as Google does for Web application clients. */
  redirectUris: string[];
  /** Shown on the consent page ("Trato wants to access your Google Account"). */
  name: string;
}

export interface AuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  email: string;
  scopes: string[];
  accessType: 'online' | 'offline';
  prompt: string[];
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** What the person allowed: one per refresh token (online access gets a grant without one). */
export interface Grant {
  id: string;
  clientId: string;
  email: string;
  scopes: string[];
  refreshToken: string | null;
  createdAt: number;
  lastUsedAt: number;
  revokedAt: number | null;
}

export interface AccessToken {
  token: string;
  grantId: string;
  clientId: string;
  email: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
}

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  /** When the local Gmail accepted it (ISO). */
  sentAt: string;
  /** The connected address the access token belongs to. */
  account: string;
  clientId: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  /** Decoded (RFC 2047). */
  subject: string;
  /** The Date header (ISO), null when absent. */
  date: string | null;
  messageId: string | null;
  text: string | null;
  html: string | null;
  /** Header lines as sent (folded lines joined), in order. */
  headers: { name: string; value: string }[];
  attachments: { filename: string | null; contentType: string; size: number }[];
  sizeEstimate: number;
  /** Things Gmail accepts but that are probably mistakes (e.g. 8-bit header bytes). */
  warnings: string[];
  /** The RFC 5322 message, base64url. */
  raw: string;
}

export type FailureTarget = 'send' | 'token';

export interface InjectedFailure {
  status: number;
  remaining: number;
  target: FailureTarget;
}

export const STATE_FORMAT = 'trato-google-export';

export interface StateExport {
  format: typeof STATE_FORMAT;
  version: 1;
  codes: AuthCode[];
  grants: Grant[];
  accessTokens: AccessToken[];
  messages: MailMessage[];
}

export class GoogleState {
  codes = new Map<string, AuthCode>();
  grants = new Map<string, Grant>();
  /** Refresh token → grant id. */
  refreshTokens = new Map<string, string>();
  accessTokens = new Map<string, AccessToken>();
  /** In the order they were sent (oldest first). */
  messages: MailMessage[] = [];
  failures: InjectedFailure[] = [];

  clear(): void {
    this.codes.clear();
    this.grants.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.messages = [];
    this.failures = [];
  }

  addGrant(grant: Grant): void {
    this.grants.set(grant.id, grant);
    if (grant.refreshToken) this.refreshTokens.set(grant.refreshToken, grant.id);
  }

  grantOfRefreshToken(token: string): Grant | undefined {
    const id = this.refreshTokens.get(token);
    return id ? this.grants.get(id) : undefined;
  }

  /** Revokes the grant and drops its access tokens (what Google's /revoke does). */
  revokeGrant(grant: Grant, now: number): number {
    grant.revokedAt ??= now;
    let dropped = 0;
    for (const [token, at] of this.accessTokens) {
      if (at.grantId === grant.id) {
        this.accessTokens.delete(token);
        dropped++;
      }
    }
    return dropped;
  }

  /** Expired codes and access tokens are dropped now and then, so a long session stays small. */
  sweep(now: number): void {
    for (const [code, c] of this.codes) if (c.expiresAt + 60 * 60_000 < now) this.codes.delete(code);
    for (const [token, at] of this.accessTokens)
      if (at.expiresAt + 60 * 60_000 < now) this.accessTokens.delete(token);
  }

  toJSON(): StateExport {
    return {
      format: STATE_FORMAT,
      version: 1,
      codes: [...this.codes.values()],
      grants: [...this.grants.values()],
      accessTokens: [...this.accessTokens.values()],
      messages: this.messages,
    };
  }

  load(data: StateExport): void {
    if (data.format !== STATE_FORMAT) throw new Error(`not a ${STATE_FORMAT} file`);
    this.clear();
    for (const c of data.codes ?? []) this.codes.set(c.code, c);
    for (const g of data.grants ?? []) this.addGrant(g);
    for (const a of data.accessTokens ?? []) this.accessTokens.set(a.token, a);
    this.messages = [...(data.messages ?? [])];
  }
}
