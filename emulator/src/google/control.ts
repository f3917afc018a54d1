/**
 * Test controls under `/__control/` (JSON in, JSON out, no credentials): the mailboxes as JSON,
 * mail delivered from outside (a message, a reply, a bounce), expiring an account's history,
 * revoking an address's access, failing the next sends or reads, expiring tokens, consenting
 * without a browser, registering clients, reset and a dump of the state. Documented in
 * emulator/README.md.
 */
import type { ServerResponse } from 'node:http';
import { ControlError, num, parseJson, sendJson, type Json } from '../controlHttp.js';
import { deliver, DeliverError, type DeliverRequest } from './deliver.js';
import type { Mailboxes } from './mailbox.js';
import type { OAuthService } from './oauth.js';
import type { FailureTarget, GoogleState, MailMessage, OAuthClient } from './state.js';

export interface ControlContext {
  state: GoogleState;
  oauth: OAuthService;
  mailboxes: Mailboxes;
  clients: OAuthClient[];
  accounts: string[];
  reset: () => void;
  log: (line: string) => void;
  /** What the consent page's Allow / Deny do, for a whole authorization URL. */
  consent: (
    url: string,
    email: string | null,
    allow: boolean,
    scopes?: string[],
  ) => { status: number; body: unknown };
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A message for JSON answers; `raw` only when asked for (it can be large). */
export function messageJson(m: MailMessage, withRaw = false): Json {
  const { raw, ...rest } = m;
  return withRaw ? { ...rest, raw } : rest;
}

/**
 * Every mailbox's messages, newest first (a sent message before its copies in local inboxes),
 * optionally filtered: `account` (whose mailbox), `label` (a label id such as SENT or INBOX),
 * `to` (a recipient), `from` (the sending account), `subject` (a substring). `to` and `from`
 * describe mail rather than mailboxes: without `account` or `label` they list each mail once,
 * leaving out the copies a sent message left in local inboxes.
 */
export function listMessages(state: GoogleState, query: URLSearchParams): MailMessage[] {
  const to = query.get('to')?.toLowerCase();
  const from = query.get('from')?.toLowerCase();
  const subject = query.get('subject');
  const account = query.get('account')?.toLowerCase();
  const label = query.get('label')?.toUpperCase();
  const onceEach = (to || from) && !account && !label;
  return [...state.messages].reverse().filter((m) => {
    if (onceEach && m.copyOf) return false;
    if (account && m.account !== account) return false;
    if (label && !m.labelIds.includes(label)) return false;
    if (to && ![...m.to, ...m.cc, ...m.bcc].some((a) => a.address.toLowerCase() === to)) return false;
    if (
      from &&
      !(m.labelIds.includes('SENT')
        ? m.account === from
        : m.from.some((a) => a.address.toLowerCase() === from))
    )
      return false;
    if (subject && !m.subject.includes(subject)) return false;
    return true;
  });
}

/** The mailboxes' history state, per account. */
export function mailboxSummary(state: GoogleState): Json[] {
  return [...state.mailboxes.values()].map((box) => ({
    account: box.account,
    historyId: String(box.historyId),
    oldestHistoryId: String(box.oldestHistoryId),
    records: box.records.length,
    messages: state.messagesOf(box.account).length,
  }));
}

const strings = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The JSON of POST /__control/deliver, checked. */
export function deliverRequest(body: Json): DeliverRequest {
  const from = body.from;
  let sender: DeliverRequest['from'];
  if (typeof from === 'string') sender = { address: from };
  else if (from && typeof from === 'object' && !Array.isArray(from)) {
    const f = from as Json;
    sender = { name: strings(f.name), address: strings(f.address) ?? '' };
  } else if (from !== undefined) throw new ControlError(400, 'from must be {name?, address} or an address.');
  const attachments = body.attachments;
  if (attachments !== undefined && !Array.isArray(attachments))
    throw new ControlError(400, 'attachments must be an array of {filename, contentType, contentBase64}.');
  const files = (attachments ?? []).map((a: unknown, i: number) => {
    const f = (a ?? {}) as Json;
    const filename = text(f.filename);
    const content = strings(f.contentBase64);
    if (!filename || content === undefined || !/^[A-Za-z0-9+/_=\s-]*$/.test(content))
      throw new ControlError(400, `attachments[${i}] needs filename and contentBase64 (base64).`);
    return {
      filename,
      contentType: text(f.contentType) ?? 'application/octet-stream',
      content: Buffer.from(content.replace(/\s+/g, ''), 'base64'),
    };
  });
  const date = text(body.date);
  return {
    to: text(body.to) ?? '',
    from: sender,
    subject: strings(body.subject),
    text: strings(body.text),
    html: strings(body.html),
    inReplyTo: text(body.inReplyTo),
    bounce: text(body.bounce),
    attachments: files,
    date: date === undefined ? undefined : new Date(date),
  };
}

export async function handleControl(
  res: ServerResponse,
  method: string,
  url: URL,
  raw: string,
  ctx: ControlContext,
): Promise<void> {
  const { state, oauth } = ctx;
  const path = url.pathname.replace(/^\/__control/, '') || '/';
  try {
    const body = method === 'POST' || method === 'PUT' ? parseJson(raw) : {};
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/messages') {
      const list = listMessages(state, url.searchParams);
      return sendJson(res, 200, { messages: list.map((x) => messageJson(x)) });
    }
    if ((method === 'DELETE' && path === '/messages') || (method === 'POST' && path === '/messages/clear')) {
      const n = state.clearMessages();
      ctx.log(`[google] mailboxes emptied (${n} messages), their history dropped`);
      return sendJson(res, 200, { deleted: n });
    }
    if (method === 'POST' && path === '/deliver') {
      try {
        const message = await deliver(ctx.mailboxes, deliverRequest(body));
        ctx.log(
          `[google] gmail: delivered "${message.subject}" from ${message.from[0]?.address ?? '?'} to ${message.account} (${message.id})`,
        );
        return sendJson(res, 200, {
          id: message.id,
          threadId: message.threadId,
          historyId: message.historyId,
        });
      } catch (err) {
        if (err instanceof DeliverError) throw new ControlError(err.status, err.message);
        throw err;
      }
    }
    if (method === 'POST' && path === '/history/expire') {
      const email = text(body.email)?.toLowerCase();
      const accounts = email ? [email] : [...state.mailboxes.keys()];
      const expired = accounts.map((a) => {
        const box = state.expireHistory(a);
        return { account: box.account, historyId: String(box.historyId) };
      });
      ctx.log(`[google] history expired: ${accounts.join(', ') || '(no mailbox)'}`);
      return sendJson(res, 200, { expired });
    }
    if (method === 'GET' && path === '/mailboxes')
      return sendJson(res, 200, { mailboxes: mailboxSummary(state) });
    if (method === 'GET' && (m = /^\/messages\/([^/]+)(\/raw)?$/.exec(path))) {
      const message = state.messages.find((x) => x.id === m![1]);
      if (!message) throw new ControlError(404, `No such message: ${m[1]}`);
      if (m[2]) {
        const bytes = Buffer.from(message.raw, 'base64url');
        res.writeHead(200, {
          'Content-Type': 'message/rfc822',
          'Content-Disposition': `inline; filename="${message.id}.eml"`,
          'Content-Length': String(bytes.length),
          'Cache-Control': 'no-store',
        });
        return void res.end(bytes);
      }
      return sendJson(res, 200, messageJson(message, true));
    }
    if (method === 'POST' && path === '/revoke') {
      const email = text(body.email)?.toLowerCase();
      if (!email) throw new ControlError(400, 'email is required.');
      const clientId = text(body.clientId);
      const result = oauth.revokeWhere((g) => g.email === email && (!clientId || g.clientId === clientId));
      ctx.log(
        `[google] access of ${email}${clientId ? ` to ${clientId}` : ''} revoked (control): ${result.grants} grant(s)`,
      );
      return sendJson(res, 200, { revoked: result.grants, accessTokens: result.accessTokens });
    }
    if (method === 'POST' && path === '/failures') {
      const status = num(body.status) ?? 429;
      if (status !== 429 && (status < 500 || status > 599))
        throw new ControlError(400, 'status must be 429 or a 5xx status.');
      const target = (text(body.target) ?? 'send') as FailureTarget;
      if (target !== 'send' && target !== 'token' && target !== 'read')
        throw new ControlError(400, "target must be 'send', 'read' or 'token'.");
      state.failures.push({ status, remaining: Math.max(1, Math.floor(num(body.count) ?? 1)), target });
      return sendJson(res, 200, { failures: state.failures });
    }
    if (method === 'GET' && path === '/failures') return sendJson(res, 200, { failures: state.failures });
    if (method === 'DELETE' && path === '/failures') {
      state.failures = [];
      return sendJson(res, 200, { failures: [] });
    }
    if (method === 'POST' && path === '/tokens/expire') {
      const email = text(body.email)?.toLowerCase();
      const expired = oauth.expireAccessTokens(email);
      const codes = body.codes === true ? oauth.expireCodes() : 0;
      ctx.log(`[google] ${expired} access token(s)${codes ? ` and ${codes} code(s)` : ''} expired (control)`);
      return sendJson(res, 200, { expired, codes });
    }
    if (method === 'POST' && path === '/consent') {
      const authUrl = text(body.url);
      if (!authUrl) throw new ControlError(400, 'url (the authorization URL) is required.');
      const scopes = Array.isArray(body.scopes)
        ? body.scopes.filter((s): s is string => typeof s === 'string')
        : undefined;
      const r = ctx.consent(authUrl, text(body.email) ?? null, body.allow !== false, scopes);
      return sendJson(res, r.status, r.body);
    }
    if (method === 'GET' && path === '/clients') return sendJson(res, 200, { clients: ctx.clients });
    if (method === 'POST' && path === '/clients') {
      const id = text(body.id);
      const secret = text(body.secret);
      const redirectUris = Array.isArray(body.redirectUris)
        ? body.redirectUris.filter((u): u is string => typeof u === 'string')
        : [];
      if (!id || !secret || redirectUris.length === 0)
        throw new ControlError(400, 'id, secret and redirectUris (a non-empty array) are required.');
      for (const u of redirectUris) {
        try {
          new URL(u);
        } catch {
          throw new ControlError(400, `Not a URL: ${u}`);
        }
      }
      const client: OAuthClient = { id, secret, redirectUris, name: text(body.name) ?? 'Trato' };
      const at = ctx.clients.findIndex((c) => c.id === id);
      if (at === -1) ctx.clients.push(client);
      else ctx.clients[at] = client;
      ctx.log(`[google] client ${id} registered (control)`);
      return sendJson(res, 200, { client });
    }
    if (method === 'POST' && path === '/reset') {
      ctx.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (method === 'GET' && path === '/state') {
      return sendJson(res, 200, {
        clients: ctx.clients,
        accounts: ctx.accounts,
        codes: [...state.codes.values()],
        grants: [...state.grants.values()],
        accessTokens: [...state.accessTokens.values()],
        failures: state.failures,
        mailboxes: mailboxSummary(state),
        messages: listMessages(state, new URLSearchParams()).map((x) => messageJson(x)),
      });
    }
    throw new ControlError(404, `Unknown control endpoint: ${method} ${url.pathname}`);
  } catch (err) {
    if (err instanceof ControlError) return sendJson(res, err.status, { error: { message: err.message } });
    ctx.log(
      `[google] control ${method} ${url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return sendJson(res, 500, { error: { message: err instanceof Error ? err.message : String(err) } });
  }
}
