/**
 * Test controls under `/__control/` (JSON in, JSON out, no credentials; local only): more business
 * accounts, messages from users, statuses in any order, template reviews, numbers that are not on
 * WhatsApp, failures of the next sends, automatic statuses on or off, the webhook's callback URL
 * (with its handshake), the delivery log, what the business sent, reset and the whole state.
 * Documented in emulator/README.md ("Local WhatsApp").
 */
import type { ServerResponse } from 'node:http';
import { ControlError, num, parseJson, sendJson, type Json } from '../controlHttp.js';
import { ActionError, WhatsAppEngine, type InboundRequest } from './engine.js';
import { CLOUD_API_ERRORS } from './errors.js';
import { waIdOf } from './ids.js';
import {
  currentStatus,
  type Account,
  type ChatMessage,
  type StatusName,
  type TemplateStatus,
} from './state.js';
import type { DeliveryRecord, VerificationResult } from './webhooks.js';

export interface WebhookView {
  appId: string;
  url: string | null;
  verifyToken: string;
  appSecret: string;
  verified: boolean;
  /** The latest handshake (at start, in the background, or "Verify and save"). */
  lastVerification: VerificationResult | null;
}

export interface ControlContext {
  engine: WhatsAppEngine;
  createAccount: (spec: {
    displayPhoneNumber?: string;
    verifiedName?: string;
    wabaName?: string;
    subscribed?: boolean;
  }) => Account;
  webhook: () => WebhookView;
  /** The handshake with the new URL / token; saved only when verified. */
  verifyWebhook: (update: {
    url?: string | null;
    verifyToken?: string;
  }) => Promise<VerificationResult | null>;
  reset: () => void;
  log: (line: string) => void;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** An account as the controls answer it. */
export function accountJson(a: Account): Json {
  return {
    wabaId: a.wabaId,
    wabaName: a.wabaName,
    phoneNumberId: a.phoneNumberId,
    displayPhoneNumber: a.displayPhoneNumber,
    verifiedName: a.verifiedName,
    qualityRating: a.qualityRating,
    accessToken: a.accessToken,
    subscribed: a.subscribed,
  };
}

/** A message as the controls answer it (with its current status). */
export function messageJson(m: ChatMessage): Json {
  return { ...m, status: m.direction === 'outbound' ? currentStatus(m) : undefined };
}

/** A delivery for the control: the payload parsed, not the raw body. */
export function deliveryJson(d: DeliveryRecord): Json {
  const { body, ...rest } = d;
  return { ...rest, payload: JSON.parse(body) as unknown };
}

const STATUSES: StatusName[] = ['sent', 'delivered', 'read', 'failed'];
const TEMPLATE_STATUSES: TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'PENDING'];

/** POST /__control/inbound's body, checked. */
export function inboundRequest(body: Json): InboundRequest {
  const button = body.button;
  if (button !== undefined && (typeof button !== 'object' || button === null || Array.isArray(button)))
    throw new ControlError(400, 'button must be {text, payload?, contextId?}.');
  const b = button as Json | undefined;
  const timestamp = body.timestamp;
  if (
    timestamp !== undefined &&
    !(typeof timestamp === 'number' || (typeof timestamp === 'string' && /^\d+$/.test(timestamp)))
  )
    throw new ControlError(400, 'timestamp must be unix seconds.');
  return {
    phoneNumberId: text(body.phoneNumberId),
    from: typeof body.from === 'string' || typeof body.from === 'number' ? String(body.from) : '',
    name: typeof body.name === 'string' ? body.name : undefined,
    text: typeof body.text === 'string' ? body.text : undefined,
    button: b
      ? {
          text: typeof b.text === 'string' ? b.text : '',
          payload: typeof b.payload === 'string' ? b.payload : undefined,
          contextId: text(b.contextId),
        }
      : undefined,
    contextId: text(body.contextId),
    id: text(body.id),
    timestamp: timestamp === undefined ? undefined : Number(timestamp),
  };
}

/** The template a control names: by `id`, or by `name` (and `language`) in `wabaId` (default: the default WABA). */
export function findTemplate(engine: WhatsAppEngine, body: Json) {
  const { state } = engine;
  const id = text(body.id);
  const name = text(body.name);
  if (!id && !name) throw new ControlError(400, 'id, or name (and language), is required.');
  const wabaId = text(body.wabaId) ?? [...state.accounts.values()].find((a) => a.builtIn)?.wabaId;
  const language = text(body.language);
  const candidates = state.templates.filter((t) =>
    id ? t.id === id : t.wabaId === wabaId && t.name === name && (!language || t.language === language),
  );
  if (candidates.length === 0)
    throw new ControlError(
      404,
      `No template ${id ?? `${name} (${language ?? 'any language'}) in WABA ${wabaId}`}.`,
    );
  if (candidates.length > 1)
    throw new ControlError(
      409,
      `Several templates match (${candidates.map((t) => `${t.name}/${t.language}`).join(', ')}): give language or id.`,
    );
  return candidates[0];
}

export async function handleControl(
  res: ServerResponse,
  method: string,
  url: URL,
  raw: string,
  ctx: ControlContext,
): Promise<void> {
  const { engine } = ctx;
  const { state } = engine;
  const path = url.pathname.replace(/^\/__control/, '') || '/';
  try {
    const body = method === 'POST' || method === 'PUT' ? parseJson(raw) : {};
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/accounts')
      return sendJson(res, 200, { accounts: [...state.accounts.values()].map(accountJson) });
    if (method === 'POST' && path === '/accounts') {
      const account = ctx.createAccount({
        displayPhoneNumber: text(body.displayPhoneNumber),
        verifiedName: text(body.verifiedName),
        wabaName: text(body.wabaName),
        subscribed: body.subscribed === true,
      });
      return sendJson(res, 200, accountJson(account));
    }
    if (method === 'POST' && path === '/subscriptions') {
      const wabaId = text(body.wabaId) ?? [...state.accounts.values()].find((a) => a.builtIn)!.wabaId;
      const account = state.accounts.get(wabaId);
      if (!account) throw new ControlError(404, `No WABA ${wabaId}.`);
      account.subscribed = body.subscribed !== false;
      ctx.log(`[whatsapp] WABA ${wabaId} ${account.subscribed ? 'subscribed' : 'unsubscribed'} (control)`);
      return sendJson(res, 200, accountJson(account));
    }
    if (method === 'POST' && path === '/inbound') {
      const r = engine.inbound(inboundRequest(body));
      return sendJson(res, 200, { id: r.message.id, duplicate: r.duplicate, delivery: r.delivery.id });
    }
    if (method === 'POST' && path === '/statuses') {
      const messageId = text(body.messageId);
      const message = messageId ? state.message(messageId) : undefined;
      if (!message || message.direction !== 'outbound')
        throw new ControlError(404, `No message the business sent with id ${messageId ?? '(none)'}.`);
      const list = body.statuses;
      if (!Array.isArray(list) || list.length === 0 || list.some((s) => !STATUSES.includes(s as StatusName)))
        throw new ControlError(400, `statuses must be a non-empty array of ${STATUSES.join(', ')}.`);
      const e = body.error as Json | undefined;
      const code = num(e?.code);
      const errors = WhatsAppEngine.failure(code ?? 131026, text(e?.title), text(e?.details));
      const deliveries: string[] = [];
      for (const status of list as StatusName[]) {
        const times = body.duplicate === true ? 2 : 1;
        for (let i = 0; i < times; i++) {
          const d = engine.emitStatus(message, status, 'control', status === 'failed' ? errors : undefined);
          if (d) deliveries.push(d.id);
        }
      }
      return sendJson(res, 200, { messageId: message.id, deliveries, status: currentStatus(message) });
    }
    if (method === 'POST' && path === '/read') {
      const messageId = text(body.messageId);
      const message = messageId ? state.message(messageId) : undefined;
      if (messageId && (!message || message.direction !== 'outbound'))
        throw new ControlError(404, `No message the business sent with id ${messageId}.`);
      const waId = message?.waId ?? waIdOf(body.waId ?? body.phone ?? body.to);
      const phoneNumberId =
        message?.phoneNumberId ??
        text(body.phoneNumberId) ??
        [...state.accounts.values()].find((a) => a.builtIn)!.phoneNumberId;
      if (!waId) throw new ControlError(400, 'messageId, or waId (and phoneNumberId), is required.');
      return sendJson(res, 200, { read: engine.phoneReads(phoneNumberId, waId, messageId) });
    }
    if (method === 'POST' && path === '/templates/status') {
      const template = findTemplate(engine, body);
      const status = text(body.status)?.toUpperCase() as TemplateStatus | undefined;
      if (!status || !TEMPLATE_STATUSES.includes(status))
        throw new ControlError(400, `status must be one of ${TEMPLATE_STATUSES.join(', ')}.`);
      const d = engine.setTemplateStatus(template, status, text(body.reason));
      return sendJson(res, 200, {
        id: template.id,
        status: template.status,
        reason: template.reason,
        delivery: d?.id ?? null,
      });
    }
    if (method === 'GET' && path === '/templates') {
      const wabaId = url.searchParams.get('wabaId');
      return sendJson(res, 200, { templates: state.templates.filter((t) => !wabaId || t.wabaId === wabaId) });
    }
    if (method === 'POST' && path === '/recipients') {
      const waId = waIdOf(body.phone ?? body.waId);
      if (!waId) throw new ControlError(400, 'phone must be a phone number.');
      const onWhatsApp = body.onWhatsApp !== false;
      if (onWhatsApp) state.recipients.delete(waId);
      else state.recipients.set(waId, false);
      ctx.log(`[whatsapp] ${waId} ${onWhatsApp ? 'is' : 'is not'} on WhatsApp (control)`);
      return sendJson(res, 200, { waId, onWhatsApp });
    }
    if (method === 'GET' && path === '/recipients')
      return sendJson(res, 200, {
        recipients: [...state.recipients].map(([waId, onWhatsApp]) => ({ waId, onWhatsApp })),
      });
    if (method === 'POST' && path === '/failures') {
      const code = num(body.code) ?? 130429;
      const status = num(body.status);
      if (status !== undefined && (status < 400 || status > 599))
        throw new ControlError(400, 'status must be an HTTP error status.');
      engine.failures.push({
        code,
        remaining: Math.max(1, Math.floor(num(body.count) ?? 1)),
        ...(status !== undefined ? { status } : {}),
        ...(text(body.message) ? { message: text(body.message) } : {}),
        ...(text(body.details) ? { details: text(body.details) } : {}),
      });
      ctx.log(
        `[whatsapp] the next ${num(body.count) ?? 1} send(s) fail with ${code} (${CLOUD_API_ERRORS[code]?.title ?? 'given code'})`,
      );
      return sendJson(res, 200, { failures: engine.failures });
    }
    if (method === 'GET' && path === '/failures') return sendJson(res, 200, { failures: engine.failures });
    if (method === 'DELETE' && path === '/failures') {
      engine.failures = [];
      return sendJson(res, 200, { failures: [] });
    }
    if (method === 'POST' && path === '/auto-statuses') {
      engine.autoStatuses = body.enabled !== false;
      ctx.log(`[whatsapp] automatic statuses ${engine.autoStatuses ? 'on' : 'off'} (control)`);
      return sendJson(res, 200, { enabled: engine.autoStatuses });
    }
    if (method === 'GET' && path === '/auto-statuses')
      return sendJson(res, 200, { enabled: engine.autoStatuses });
    if (method === 'GET' && path === '/webhook') return sendJson(res, 200, { webhook: ctx.webhook() });
    if (method === 'POST' && path === '/webhook') {
      const urlValue = body.url === null ? null : text(body.url);
      if (body.url !== undefined && body.url !== null && urlValue === undefined)
        throw new ControlError(400, 'url must be a URL, or null to remove the callback.');
      if (urlValue) {
        try {
          new URL(urlValue);
        } catch {
          throw new ControlError(400, `Not a URL: ${urlValue}`);
        }
      }
      const result = await ctx.verifyWebhook({
        ...(body.url !== undefined ? { url: urlValue ?? null } : {}),
        ...(text(body.verifyToken) ? { verifyToken: text(body.verifyToken) } : {}),
      });
      return sendJson(res, 200, {
        verified: result?.verified ?? false,
        reason: result?.reason ?? 'no callback URL',
        webhook: ctx.webhook(),
      });
    }
    if (method === 'GET' && path === '/deliveries') {
      const field = url.searchParams.get('field');
      return sendJson(res, 200, {
        deliveries: engine.webhooks.records.filter((d) => !field || d.field === field).map(deliveryJson),
      });
    }
    if (method === 'POST' && path === '/deliveries/drain') {
      const drained = await engine.webhooks.drain(num(body.timeoutMs) ?? 10_000);
      return sendJson(res, drained ? 200 : 408, { drained });
    }
    if (method === 'GET' && path === '/messages') {
      const q = url.searchParams;
      const phoneNumberId = q.get('phoneNumberId');
      const waId = q.get('wa_id') ?? q.get('waId');
      const direction = q.get('direction');
      const wanted = waId ? waIdOf(waId) : null;
      const list = state.messages.filter(
        (x) =>
          (!phoneNumberId || x.phoneNumberId === phoneNumberId) &&
          (!wanted || x.waId === wanted) &&
          (!direction || x.direction === direction || (direction === 'sent' && x.direction === 'outbound')),
      );
      return sendJson(res, 200, { messages: list.map(messageJson) });
    }
    if (method === 'GET' && (m = /^\/messages\/([^/]+)$/.exec(path))) {
      const message = state.message(decodeURIComponent(m[1]));
      if (!message) throw new ControlError(404, `No message ${m[1]}.`);
      return sendJson(res, 200, messageJson(message));
    }
    if (method === 'POST' && path === '/reset') {
      ctx.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (method === 'GET' && path === '/state') {
      return sendJson(res, 200, {
        accounts: [...state.accounts.values()].map(accountJson),
        webhook: ctx.webhook(),
        autoStatuses: engine.autoStatuses,
        failures: engine.failures,
        templates: state.templates,
        contacts: [...state.contacts.values()],
        recipients: [...state.recipients].map(([waId, onWhatsApp]) => ({ waId, onWhatsApp })),
        messages: state.messages.map(messageJson),
        deliveries: engine.webhooks.records.map(deliveryJson),
      });
    }
    throw new ControlError(404, `Unknown control endpoint: ${method} ${url.pathname}`);
  } catch (err) {
    if (err instanceof ControlError || err instanceof ActionError)
      return sendJson(res, err.status, { error: { message: err.message } });
    ctx.log(
      `[whatsapp] control ${method} ${url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return sendJson(res, 500, { error: { message: err instanceof Error ? err.message : String(err) } });
  }
}
