// Meta's Graph API for the WhatsApp channel (issue 33), spoken with fetch: the calls Trato makes
// are a handful of JSON requests, so no SDK. Production: graph.facebook.com; in the Functions
// emulator WHATSAPP_EMULATOR_HOST points at the local WhatsApp (emulator/src/whatsapp), honoured
// only there, like GOOGLE_EMULATOR_HOST. Secrets: WHATSAPP_APP_SECRET (webhook signatures),
// WHATSAPP_VERIFY_TOKEN (the webhook's verification handshake) and WHATSAPP_TOKEN_KEY (the
// AES-256-GCM key of the organizations' access tokens at rest).
import { defineSecret } from 'firebase-functions/params';

import { WHATSAPP_GRAPH_URL, WHATSAPP_GRAPH_VERSION, whatsappFailureReason } from '@trato/model';
import type { WaFailureReason } from '@trato/model';

import { fail } from '../common/errors.js';

export const whatsappAppSecret = defineSecret('WHATSAPP_APP_SECRET');
export const whatsappVerifyToken = defineSecret('WHATSAPP_VERIFY_TOKEN');
export const whatsappTokenKey = defineSecret('WHATSAPP_TOKEN_KEY');

/** What the callables need: the token key (and the Graph base). */
export const WHATSAPP_SECRETS = [whatsappTokenKey];
/** What the webhook needs: the three. */
export const WHATSAPP_WEBHOOK_SECRETS = [whatsappAppSecret, whatsappVerifyToken, whatsappTokenKey];

export interface GraphConfig {
  /** `https://graph.facebook.com/v21.0`, or the local WhatsApp's. */
  base: string;
  tokenKey: string;
}

export function graphBase(): string {
  const host = process.env.WHATSAPP_EMULATOR_HOST;
  return host && process.env.FUNCTIONS_EMULATOR === 'true'
    ? `http://${host}/${WHATSAPP_GRAPH_VERSION}`
    : WHATSAPP_GRAPH_URL;
}

export function graphConfig(): GraphConfig {
  const tokenKey = whatsappTokenKey.value();
  if (!tokenKey) {
    console.error('WHATSAPP_TOKEN_KEY is not set');
    fail('internal', 'The WhatsApp channel is not configured.', { reason: 'not-configured' });
  }
  return { base: graphBase(), tokenKey };
}

/** A Graph answer: the JSON of a 2xx, or the error envelope's code and words. */
export type GraphResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: number | null; message: string; failure: WaFailureReason };

/** Graph calls give up after this long (the platform answers in well under a second). */
const GRAPH_TIMEOUT_MS = 15_000;

export async function graphRequest<T>(
  config: Pick<GraphConfig, 'base'>,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<GraphResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${config.base}/${path.replace(/^\//, '')}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, status: 0, code: null, message: (error as Error).message, failure: 'unknown' };
  }
  const data = (await response.json().catch(() => null)) as {
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } | null;
  if (response.ok && data && !data.error) return { ok: true, data: data as T };
  const code = typeof data?.error?.code === 'number' ? data.error.code : null;
  const message = data?.error?.error_data?.details || data?.error?.message || `HTTP ${response.status}`;
  return {
    ok: false,
    status: response.status,
    code,
    message,
    failure: whatsappFailureReason(code, response.status),
  };
}
