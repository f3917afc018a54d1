/**
 * The app's webhooks, as Meta delivers them: the callback URL's verification handshake
 * (`GET <url>?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`, accepted only when the
 * answer is 200 with exactly the challenge) and events POSTed as JSON with
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.
 *
 * Delivery is at least once: a non-2xx answer or a network error is retried after
 * `baseMs * 2^n` (1 s, 2 s, 4 s… by default) up to `maxAttempts` attempts. Every event is
 * delivered on its own: first attempts start in the order events happened, each waiting for the
 * previous one's answer at most `orderWaitMs` (so a slow or failing event never holds the others
 * back for long), and retries run on their own timers. Every attempt is logged.
 */
import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface WebhookAttempt {
  attempt: number;
  /** Wall-clock time of the attempt (ISO 8601). */
  at: string;
  /** HTTP status, or null when the request failed (error says why). */
  status: number | null;
  error?: string;
  durationMs: number;
}

export interface DeliveryRecord {
  /** Local id of the delivery (`d1`, `d2`…). */
  id: string;
  /** messages, message_template_status_update. */
  field: string;
  wabaId: string;
  /** What it carried, for people: `message wamid…`, `status delivered wamid…`, `template x APPROVED`. */
  summary: string;
  url: string | null;
  /**
   * pending (waiting for an attempt or a retry), delivering, succeeded, failed (gave up), or
   * skipped (not sent: the WABA is not subscribed, or no verified callback URL).
   */
  state: 'pending' | 'delivering' | 'succeeded' | 'failed' | 'skipped';
  /** Why it was skipped. */
  reason?: string;
  attempts: WebhookAttempt[];
  /** When the next retry is due (ISO 8601). */
  nextRetryAt: string | null;
  createdAt: string;
  /** The exact bytes POSTed (and signed), every attempt. */
  body: string;
}

export interface RetryPolicy {
  baseMs: number;
  maxAttempts: number;
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>` (X-Hub-Signature-256). */
export function signatureHeader(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export interface VerificationResult {
  verified: boolean;
  url: string;
  /** ISO 8601. */
  at: string;
  status: number | null;
  /** Why it was refused (or 'OK'). */
  reason: string;
}

/**
 * The handshake Meta performs when a callback URL is saved: a GET with `hub.mode=subscribe`,
 * the verify token and a random challenge; verified only by a 200 whose body is the challenge.
 */
export async function verifyCallback(
  url: string,
  verifyToken: string,
  timeoutMs: number,
): Promise<VerificationResult> {
  const at = new Date().toISOString();
  const challenge = String(randomInt(100_000_000, 2_000_000_000));
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { verified: false, url, at, status: null, reason: `not a URL: ${url}` };
  }
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  try {
    const { status, body } = await request(target, 'GET', undefined, {}, timeoutMs);
    if (status !== 200) return { verified: false, url, at, status, reason: `answered HTTP ${status}` };
    if (body !== challenge)
      return {
        verified: false,
        url,
        at,
        status,
        reason: `answered ${JSON.stringify(body.slice(0, 60))} instead of the challenge ${challenge}`,
      };
    return { verified: true, url, at, status, reason: 'OK' };
  } catch (err) {
    return {
      verified: false,
      url,
      at,
      status: null,
      reason: err instanceof Error ? err.message : String(err),
    };
  }
}

function request(
  url: URL,
  method: 'GET' | 'POST',
  body: string | undefined,
  headers: Record<string, string | number>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        agent: false,
        timeout: timeoutMs,
        signal,
        headers: { 'User-Agent': 'facebookexternalua', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 64 * 1024) chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface DispatcherOptions {
  /** Where to POST and with which secret; null = events are recorded as skipped. */
  target: () => { url: string; appSecret: string } | { skip: string };
  retry: RetryPolicy;
  timeoutMs: number;
  orderWaitMs: number;
  /** Records kept for the page and the control (oldest dropped first). */
  keep: number;
  log: (line: string) => void;
}

const ok = (a: WebhookAttempt) => a.status !== null && a.status >= 200 && a.status < 300;

export class WebhookDispatcher {
  records: DeliveryRecord[] = [];
  private seq = 0;
  private closed = false;
  /** Resolves when the previous event's first attempt has been answered. */
  private previous: Promise<void> = Promise.resolve();
  private timers = new Set<NodeJS.Timeout>();
  private controllers = new Set<AbortController>();
  private running = 0;
  /** Bumped by reset(): work started before it stops at its next step. */
  private epoch = 0;

  constructor(private readonly options: DispatcherOptions) {}

  /** A new event: recorded, then delivered (or skipped with the reason). */
  publish(field: string, wabaId: string, payload: unknown, summary: string, skip?: string): DeliveryRecord {
    const body = JSON.stringify(payload);
    const target = this.options.target();
    const reason = skip ?? ('skip' in target ? target.skip : undefined);
    const record: DeliveryRecord = {
      id: `d${++this.seq}`,
      field,
      wabaId,
      summary,
      url: 'url' in target ? target.url : null,
      state: reason ? 'skipped' : 'pending',
      ...(reason ? { reason } : {}),
      attempts: [],
      nextRetryAt: null,
      createdAt: new Date().toISOString(),
      body,
    };
    this.records.push(record);
    if (this.records.length > this.options.keep)
      this.records.splice(0, this.records.length - this.options.keep);
    if (reason) {
      this.options.log(`[whatsapp] webhook ${record.id} ${field} (${summary}) not sent: ${reason}`);
      return record;
    }
    const before = this.previous;
    let answered!: () => void;
    this.previous = new Promise<void>((resolve) => (answered = resolve));
    const epoch = this.epoch;
    this.running++;
    void (async () => {
      try {
        await Promise.race([before, this.sleep(this.options.orderWaitMs)]);
        if (epoch === this.epoch) await this.attempt(record, epoch, answered);
      } finally {
        answered();
        if (epoch === this.epoch) this.running--;
      }
    })();
    return record;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      timer.unref?.();
      this.timers.add(timer);
    });
  }

  private async attempt(record: DeliveryRecord, epoch: number, answered?: () => void): Promise<void> {
    if (this.closed || epoch !== this.epoch) return;
    const target = this.options.target();
    const started = Date.now();
    const attempt: WebhookAttempt = {
      attempt: record.attempts.length + 1,
      at: new Date(started).toISOString(),
      status: null,
      durationMs: 0,
    };
    record.state = 'delivering';
    record.nextRetryAt = null;
    if ('skip' in target) {
      attempt.error = target.skip;
    } else {
      record.url = target.url;
      const controller = new AbortController();
      this.controllers.add(controller);
      try {
        const res = await request(
          new URL(target.url),
          'POST',
          record.body,
          {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(record.body),
            'X-Hub-Signature-256': signatureHeader(record.body, target.appSecret),
            'X-Hub-Signature': `sha1=${createHmac('sha1', target.appSecret).update(record.body).digest('hex')}`,
          },
          this.options.timeoutMs,
          controller.signal,
        );
        attempt.status = res.status;
      } catch (err) {
        attempt.error = err instanceof Error ? err.message : String(err);
      } finally {
        this.controllers.delete(controller);
      }
    }
    answered?.();
    attempt.durationMs = Date.now() - started;
    record.attempts.push(attempt);
    const outcome = attempt.status !== null ? String(attempt.status) : `error (${attempt.error})`;
    this.options.log(
      `[whatsapp] webhook ${record.id} ${record.field} (${record.summary}) -> ${outcome} (attempt ${attempt.attempt}, ${attempt.durationMs} ms)`,
    );
    if (ok(attempt)) {
      record.state = 'succeeded';
      return;
    }
    if (this.closed || epoch !== this.epoch) return;
    const { baseMs, maxAttempts } = this.options.retry;
    if (record.attempts.length >= maxAttempts) {
      record.state = 'failed';
      this.options.log(`[whatsapp] webhook ${record.id}: giving up after ${record.attempts.length} attempts`);
      return;
    }
    const delay = baseMs * 2 ** (record.attempts.length - 1);
    record.state = 'pending';
    record.nextRetryAt = new Date(Date.now() + delay).toISOString();
    this.running++;
    void this.sleep(delay).then(async () => {
      try {
        await this.attempt(record, epoch);
      } finally {
        if (epoch === this.epoch) this.running--;
      }
    });
  }

  /** Resolves true once no delivery is waiting or under way (retries included). */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.running === 0) return true;
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.running === 0;
  }

  /** Forget the log; pending retries are dropped. */
  reset(): void {
    this.epoch++;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.controllers) c.abort();
    this.records = [];
    this.previous = Promise.resolve();
    this.running = 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reset();
  }
}
