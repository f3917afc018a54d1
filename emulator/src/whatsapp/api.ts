/**
 * The Graph API subset the Trato server calls (`/{version}/…`, any `vN.M`; also unversioned):
 *
 *   GET    /{phone-number-id}                 ?fields=display_phone_number,verified_name,quality_rating…
 *   POST   /{phone-number-id}/messages        text, template, mark-as-read
 *   GET    /{waba-id}                         ?fields=name,…
 *   GET    /{waba-id}/phone_numbers
 *   GET | POST | DELETE /{waba-id}/subscribed_apps
 *   GET | POST | DELETE /{waba-id}/message_templates
 *   GET    /{template-id}
 *
 * Every call needs `Authorization: Bearer <token>` (or `access_token=`): the system-user token of
 * the account that owns the WABA / number. Errors are Graph's envelope (src/whatsapp/errors.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WhatsAppEngine } from './engine.js';
import {
  cloudApiError,
  GraphError,
  invalidParameter,
  invalidToken,
  permissionError,
  unknownObject,
} from './errors.js';
import { newWamid, nowSeconds, templateId, waIdOf } from './ids.js';
import type { Account, ChatMessage, Template } from './state.js';
import { checkNewTemplate, renderTemplateMessage, TEMPLATE_FIELDS, templateJson } from './templates.js';

export interface ApiContext {
  engine: WhatsAppEngine;
  appId: string;
  appName: string;
  serverUrl: () => string;
  say: (line: string) => void;
}

/** The window in which free-form messages may be sent after the user's last message. */
export const SERVICE_WINDOW_SECONDS = 24 * 3600;

const SUPPORTED_TYPES = ['text', 'template'];
/** Cloud API message types the local WhatsApp does not send (131051). */
const OTHER_TYPES = [
  'audio',
  'contacts',
  'document',
  'image',
  'interactive',
  'location',
  'reaction',
  'sticker',
  'video',
  'order',
];

const PHONE_FIELDS = [
  'id',
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'code_verification_status',
  'name_status',
  'platform_type',
  'throughput',
  'status',
  'messaging_limit_tier',
];
const WABA_FIELDS = [
  'id',
  'name',
  'currency',
  'timezone_id',
  'message_template_namespace',
  'account_review_status',
];

export function sendGraph(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'private, no-cache, no-store, must-revalidate',
    'Access-Control-Allow-Origin': '*',
    'facebook-api-version': 'v21.0',
    ...headers,
  });
  res.end(body);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON, or a form whose values may be JSON (Graph takes both). */
function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw.trim()) return {};
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(raw)) {
      const t = v.trim();
      if (t.startsWith('{') || t.startsWith('[')) {
        try {
          out[k] = JSON.parse(t);
          continue;
        } catch {
          /* a plain string */
        }
      }
      out[k] = v;
    }
    return out;
  }
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw invalidParameter('The request body is not valid JSON.');
  }
  if (!isObject(v)) throw invalidParameter('The request body must be a JSON object.');
  return v;
}

function fieldsOf(params: URLSearchParams, known: string[] | Set<string>, nodeType: string): string[] | null {
  const raw = params.get('fields');
  if (!raw) return null;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const set = known instanceof Set ? known : new Set(known);
  for (const f of fields)
    if (!set.has(f))
      throw new GraphError(400, {
        message: `(#100) Tried accessing nonexisting field (${f}) on node type (${nodeType})`,
        type: 'OAuthException',
        code: 100,
      });
  return fields;
}

function pick(
  all: Record<string, unknown>,
  fields: string[] | null,
  defaults: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields ?? defaults) if (f in all) out[f] = all[f];
  out.id = all.id;
  return out;
}

function phoneJson(a: Account): Record<string, unknown> {
  return {
    id: a.phoneNumberId,
    display_phone_number: a.displayPhoneNumber,
    verified_name: a.verifiedName,
    quality_rating: a.qualityRating,
    code_verification_status: 'VERIFIED',
    name_status: 'APPROVED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    status: 'CONNECTED',
    messaging_limit_tier: 'TIER_1K',
  };
}

function wabaJson(a: Account): Record<string, unknown> {
  return {
    id: a.wabaId,
    name: a.wabaName,
    currency: 'USD',
    timezone_id: '1',
    message_template_namespace: `trato_local_${a.wabaId}`,
    account_review_status: 'APPROVED',
  };
}

const cursorOf = (t: Template) => Buffer.from(t.id).toString('base64url');
function cursorId(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d+$/.test(id)) throw invalidParameter(`Invalid cursor: ${cursor}`);
  return id;
}

export async function handleGraph(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  raw: string,
): Promise<boolean> {
  const m = /^\/(?:(v\d+\.\d+)\/)?(\d+)(?:\/([a-z_]+))?\/?$/.exec(url.pathname);
  if (!m) {
    if (!/^\/v\d+\.\d+(\/|$)/.test(url.pathname)) return false;
    sendGraph(res, 400, {
      error: {
        message: `Unknown path components: ${url.pathname.replace(/^\/v\d+\.\d+/, '')}`,
        type: 'OAuthException',
        code: 2500,
        fbtrace_id: 'local',
      },
    });
    return true;
  }
  const [, , id, edge = ''] = m;
  try {
    const answer = route(ctx, req, url, method, raw, id, edge);
    sendGraph(res, 200, answer);
    if (method !== 'GET') ctx.say(`${method} ${url.pathname} -> 200`);
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    ctx.say(
      `${method} ${url.pathname} -> ${err.status} (#${err.body.code}${err.body.error_subcode ? `/${err.body.error_subcode}` : ''} ${err.body.message}${err.body.error_data ? `: ${err.body.error_data.details}` : ''})`,
    );
    sendGraph(res, err.status, err.toJSON(), err.headers);
  }
  return true;
}

function route(
  ctx: ApiContext,
  req: IncomingMessage,
  url: URL,
  method: string,
  raw: string,
  id: string,
  edge: string,
): unknown {
  const { state } = ctx.engine;
  // The token first (a body that does not parse is refused after it).
  let body: Record<string, unknown> = {};
  let bodyError: GraphError | null = null;
  try {
    if (method !== 'GET') body = parseBody(raw, req.headers['content-type']);
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    bodyError = err;
  }
  const header = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const token =
    header ??
    url.searchParams.get('access_token') ??
    (typeof body.access_token === 'string' ? body.access_token : null);
  if (!token) throw invalidToken(true);
  const owned = state.accountsOfToken(token);
  if (owned.length === 0) throw invalidToken(false);
  if (bodyError) throw bodyError;

  const phone = state.accountOfPhone(id);
  const waba = state.accounts.get(id);
  const template = !phone && !waba ? state.templates.find((t) => t.id === id) : undefined;
  const account = phone ?? waba ?? (template ? state.accounts.get(template.wabaId) : undefined);
  if (!account) throw unknownObject(method, id);
  if (account.accessToken !== token) throw permissionError(id);
  const nonexisting = (node: string) =>
    new GraphError(400, {
      message: `(#100) Tried accessing nonexisting field (${edge}) on node type (${node})`,
      type: 'OAuthException',
      code: 100,
    });

  if (phone) {
    if (edge === '' && method === 'GET')
      return pick(phoneJson(phone), fieldsOf(url.searchParams, PHONE_FIELDS, 'WhatsAppBusinessPhoneNumber'), [
        'verified_name',
        'display_phone_number',
      ]);
    if (edge === 'messages' && method === 'POST') return sendMessage(ctx, phone, body);
    if (edge === '' || edge === 'messages') throw unknownObject(method, id);
    throw nonexisting('WhatsAppBusinessPhoneNumber');
  }
  if (template) {
    if (edge === '' && method === 'GET')
      return templateJson(template, fieldsOf(url.searchParams, TEMPLATE_FIELDS, 'WhatsAppBusinessHSM'));
    if (edge === '') throw unknownObject(method, id);
    throw nonexisting('WhatsAppBusinessHSM');
  }
  // A WABA.
  if (edge === '' && method === 'GET')
    return pick(wabaJson(account), fieldsOf(url.searchParams, WABA_FIELDS, 'WhatsAppBusinessAccount'), [
      'name',
    ]);
  if (edge === 'phone_numbers' && method === 'GET') {
    const fields = fieldsOf(url.searchParams, PHONE_FIELDS, 'WhatsAppBusinessPhoneNumber');
    return {
      data: [
        pick(phoneJson(account), fields, [
          'verified_name',
          'code_verification_status',
          'display_phone_number',
          'quality_rating',
          'platform_type',
          'throughput',
        ]),
      ],
      paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } },
    };
  }
  if (edge === 'subscribed_apps') {
    if (method === 'GET')
      return {
        data: account.subscribed
          ? [
              {
                whatsapp_business_api_data: {
                  link: `https://www.facebook.com/games/?app_id=${ctx.appId}`,
                  name: ctx.appName,
                  id: ctx.appId,
                },
              },
            ]
          : [],
      };
    if (method === 'POST' || method === 'DELETE') {
      account.subscribed = method === 'POST';
      ctx.say(`WABA ${account.wabaId} ${account.subscribed ? 'subscribed to' : 'unsubscribed from'} the app`);
      return { success: true };
    }
  }
  if (edge === 'message_templates') {
    if (method === 'GET') return listTemplates(ctx, account, url, token);
    if (method === 'POST') return createTemplate(ctx, account, body);
    if (method === 'DELETE') return deleteTemplates(ctx, account, url.searchParams, body);
  }
  if (edge === '' || ['phone_numbers', 'subscribed_apps', 'message_templates'].includes(edge))
    throw unknownObject(method, id);
  throw nonexisting('WhatsAppBusinessAccount');
}

// --- Messages ------------------------------------------------------------------------------

function sendMessage(ctx: ApiContext, account: Account, body: Record<string, unknown>): unknown {
  const { engine } = ctx;
  const { state } = engine;
  if (body.messaging_product !== 'whatsapp')
    throw invalidParameter(
      body.messaging_product === undefined
        ? 'The parameter messaging_product is required.'
        : `messaging_product must be "whatsapp": ${String(body.messaging_product)}`,
    );

  // Mark as read.
  if (body.status !== undefined) {
    if (body.status !== 'read') throw invalidParameter(`status must be "read": ${String(body.status)}`);
    const messageId = body.message_id;
    if (typeof messageId !== 'string' || !messageId)
      throw invalidParameter('The parameter message_id is required.');
    const message = state.message(messageId);
    if (!message || message.direction !== 'inbound' || message.phoneNumberId !== account.phoneNumberId)
      throw invalidParameter(`message_id ${messageId} is not a message this number received.`);
    const now = Date.now();
    for (const x of state.chat(account.phoneNumberId, message.waId))
      if (x.direction === 'inbound' && !x.readAt && x.timestamp <= message.timestamp) x.readAt = now;
    message.readAt ??= now;
    ctx.say(`${account.phoneNumberId} marked ${messageId} read`);
    return { success: true };
  }

  if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
    throw invalidParameter(`recipient_type must be "individual": ${String(body.recipient_type)}`);
  if (body.to === undefined || body.to === '') throw invalidParameter('The parameter to is required.');
  const waId = waIdOf(body.to);
  if (!waId) throw invalidParameter(`to is not a valid phone number: ${String(body.to)}`);
  const type = body.type === undefined ? 'text' : body.type;
  if (typeof type !== 'string' || !SUPPORTED_TYPES.includes(type)) {
    if (typeof type === 'string' && OTHER_TYPES.includes(type))
      throw cloudApiError(
        131051,
        `Message type ${type} is not supported by the local WhatsApp (text and template only).`,
      );
    throw invalidParameter(`type must be one of text, template (or another Cloud API type): ${String(type)}`);
  }

  const failure = engine.takeFailure();
  if (failure) throw cloudApiError(failure.code, failure.details, failure.status, failure.message);

  const timestamp = nowSeconds();
  let message: ChatMessage;
  if (type === 'text') {
    const text = body.text;
    if (!isObject(text)) throw invalidParameter('The parameter text is required.');
    if (typeof text.body !== 'string' || !text.body.trim())
      throw invalidParameter('The parameter text.body is required.');
    if (text.body.length > 4096)
      throw invalidParameter(`text.body is ${text.body.length} characters long; at most 4096 are allowed.`);
    if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
      throw invalidParameter('text.preview_url must be a boolean.');
    const last = state.contact(account.phoneNumberId, waId)?.lastInboundAt ?? null;
    if (last === null || timestamp - last > SERVICE_WINDOW_SECONDS) throw cloudApiError(131047);
    message = {
      id: newWamid(waId),
      direction: 'outbound',
      phoneNumberId: account.phoneNumberId,
      waId,
      timestamp,
      type: 'text',
      text: text.body,
      ...(text.preview_url ? { previewUrl: true } : {}),
      statuses: [],
    };
  } else {
    const tpl = body.template;
    if (!isObject(tpl)) throw invalidParameter('The parameter template is required.');
    if (typeof tpl.name !== 'string' || !tpl.name)
      throw invalidParameter('The parameter template.name is required.');
    const code = isObject(tpl.language) ? tpl.language.code : undefined;
    if (typeof code !== 'string' || !code)
      throw invalidParameter('The parameter template.language.code is required.');
    const template = state.templates.find(
      (t) => t.wabaId === account.wabaId && t.name === tpl.name && t.language === code,
    );
    if (!template) throw cloudApiError(132001, `template name (${tpl.name}) does not exist in ${code}`);
    if (template.status === 'PAUSED')
      throw cloudApiError(132015, `Template ${tpl.name} (${code}) is paused.`);
    if (template.status !== 'APPROVED')
      throw cloudApiError(
        132001,
        `template name (${tpl.name}) does not exist in ${code} (its status is ${template.status}, not APPROVED)`,
      );
    const rendered = renderTemplateMessage(template, tpl.components);
    message = {
      id: newWamid(waId),
      direction: 'outbound',
      phoneNumberId: account.phoneNumberId,
      waId,
      timestamp,
      type: 'template',
      text: rendered.body,
      template: rendered,
      statuses: [],
    };
  }
  if (!state.onWhatsApp(waId)) message.undeliverable = true;
  state.ensureContact(account.phoneNumberId, waId);
  state.messages.push(message);
  ctx.say(
    `${account.phoneNumberId} sent ${message.type}${message.template ? ` ${message.template.name}` : ''} to ${waId} (${message.id})${message.undeliverable ? ' — not on WhatsApp: it will fail (131026)' : ''}`,
  );
  engine.afterSend(message);
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input: String(body.to), wa_id: waId }],
    messages: [{ id: message.id, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
  };
}

// --- Templates -----------------------------------------------------------------------------

function createTemplate(ctx: ApiContext, account: Account, body: Record<string, unknown>): unknown {
  const { state } = ctx.engine;
  const checked = checkNewTemplate(body);
  if (
    state.templates.some(
      (t) => t.wabaId === account.wabaId && t.name === checked.name && t.language === checked.language,
    )
  )
    throw invalidParameter(
      `A template named ${checked.name} already exists in ${checked.language} in this account.`,
      {
        subcode: 2388024,
        userTitle: 'Message template already exists',
        userMsg: `There's already ${checked.language} content for this template. You can create a new template and try again.`,
      },
    );
  const now = Date.now();
  const template: Template = {
    id: templateId(++state.templateCounter),
    wabaId: account.wabaId,
    ...checked,
    status: 'PENDING',
    reason: 'NONE',
    createdAt: now,
    updatedAt: now,
  };
  state.templates.push(template);
  ctx.say(
    `template ${template.name} (${template.language}, ${template.category}) created in ${account.wabaId}: PENDING`,
  );
  return { id: template.id, status: 'PENDING', category: template.category };
}

function listTemplates(ctx: ApiContext, account: Account, url: URL, token: string): unknown {
  const params = url.searchParams;
  const fields = fieldsOf(params, TEMPLATE_FIELDS, 'WhatsAppBusinessHSM');
  const name = params.get('name')?.toLowerCase();
  const status = params.get('status')?.toUpperCase().split(',');
  const language = params.get('language');
  const category = params.get('category')?.toUpperCase().split(',');
  const limitParam = params.get('limit');
  const limit = limitParam && /^\d+$/.test(limitParam) ? Math.min(Math.max(Number(limitParam), 1), 1000) : 25;
  // Newest first (ids grow with creation); `name` matches a part of the name, as Graph's filter does.
  const matching = ctx.engine.state.templates
    .filter((t) => t.wabaId === account.wabaId)
    .filter((t) => !name || t.name.includes(name))
    .filter((t) => !status || status.includes(t.status))
    .filter((t) => !language || t.language === language)
    .filter((t) => !category || category.includes(t.category))
    .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  const after = params.get('after');
  const before = params.get('before');
  let page: Template[];
  if (after) {
    const cut = BigInt(cursorId(after));
    page = matching.filter((t) => BigInt(t.id) < cut).slice(0, limit);
  } else if (before) {
    const cut = BigInt(cursorId(before));
    const newer = matching.filter((t) => BigInt(t.id) > cut);
    page = newer.slice(Math.max(0, newer.length - limit));
  } else page = matching.slice(0, limit);
  const data = page.map((t) => templateJson(t, fields));
  if (page.length === 0) return { data };
  const first = page[0];
  const last = page[page.length - 1];
  const link = (key: 'after' | 'before', cursor: string) => {
    const q = new URLSearchParams(params);
    q.delete('after');
    q.delete('before');
    q.set('limit', String(limit));
    q.set(key, cursor);
    if (!q.has('access_token')) q.set('access_token', token);
    return `${ctx.serverUrl()}${url.pathname}?${q.toString()}`;
  };
  const older = matching.some((t) => BigInt(t.id) < BigInt(last.id));
  const newer = matching.some((t) => BigInt(t.id) > BigInt(first.id));
  return {
    data,
    paging: {
      cursors: { before: cursorOf(first), after: cursorOf(last) },
      ...(older ? { next: link('after', cursorOf(last)) } : {}),
      ...(newer ? { previous: link('before', cursorOf(first)) } : {}),
    },
  };
}

function deleteTemplates(
  ctx: ApiContext,
  account: Account,
  params: URLSearchParams,
  body: Record<string, unknown>,
): unknown {
  const { engine } = ctx;
  const name = params.get('name') ?? (typeof body.name === 'string' ? body.name : null);
  const hsmId = params.get('hsm_id') ?? (typeof body.hsm_id === 'string' ? body.hsm_id : null);
  if (!name) throw invalidParameter('The parameter name is required.');
  const doomed = engine.state.templates.filter(
    (t) => t.wabaId === account.wabaId && t.name === name && (!hsmId || t.id === hsmId),
  );
  if (doomed.length === 0)
    throw invalidParameter(
      hsmId
        ? `No message template ${name} with id ${hsmId} in this account.`
        : `No message template named ${name} in this account.`,
      { userTitle: 'Message template not found' },
    );
  engine.state.templates = engine.state.templates.filter((t) => !doomed.includes(t));
  for (const t of doomed) {
    ctx.say(`template ${t.name} (${t.language}) deleted from ${account.wabaId}`);
    engine.publishTemplateStatus(t, 'PENDING_DELETION', 'NONE');
  }
  return { success: true };
}
