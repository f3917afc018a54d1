/**
 * The local Stripe: one HTTP port serving the `/v1` API subset the project uses (for the real,
 * unmodified stripe-node client), hosted Checkout and customer-portal pages, signed webhook
 * deliveries, a simulated clock, test controls under `/__control/` and a developer page at `/`.
 * See "Local Stripe" in emulator/README.md.
 *
 *   const stripeServer = await startStripeServer({ port: 0, webhook: { url, secret }, quiet: true });
 *   const stripe = new Stripe(DEFAULT_API_KEY, { host: '127.0.0.1', port: stripeServer.port, protocol: 'http' });
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi, type ApiContext, type InjectedFailure } from './api.js';
import { defaultLog, listenStandIn, readBody, writeAtomically } from '../controlHttp.js';
import { handleControl, type ControlContext } from './control.js';
import { renderDevPage } from './dev.js';
import { StripeEngine } from './engine.js';
import { parseForm, type FormObject } from './form.js';
import type { CatalogOptions } from './objects.js';
import { handlePage } from './pages.js';
import { StripeState, type StateExport } from './state.js';
import { WebhookDispatcher, type RetryPolicy, type WebhookEndpoint } from './webhooks.js';

export { API_VERSION } from './objects.js';
export { parseForm } from './form.js';
export { signatureHeader } from './webhooks.js';
export type { StateExport } from './state.js';
export type { DeliveryAttempt, DeliveryRecord, WebhookEndpoint } from './webhooks.js';

export const DEFAULT_API_KEY = 'sk_test_trato_local_0000000000000000';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_trato_local_dev_0000000000000000';
/** File name inside the local cloud's --import / --export-on-exit directory. */
export const STRIPE_EXPORT = 'stripe.json';

export interface StripeServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a free port. */
  port: number;
  /** Accepted secret keys (default [DEFAULT_API_KEY]). */
  apiKeys?: string[];
  /** Where events are POSTed (none = events are recorded, not delivered). */
  webhook?: { url: string; secret?: string; timeoutMs?: number } | null;
  /** The seeded product and price (default: prod_trato "Trato CRM", price_trato_monthly, $20.00/month). */
  price?: CatalogOptions;
  /** Webhook retries: baseMs * 2^n between attempts, at most maxAttempts attempts (default 1000, 8). */
  retry?: Partial<RetryPolicy>;
  /** Load this state file at start when it exists (the `stripe.json` of an export directory). */
  importFile?: string;
  /** Write the state here on close(). */
  exportFile?: string;
  /** Every log line, already prefixed `[stripe]` (default: stderr with a timestamp). */
  log?: (line: string) => void;
  /** No line per API call / page action (deliveries and errors are still logged). */
  quiet?: boolean;
  /** How often the clock checks for due transitions (default 1000 ms). */
  tickMs?: number;
}

export interface StripeServer {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:12111 — hosted pages live under it. */
  url: string;
  /** The in-memory state (for tests). */
  state: StripeState;
  engine: StripeEngine;
  webhooks: WebhookDispatcher;
  /** Current webhook endpoint (null = none). */
  webhook(): WebhookEndpoint | null;
  setWebhook(endpoint: WebhookEndpoint | null): void;
  /** Everything, in the `stripe.json` format. */
  exportState(): StateExport;
  /** Write `stripe.json` atomically (temp file + rename). */
  exportTo(file: string): Promise<void>;
  /** Forget every object, event, delivery and injected failure; reseed the catalog. */
  reset(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? defaultLog;
  const quiet = options.quiet ?? false;
  const apiKeys = options.apiKeys && options.apiKeys.length > 0 ? [...options.apiKeys] : [DEFAULT_API_KEY];
  const retry: RetryPolicy = {
    baseMs: options.retry?.baseMs ?? 1000,
    maxAttempts: options.retry?.maxAttempts ?? 8,
  };
  const catalog = {
    id: options.price?.id ?? 'price_trato_monthly',
    productId: options.price?.productId ?? 'prod_trato',
    productName: options.price?.productName ?? 'Trato CRM',
    unitAmount: options.price?.unitAmount ?? 2000,
    currency: options.price?.currency ?? 'usd',
    interval: options.price?.interval ?? 'month',
    lookupKey: options.price?.lookupKey ?? null,
  };
  const timeoutMs = options.webhook?.timeoutMs ?? 10_000;
  let endpoint: WebhookEndpoint | null = options.webhook?.url
    ? { url: options.webhook.url, secret: options.webhook.secret ?? DEFAULT_WEBHOOK_SECRET }
    : null;

  const state = new StripeState();
  let imported = false;
  if (options.importFile && existsSync(options.importFile)) {
    state.load(JSON.parse(await readFile(options.importFile, 'utf8')) as StateExport);
    imported = true;
    log(`[stripe] state imported from ${options.importFile}`);
  }
  let serverUrl = '';
  const webhooks = new WebhookDispatcher(state, { endpoint: () => endpoint, retry, timeoutMs, log });
  const engine = new StripeEngine(state, {
    catalog,
    serverUrl: () => serverUrl,
    pendingWebhooks: () => (endpoint ? 1 : 0),
    publish: (event) => webhooks.publish(event.id, event.type),
  });
  engine.seedCatalog();

  const failures: InjectedFailure[] = [];
  const apiCtx: ApiContext = {
    engine,
    state,
    apiKeys: () => apiKeys,
    failures,
    idempotency: new Map(),
    log,
    quiet,
  };
  const reset = () => {
    webhooks.reset();
    state.clear();
    failures.length = 0;
    apiCtx.idempotency.clear();
    engine.seedCatalog();
    log('[stripe] state reset');
  };
  const controlCtx: ControlContext = {
    engine,
    state,
    webhooks,
    failures,
    getEndpoint: () => endpoint,
    setEndpoint: (e) => {
      endpoint = e;
    },
    defaultSecret: DEFAULT_WEBHOOK_SECRET,
    reset,
    log,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = method === 'GET' || method === 'HEAD' ? '' : (await readBody(req, MAX_BODY)).toString('utf8');
    if (url.pathname.startsWith('/v1/')) {
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'authorization, content-type, idempotency-key, stripe-version',
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        });
        return void res.end();
      }
      return handleApi(req, res, url.pathname, url.search.slice(1), raw, apiCtx);
    }
    if (url.pathname === '/__control' || url.pathname.startsWith('/__control/')) {
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'content-type',
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        });
        return void res.end();
      }
      return handleControl(res, method, url.pathname, raw, controlCtx);
    }
    if (url.pathname === '/' && method === 'GET') {
      const html = renderDevPage(controlCtx, serverUrl);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(html);
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    let form: FormObject | null = null;
    if (method === 'POST') {
      try {
        form = parseForm(raw);
      } catch {
        form = {};
      }
    }
    if (
      (method === 'GET' || method === 'POST') &&
      (await handlePage(req, res, url, form, { engine, log, quiet }))
    )
      return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  }

  const listening = await listenStandIn('stripe', handle, { port: options.port, host }, log);
  const { server, port } = listening;
  serverUrl = listening.url;

  const tick = () => {
    try {
      engine.runDue(engine.now());
    } catch (err) {
      log(`[stripe] clock: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  };
  const timer = setInterval(tick, options.tickMs ?? 1000);
  timer.unref();
  if (imported) webhooks.resumePending();

  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    url: serverUrl,
    state,
    engine,
    webhooks,
    webhook: () => endpoint,
    setWebhook: (e) => {
      endpoint = e;
    },
    exportState: () => state.toJSON(),
    exportTo: (file) => writeAtomically(file, `${JSON.stringify(state.toJSON(), null, 1)}\n`),
    reset,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await webhooks.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (options.exportFile)
          await writeAtomically(options.exportFile, `${JSON.stringify(state.toJSON(), null, 1)}\n`);
      })();
      return closing;
    },
  };
}
