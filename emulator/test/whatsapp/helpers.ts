/**
 * Shared set-up for the local WhatsApp tests: a server on an ephemeral port with short delays, a
 * webhook receiver that answers the verification handshake and checks every event's
 * X-Hub-Signature-256 over the raw body (as the app's webhook function must), and small clients
 * for the Graph API and the test controls.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_ACCESS_TOKEN,
  DEFAULT_APP_SECRET,
  DEFAULT_PHONE_NUMBER_ID,
  DEFAULT_VERIFY_TOKEN,
  DEFAULT_WABA_ID,
  startWhatsAppServer,
  type WhatsAppServer,
  type WhatsAppServerOptions,
} from '../../src/whatsapp/index.js';

export {
  DEFAULT_ACCESS_TOKEN,
  DEFAULT_APP_SECRET,
  DEFAULT_PHONE_NUMBER_ID,
  DEFAULT_VERIFY_TOKEN,
  DEFAULT_WABA_ID,
};

/** Short delays: automatic statuses after 5 / 10 ms, retries from 20 ms. */
export const FAST: Partial<WhatsAppServerOptions> = {
  statusDelays: { sentMs: 5, deliveredMs: 10 },
  retry: { baseMs: 20, maxAttempts: 4 },
  orderWaitMs: 200,
  verifyRetry: { minMs: 20, maxMs: 100 },
};

export async function startWhatsApp(options: Partial<WhatsAppServerOptions> = {}): Promise<WhatsAppServer> {
  return startWhatsAppServer({
    port: 0,
    quiet: true,
    log: process.env.EMULATOR_LOG ? (l) => console.log(l) : () => {},
    ...FAST,
    ...options,
  });
}

// --- The webhook receiver ------------------------------------------------------------------------

export interface WebhookChange {
  field: string;
  value: Record<string, unknown>;
}

export interface WebhookPayload {
  object: string;
  entry: { id: string; time?: number; changes: WebhookChange[] }[];
}

export interface Received {
  payload: WebhookPayload;
  raw: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  /** Events whose signature verified, in arrival order (duplicates included). */
  events: Received[];
  /** POSTs whose signature did not verify. */
  rejected: { raw: string; signature: string }[];
  /** Handshake GETs received (their query). */
  handshakes: URLSearchParams[];
  /** Status to answer for the next POSTs (then 200): e.g. [500, 500]. */
  failNext: number[];
  /** Decides a status for a POST from its raw body (undefined = normal handling); before failNext. */
  respond?: (raw: string) => number | undefined;
  /** Milliseconds to wait before answering a POST (from its raw body; undefined = at once). */
  delay?: (raw: string) => number | undefined;
  /** Answer to the handshake: 'echo' (the challenge), a fixed string, or an HTTP status. */
  handshake: 'echo' | { body: string } | { status: number };
  /** What the receiver expects (tests may change them). */
  verifyToken: string;
  appSecret: string;
  /** Every change (entry.changes[]) of the verified events, in order. */
  changes(field?: string): WebhookChange[];
  waitFor(predicate: (r: Receiver) => boolean, timeoutMs?: number): Promise<void>;
  clear(): void;
  close(): Promise<void>;
}

export async function startReceiver(
  options: { verifyToken?: string; appSecret?: string; path?: string } = {},
): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    events: [],
    rejected: [],
    handshakes: [],
    failNext: [],
    handshake: 'echo',
    verifyToken: options.verifyToken ?? DEFAULT_VERIFY_TOKEN,
    appSecret: options.appSecret ?? DEFAULT_APP_SECRET,
    changes: (field) =>
      receiver.events
        .flatMap((e) => e.payload.entry.flatMap((x) => x.changes))
        .filter((c) => !field || c.field === field),
    async waitFor(predicate, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver)) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for webhooks; received: ${JSON.stringify(receiver.changes().map((c) => c.value))}`,
          );
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    clear() {
      receiver.events.length = 0;
      receiver.rejected.length = 0;
      receiver.handshakes.length = 0;
      receiver.failNext.length = 0;
      receiver.respond = undefined;
      receiver.delay = undefined;
      receiver.handshake = 'echo';
      receiver.verifyToken = options.verifyToken ?? DEFAULT_VERIFY_TOKEN;
      receiver.appSecret = options.appSecret ?? DEFAULT_APP_SECRET;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET') {
      receiver.handshakes.push(url.searchParams);
      const h = receiver.handshake;
      if (typeof h === 'object' && 'status' in h) return void res.writeHead(h.status).end('no');
      const ok =
        url.searchParams.get('hub.mode') === 'subscribe' &&
        url.searchParams.get('hub.verify_token') === receiver.verifyToken;
      if (!ok) return void res.writeHead(403).end('Forbidden');
      const body = h === 'echo' ? (url.searchParams.get('hub.challenge') ?? '') : h.body;
      return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const wait = receiver.delay?.(Buffer.concat(chunks).toString('utf8'));
      if (wait) await new Promise((r) => setTimeout(r, wait));
      if (res.destroyed) return;
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString('utf8');
      const signature = String(req.headers['x-hub-signature-256'] ?? '');
      const fail = receiver.respond?.(raw) ?? receiver.failNext.shift();
      if (fail) return void res.writeHead(fail).end('failing on purpose');
      const expected = `sha256=${createHmac('sha256', receiver.appSecret).update(bytes).digest('hex')}`;
      const good =
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      if (!good) {
        receiver.rejected.push({ raw, signature });
        return void res.writeHead(401).end('bad signature');
      }
      receiver.events.push({
        payload: JSON.parse(raw) as WebhookPayload,
        raw,
        signature,
        headers: req.headers,
      });
      res.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? '/whatsappWebhook'}`;
  return receiver;
}

// --- Clients --------------------------------------------------------------------------------------

export interface GraphAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface GraphErrorJson {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product: string; details: string };
    error_user_title?: string;
    error_user_msg?: string;
    fbtrace_id: string;
  };
}

/** A Graph call as the Trato server makes it (`token: null` sends none). */
export async function graph<T = Record<string, unknown>>(
  server: WhatsAppServer,
  path: string,
  options: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<GraphAnswer<T>> {
  const token = options.token === undefined ? DEFAULT_ACCESS_TOKEN : options.token;
  const res = await fetch(`${server.graphUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

export async function control<T = Record<string, unknown>>(
  server: WhatsAppServer,
  path: string,
  body?: unknown,
  method?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/__control${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** POST /__control/inbound, expecting 200. */
export async function inbound(server: WhatsAppServer, body: Record<string, unknown>): Promise<string> {
  const r = await control<{ id: string }>(server, '/inbound', body);
  if (r.status !== 200) throw new Error(`inbound answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.id;
}

export const text = (to: string, body: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { body },
});

export const templateMessage = (
  to: string,
  name: string,
  language: string,
  components?: unknown[],
): Record<string, unknown> => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: { name, language: { code: language }, ...(components ? { components } : {}) },
});

export const bodyParams = (...values: string[]) => ({
  type: 'body',
  parameters: values.map((v) => ({ type: 'text', text: v })),
});

/** The template Trato might use: a header, a body with two variables, a footer and two quick replies. */
export const RECORDATORIO = {
  name: 'recordatorio_cita',
  language: 'es',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Cita con {{1}}', example: { header_text: ['Acme'] } },
    {
      type: 'BODY',
      text: 'Hola {{1}}, te esperamos el {{2}}. ¿Confirmas?',
      example: { body_text: [['Ana', 'lunes 3']] },
    },
    { type: 'FOOTER', text: 'Trato CRM' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Sí, confirmo' },
        { type: 'QUICK_REPLY', text: 'No puedo' },
      ],
    },
  ],
};

/** Creates a template through the API and approves it through the control; answers its id. */
export async function approvedTemplate(
  server: WhatsAppServer,
  template: Record<string, unknown> = RECORDATORIO,
  wabaId = DEFAULT_WABA_ID,
  token = DEFAULT_ACCESS_TOKEN,
): Promise<string> {
  const created = await graph<{ id: string }>(server, `/${wabaId}/message_templates`, {
    body: template,
    token,
  });
  if (created.status !== 200)
    throw new Error(`template creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const r = await control(server, '/templates/status', { id: created.body.id, status: 'APPROVED' });
  if (r.status !== 200) throw new Error(`approval answered ${r.status}`);
  return created.body.id;
}

export interface Harness {
  server: WhatsAppServer;
  receiver: Receiver;
  /** Waits until every delivery (retries included) is done. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A server whose callback URL is a verified receiver and whose default WABA is subscribed to the
 * app (what the Trato server does when it connects a number).
 */
export async function startHarness(options: Partial<WhatsAppServerOptions> = {}): Promise<Harness> {
  const receiver = await startReceiver();
  const server = await startWhatsApp({ webhook: { url: receiver.url }, ...options });
  const harness: Harness = {
    server,
    receiver,
    drain: async () => {
      const r = await control<{ drained: boolean }>(server, '/deliveries/drain', {});
      if (!r.body.drained) throw new Error('deliveries did not drain');
    },
    close: async () => {
      await server.close();
      await receiver.close();
    },
  };
  await prepare(harness);
  return harness;
}

/** Reset, verified callback, default WABA subscribed, receiver emptied. */
export async function prepare(t: Harness): Promise<void> {
  await control(t.server, '/reset', {});
  t.receiver.clear();
  const v = await control<{ verified: boolean; reason: string }>(t.server, '/webhook', {
    url: t.receiver.url,
    verifyToken: DEFAULT_VERIFY_TOKEN,
  });
  if (!v.body.verified) throw new Error(`the receiver was not verified: ${v.body.reason}`);
  const s = await graph(t.server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST' });
  if (s.status !== 200) throw new Error(`subscribed_apps answered ${s.status}`);
  t.receiver.clear();
}
