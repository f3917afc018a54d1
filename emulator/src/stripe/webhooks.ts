/**
 * Webhook delivery, at least once: every event is POSTed to the endpoint with a `Stripe-Signature`
 * header that stripe-node's `webhooks.constructEvent` accepts. A non-2xx answer or a network error
 * is retried with exponential back-off (`baseMs * 2^n`, up to `maxAttempts` attempts); each
 * event's retries are its own, so one failing event never blocks the others. First attempts go
 * out one at a time in creation order; `hold()` / `release()` let tests reorder them.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { StripeState } from './state.js';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryAttempt {
  attempt: number;
  /** Real wall-clock time of the attempt (ISO 8601). */
  at: string;
  url: string;
  /** HTTP status, or null when the request failed (error says why). */
  status: number | null;
  error?: string;
  durationMs: number;
  trigger: 'automatic' | 'retry' | 'redeliver';
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  state: 'pending' | 'held' | 'delivering' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  /** Automatic attempts so far (manual redeliveries are not counted). */
  automaticAttempts: number;
  /** When the next automatic retry is due (ISO 8601), if one is scheduled. */
  nextRetryAt: string | null;
}

export interface RetryPolicy {
  baseMs: number;
  maxAttempts: number;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` — Stripe's signature header. */
export function signatureHeader(
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface Job {
  eventId: string;
  trigger: 'automatic' | 'retry';
}

export class WebhookDispatcher {
  private queue: Job[] = [];
  private held = false;
  private busy = false;
  private closed = false;
  private timers = new Map<string, NodeJS.Timeout>();
  private controllers = new Set<AbortController>();

  constructor(
    private readonly state: StripeState,
    private readonly options: {
      endpoint: () => WebhookEndpoint | null;
      retry: RetryPolicy;
      timeoutMs: number;
      log: (line: string) => void;
    },
  ) {}

  get isHeld(): boolean {
    return this.held;
  }

  /** A new event: recorded and queued when an endpoint is configured. */
  publish(eventId: string, type: string): void {
    if (!this.options.endpoint()) return;
    this.state.deliveries.set(eventId, {
      eventId,
      type,
      state: this.held ? 'held' : 'pending',
      attempts: [],
      automaticAttempts: 0,
      nextRetryAt: null,
    });
    this.enqueue({ eventId, trigger: 'automatic' });
  }

  private enqueue(job: Job): void {
    if (this.closed) return;
    const record = this.state.deliveries.get(job.eventId);
    if (record) record.state = this.held ? 'held' : 'pending';
    this.queue.push(job);
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.held && !this.closed && this.queue.length > 0) {
        const job = this.queue.shift()!;
        await this.automatic(job);
      }
    } finally {
      this.busy = false;
    }
  }

  private async automatic(job: Job): Promise<void> {
    const record = this.state.deliveries.get(job.eventId);
    if (!record) return;
    record.nextRetryAt = null;
    record.automaticAttempts += 1;
    const attempt = await this.attempt(record, job.trigger);
    if (this.closed) return;
    if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) return;
    const { baseMs, maxAttempts } = this.options.retry;
    if (record.automaticAttempts >= maxAttempts) {
      record.state = record.attempts.some(ok) ? 'succeeded' : 'failed';
      this.options.log(
        `[stripe] webhook ${record.eventId}: giving up after ${record.automaticAttempts} attempts`,
      );
      return;
    }
    const delay = baseMs * 2 ** (record.automaticAttempts - 1);
    record.nextRetryAt = new Date(Date.now() + delay).toISOString();
    record.state = 'pending';
    const timer = setTimeout(() => {
      this.timers.delete(record.eventId);
      this.enqueue({ eventId: record.eventId, trigger: 'retry' });
    }, delay);
    timer.unref?.();
    this.timers.set(record.eventId, timer);
    this.options.log(`[stripe] webhook ${record.eventId}: retry in ${delay} ms`);
  }

  /** One POST of the event's exact bytes, signed now (real time, as stripe-node's tolerance needs). */
  private async attempt(
    record: DeliveryRecord,
    trigger: DeliveryAttempt['trigger'],
  ): Promise<DeliveryAttempt> {
    const endpoint = this.options.endpoint();
    const body = this.state.eventBodies.get(record.eventId)!;
    const started = Date.now();
    const attempt: DeliveryAttempt = {
      attempt: record.attempts.length + 1,
      at: new Date(started).toISOString(),
      url: endpoint?.url ?? '',
      status: null,
      durationMs: 0,
      trigger,
    };
    record.state = 'delivering';
    if (!endpoint) {
      attempt.error = 'no webhook endpoint configured';
    } else {
      try {
        attempt.status = await this.post(endpoint, body);
      } catch (err) {
        attempt.error = err instanceof Error ? err.message : String(err);
      }
    }
    attempt.durationMs = Date.now() - started;
    record.attempts.push(attempt);
    const success = ok(attempt);
    record.state = success || record.attempts.some(ok) ? 'succeeded' : 'pending';
    if (success) {
      const event = this.state.events.get(record.eventId);
      if (event) event.pending_webhooks = 0;
    }
    const outcome = attempt.status !== null ? String(attempt.status) : `error (${attempt.error})`;
    this.options.log(
      `[stripe] webhook ${record.eventId} ${record.type} -> ${outcome} (attempt ${attempt.attempt}, ${trigger}, ${attempt.durationMs} ms)`,
    );
    return attempt;
  }

  private post(endpoint: WebhookEndpoint, body: string): Promise<number> {
    const url = new URL(endpoint.url);
    const client = url.protocol === 'https:' ? https : http;
    const controller = new AbortController();
    this.controllers.add(controller);
    return new Promise<number>((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: 'POST',
          agent: false,
          signal: controller.signal,
          timeout: this.options.timeoutMs,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'Cache-Control': 'no-cache',
            Accept: '*/*; q=0.5, application/xml',
            'Stripe-Signature': signatureHeader(body, endpoint.secret),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${this.options.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    }).finally(() => this.controllers.delete(controller));
  }

  /** Stop sending (new events and due retries wait in the queue). */
  hold(): void {
    this.held = true;
    for (const job of this.queue) {
      const r = this.state.deliveries.get(job.eventId);
      if (r) r.state = 'held';
    }
  }

  /**
   * Send what waits, in the given order: `created` (event creation order), `reverse`, or a list
   * of event ids (those first, in that order, then the rest in creation order). Ends the hold.
   */
  async release(order: 'created' | 'reverse' | string[] = 'created'): Promise<string[]> {
    const rank = (job: Job) => this.state.order.get(job.eventId) ?? 0;
    let jobs = [...this.queue].sort((a, b) => rank(a) - rank(b));
    if (order === 'reverse') jobs.reverse();
    else if (Array.isArray(order)) {
      const listed = order.map((id) => jobs.find((j) => j.eventId === id)).filter((j): j is Job => !!j);
      jobs = [...listed, ...jobs.filter((j) => !listed.includes(j))];
    }
    const ids = jobs.map((j) => j.eventId);
    this.queue = jobs;
    this.held = false;
    for (const job of jobs) {
      const r = this.state.deliveries.get(job.eventId);
      if (r && r.state === 'held') r.state = 'pending';
    }
    void this.pump();
    return ids;
  }

  /** Send the same event (same id, same bytes) once more, now, whatever the hold says. */
  async redeliver(eventId: string, type: string): Promise<DeliveryAttempt> {
    let record = this.state.deliveries.get(eventId);
    if (!record) {
      record = { eventId, type, state: 'pending', attempts: [], automaticAttempts: 0, nextRetryAt: null };
      this.state.deliveries.set(eventId, record);
    }
    const previous = record.state;
    const attempt = await this.attempt(record, 'redeliver');
    // An automatic chain still waiting keeps its state unless this attempt succeeded.
    if (!ok(attempt) && (previous === 'held' || previous === 'pending')) record.state = previous;
    if (!ok(attempt) && previous === 'failed') record.state = 'failed';
    return attempt;
  }

  /** Resolves true once nothing is being sent and nothing waits (held jobs and timed retries aside). */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.busy && (this.queue.length === 0 || this.held)) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  }

  /** After an import: deliveries that had not finished are queued again. */
  resumePending(): void {
    const open = [...this.state.deliveries.values()]
      .filter((r) => r.state === 'pending' || r.state === 'held' || r.state === 'delivering')
      .sort((a, b) => (this.state.order.get(a.eventId) ?? 0) - (this.state.order.get(b.eventId) ?? 0));
    for (const r of open) this.enqueue({ eventId: r.eventId, trigger: 'retry' });
  }

  /** Forget the queue, timers and hold (used by reset). */
  reset(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.queue = [];
    this.held = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reset();
    for (const c of this.controllers) c.abort();
    while (this.busy) await new Promise((r) => setTimeout(r, 5));
  }
}

function ok(a: DeliveryAttempt): boolean {
  return a.status !== null && a.status >= 200 && a.status < 300;
}
