/**
 * WebChannel (closure BrowserChannel, VER=8): how the browser SDK runs Listen and Write over
 * HTTP/1.1. Each stream is a session:
 *   - forward channel: form-encoded POSTs carrying numbered messages (`ofs` + `reqN___data__`);
 *     the first POST opens the session and carries the request headers in a `headers` field;
 *   - back channel: a GET that streams length-prefixed chunks `[[arrayId, payload], ...]`
 *     (CI=0) or returns after one delivery (CI=1, long-polling).
 * See /work/shared/notes/firestore-wire.md for the observed protocol.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FirestoreEngine } from '../api.js';
import type { Caller } from '../model.js';
import { Code, FirestoreError } from '../model.js';
import { callerFromAuthorization, describeCaller } from './auth.js';
import { jsonCodec } from './codec.js';
import type { Wire } from './codec.js';
import type { Logger } from './log.js';
import { toFirestoreError } from './rpc.js';
import { ListenSession, WriteSession } from './streams.js';

/** Keep-alive announced in the handshake; the client times a silent back channel out at 1.5x. */
const KEEP_ALIVE_MS = 30_000;
/** Heartbeat on an open back channel, well inside the client's timeout. */
const HEARTBEAT_MS = 15_000;
/**
 * A live client always has a back channel open: it re-opens one at once when the server ends it
 * (or after each long-poll reply). A session without one for this long belongs to a page that
 * has gone (closed tab, terminated Firestore whose `TYPE=terminate` beacon was lost): dropped.
 */
const IDLE_SESSION_MS = 30_000;
/**
 * A stream with nothing to do (Listen: no target; Write: no batch in flight) and no forward
 * message for this long is closed cleanly with `["close"]`. The SDK closes such streams itself
 * only after 60 s, and reopens one on demand; until then each holds a hanging GET, and Chrome
 * gives a host six HTTP/1.1 connections: Firestore instances a page forgot to terminate (or a
 * write queued behind them) would otherwise starve its live ones.
 */
const IDLE_STREAM_MS = 5_000;
/**
 * On a streaming back channel the client acknowledges arrays (AID) only with its next request,
 * and a Listen stream that only receives may send none for hours: everything it was sent stays
 * in the outbox (for re-delivery), and every flush and forward reply walks it. Past this many
 * unacknowledged bytes the back channel is ended; the client re-opens one at once with AID.
 */
const MAX_UNACKED_BYTES = 256 * 1024;

export interface WebChannelOptions {
  /** Drop a session that has had no back channel and no forward POST for this long. */
  idleSessionMs?: number;
  /** Close a stream cleanly after this long without a target or a write in flight. */
  idleStreamMs?: number;
  /** Interval of the noop heartbeat on an open back channel. */
  heartbeatMs?: number;
  /** End a streaming back channel once this much sent data awaits acknowledgement. */
  maxUnackedBytes?: number;
}

interface SessionLimits {
  heartbeatMs: number;
  maxUnackedBytes: number;
}

type Method = 'Listen' | 'Write';

interface Outgoing {
  id: number;
  /** JSON of the payload array, e.g. `[{"targetChange":...}]` or `["noop"]`. */
  json: string;
  sent: boolean;
}

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  heartbeat?: NodeJS.Timeout;
}

/** `<length>\n<json>\n`, the length in UTF-16 code units of the JSON and its newline. */
export function frame(json: string): string {
  return `${json.length + 1}\n${json}\n`;
}

function parseHeaderBlock(block: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!block) return headers;
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** Messages of a forward POST: [{index, data}] with absolute indexes (ofs + i). */
function forwardMessages(form: URLSearchParams): { index: number; data: string }[] {
  const count = Number(form.get('count') ?? 0);
  const ofs = Number(form.get('ofs') ?? 0);
  const out: { index: number; data: string }[] = [];
  for (let i = 0; i < count; i++) {
    const data = form.get(`req${i}___data__`);
    if (data !== null) out.push({ index: ofs + i, data });
  }
  return out;
}

class Session {
  readonly sid = randomBytes(16).toString('hex');
  private outbox: Outgoing[] = [];
  private nextArrayId = 1; // 0 is the handshake
  private lastSentId = 0;
  /** Bytes of the outbox sent and not acknowledged yet. */
  private unackedBytes = 0;
  /** Index of the next forward message to process (retried POSTs resend processed ones). */
  private nextOfs = 0;
  private back: BackChannel | undefined;
  private flushScheduled = false;
  /** Last forward POST, back-channel open or back-channel end: the idle clock starts here. */
  private lastActivity = Date.now();
  /** Last forward POST with messages. */
  private lastForward = Date.now();
  closed = false;
  private readonly stream: ListenSession | WriteSession;

  constructor(
    readonly method: Method,
    readonly caller: Caller,
    engine: FirestoreEngine,
    private readonly log: Logger,
    private readonly limits: SessionLimits,
    private readonly onClosed: (session: Session) => void,
  ) {
    const events = {
      send: (message: Wire) => this.enqueue([message]),
      fail: (error: FirestoreError) =>
        this.enqueue([{ error: { code: error.code, status: error.status, message: error.message } }]),
      log: (line: string) => log.failure(`WebChannel ${method} (${describeCaller(caller)}): ${line}`),
    };
    this.stream =
      method === 'Listen'
        ? new ListenSession(engine, caller, jsonCodec, events)
        : new WriteSession(engine, caller, jsonCodec, events);
  }

  /** Process forward messages, skipping those a retried POST already delivered. */
  receive(messages: { index: number; data: string }[]): void {
    this.lastActivity = Date.now();
    if (messages.length > 0) this.lastForward = this.lastActivity;
    for (const { index, data } of messages) {
      if (index < this.nextOfs) continue;
      this.nextOfs = index + 1;
      let request: unknown;
      try {
        request = JSON.parse(data);
      } catch {
        this.fail(
          new FirestoreError(Code.INVALID_ARGUMENT, 'Malformed message on the WebChannel forward channel.'),
        );
        return;
      }
      try {
        this.stream.handle(request);
      } catch (err) {
        this.fail(toFirestoreError(err));
      }
    }
  }

  /** End the stream with an error the SDK reads as the stream's status. */
  fail(error: FirestoreError): void {
    this.log.failure(
      `WebChannel ${this.method} (${describeCaller(this.caller)}): ${error.status}: ${error.message}`,
    );
    this.stream.close();
    this.enqueue([{ error: { code: error.code, status: error.status, message: error.message } }]);
  }

  private enqueue(payload: unknown[]): void {
    if (this.closed) return;
    this.outbox.push({ id: this.nextArrayId++, json: JSON.stringify(payload), sent: false });
    this.scheduleFlush();
  }

  /** Coalesce the messages one engine event produces into one chunk (or one long-poll reply). */
  private scheduleFlush(): void {
    if (this.flushScheduled || !this.back) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** The client has processed every array up to `aid`. */
  acknowledge(aid: number): void {
    if (!Number.isFinite(aid)) return;
    if (this.outbox.length === 0 || this.outbox[0].id > aid) return;
    this.outbox = this.outbox.filter((m) => m.id > aid);
    this.unackedBytes = this.outbox.reduce((n, m) => n + (m.sent ? m.json.length : 0), 0);
  }

  forwardReply(): string {
    return frame(JSON.stringify([this.back ? 1 : 0, this.lastSentId, this.unackedBytes]));
  }

  attachBackChannel(res: ServerResponse, streaming: boolean, aid: number): void {
    this.lastActivity = Date.now();
    this.detachBackChannel(true);
    this.acknowledge(aid);
    // Anything not acknowledged is (re)sent on the new back channel.
    for (const m of this.outbox) m.sent = false;
    this.unackedBytes = 0;
    const back: BackChannel = { res, streaming };
    this.back = back;
    res.on('close', () => {
      if (this.back === back) this.detachBackChannel(false);
    });
    if (streaming) {
      // Deliver bytes at once: the client's buffering-proxy detection waits for the first
      // payload only ~2 handshake round trips before it falls back to long-polling.
      if (this.outbox.length === 0)
        this.outbox.push({ id: this.nextArrayId++, json: '["noop"]', sent: false });
      this.flush();
      back.heartbeat = setInterval(() => this.heartbeat(), this.limits.heartbeatMs);
    } else if (this.outbox.length > 0) {
      this.flush();
    } else {
      back.heartbeat = setTimeout(() => this.heartbeat(), this.limits.heartbeatMs);
    }
  }

  /** Nobody has polled or posted for `idleMs`: the page that opened the session is gone. */
  isAbandoned(now: number, idleMs: number): boolean {
    return !this.back && now - this.lastActivity > idleMs;
  }

  /** Open, but the client has had nothing for it to do for `idleMs`. */
  isIdleStream(now: number, idleMs: number): boolean {
    return !this.closed && now - this.lastForward > idleMs && this.stream.isIdle();
  }

  /**
   * Ends the session with `["close"]` on its back channel: the SDK takes it as a clean end (no
   * error, no backoff), sends its terminate beacon and opens a new stream when it needs one.
   * Without a back channel the message could not arrive: leave it to the idle sweep.
   */
  closeCleanly(): void {
    if (!this.back) return;
    this.outbox.push({ id: this.nextArrayId++, json: '["close"]', sent: false });
    this.flush();
    this.close();
  }

  private heartbeat(): void {
    if (!this.back) return;
    this.outbox.push({ id: this.nextArrayId++, json: '["noop"]', sent: false });
    this.flush();
  }

  private flush(): void {
    const back = this.back;
    if (!back) return;
    const pending = this.outbox.filter((m) => !m.sent);
    if (pending.length === 0) return;
    const json = `[${pending.map((m) => `[${m.id},${m.json}]`).join(',')}]`;
    for (const m of pending) {
      m.sent = true;
      this.unackedBytes += m.json.length;
    }
    this.lastSentId = pending[pending.length - 1].id;
    back.res.write(frame(json));
    // Long-polling ends after each delivery; streaming once enough awaits acknowledgement.
    if (!back.streaming || this.unackedBytes > this.limits.maxUnackedBytes) this.detachBackChannel(true);
  }

  private detachBackChannel(end: boolean): void {
    const back = this.back;
    if (!back) return;
    this.back = undefined;
    this.lastActivity = Date.now();
    if (back.heartbeat) clearInterval(back.heartbeat);
    if (end && !back.res.writableEnded) back.res.end();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream.close();
    this.detachBackChannel(true);
    this.onClosed(this);
  }
}

export interface WebChannelTransport {
  /** Handles `/google.firestore.v1.Firestore/{Listen|Write}/channel`; false if not a channel path. */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
    headers: Record<string, string>,
  ): boolean;
  /** Drop every session (clients see `Unknown SID` and open new ones). */
  dropSessions(): void;
  /** Sessions currently open (tests, diagnostics). */
  sessionCount(): number;
  close(): void;
}

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

export function createWebChannelTransport(
  engine: FirestoreEngine,
  log: Logger,
  options: WebChannelOptions = {},
): WebChannelTransport {
  const idleMs = options.idleSessionMs ?? IDLE_SESSION_MS;
  const idleStreamMs = options.idleStreamMs ?? IDLE_STREAM_MS;
  const limits: SessionLimits = {
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    maxUnackedBytes: options.maxUnackedBytes ?? MAX_UNACKED_BYTES,
  };
  const sessions = new Map<string, Session>();
  // Sweep often enough that a session outlives its timeout by at most half of it.
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const s of [...sessions.values()]) {
        if (s.isAbandoned(now, idleMs)) s.close();
        else if (s.isIdleStream(now, idleStreamMs)) s.closeCleanly();
      }
    },
    Math.max(10, Math.min(idleMs, idleStreamMs) / 2),
  );
  sweeper.unref();

  const plain = (res: ServerResponse, status: number, body: string, headers: Record<string, string>) => {
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
    });
    res.end(body);
  };

  const unknownSid = (res: ServerResponse, headers: Record<string, string>) =>
    // The client matches indexOf('Unknown SID') > 0, so the phrase must not open the body.
    plain(res, 400, '<html><body>Error 400: Unknown SID</body></html>', {
      ...headers,
      'Content-Type': 'text/html',
    });

  return {
    handle(req, res, url, body, headers) {
      const m = CHANNEL_PATH.exec(url.pathname);
      if (!m) return false;
      const method = m[1] as Method;
      const params = url.searchParams;
      const sid = params.get('SID');
      const type = params.get('TYPE');
      const streamHeaders = {
        ...headers,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
        'X-Content-Type-Options': 'nosniff',
      };

      if (type === 'terminate') {
        if (sid) sessions.get(sid)?.close();
        plain(res, 200, '', headers);
        return true;
      }

      if (req.method === 'GET') {
        const session = sid ? sessions.get(sid) : undefined;
        if (!session || session.method !== method) {
          unknownSid(res, headers);
          return true;
        }
        res.writeHead(200, streamHeaders);
        res.flushHeaders();
        session.attachBackChannel(res, params.get('CI') !== '1', Number(params.get('AID') ?? -1));
        return true;
      }

      if (req.method !== 'POST') {
        plain(res, 405, 'Method not allowed', headers);
        return true;
      }

      const form = new URLSearchParams(body);
      if (!sid) {
        // Open a session; the first POST's `headers` field carries Authorization.
        let caller: Caller = { kind: 'user', auth: null };
        let authError: FirestoreError | undefined;
        try {
          caller = callerFromAuthorization(parseHeaderBlock(form.get('headers')).authorization);
        } catch (err) {
          authError = toFirestoreError(err);
        }
        const session = new Session(method, caller, engine, log, limits, (s) => sessions.delete(s.sid));
        sessions.set(session.sid, session);
        respondHandshake(res, session, streamHeaders);
        // A bad token fails the stream as its first message, after the handshake.
        if (authError) session.fail(authError);
        else session.receive(forwardMessages(form));
        return true;
      }

      const session = sessions.get(sid);
      if (!session || session.method !== method) {
        unknownSid(res, headers);
        return true;
      }
      const aid = params.get('AID');
      if (aid !== null) session.acknowledge(Number(aid));
      session.receive(forwardMessages(form));
      res.writeHead(200, streamHeaders);
      res.end(session.forwardReply());
      return true;
    },
    dropSessions() {
      for (const s of [...sessions.values()]) s.close();
    },
    sessionCount: () => sessions.size,
    close() {
      clearInterval(sweeper);
      for (const s of [...sessions.values()]) s.close();
    },
  };
}

function respondHandshake(res: ServerResponse, session: Session, headers: Record<string, string>): void {
  res.writeHead(200, { ...headers, 'X-HTTP-Session-Id': session.sid.slice(0, 12) });
  res.end(frame(JSON.stringify([[0, ['c', session.sid, '', 8, 14, KEEP_ALIVE_MS]]])));
}
