// The platform → Trato (Meta app's webhook, fields `messages` and `message_template_status_update`).
// GET: the verification handshake (hub.mode=subscribe, hub.verify_token = WHATSAPP_VERIFY_TOKEN →
// the challenge). POST: the body's X-Hub-Signature-256 (HMAC-SHA256 of the raw body with
// WHATSAPP_APP_SECRET) is checked first — 400 and nothing written when it does not match — then
// each event is applied idempotently (events.ts). 200 once all are; 500 when one failed or a
// status overtook its message, so that the platform delivers again (applying twice is harmless).
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Firestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';

import { db } from '../common/admin.js';
import {
  applyStatus,
  applyTemplateEvent,
  receiveMessage,
  routeOf,
  type InboundMessage,
  type StatusEvent,
} from './events.js';
import { loadChannel } from './channel.js';
import {
  graphBase,
  whatsappAppSecret,
  whatsappTokenKey,
  whatsappVerifyToken,
  WHATSAPP_WEBHOOK_SECRETS,
  type GraphConfig,
} from './graph.js';

/** Whether `signature` (the header: `sha256=<hex>`) is the body's HMAC with the app secret. */
export function validSignature(rawBody: Buffer, signature: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature ?? '');
  if (!match || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

interface WebhookPayload {
  object?: string;
  entry?: {
    id?: string;
    changes?: {
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        contacts?: { wa_id?: string; profile?: { name?: string } }[];
        messages?: InboundMessage[];
        statuses?: StatusEvent[];
        event?: string;
        message_template_id?: number | string;
        message_template_name?: string;
        message_template_language?: string;
        reason?: string | null;
      };
    }[];
  }[];
}

export interface WebhookOutcome {
  messages: number;
  duplicates: number;
  statuses: number;
  templates: number;
  /** Statuses of messages not kept yet: the delivery should be retried. */
  waiting: number;
}

/** Applies a verified payload's events. */
export async function handleWebhookPayload(
  firestore: Firestore,
  config: GraphConfig,
  payload: WebhookPayload,
): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { messages: 0, duplicates: 0, statuses: 0, templates: 0, waiting: 0 };
  if (payload.object !== 'whatsapp_business_account') return outcome;
  for (const entry of payload.entry ?? [])
    for (const change of entry.changes ?? []) {
      const value = change.value ?? {};
      if (change.field === 'message_template_status_update') {
        if (entry.id && (await applyTemplateEvent(firestore, entry.id, value))) outcome.templates += 1;
        continue;
      }
      if (change.field !== 'messages') continue;
      const phoneNumberId = value.metadata?.phone_number_id;
      const organizationId = phoneNumberId ? await routeOf(firestore, phoneNumberId) : null;
      if (!organizationId) continue;
      if (value.messages?.length) {
        const access = await loadChannel(firestore, config, organizationId);
        if (!access) continue;
        for (const message of value.messages) {
          const profile = value.contacts?.find((c) => c.wa_id === message.from)?.profile?.name ?? null;
          const result = await receiveMessage(firestore, config, access, message, profile);
          outcome[result === 'added' ? 'messages' : 'duplicates'] += 1;
        }
      }
      for (const status of value.statuses ?? []) {
        const result = await applyStatus(firestore, organizationId, status);
        if (result === 'applied') outcome.statuses += 1;
        if (result === 'unknown') outcome.waiting += 1;
      }
    }
  return outcome;
}

export const whatsappWebhook = onRequest({ secrets: WHATSAPP_WEBHOOK_SECRETS }, async (req, res) => {
  if (req.method === 'GET') {
    const mode = req.query['hub.mode'];
    const token = req.query['hub.verify_token'];
    const challenge = req.query['hub.challenge'];
    const expected = whatsappVerifyToken.value();
    if (
      mode === 'subscribe' &&
      typeof token === 'string' &&
      expected &&
      token === expected &&
      typeof challenge === 'string'
    ) {
      res.status(200).type('text/plain').send(challenge);
      return;
    }
    res.status(403).send('Verification failed');
    return;
  }
  if (req.method !== 'POST') {
    res.status(405).set('Allow', 'GET, POST').send('Method Not Allowed');
    return;
  }
  if (!validSignature(req.rawBody, req.get('x-hub-signature-256'), whatsappAppSecret.value())) {
    console.warn('whatsappWebhook: refused (bad signature)');
    res.status(400).send('Invalid signature');
    return;
  }
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(req.rawBody.toString('utf8')) as WebhookPayload;
  } catch {
    res.status(400).send('Invalid JSON');
    return;
  }
  try {
    const outcome = await handleWebhookPayload(
      db,
      { base: graphBase(), tokenKey: whatsappTokenKey.value() },
      payload,
    );
    console.info(`whatsappWebhook: ${JSON.stringify(outcome)}`);
    if (outcome.waiting) {
      res.status(503).send('A status overtook its message; deliver again');
      return;
    }
    res.status(200).json({ received: true });
  } catch (error) {
    console.error(`whatsappWebhook: failed: ${(error as Error).message}`);
    res.status(500).send('Processing failed; deliver again');
  }
});
