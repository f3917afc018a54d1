/**
 * Everything the local Google knows, in memory: authorization codes, grants (one per refresh
 * token), access tokens, the accounts' mailboxes with their history, and the failures tests
 * asked for. Times are epoch milliseconds of the real clock (there is no simulated clock here).
 * `toJSON()` / `load()` are the `google.json` format of the local cloud's --import /
 * --export-on-exit directory.
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
  /** Unique across every mailbox (Gmail's are unique per mailbox). */
  id: string;
  /** Per mailbox: the id of the thread's first message in this account's mailbox. */
  threadId: string;
  labelIds: string[];
  /** The mailbox's history record that added it (decimal, like Gmail's). */
  historyId: string;
  /** Gmail's internalDate, epoch ms: when the message entered the mailbox (or the `date` of a delivery). */
  internalDate: number;
  /** When the local Gmail accepted it (ISO). */
  sentAt: string;
  /** The mailbox it belongs to: the sender's for a sent message, the recipient's for a received one. */
  account: string;
  /** The OAuth client that sent it (null for received mail). */
  clientId: string | null;
  /** For the copy a sent message leaves in a local account's inbox: the id of the sent message. */
  copyOf: string | null;
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

export type FailureTarget = 'send' | 'token' | 'read';

/** One Gmail history record (only messagesAdded changes exist here). */
export interface HistoryRecord {
  id: string;
  messages: { id: string; threadId: string }[];
  messagesAdded: { message: { id: string; threadId: string; labelIds: string[] } }[];
}

/** One account's mailbox history: its current historyId and the records still retained. */
export interface MailboxHistory {
  account: string;
  /** The mailbox's current historyId. */
  historyId: number;
  /** A startHistoryId below this answers 404: the history before it is gone. */
  oldestHistoryId: number;
  /** Oldest first. */
  records: HistoryRecord[];
}

export interface InjectedFailure {
  status: number;
  remaining: number;
  target: FailureTarget;
}

export const STATE_FORMAT = 'trato-google-export';

export interface StateExport {
  format: typeof STATE_FORMAT;
  /** 2 added per-account history (`mailboxes`); a version 1 file is read too. */
  version: 1 | 2;
  codes: AuthCode[];
  grants: Grant[];
  accessTokens: AccessToken[];
  messages: MailMessage[];
  mailboxes?: MailboxHistory[];
}

/** A new mailbox's first historyId: a random 6-7 digit number, like a young Gmail account's. */
const firstHistoryId = () => 100_000 + Math.floor(Math.random() * 4_900_000);
/** Gmail's history ids increase with gaps between them. */
const historyGap = () => 1 + Math.floor(Math.random() * 7);

export class GoogleState {
  codes = new Map<string, AuthCode>();
  grants = new Map<string, Grant>();
  /** Refresh token → grant id. */
  refreshTokens = new Map<string, string>();
  accessTokens = new Map<string, AccessToken>();
  /**
   * Every mailbox's messages in the order they arrived (oldest first); a sent message's copies in
   * local inboxes come just before it, so listings newest first show the sent message first.
   */
  messages: MailMessage[] = [];
  /** Per account (lower-case address). */
  mailboxes = new Map<string, MailboxHistory>();
  /**
   * The highest historyId ever given, kept across clear(): a mailbox made again after a reset
   * starts above it, so a client's stored startHistoryId answers 404 (full sync), never a
   * silent "no changes".
   */
  private highestHistoryId = 0;
  failures: InjectedFailure[] = [];

  clear(): void {
    this.codes.clear();
    this.grants.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.messages = [];
    this.mailboxes.clear();
    this.failures = [];
  }

  /** The account's history, created (with a random first historyId) on first use. */
  mailbox(account: string): MailboxHistory {
    const key = account.toLowerCase();
    let box = this.mailboxes.get(key);
    if (!box) {
      const start = Math.max(firstHistoryId(), this.highestHistoryId + 1000 + historyGap());
      box = { account: key, historyId: start, oldestHistoryId: start, records: [] };
      this.mailboxes.set(key, box);
    }
    return box;
  }

  /** Records the message's arrival in its mailbox's history and sets its historyId. */
  recordAdded(message: MailMessage): HistoryRecord {
    const box = this.mailbox(message.account);
    box.historyId += historyGap();
    this.highestHistoryId = Math.max(this.highestHistoryId, box.historyId);
    const id = String(box.historyId);
    message.historyId = id;
    const record: HistoryRecord = {
      id,
      messages: [{ id: message.id, threadId: message.threadId }],
      messagesAdded: [
        { message: { id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] } },
      ],
    };
    box.records.push(record);
    return record;
  }

  /** Drops an account's history: any earlier startHistoryId answers 404 from now on. */
  expireHistory(account: string): MailboxHistory {
    const box = this.mailbox(account);
    box.records = [];
    box.oldestHistoryId = box.historyId;
    return box;
  }

  /** Empties every mailbox and its history (history ids keep increasing). */
  clearMessages(): number {
    const n = this.messages.length;
    this.messages = [];
    for (const box of this.mailboxes.values()) this.expireHistory(box.account);
    return n;
  }

  /** One account's messages, in the order they arrived. */
  messagesOf(account: string): MailMessage[] {
    const key = account.toLowerCase();
    return this.messages.filter((m) => m.account === key);
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
      version: 2,
      codes: [...this.codes.values()],
      grants: [...this.grants.values()],
      accessTokens: [...this.accessTokens.values()],
      messages: this.messages,
      mailboxes: [...this.mailboxes.values()],
    };
  }

  load(data: StateExport): void {
    if (data.format !== STATE_FORMAT) throw new Error(`not a ${STATE_FORMAT} file`);
    this.clear();
    for (const c of data.codes ?? []) this.codes.set(c.code, c);
    for (const g of data.grants ?? []) this.addGrant(g);
    for (const a of data.accessTokens ?? []) this.accessTokens.set(a.token, a);
    for (const box of data.mailboxes ?? []) {
      this.mailboxes.set(box.account, { ...box });
      this.highestHistoryId = Math.max(this.highestHistoryId, box.historyId);
    }
    // A version 1 file: sent messages only, without history; they get it in their order.
    for (const m of data.messages ?? []) {
      const message: MailMessage = {
        ...m,
        account: m.account.toLowerCase(),
        clientId: m.clientId ?? null,
        copyOf: m.copyOf ?? null,
        internalDate: m.internalDate ?? Date.parse(m.sentAt),
        historyId: m.historyId ?? '',
      };
      if (!message.historyId) this.recordAdded(message);
      this.messages.push(message);
    }
  }
}
