/**
 * What happens on the WhatsApp side: messages users write (the inbound control and the page),
 * the business's messages reaching phones (automatic `sent` / `delivered`, `read` when the chat
 * is opened, `failed` for a number that is not on WhatsApp), template reviews, and the webhook
 * payloads for all of it (Cloud API's shapes, delivered only for WABAs subscribed to the app).
 */
import { CLOUD_API_ERRORS } from './errors.js';
import { conversationId, digitsOf, formatWaId, newWamid, nowSeconds, waIdOf } from './ids.js';
import {
  currentStatus,
  statusRank,
  type Account,
  type ChatMessage,
  type StatusError,
  type StatusName,
  type Template,
  type TemplateStatus,
  type WhatsAppState,
} from './state.js';
import type { DeliveryRecord, WebhookDispatcher } from './webhooks.js';

export interface InjectedFailure {
  code: number;
  /** HTTP status of the answer (default: the code's, else 400). */
  status?: number;
  message?: string;
  details?: string;
  remaining: number;
}

export interface StatusDelays {
  /** After an accepted send, `sent` (or `failed`) is emitted after this many ms. */
  sentMs: number;
  /** …and `delivered` after this many ms (counted from the send). */
  deliveredMs: number;
}

export interface InboundRequest {
  phoneNumberId?: string;
  from: string;
  name?: string;
  text?: string;
  button?: { text: string; payload?: string; contextId?: string };
  /** A reply to one of the business's messages (its wamid). */
  contextId?: string;
  id?: string;
  /** Unix seconds (default now). */
  timestamp?: number;
}

/** A refused action of a control or form: answered with `status` and the message. */
export class ActionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const OBJECT = 'whatsapp_business_account';

/** A message's pricing category: a template's own, `service` for free-form. */
const categoryOf = (m: ChatMessage) => (m.template ? m.template.category.toLowerCase() : 'service');

export class WhatsAppEngine {
  autoStatuses: boolean;
  failures: InjectedFailure[] = [];
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly state: WhatsAppState,
    readonly webhooks: WebhookDispatcher,
    private readonly options: {
      statusDelays: StatusDelays;
      autoStatuses: boolean;
      say: (line: string) => void;
    },
  ) {
    this.autoStatuses = options.autoStatuses;
  }

  // --- Webhooks ------------------------------------------------------------------------------

  private skipReason(account: Account): string | undefined {
    return account.subscribed
      ? undefined
      : `WABA ${account.wabaId} is not subscribed to the app (POST /{waba-id}/subscribed_apps)`;
  }

  /** A `messages` change for the account's number (`value` gets messaging_product and metadata). */
  publishMessages(account: Account, value: Record<string, unknown>, summary: string): DeliveryRecord {
    const payload = {
      object: OBJECT,
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: digitsOf(account.displayPhoneNumber),
                  phone_number_id: account.phoneNumberId,
                },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
    return this.webhooks.publish('messages', account.wabaId, payload, summary, this.skipReason(account));
  }

  publishTemplateStatus(template: Template, event: string, reason: string): DeliveryRecord | undefined {
    const account = this.state.accounts.get(template.wabaId);
    if (!account) return undefined;
    const value: Record<string, unknown> = {
      event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason,
    };
    if (event === 'PAUSED')
      value.other_info = {
        title: 'FIRST_PAUSE',
        description: `Your ${template.name} template has been paused for 3 hours until ${new Date(Date.now() + 3 * 3600_000).toISOString()} due to low quality.`,
      };
    const payload = {
      object: OBJECT,
      entry: [
        {
          id: account.wabaId,
          time: nowSeconds(),
          changes: [{ value, field: 'message_template_status_update' }],
        },
      ],
    };
    return this.webhooks.publish(
      'message_template_status_update',
      account.wabaId,
      payload,
      `template ${template.name} (${template.language}) ${event}`,
      this.skipReason(account),
    );
  }

  /** The webhook `messages[]` entry of an inbound message. */
  inboundJson(m: ChatMessage): Record<string, unknown> {
    const base: Record<string, unknown> = {
      ...(m.context ? { context: m.context } : {}),
      from: m.waId,
      id: m.id,
      timestamp: String(m.timestamp),
    };
    if (m.type === 'button' && m.button)
      return { ...base, type: 'button', button: { payload: m.button.payload, text: m.button.text } };
    return { ...base, type: 'text', text: { body: m.text } };
  }

  private deliverInbound(account: Account, m: ChatMessage): DeliveryRecord {
    return this.publishMessages(
      account,
      {
        contacts: [{ profile: { name: m.profileName ?? '' }, wa_id: m.waId }],
        messages: [this.inboundJson(m)],
      },
      `${m.type} ${m.id} from ${m.waId}`,
    );
  }

  // --- Users write ---------------------------------------------------------------------------

  /** A user's message to a business number: stored (it opens the 24-hour window) and delivered. */
  inbound(req: InboundRequest): { message: ChatMessage; duplicate: boolean; delivery: DeliveryRecord } {
    const account = req.phoneNumberId
      ? this.state.accountOfPhone(req.phoneNumberId)
      : [...this.state.accounts.values()].find((a) => a.builtIn);
    if (!account)
      throw new ActionError(404, `No phone number ${req.phoneNumberId ?? ''} on the local WhatsApp.`);
    if (req.id) {
      const existing = this.state.message(req.id);
      if (existing) {
        if (existing.direction !== 'inbound' || existing.phoneNumberId !== account.phoneNumberId)
          throw new ActionError(409, `${req.id} is not a message users sent to ${account.phoneNumberId}.`);
        this.options.say(`inbound ${existing.id} delivered again (duplicate)`);
        return { message: existing, duplicate: true, delivery: this.deliverInbound(account, existing) };
      }
    }
    const waId = waIdOf(req.from);
    if (!waId)
      throw new ActionError(400, `from must be a phone number (7 to 15 digits): ${String(req.from)}`);
    const button = req.button;
    const text = typeof req.text === 'string' ? req.text : '';
    if (!button && !text.trim()) throw new ActionError(400, 'text (or button) is required.');
    if (button && (typeof button.text !== 'string' || !button.text))
      throw new ActionError(400, 'button.text is required.');
    const timestamp =
      req.timestamp !== undefined && Number.isFinite(Number(req.timestamp))
        ? Math.floor(Number(req.timestamp))
        : nowSeconds();
    const contact = this.state.ensureContact(account.phoneNumberId, waId);
    const name = (req.name ?? '').trim() || contact.profileName || formatWaId(waId);
    contact.profileName = name;
    contact.lastInboundAt = Math.max(contact.lastInboundAt ?? 0, timestamp);

    let contextId = button?.contextId ?? req.contextId;
    if (button && !contextId) {
      // The latest template message to this user with that button.
      const chat = this.state.chat(account.phoneNumberId, waId);
      contextId = [...chat]
        .reverse()
        .find(
          (m) => m.direction === 'outbound' && m.template?.buttons.some((b) => b.text === button.text),
        )?.id;
    }
    const message: ChatMessage = {
      id: req.id || newWamid(waId),
      direction: 'inbound',
      phoneNumberId: account.phoneNumberId,
      waId,
      timestamp,
      type: button ? 'button' : 'text',
      text: button ? button.text : text,
      ...(button ? { button: { text: button.text, payload: button.payload ?? button.text } } : {}),
      ...(contextId ? { context: { from: digitsOf(account.displayPhoneNumber), id: contextId } } : {}),
      profileName: name,
      statuses: [],
      readAt: null,
    };
    this.state.messages.push(message);
    this.options.say(`inbound ${message.type} from ${waId} to ${account.phoneNumberId} (${message.id})`);
    return { message, duplicate: false, delivery: this.deliverInbound(account, message) };
  }

  // --- Statuses ------------------------------------------------------------------------------

  private conversationFor(m: ChatMessage, now: number) {
    const category = categoryOf(m);
    const key = `${m.phoneNumberId}:${m.waId}:${category}`;
    let c = this.state.conversations.get(key);
    if (!c || c.expiresAt <= now) {
      c = {
        id: conversationId(),
        phoneNumberId: m.phoneNumberId,
        waId: m.waId,
        category,
        expiresAt: now + 86_400,
      };
      this.state.conversations.set(key, c);
    }
    return c;
  }

  /** The webhook `statuses[]` entry. */
  statusJson(m: ChatMessage, status: StatusName, timestamp: number, errors?: StatusError[]) {
    const json: Record<string, unknown> = {
      id: m.id,
      status,
      timestamp: String(timestamp),
      recipient_id: m.waId,
    };
    if (status === 'sent' || status === 'delivered') {
      const c = this.conversationFor(m, timestamp);
      const category = categoryOf(m);
      const free = category === 'service';
      json.conversation = {
        id: c.id,
        ...(status === 'sent' ? { expiration_timestamp: String(c.expiresAt) } : {}),
        origin: { type: category },
      };
      json.pricing = {
        billable: !free,
        pricing_model: 'PMP',
        category,
        type: free ? 'free_customer_service' : 'regular',
      };
    }
    if (errors?.length)
      json.errors = errors.map((e) => ({
        ...e,
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      }));
    return json;
  }

  /** Records the status on the message and delivers its webhook. */
  emitStatus(
    m: ChatMessage,
    status: StatusName,
    source: 'auto' | 'phone' | 'control' | 'send',
    errors?: StatusError[],
  ): DeliveryRecord | undefined {
    const account = this.state.accountOfPhone(m.phoneNumberId);
    if (!account) return undefined;
    const timestamp = nowSeconds();
    m.statuses.push({ status, timestamp, source, ...(errors?.length ? { errors } : {}) });
    return this.publishMessages(
      account,
      { statuses: [this.statusJson(m, status, timestamp, errors)] },
      `status ${status} ${m.id}`,
    );
  }

  /** The `failed` errors for a code (131026 by default). */
  static failure(code = 131026, title?: string, details?: string): StatusError[] {
    const known = CLOUD_API_ERRORS[code];
    const t = title ?? known?.title ?? 'Message failed to send';
    return [
      {
        code,
        title: t,
        message: t,
        error_data: { details: details ?? known?.details ?? t },
      },
    ];
  }

  /** After an accepted send: `sent`, then `delivered` (or `failed` for a number not on WhatsApp). */
  afterSend(m: ChatMessage): void {
    const { sentMs, deliveredMs } = this.options.statusDelays;
    if (m.undeliverable) {
      this.schedule(() => {
        if (currentStatus(m) !== 'failed')
          this.emitStatus(m, 'failed', 'send', WhatsAppEngine.failure(131026));
      }, sentMs);
      return;
    }
    if (!this.autoStatuses) return;
    this.schedule(() => {
      if (this.autoStatuses && statusRank(currentStatus(m)) < statusRank('sent'))
        this.emitStatus(m, 'sent', 'auto');
    }, sentMs);
    this.schedule(
      () => {
        if (this.autoStatuses && statusRank(currentStatus(m)) < statusRank('delivered'))
          this.emitStatus(m, 'delivered', 'auto');
      },
      Math.max(deliveredMs, sentMs),
    );
  }

  /**
   * The user opens the chat: every business message not read yet is read (with the `sent` /
   * `delivered` it had not had yet, in order). Answers how many were read.
   */
  phoneReads(phoneNumberId: string, waId: string, messageId?: string): number {
    let n = 0;
    for (const m of this.state.chat(phoneNumberId, waId)) {
      if (m.direction !== 'outbound' || m.undeliverable) continue;
      if (messageId && m.id !== messageId) continue;
      const current = currentStatus(m);
      if (current === 'read' || current === 'failed') continue;
      if (statusRank(current) < statusRank('sent')) this.emitStatus(m, 'sent', 'phone');
      if (statusRank(current) < statusRank('delivered')) this.emitStatus(m, 'delivered', 'phone');
      this.emitStatus(m, 'read', 'phone');
      n++;
    }
    if (n) this.options.say(`${waId} read ${n} message(s) from ${phoneNumberId}`);
    return n;
  }

  // --- Templates -----------------------------------------------------------------------------

  setTemplateStatus(template: Template, status: TemplateStatus, reason?: string): DeliveryRecord | undefined {
    template.status = status;
    template.reason = reason?.trim() || (status === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE');
    template.updatedAt = Date.now();
    this.options.say(
      `template ${template.name} (${template.language}) ${status}${template.reason !== 'NONE' ? `: ${template.reason}` : ''}`,
    );
    return this.publishTemplateStatus(template, status, template.reason);
  }

  // --- Injected failures, timers -------------------------------------------------------------

  takeFailure(): InjectedFailure | undefined {
    const f = this.failures.find((x) => x.remaining > 0);
    if (!f) return undefined;
    f.remaining--;
    this.failures = this.failures.filter((x) => x.remaining > 0);
    return f;
  }

  schedule(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Pending automatic statuses are dropped; failures cleared; automatic statuses back to their start value. */
  reset(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.failures = [];
    this.autoStatuses = this.options.autoStatuses;
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
