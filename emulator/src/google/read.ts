/**
 * Gmail's read side for the local mailboxes: users.getProfile, users.history.list,
 * users.messages.list / get, users.messages.attachments.get, users.threads.list / get and
 * users.labels.list / get, with Google's scope rules (the gmail.metadata restrictions included),
 * its resource shapes and its error answers. Each request is checked as Gmail does: the access
 * token (401), the scope (403), the userId (403 delegation denied), then an injected failure.
 */
import {
  apiError,
  insufficientScope,
  invalid,
  injectedError,
  unauthenticated,
  type ApiError,
} from './gmail.js';
import {
  bodyText,
  decodedBody,
  filenameOf,
  gmailBase64,
  gmailPayload,
  nodeAt,
  parseAttachmentId,
  parseMime,
  snippetOf,
  type MimeNode,
} from './mime.js';
import type { OAuthService } from './oauth.js';
import { matches, parseQuery, QueryError, reachesSpamTrash, type QueryNode } from './query.js';
import type { AccessToken, FailureTarget, GoogleState, InjectedFailure, MailMessage } from './state.js';

const MAIL = 'https://mail.google.com/';
const GMAIL = 'https://www.googleapis.com/auth/gmail.';
export const GMAIL_READONLY = `${GMAIL}readonly`;
export const GMAIL_METADATA = `${GMAIL}metadata`;
const MODIFY = `${GMAIL}modify`;

/** Who may call what, from the methods' "Authorization scopes" in Gmail's reference. */
const SCOPES = {
  read: [MAIL, MODIFY, GMAIL_READONLY, GMAIL_METADATA],
  attachments: [MAIL, MODIFY, GMAIL_READONLY],
  profile: [MAIL, MODIFY, `${GMAIL}compose`, GMAIL_READONLY, GMAIL_METADATA],
  labels: [MAIL, MODIFY, GMAIL_READONLY, GMAIL_METADATA, `${GMAIL}labels`],
};

/** Gmail's system labels as labels.list answers them. */
export const SYSTEM_LABELS: { id: string; hidden?: boolean }[] = [
  { id: 'CHAT', hidden: true },
  { id: 'SENT' },
  { id: 'INBOX' },
  { id: 'IMPORTANT', hidden: true },
  { id: 'TRASH', hidden: true },
  { id: 'DRAFT', hidden: true },
  { id: 'SPAM', hidden: true },
  { id: 'CATEGORY_FORUMS' },
  { id: 'CATEGORY_UPDATES' },
  { id: 'CATEGORY_PERSONAL' },
  { id: 'CATEGORY_PROMOTIONS' },
  { id: 'CATEGORY_SOCIAL' },
  { id: 'STARRED', hidden: true },
  { id: 'UNREAD' },
];

const labelResource = (l: { id: string; hidden?: boolean }) => ({
  id: l.id,
  name: l.id,
  ...(l.hidden ? { messageListVisibility: 'hide', labelListVisibility: 'labelHide' } : {}),
  type: 'system',
});

const HISTORY_TYPES = ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'];
const FORMATS = ['full', 'metadata', 'minimal', 'raw'];

export interface ReadContext {
  state: GoogleState;
  oauth: OAuthService;
  say: (line: string) => void;
  takeFailure: (target: FailureTarget) => InjectedFailure | undefined;
}

export interface ReadRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  token: string | null;
}

export interface ReadAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const fromError = (e: ApiError): ReadAnswer => ({ status: e.status, body: e.body, headers: e.headers });
const notFound = () => fromError(apiError(404, 'Requested entity was not found.', 'NOT_FOUND', 'notFound'));
const forbidden = (message: string) => fromError(apiError(403, message, 'PERMISSION_DENIED', 'forbidden'));
const bad = (message: string) => fromError(invalid(message));

class Refusal extends Error {
  constructor(readonly answer: ReadAnswer) {
    super('refused');
  }
}

/** A proto3 uint32 query parameter (maxResults): default, clamped to the method's maximum. */
function maxResults(params: URLSearchParams, fallback: number, max: number): number {
  const raw = params.get('maxResults');
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Refusal(bad(`Invalid value at 'max_results' (TYPE_UINT32), "${raw}"`));
  const n = Number(raw);
  return n === 0 ? fallback : Math.min(n, max);
}

/** Page tokens are opaque to clients: here a cursor after the last item of the previous page. */
const encodeToken = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
function decodeToken(token: string | null): string | null {
  if (token === null || token === '') return null;
  const value = Buffer.from(token, 'base64url').toString('utf8');
  if (!/^[\w.:-]+$/.test(value)) throw new Refusal(bad('Invalid pageToken'));
  return value;
}

/**
 * The index of the first item (newest first by [internalDate, id]) that comes after a page
 * token's cursor `date:id`: pages stay right when messages arrive between two calls.
 */
function firstAfter(keys: [number, string][], cursor: string): number {
  const [dateText, id] = cursor.split(':');
  const date = Number(dateText);
  if (!id || Number.isNaN(date)) throw new Refusal(bad('Invalid pageToken'));
  const index = keys.findIndex(([d, i]) => d < date || (d === date && i < id));
  return index === -1 ? keys.length : index;
}

/** Newest first: internalDate, then id (ids are in time order). */
const newestFirst = (a: MailMessage, b: MailMessage) =>
  b.internalDate - a.internalDate || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const parsedMime = new WeakMap<MailMessage, MimeNode>();
function mimeOf(m: MailMessage): MimeNode {
  let node = parsedMime.get(m);
  if (!node) {
    node = parseMime(Buffer.from(m.raw, 'base64url'));
    parsedMime.set(m, node);
  }
  return node;
}

export type Format = 'full' | 'metadata' | 'minimal' | 'raw';

/** Gmail's Message resource in one of its formats. */
export function messageResource(m: MailMessage, format: Format, metadataHeaders: string[] = []) {
  const root = mimeOf(m);
  const base = { id: m.id, threadId: m.threadId, labelIds: [...m.labelIds], snippet: snippetOf(root) };
  const tail = { sizeEstimate: m.sizeEstimate, historyId: m.historyId, internalDate: String(m.internalDate) };
  if (format === 'minimal') return { ...base, ...tail };
  if (format === 'raw') return { ...base, ...tail, raw: gmailBase64(Buffer.from(m.raw, 'base64url')) };
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    const headers = gmailPayload(root, m.id).headers.filter(
      (h) => !wanted.length || wanted.includes(h.name.toLowerCase()),
    );
    return { ...base, payload: { mimeType: root.type, headers }, ...tail };
  }
  return { ...base, payload: gmailPayload(root, m.id), ...tail };
}

/** The text Gmail would search and show for a message (used by the mailbox page too). */
export const plainTextOf = (m: MailMessage) => bodyText(mimeOf(m));

export function handleGmailRead(ctx: ReadContext, req: ReadRequest): ReadAnswer | null {
  const m =
    /^\/gmail\/v1\/users\/([^/]+)\/(profile|history|labels|labels\/([^/]+)|messages|messages\/([^/]+)|messages\/([^/]+)\/attachments\/([^/]+)|threads|threads\/([^/]+))$/.exec(
      req.path,
    );
  if (!m || req.method !== 'GET') return null;
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  const userId = decode(m[1]);
  const what = m[2];
  const kind = what.startsWith('labels')
    ? 'labels'
    : what === 'profile'
      ? 'profile'
      : what.includes('/attachments/')
        ? 'attachments'
        : 'read';

  const check = ctx.oauth.checkAccessToken(req.token);
  if (!check.ok) {
    ctx.say(`GET ${req.path} -> 401 (${check.reason})`);
    return fromError(unauthenticated(!req.token));
  }
  const access = check.token;
  const allowed = SCOPES[kind];
  if (!access.scopes.some((s) => allowed.includes(s))) {
    ctx.say(`GET ${req.path} -> 403 (token of ${access.email} has none of ${allowed.join(' ')})`);
    return fromError(insufficientScope(allowed));
  }
  if (userId !== 'me' && userId.toLowerCase() !== access.email)
    return fromError(
      apiError(403, `Delegation denied for ${access.email}`, 'PERMISSION_DENIED', 'forbidden'),
    );
  const failure = ctx.takeFailure('read');
  if (failure) {
    ctx.say(`GET ${req.path} -> ${failure.status} (injected failure)`);
    return fromError(injectedError(failure, Date.now()));
  }
  try {
    const reader = new Reader(ctx.state, access, req.params);
    if (what === 'profile') return reader.profile();
    if (what === 'history') return reader.history();
    if (what === 'labels') return { status: 200, body: { labels: SYSTEM_LABELS.map(labelResource) } };
    if (m[3] !== undefined) return reader.label(decode(m[3]));
    if (what === 'messages') return reader.listMessages();
    if (m[4] !== undefined) return reader.getMessage(decode(m[4]));
    if (m[5] !== undefined) return reader.attachment(decode(m[5]), decode(m[6]));
    if (what === 'threads') return reader.listThreads();
    return reader.getThread(decode(m[7]));
  } catch (err) {
    if (err instanceof Refusal) {
      const body = err.answer.body as { error?: { message?: string } };
      ctx.say(`GET ${req.path} -> ${err.answer.status} (${body.error?.message ?? ''})`);
      return err.answer;
    }
    throw err;
  }
}

class Reader {
  readonly account: string;
  /** A token with gmail.metadata is held to its limits even with broader scopes (as Gmail does). */
  readonly metadataOnly: boolean;

  constructor(
    private readonly state: GoogleState,
    access: AccessToken,
    private readonly params: URLSearchParams,
  ) {
    this.account = access.email;
    this.metadataOnly = access.scopes.includes(GMAIL_METADATA);
  }

  private mailbox(): MailMessage[] {
    return this.state.messagesOf(this.account);
  }

  profile(): ReadAnswer {
    const messages = this.mailbox();
    return {
      status: 200,
      body: {
        emailAddress: this.account,
        messagesTotal: messages.length,
        threadsTotal: new Set(messages.map((x) => x.threadId)).size,
        historyId: String(this.state.mailbox(this.account).historyId),
      },
    };
  }

  history(): ReadAnswer {
    const box = this.state.mailbox(this.account);
    const startRaw = this.params.get('startHistoryId');
    if (startRaw === null || startRaw === '') throw new Refusal(bad('startHistoryId is required.'));
    if (!/^\d+$/.test(startRaw))
      throw new Refusal(bad(`Invalid value at 'start_history_id' (TYPE_UINT64), "${startRaw}"`));
    const start = Number(startRaw);
    const types = this.params.getAll('historyTypes');
    for (const t of types)
      if (!HISTORY_TYPES.includes(t))
        throw new Refusal(
          bad(
            `Invalid value at 'history_types' (type.googleapis.com/google.apps.gmail.v1.ListHistoryRequest.HistoryType), "${t}"`,
          ),
        );
    const labelId = this.params.get('labelId');
    const limit = maxResults(this.params, 100, 500);
    // Older than what is retained: Gmail's answer when a client must do a full sync.
    if (start < box.oldestHistoryId) throw new Refusal(notFound());
    const after = decodeToken(this.params.get('pageToken'));
    const from = after === null ? start : Number(after);
    if (Number.isNaN(from)) throw new Refusal(bad('Invalid pageToken'));
    const records = box.records.filter((r) => {
      if (Number(r.id) <= from) return false;
      if (types.length && !types.includes('messageAdded')) return false;
      if (labelId && !r.messagesAdded.some((a) => a.message.labelIds.includes(labelId))) return false;
      return true;
    });
    const page = records.slice(0, limit);
    return {
      status: 200,
      body: {
        ...(page.length ? { history: page } : {}),
        ...(records.length > limit ? { nextPageToken: encodeToken(page[page.length - 1].id) } : {}),
        historyId: String(box.historyId),
      },
    };
  }

  label(id: string): ReadAnswer {
    const label = SYSTEM_LABELS.find((l) => l.id === id);
    if (!label) return notFound();
    const messages = this.mailbox().filter((x) => x.labelIds.includes(id));
    const unread = messages.filter((x) => x.labelIds.includes('UNREAD'));
    const threads = (list: MailMessage[]) => new Set(list.map((x) => x.threadId)).size;
    return {
      status: 200,
      body: {
        ...labelResource(label),
        messagesTotal: messages.length,
        messagesUnread: unread.length,
        threadsTotal: threads(messages),
        threadsUnread: threads(unread),
      },
    };
  }

  /** The messages that the list parameters (q, labelIds, includeSpamTrash) select, newest first. */
  private selected(): MailMessage[] {
    const q = this.params.get('q');
    let query: QueryNode | null = null;
    if (q !== null) {
      if (this.metadataOnly) throw new Refusal(forbidden("Metadata scope does not support 'q' parameter"));
      if (q.trim()) {
        try {
          query = parseQuery(q);
        } catch (err) {
          if (err instanceof QueryError) throw new Refusal(bad(`Invalid query: ${err.message}`));
          throw err;
        }
      }
    }
    const labelIds = this.params.getAll('labelIds');
    const spamTrash =
      this.params.get('includeSpamTrash') === 'true' ||
      labelIds.some((l) => l === 'SPAM' || l === 'TRASH') ||
      (query !== null && reachesSpamTrash(query));
    const now = Date.now();
    return this.mailbox()
      .filter(
        (x) =>
          labelIds.every((l) => x.labelIds.includes(l)) &&
          (spamTrash || !x.labelIds.some((l) => l === 'SPAM' || l === 'TRASH')) &&
          (query === null || matches(query, x, now)),
      )
      .sort(newestFirst);
  }

  listMessages(): ReadAnswer {
    const limit = maxResults(this.params, 100, 500);
    const cursor = decodeToken(this.params.get('pageToken'));
    const all = this.selected();
    const start =
      cursor === null
        ? 0
        : firstAfter(
            all.map((x) => [x.internalDate, x.id]),
            cursor,
          );
    return this.messagePage(all, start, limit);
  }

  private messagePage(all: MailMessage[], start: number, limit: number): ReadAnswer {
    const page = all.slice(start, start + limit);
    const last = page[page.length - 1];
    return {
      status: 200,
      body: {
        ...(page.length ? { messages: page.map((x) => ({ id: x.id, threadId: x.threadId })) } : {}),
        ...(start + limit < all.length && last
          ? { nextPageToken: encodeToken(`${last.internalDate}:${last.id}`) }
          : {}),
        resultSizeEstimate: all.length,
      },
    };
  }

  private format(allowed: string[]): Format {
    const raw = this.params.get('format') ?? 'full';
    const format = raw.toLowerCase();
    if (!allowed.includes(format))
      throw new Refusal(
        bad(`Invalid value at 'format' (type.googleapis.com/google.apps.gmail.v1.Format), "${raw}"`),
      );
    if (this.metadataOnly && (format === 'full' || format === 'raw'))
      throw new Refusal(forbidden(`Metadata scope doesn't allow format ${format.toUpperCase()}`));
    return format as Format;
  }

  getMessage(id: string): ReadAnswer {
    const format = this.format(FORMATS);
    const message = this.mailbox().find((x) => x.id === id);
    if (!message) return notFound();
    return { status: 200, body: messageResource(message, format, this.params.getAll('metadataHeaders')) };
  }

  attachment(messageId: string, attachmentId: string): ReadAnswer {
    const message = this.mailbox().find((x) => x.id === messageId);
    if (!message) return notFound();
    const ref = parseAttachmentId(attachmentId);
    if (!ref) return bad('Invalid attachment token');
    if (ref.messageId !== messageId) return notFound();
    const node = nodeAt(mimeOf(message), ref.partId);
    if (!node || node.type.startsWith('multipart/') || !filenameOf(node)) return notFound();
    const bytes = decodedBody(node);
    return { status: 200, body: { attachmentId, size: bytes.length, data: gmailBase64(bytes) } };
  }

  private threadOf(id: string): MailMessage[] {
    return this.mailbox()
      .filter((x) => x.threadId === id)
      .sort((a, b) => -newestFirst(a, b));
  }

  listThreads(): ReadAnswer {
    const limit = maxResults(this.params, 100, 500);
    const cursor = decodeToken(this.params.get('pageToken'));
    const ids = [...new Set(this.selected().map((x) => x.threadId))];
    const threads = ids
      .map((id) => {
        const messages = this.threadOf(id);
        return { id, messages, latest: messages[messages.length - 1] };
      })
      .sort((a, b) => newestFirst(a.latest, b.latest));
    const key = (t: (typeof threads)[number]) => `${t.latest.internalDate}:${t.id}`;
    const start =
      cursor === null
        ? 0
        : firstAfter(
            threads.map((t) => [t.latest.internalDate, t.id]),
            cursor,
          );
    const page = threads.slice(start, start + limit);
    const last = page[page.length - 1];
    return {
      status: 200,
      body: {
        ...(page.length
          ? {
              threads: page.map((t) => ({
                id: t.id,
                snippet: snippetOf(mimeOf(t.latest)),
                historyId: maxHistoryId(t.messages),
              })),
            }
          : {}),
        ...(start + limit < threads.length && last ? { nextPageToken: encodeToken(key(last)) } : {}),
        resultSizeEstimate: threads.length,
      },
    };
  }

  getThread(id: string): ReadAnswer {
    const format = this.format(['full', 'metadata', 'minimal']);
    const messages = this.threadOf(id);
    if (!messages.length) return notFound();
    const headers = this.params.getAll('metadataHeaders');
    return {
      status: 200,
      body: {
        id,
        historyId: maxHistoryId(messages),
        messages: messages.map((x) => messageResource(x, format, headers)),
      },
    };
  }
}

const maxHistoryId = (messages: MailMessage[]) =>
  String(Math.max(...messages.map((x) => Number(x.historyId) || 0)));
