/**
 * Gmail's `users.messages.send` for the local mailbox: the message arrives as `raw` (base64url
 * RFC 5322 in JSON) or as an upload (`uploadType=media` / `multipart`); it is parsed with
 * mailparser, checked, and kept. Error answers use the Google APIs' JSON error shape
 * (`{error: {code, message, errors: [{message, domain, reason}], status}}`).
 */
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import type { InjectedFailure, MailAddress, MailMessage } from './state.js';

export interface ApiError {
  status: number;
  body: { error: { code: number; message: string; errors: Record<string, string>[]; status: string } };
  headers?: Record<string, string>;
}

export function apiError(
  code: number,
  message: string,
  status: string,
  reason: string,
  extra: Record<string, string> = {},
): ApiError {
  return {
    status: code,
    body: { error: { code, message, errors: [{ message, domain: 'global', reason, ...extra }], status } },
  };
}

/** 401 for a missing, unknown, expired or revoked access token (with Google's WWW-Authenticate). */
export function unauthenticated(missing: boolean): ApiError {
  const e = missing
    ? apiError(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'UNAUTHENTICATED',
        'required',
        { location: 'Authorization', locationType: 'header' },
      )
    : apiError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'UNAUTHENTICATED',
        'authError',
        { location: 'Authorization', locationType: 'header' },
      );
  e.body.error.errors[0].message = missing ? 'Login Required.' : 'Invalid Credentials';
  e.headers = {
    'WWW-Authenticate': missing
      ? 'Bearer realm="https://accounts.google.com/"'
      : 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
  };
  return e;
}

/** The scopes Google names in the WWW-Authenticate of a 403 for users.messages.send. */
export const SEND_SCOPE_HINT = ['https://www.googleapis.com/auth/gmail.send'];

export function insufficientScope(scopes: string[] = SEND_SCOPE_HINT): ApiError {
  const e = apiError(
    403,
    'Request had insufficient authentication scopes.',
    'PERMISSION_DENIED',
    'insufficientPermissions',
  );
  e.body.error.errors[0].message = 'Insufficient Permission';
  e.headers = {
    'WWW-Authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopes.join(' ')}"`,
  };
  return e;
}

/** What an injected failure answers: Gmail's per-user rate limit, or a backend error. */
export function injectedError(failure: InjectedFailure, now: number): ApiError {
  if (failure.status === 429) {
    const e = apiError(
      429,
      `User-rate limit exceeded.  Retry after ${new Date(now + 60_000).toISOString()}`,
      'RESOURCE_EXHAUSTED',
      'rateLimitExceeded',
    );
    e.body.error.errors[0].domain = 'usageLimits';
    return e;
  }
  if (failure.status === 503)
    return apiError(503, 'The service is currently unavailable.', 'UNAVAILABLE', 'backendError');
  if (failure.status >= 500)
    return apiError(failure.status, 'Internal error encountered.', 'INTERNAL', 'backendError');
  return apiError(failure.status, 'Injected failure.', 'FAILED_PRECONDITION', 'failedPrecondition');
}

export const invalid = (message: string) => apiError(400, message, 'INVALID_ARGUMENT', 'invalidArgument');

/** proto3 JSON `bytes`: Google takes base64url or standard base64, padded or not. */
function decodeBytes(value: string): Buffer | null {
  const clean = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  return Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** The two parts googleapis sends for `media` + `requestBody`: JSON metadata, then the message. */
export function parseMultipartRelated(
  body: Buffer,
  contentType: string,
): { metadata: Record<string, unknown>; message: Buffer } | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    parts.push(body.subarray(start, next));
    at = next;
  }
  const split = (part: Buffer) => {
    const text = part.subarray(0, Math.min(part.length, 2048)).toString('latin1');
    const m = /^\r?\n([\s\S]*?)\r?\n\r?\n/.exec(text);
    if (!m) return null;
    let content = part.subarray(m[0].length);
    if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
    else if (content.subarray(-1).toString() === '\n') content = content.subarray(0, -1);
    return { headers: m[1].toLowerCase(), content };
  };
  if (parts.length !== 2) return null;
  const [meta, msg] = parts.map(split);
  if (!meta || !msg) return null;
  let metadata: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(meta.content.toString('utf8') || '{}');
    if (v && typeof v === 'object') metadata = v as Record<string, unknown>;
  } catch {
    return null;
  }
  return { metadata, message: msg.content };
}

/** The message bytes of a JSON `{raw}` body. */
export function rawFromJson(body: Buffer): { raw: Buffer; threadId: string | null } | ApiError {
  let json: unknown;
  try {
    json = body.length ? JSON.parse(body.toString('utf8')) : {};
  } catch {
    return invalid('Invalid JSON payload received.');
  }
  const obj = (json ?? {}) as { raw?: unknown; threadId?: unknown };
  if (typeof obj.raw !== 'string' || obj.raw === '')
    return invalid("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
  const raw = decodeBytes(obj.raw);
  if (!raw) return invalid(`Invalid value at 'message.raw' (TYPE_BYTES), Base64 decoding failed`);
  return { raw, threadId: typeof obj.threadId === 'string' ? obj.threadId : null };
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

function flatten(value: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const out: EmailAddress[] = [];
  const walk = (list: EmailAddress[]) => {
    for (const a of list) {
      if (a.group) walk(a.group);
      else out.push(a);
    }
  };
  for (const obj of Array.isArray(value) ? value : value ? [value] : []) walk(obj.value);
  return out;
}

const toAddresses = (list: EmailAddress[]): MailAddress[] =>
  list.map((a) => ({ name: a.name ?? '', address: (a.address ?? '').trim() }));

export interface SendInput {
  raw: Buffer;
  threadId: string | null;
  account: string;
  clientId: string;
  /** Messages already kept (for threadId checks). */
  mailbox: MailMessage[];
  now: number;
  /** A message id not used yet. */
  newId: () => string;
}

export interface DescribeInput {
  raw: Buffer;
  /** simpleParser's result when the caller already has it. */
  parsed?: ParsedMail;
  account: string;
  labelIds: string[];
  /** null: the message starts its own thread. */
  threadId: string | null;
  clientId: string | null;
  copyOf: string | null;
  now: number;
  internalDate: number;
  warnings?: string[];
  id: string;
}

/** A stored message (without its historyId yet) from its raw bytes, parsed with mailparser. */
export async function describeMessage(input: DescribeInput): Promise<MailMessage> {
  const { raw } = input;
  const parsed = input.parsed ?? (await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true }));
  const headers: { name: string; value: string }[] = parsed.headerLines.map((h) => {
    const colon = h.line.indexOf(':');
    return {
      name: h.line.slice(0, colon),
      value: h.line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]/g, ' ')
        .trim(),
    };
  });
  return {
    id: input.id,
    threadId: input.threadId ?? input.id,
    labelIds: input.labelIds,
    historyId: '',
    internalDate: input.internalDate,
    sentAt: new Date(input.now).toISOString(),
    account: input.account.toLowerCase(),
    clientId: input.clientId,
    copyOf: input.copyOf,
    from: toAddresses(flatten(parsed.from)),
    to: toAddresses(flatten(parsed.to)),
    cc: toAddresses(flatten(parsed.cc)),
    bcc: toAddresses(flatten(parsed.bcc)),
    replyTo: toAddresses(flatten(parsed.replyTo)),
    subject: parsed.subject ?? '',
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    messageId: parsed.messageId ?? null,
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
    sizeEstimate: raw.length,
    warnings: input.warnings ?? [],
    raw: raw.toString('base64url'),
  };
}

/** Parses and checks one message; answers the stored message or the API error. */
export async function composeMessage(
  input: SendInput,
): Promise<{ ok: true; message: MailMessage } | { ok: false; error: ApiError }> {
  const { raw, account } = input;
  const headerEnd = (() => {
    const crlf = raw.indexOf('\r\n\r\n');
    const lf = raw.indexOf('\n\n');
    return crlf === -1 ? lf : lf === -1 ? crlf : Math.min(crlf, lf);
  })();
  const headerBytes = raw.subarray(0, headerEnd === -1 ? raw.length : headerEnd);
  if (!/^[!-9;-~]+:/.test(headerBytes.subarray(0, 200).toString('latin1')))
    return { ok: false, error: invalid('Invalid RFC822 message: no header section') };

  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const fail = (message: string) => ({ ok: false as const, error: invalid(message) });

  const from = flatten(parsed.from);
  if (from.length === 0)
    return fail('From header required (the local Google checks it against the connected address)');
  if (from.length > 1) return fail('Invalid From header: more than one address');
  const fromAddress = (from[0].address ?? '').trim().toLowerCase();
  if (!EMAIL.test(fromAddress)) return fail('Invalid From header');
  // Gmail would quietly replace a From it does not own by the account's address; the local one
  // refuses, so a wrong sender shows up in development.
  if (fromAddress !== account.toLowerCase())
    return fail(
      `From address ${fromAddress} is not the connected address ${account} (the local Google refuses it)`,
    );

  const byHeader: [string, EmailAddress[]][] = [
    ['To', flatten(parsed.to)],
    ['Cc', flatten(parsed.cc)],
    ['Bcc', flatten(parsed.bcc)],
  ];
  for (const [name, list] of byHeader)
    for (const a of list) if (!EMAIL.test((a.address ?? '').trim())) return fail(`Invalid ${name} header`);
  if (byHeader.every(([, list]) => list.length === 0)) return fail('Recipient address required');
  if (!parsed.subject?.trim()) return fail('Subject header required (a local Google rule)');

  let threadId: string | null = null;
  if (input.threadId) {
    const known = input.mailbox.some((m) => m.threadId === input.threadId && m.account === account);
    if (!known) {
      return { ok: false, error: apiError(404, 'Requested entity was not found.', 'NOT_FOUND', 'notFound') };
    }
    threadId = input.threadId;
  }

  const warnings: string[] = [];
  if (headerBytes.some((b) => b > 0x7f))
    warnings.push(
      'The header section has 8-bit (non-ASCII) bytes: encode non-ASCII header text with RFC 2047 (=?UTF-8?…?=), or Gmail may show it garbled.',
    );
  const message = await describeMessage({
    raw,
    parsed,
    account,
    labelIds: ['SENT'],
    threadId,
    clientId: input.clientId,
    copyOf: null,
    now: input.now,
    internalDate: input.now,
    warnings,
    id: input.newId(),
  });
  return { ok: true, message };
}
