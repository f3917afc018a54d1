/**
 * Two-way e-mail (issue 32): what Trato keeps of the mail a member's connected Gmail exchanges
 * with the organization's contacts, who may read which part of it (the member's privacy choice),
 * and the pure decisions the sync makes — which addresses a message involves, whether it is a
 * bounce, the keys of its documents. Pure: the functions and the web share it.
 */
import type { TimestampLike } from './entities.js';

// ── Privacy and scopes ───────────────────────────────────────────────────────

/**
 * What a member shares of their mailbox with the organization (Ajustes → Cuentas de email):
 * - `shared` (the default): the messages' headers and bodies;
 * - `metadata`: headers only (sender, recipients, date, subject) — Trato asks Google for
 *   gmail.metadata and never reads a body, not even for the member;
 * - `private`: the others see that an exchange happened (when, with which contact, in which
 *   direction); only the member reads headers and bodies.
 */
export const MAIL_PRIVACY = ['shared', 'metadata', 'private'] as const;
export type MailPrivacy = (typeof MAIL_PRIVACY)[number];
export const DEFAULT_MAIL_PRIVACY: MailPrivacy = 'shared';

export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';
export const GMAIL_READONLY_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
export const GMAIL_METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';

/** The reading scope a privacy choice needs. */
export function readScopeFor(privacy: MailPrivacy): string {
  return privacy === 'metadata' ? GMAIL_METADATA_SCOPE : GMAIL_READONLY_SCOPE;
}

/** What the OAuth grant asks for: send, the reading scope of the privacy choice, the address. */
export function gmailScopesFor(privacy: MailPrivacy): string[] {
  return [GMAIL_SEND_SCOPE, readScopeFor(privacy), 'openid', 'email'];
}

/**
 * Whether a grant (Google's space-separated `scope`) lets Trato read the mailbox as `privacy`
 * wants: readonly serves every choice (metadata is then read as headers only); metadata serves
 * only 'metadata' — and restricts the whole grant, readonly included, as Gmail does.
 */
export function grantReads(scope: string, privacy: MailPrivacy): boolean {
  const granted = new Set(scope.split(/\s+/).filter(Boolean));
  if (granted.has(GMAIL_METADATA_SCOPE)) return privacy === 'metadata';
  return granted.has(GMAIL_READONLY_SCOPE) || granted.has('https://mail.google.com/');
}

/** Whether bodies are kept for a mailbox with this privacy (never with metadata only). */
export const keepsBodies = (privacy: MailPrivacy): boolean => privacy !== 'metadata';

// ── Sync constants ───────────────────────────────────────────────────────────

/** The first sync reads this many days back. */
export const MAIL_SYNC_WINDOW_DAYS = 90;
/** … and at most this many messages of that window (newest first). */
export const MAIL_SYNC_INITIAL_MAX = 500;
/** Messages one incremental pass of one mailbox takes (the rest wait for the next pass). */
export const MAIL_SYNC_PASS_MAX = 200;
/** The schedule's period; a member may also ask for a sync now. */
export const MAIL_SYNC_EVERY_MINUTES = 3;
/** After a 429 from Gmail, the mailbox waits this long (doubling up to the maximum). */
export const MAIL_SYNC_BACKOFF_MS = 5 * 60_000;
export const MAIL_SYNC_BACKOFF_MAX_MS = 60 * 60_000;
/** A body longer than this (characters of text + HTML) is cut, and says so. */
export const EMAIL_BODY_MAX_CHARS = 300_000;
/** Attachments downloadable through getEmailAttachment (Gmail's own limit is 25 MB). */
export const EMAIL_ATTACHMENT_MAX_BYTES = 7 * 1024 * 1024;
/** Recipients (to + cc) of one e-mail written from a contact's page. */
export const EMAIL_RECIPIENTS_MAX = 20;

// ── Entities ─────────────────────────────────────────────────────────────────

export const EMAIL_DIRECTIONS = ['in', 'out'] as const;
export type EmailDirection = (typeof EMAIL_DIRECTIONS)[number];

export interface MailParty {
  name: string | null;
  address: string;
}

export interface EmailAttachmentInfo {
  /** Its position among the message's attachments (what getEmailAttachment asks for). */
  index: number;
  filename: string;
  mimeType: string;
  size: number;
}

/**
 * organizations/{orgId}/emailMessages/{ownerUid}_{gmailId} — server-only: one message of a
 * member's mailbox that involves a contact. Read with contacts.view. With the owner's privacy
 * 'private', the headers (from, to, cc, subject, snippet, attachments) are null here and live in
 * its emailBodies document, which only the owner reads.
 */
export interface EmailMessage<TS = TimestampLike> {
  ownerUid: string;
  /** The owner's connected address. */
  mailbox: string;
  gmailId: string;
  gmailThreadId: string;
  /** emailThreads id: threadKey(ownerUid, gmailThreadId). */
  threadKey: string;
  direction: EmailDirection;
  visibility: MailPrivacy;
  from: MailParty | null;
  to: MailParty[] | null;
  cc: MailParty[] | null;
  subject: string | null;
  snippet: string | null;
  attachments: EmailAttachmentInfo[] | null;
  /** When it was sent or received (Gmail's internalDate). */
  date: TS;
  contactIds: string[];
  companyIds: string[];
  /** A body is kept (emailBodies/{id}): not with metadata only. */
  hasBody: boolean;
  /** A delivery-failure report about one of the member's messages. */
  isBounce: boolean;
  /** The Message-ID header, and the one it answers (In-Reply-To), for replies from Trato. */
  messageIdHeader: string | null;
  inReplyTo: string | null;
  createdAt: TS;
}

/**
 * organizations/{orgId}/emailThreads/{ownerUid}_{gmailThreadId} — server-only: a conversation of a
 * member's mailbox with contacts, as a contact's 'Emails' tab lists them (newest first). Subject,
 * snippet and participants are null when the owner's privacy is 'private'.
 */
export interface EmailThread<TS = TimestampLike> {
  ownerUid: string;
  mailbox: string;
  gmailThreadId: string;
  visibility: MailPrivacy;
  subject: string | null;
  snippet: string | null;
  /** The addresses of the thread's messages (the mailbox's own included). */
  participants: string[] | null;
  contactIds: string[];
  companyIds: string[];
  messageCount: number;
  lastMessageAt: TS;
  lastDirection: EmailDirection;
  /** Subject and participants' tokens (none when private): global search finds threads. */
  searchTokens: string[];
  searchIndex: Record<string, true>;
  createdAt: TS;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/emailBodies/{ownerUid}_{gmailId} — server-only: a message's body (and
 * its headers again, for the owner of a private mailbox). Read by its owner, or by anyone with
 * contacts.view when the owner shares their mailbox. The HTML is sanitised when stored; the web
 * shows it in a sandboxed frame that loads no remote image until asked.
 */
export interface EmailBody<TS = TimestampLike> {
  ownerUid: string;
  visibility: MailPrivacy;
  from: MailParty | null;
  to: MailParty[];
  cc: MailParty[];
  subject: string;
  text: string | null;
  html: string | null;
  attachments: EmailAttachmentInfo[];
  /** The body was longer than EMAIL_BODY_MAX_CHARS and was cut. */
  truncated: boolean;
  createdAt: TS;
}

/** A message's headers as the sync reads them. */
export interface MessageHeaders {
  from: MailParty | null;
  to: MailParty[];
  cc: MailParty[];
  subject: string;
  snippet: string;
  attachments: EmailAttachmentInfo[];
}

/** What an emailMessages document shows of its headers: all of them, or none when private. */
export function shownHeaders(
  privacy: MailPrivacy,
  headers: MessageHeaders,
): { [K in keyof MessageHeaders]: MessageHeaders[K] | null } {
  if (privacy === 'private')
    return { from: null, to: null, cc: null, subject: null, snippet: null, attachments: null };
  const { from, to, cc, subject, snippet, attachments } = headers;
  return { from, to, cc, subject, snippet, attachments };
}

// ── Keys ─────────────────────────────────────────────────────────────────────

export const emailMessageKey = (ownerUid: string, gmailId: string) => `${ownerUid}_${gmailId}`;
export const emailThreadKey = (ownerUid: string, gmailThreadId: string) => `${ownerUid}_${gmailThreadId}`;

// ── Decisions ────────────────────────────────────────────────────────────────

/** An address as Trato compares them: trimmed, lower case. */
export const normalizeAddress = (address: string): string => address.trim().toLowerCase();

/** Every address of a message other than the mailbox's own, normalised, once each. */
export function counterparts(
  mailbox: string,
  parties: { from: MailParty | null; to: MailParty[]; cc: MailParty[] },
): string[] {
  const own = normalizeAddress(mailbox);
  const all = [parties.from, ...parties.to, ...parties.cc]
    .filter((p): p is MailParty => !!p && !!p.address)
    .map((p) => normalizeAddress(p.address));
  return [...new Set(all)].filter((a) => a !== own);
}

/** Whether the mailbox sent it (its From is the mailbox) or received it. */
export function directionOf(mailbox: string, from: MailParty | null): EmailDirection {
  return from && normalizeAddress(from.address) === normalizeAddress(mailbox) ? 'out' : 'in';
}

const BOUNCE_SENDERS = /^(mailer-daemon|postmaster)@/i;

/**
 * Whether a received message is a delivery-failure report (RFC 3464): from a mail system
 * (mailer-daemon, postmaster), or a multipart/report of delivery-status, or carrying
 * X-Failed-Recipients (Gmail's).
 */
export function isBounceMessage(message: {
  from: MailParty | null;
  contentType?: string | null;
  headers?: Record<string, string | undefined>;
}): boolean {
  if (message.from && BOUNCE_SENDERS.test(message.from.address.trim())) return true;
  if (
    /multipart\/report/i.test(message.contentType ?? '') &&
    /delivery-status/i.test(message.contentType ?? '')
  )
    return true;
  const headers = message.headers ?? {};
  return Object.keys(headers).some((name) => name.toLowerCase() === 'x-failed-recipients');
}

/** The Message-IDs a message refers to (In-Reply-To and References), without angle brackets. */
export function referencedIds(
  inReplyTo: string | null | undefined,
  references: string | null | undefined,
): string[] {
  const ids = `${inReplyTo ?? ''} ${references ?? ''}`.match(/<[^<>\s]+>|[^<>\s]+@[^<>\s]+/g) ?? [];
  return [...new Set(ids.map((id) => id.replace(/^<|>$/g, '')))];
}

/** A subject as a reply carries it ('Re: ' once). */
export function replySubject(subject: string): string {
  return /^\s*re:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

// ── Callables ────────────────────────────────────────────────────────────────

export interface EmailCallables {
  /** Reads the caller's mailbox now (the schedule does it every MAIL_SYNC_EVERY_MINUTES). */
  syncMailbox: {
    in: { organizationId: string };
    /** `skipped`: Gmail asked to slow down (now or earlier), or refused reading; nothing was read. */
    out: {
      added: number;
      replies: number;
      bounces: number;
      skipped?: 'backoff' | 'rate-limited' | 'no-access' | 'failed';
    };
  };
  /**
   * 'Escribir email' on a contact (contacts.view, a live subscription, the caller's connected
   * Gmail): to the contact and up to EMAIL_RECIPIENTS_MAX addresses in all; with `replyTo` (an
   * emailMessages id of the caller's mailbox) the message answers it in its Gmail thread
   * (In-Reply-To, References). Kept in the contact's conversations at once.
   */
  sendContactEmail: {
    in: {
      organizationId: string;
      contactId: string;
      to: string[];
      cc: string[];
      subject: string;
      body: string;
      replyTo?: string;
    };
    out: { messageKey: string; threadKey: string };
  };
  /** An attachment of a message the caller may read (its body's rules), at most EMAIL_ATTACHMENT_MAX_BYTES. */
  getEmailAttachment: {
    in: { organizationId: string; messageKey: string; index: number };
    out: { filename: string; mimeType: string; dataBase64: string };
  };
  /**
   * The caller's privacy choice: rewrites what their kept messages show others; answers whether
   * the grant must be renewed for it (metadata granted, bodies now wanted).
   */
  setMailPrivacy: {
    in: { organizationId: string; privacy: MailPrivacy };
    out: { reconnect: boolean };
  };
}
