/**
 * The local WhatsApp: one HTTP port serving the WhatsApp Business Platform Cloud API (Meta Graph
 * API) subset Trato's server calls — phone number, subscribed_apps, messages (text, template,
 * mark read) and message_templates — under `/{vN.M}/…`, the app's webhooks (verification
 * handshake, signed `messages` and `message_template_status_update` events, at-least-once with
 * retries), test controls under `/__control/` and a developer page at `/` (numbers, webhook,
 * templates, chats as a phone shows them). See "Local WhatsApp" in emulator/README.md.
 *
 *   const wa = await startWhatsAppServer({ port: 0, webhook: { url }, quiet: true });
 *   await fetch(`${wa.graphUrl}/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
 *     method: 'POST', headers: { Authorization: `Bearer ${DEFAULT_ACCESS_TOKEN}`, 'Content-Type': 'application/json' },
 *     body: JSON.stringify({ messaging_product: 'whatsapp', to: '50499998888', type: 'text', text: { body: 'Hola' } }) });
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultLog, listenStandIn, readBody, writeAtomically } from '../controlHttp.js';
import { redirect, sendHtml } from '../standInHtml.js';
import { handleGraph, SERVICE_WINDOW_SECONDS, type ApiContext } from './api.js';
import { handleControl, type ControlContext, type WebhookView } from './control.js';
import { ActionError, WhatsAppEngine, type StatusDelays } from './engine.js';
import { accountIds, newAccessToken, waIdOf } from './ids.js';
import { pickLang, texts, type Lang } from './i18n.js';
import { renderChat, renderHome, type PageContext } from './pages.js';
import { WhatsAppState, type Account, type StateExport, type TemplateStatus } from './state.js';
import { verifyCallback, WebhookDispatcher, type RetryPolicy, type VerificationResult } from './webhooks.js';

export type { Account, ChatMessage, StateExport, Template } from './state.js';
export type { DeliveryRecord, VerificationResult, WebhookAttempt } from './webhooks.js';
export { signatureHeader } from './webhooks.js';

/** The one app of the local WhatsApp (its webhooks are the app's). */
export const DEFAULT_APP_ID = '100000000000001';
export const DEFAULT_APP_SECRET = 'trato-local-whatsapp-app-secret-0000';
export const DEFAULT_VERIFY_TOKEN = 'trato-local-whatsapp-verify-token';
/** The default account: always there, kept across resets. */
export const DEFAULT_WABA_ID = '100000000000010';
export const DEFAULT_PHONE_NUMBER_ID = '100000000000011';
export const DEFAULT_DISPLAY_PHONE_NUMBER = '+504 2200-0000';
export const DEFAULT_VERIFIED_NAME = 'Trato Demo';
/** Its system-user token (public: it only ever exists on the local WhatsApp). */
export const DEFAULT_ACCESS_TOKEN = 'EAATRATOLOCAL000000000000000000000';
/** The Graph version in the URLs this project uses (any `vN.M` is accepted). */
export const GRAPH_VERSION = 'v21.0';
/** The port `npm run dev` uses. */
export const DEFAULT_WHATSAPP_PORT = 9650;
/** File name inside the local cloud's --import / --export-on-exit directory. */
export const WHATSAPP_EXPORT = 'whatsapp.json';

export interface WhatsAppServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a free port. */
  port: number;
  /**
   * The app's webhook: callback URL (none = events are logged as not sent), verify token (default
   * DEFAULT_VERIFY_TOKEN) and app secret (default DEFAULT_APP_SECRET). A URL is verified by the
   * handshake at start, in the background, retried until it answers.
   */
  webhook?: { url?: string | null; verifyToken?: string; appSecret?: string; timeoutMs?: number };
  /** Webhook retries: baseMs * 2^n between attempts, at most maxAttempts (default 1000 ms, 6). */
  retry?: Partial<RetryPolicy>;
  /** How long an event's first attempt waits for the previous event's answer (default 1000 ms). */
  orderWaitMs?: number;
  /** The start-up handshake's retry delay: from minMs doubling up to maxMs (default 1000, 30000). */
  verifyRetry?: { minMs?: number; maxMs?: number };
  /** Automatic `sent` / `delivered` after an accepted send (default 500 ms / 1500 ms). */
  statusDelays?: Partial<StatusDelays>;
  /** Emit `sent` / `delivered` automatically (default true; the control turns it off). */
  autoStatuses?: boolean;
  /** Load this state file at start when it exists (the `whatsapp.json` of an export directory). */
  importFile?: string;
  /** Write the state here on close(). */
  exportFile?: string;
  /** Every log line, already prefixed `[whatsapp]` (default: stderr with a timestamp). */
  log?: (line: string) => void;
  /** No line per API call (deliveries, handshakes and errors are still logged). */
  quiet?: boolean;
}

export interface WhatsAppServer {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:9650 — the developer page is `${url}/`. */
  url: string;
  /** `${url}/v21.0`: what replaces https://graph.facebook.com/v21.0. */
  graphUrl: string;
  state: WhatsAppState;
  engine: WhatsAppEngine;
  webhook(): WebhookView;
  /** Runs the handshake (with a new URL / token when given); saved only when verified. */
  verifyWebhook(update?: { url?: string | null; verifyToken?: string }): Promise<VerificationResult | null>;
  exportState(): StateExport;
  exportTo(file: string): Promise<void>;
  /** Forget templates, chats, added accounts, flags, failures and deliveries (the webhook stays). */
  reset(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

function defaultAccount(): Account {
  return {
    wabaId: DEFAULT_WABA_ID,
    wabaName: DEFAULT_VERIFIED_NAME,
    phoneNumberId: DEFAULT_PHONE_NUMBER_ID,
    displayPhoneNumber: DEFAULT_DISPLAY_PHONE_NUMBER,
    verifiedName: DEFAULT_VERIFIED_NAME,
    qualityRating: 'GREEN',
    accessToken: DEFAULT_ACCESS_TOKEN,
    subscribed: false,
    builtIn: true,
    createdAt: Date.now(),
  };
}

export async function startWhatsAppServer(options: WhatsAppServerOptions): Promise<WhatsAppServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? defaultLog;
  const quiet = options.quiet ?? false;
  const say = (line: string) => {
    if (!quiet) log(`[whatsapp] ${line}`);
  };
  const timeoutMs = options.webhook?.timeoutMs ?? 10_000;
  const webhook: {
    url: string | null;
    verifyToken: string;
    appSecret: string;
    verified: boolean;
    lastVerification: VerificationResult | null;
  } = {
    url: options.webhook?.url || null,
    verifyToken: options.webhook?.verifyToken || DEFAULT_VERIFY_TOKEN,
    appSecret: options.webhook?.appSecret || DEFAULT_APP_SECRET,
    verified: false,
    lastVerification: null,
  };
  const webhookView = (): WebhookView => ({ appId: DEFAULT_APP_ID, ...webhook });

  const state = new WhatsAppState(defaultAccount);
  if (options.importFile && existsSync(options.importFile)) {
    state.load(JSON.parse(await readFile(options.importFile, 'utf8')) as StateExport);
    log(`[whatsapp] state imported from ${options.importFile}`);
  }
  const webhooks = new WebhookDispatcher({
    target: () =>
      !webhook.url
        ? { skip: 'no callback URL is configured' }
        : !webhook.verified
          ? { skip: `the callback URL ${webhook.url} is not verified` }
          : { url: webhook.url, appSecret: webhook.appSecret },
    retry: { baseMs: options.retry?.baseMs ?? 1000, maxAttempts: options.retry?.maxAttempts ?? 6 },
    timeoutMs,
    orderWaitMs: options.orderWaitMs ?? 1000,
    keep: 500,
    log,
  });
  const engine = new WhatsAppEngine(state, webhooks, {
    statusDelays: {
      sentMs: options.statusDelays?.sentMs ?? 500,
      deliveredMs: options.statusDelays?.deliveredMs ?? 1500,
    },
    autoStatuses: options.autoStatuses ?? true,
    say,
  });

  // --- The callback URL's handshake -----------------------------------------------------------
  /** Bumped whenever the configuration changes: a background loop of an older one stops. */
  let generation = 0;
  let closed = false;
  let verifyTimer: NodeJS.Timeout | undefined;
  const handshake = async (url: string, token: string) => {
    const result = await verifyCallback(url, token, timeoutMs);
    webhook.lastVerification = result;
    return result;
  };
  /** At start (and after an import): verify in the background, retrying until the URL answers. */
  const verifyInBackground = () => {
    if (!webhook.url) return;
    const mine = ++generation;
    const min = options.verifyRetry?.minMs ?? 1000;
    const max = options.verifyRetry?.maxMs ?? 30_000;
    let delay = min;
    let lastReason = '';
    const run = async () => {
      if (closed || mine !== generation || !webhook.url) return;
      const result = await handshake(webhook.url, webhook.verifyToken);
      if (closed || mine !== generation) return;
      if (result.verified) {
        webhook.verified = true;
        log(`[whatsapp] callback URL ${result.url} verified`);
        return;
      }
      if (result.reason !== lastReason)
        log(
          `[whatsapp] callback URL ${result.url} not verified yet (${result.reason}); retrying in the background`,
        );
      lastReason = result.reason;
      verifyTimer = setTimeout(() => void run(), delay);
      verifyTimer.unref?.();
      delay = Math.min(delay * 2, max);
    };
    void run();
  };
  const verifyWebhook = async (update: { url?: string | null; verifyToken?: string } = {}) => {
    const url = update.url !== undefined ? update.url : webhook.url;
    const token = update.verifyToken ?? webhook.verifyToken;
    if (!url) {
      if (update.verifyToken) webhook.verifyToken = update.verifyToken;
      if (webhook.url) {
        generation++;
        clearTimeout(verifyTimer);
        webhook.url = null;
        webhook.verified = false;
        log('[whatsapp] callback URL removed: events are not sent');
      }
      return null;
    }
    const result = await handshake(url, token);
    if (result.verified) {
      generation++;
      clearTimeout(verifyTimer);
      webhook.url = url;
      webhook.verifyToken = token;
      webhook.verified = true;
      log(`[whatsapp] callback URL ${url} verified and saved`);
    } else {
      log(`[whatsapp] callback URL ${url} not verified (${result.reason}); the previous settings stay`);
    }
    return result;
  };

  const createAccount: ControlContext['createAccount'] = (spec) => {
    const n = ++state.accountCounter;
    const ids = accountIds(n);
    const account: Account = {
      ...ids,
      wabaName: spec.wabaName ?? spec.verifiedName ?? `Trato Demo ${n}`,
      displayPhoneNumber: spec.displayPhoneNumber ?? `+504 2200-${String(n).padStart(4, '0')}`,
      verifiedName: spec.verifiedName ?? `Trato Demo ${n}`,
      qualityRating: 'GREEN',
      accessToken: newAccessToken(),
      subscribed: spec.subscribed ?? false,
      builtIn: false,
      createdAt: Date.now(),
    };
    state.accounts.set(account.wabaId, account);
    log(
      `[whatsapp] account ${account.wabaId} / number ${account.phoneNumberId} (${account.displayPhoneNumber}) created`,
    );
    return account;
  };
  const reset = () => {
    engine.reset();
    webhooks.reset();
    state.clear();
    log('[whatsapp] state reset');
  };

  let serverUrl = '';
  const apiCtx: ApiContext = {
    engine,
    appId: DEFAULT_APP_ID,
    appName: 'Trato (local)',
    serverUrl: () => serverUrl,
    say,
  };
  const controlCtx: ControlContext = {
    engine,
    createAccount,
    webhook: webhookView,
    verifyWebhook,
    reset,
    log,
  };
  const pageCtx = (): PageContext => ({
    engine,
    webhook: webhookView(),
    serverUrl,
    graphVersion: GRAPH_VERSION,
    serviceWindowSeconds: SERVICE_WINDOW_SECONDS,
  });

  async function handlePage(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    method: string,
    raw: string,
  ) {
    const p = url.pathname;
    const langOf = (hl: string | null) => pickLang(hl, req.headers['accept-language']);
    if (p === '/' && method === 'GET')
      return sendHtml(res, 200, renderHome(pageCtx(), { lang: langOf(url.searchParams.get('hl')) }));
    if (p === '/chat' && method === 'GET') {
      const lang = langOf(url.searchParams.get('hl'));
      const phoneNumberId = url.searchParams.get('phone_number_id') ?? '';
      const waId = waIdOf(url.searchParams.get('wa_id') ?? '');
      if (!waId || !state.accountOfPhone(phoneNumberId))
        return sendHtml(
          res,
          404,
          renderHome(pageCtx(), {
            lang,
            error: `No chat ${phoneNumberId} / ${url.searchParams.get('wa_id') ?? ''}.`,
          }),
        );
      // The user opens the chat on their phone: the business's messages are read.
      engine.phoneReads(phoneNumberId, waId);
      return sendHtml(res, 200, renderChat(pageCtx(), { lang, phoneNumberId, waId })!);
    }
    if (method !== 'POST') return false;
    const form = new URLSearchParams(raw);
    const lang: Lang = langOf(form.get('hl'));
    if (p === '/page/inbound') {
      const phoneNumberId = form.get('phone_number_id') ?? undefined;
      const buttonText = form.get('button_text');
      try {
        const r = engine.inbound({
          phoneNumberId,
          from: form.get('from') ?? '',
          name: form.get('name') ?? undefined,
          text: form.get('text') ?? undefined,
          ...(buttonText
            ? {
                button: {
                  text: buttonText,
                  payload: form.get('button_payload') ?? undefined,
                  contextId: form.get('context_id') || undefined,
                },
              }
            : {}),
        });
        const m = r.message;
        return redirect(
          res,
          `/chat?phone_number_id=${encodeURIComponent(m.phoneNumberId)}&wa_id=${m.waId}&hl=${lang}#m-${encodeURIComponent(m.id)}`,
          303,
        );
      } catch (err) {
        if (!(err instanceof ActionError)) throw err;
        const waId = waIdOf(form.get('from') ?? '');
        if (form.get('back') === 'chat' && waId && phoneNumberId && state.accountOfPhone(phoneNumberId))
          return sendHtml(
            res,
            err.status,
            renderChat(pageCtx(), { lang, phoneNumberId, waId, error: err.message })!,
          );
        return sendHtml(res, err.status, renderHome(pageCtx(), { lang, error: err.message }));
      }
    }
    if (p === '/page/template-status') {
      const template = state.templates.find((t) => t.id === form.get('id'));
      const status = (form.get('status') ?? '').toUpperCase() as TemplateStatus;
      if (!template || !['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'].includes(status))
        return sendHtml(
          res,
          404,
          renderHome(pageCtx(), { lang, error: `No template ${form.get('id') ?? ''} or no status.` }),
        );
      engine.setTemplateStatus(template, status, form.get('reason') ?? undefined);
      return redirect(res, `/?hl=${lang}#template-${template.id}`, 303);
    }
    if (p === '/page/webhook') {
      const t = texts(lang);
      const target = (form.get('url') ?? '').trim();
      const token = (form.get('verify_token') ?? '').trim();
      const result = await verifyWebhook({ url: target || null, ...(token ? { verifyToken: token } : {}) });
      const ok = result?.verified ?? false;
      return sendHtml(
        res,
        ok ? 200 : 400,
        renderHome(pageCtx(), {
          lang,
          notice: { ok, text: ok ? t.verifyOk : t.verifyFailed(result?.reason ?? t.noUrl) },
        }),
      );
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = method === 'GET' || method === 'HEAD' ? '' : (await readBody(req, MAX_BODY)).toString('utf8');
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'authorization, content-type',
        'Access-Control-Allow-Methods': 'GET, POST, DELETE',
      });
      return void res.end();
    }
    if (url.pathname === '/__control' || url.pathname.startsWith('/__control/'))
      return handleControl(res, method, url, raw, controlCtx);
    if (await handleGraph(apiCtx, req, res, url, method, raw)) return;
    if ((await handlePage(req, res, url, method, raw)) !== false) return;
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  }

  const listening = await listenStandIn('whatsapp', handle, { port: options.port, host }, log);
  const { server, port } = listening;
  serverUrl = listening.url;
  verifyInBackground();

  const exportJson = () => `${JSON.stringify(state.toJSON(), null, 1)}\n`;
  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    url: serverUrl,
    graphUrl: `${serverUrl}/${GRAPH_VERSION}`,
    state,
    engine,
    webhook: webhookView,
    verifyWebhook,
    exportState: () => state.toJSON(),
    exportTo: (file) => writeAtomically(file, exportJson()),
    reset,
    close() {
      closing ??= (async () => {
        closed = true;
        clearTimeout(verifyTimer);
        engine.close();
        await webhooks.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (options.exportFile) await writeAtomically(options.exportFile, exportJson());
      })();
      return closing;
    },
  };
}
