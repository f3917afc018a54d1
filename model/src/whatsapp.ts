/**
 * The messaging-app channel (issue 33): WhatsApp Business on Meta's Cloud API. What Trato keeps
 * (the organization's number, its message templates, a conversation per contact and its
 * messages), and the pure rules the server and the web share — phone numbers in E.164, the
 * 24-hour customer-service window, template variables, opt-out keywords, status order and the
 * Graph API's error codes as reasons. Pure: no SDK.
 */
import type { Language } from './constants.js';
import type { TimestampLike } from './entities.js';

// ── Constants ────────────────────────────────────────────────────────────────

/** The Graph API version Trato speaks (the local WhatsApp accepts any). */
export const WHATSAPP_GRAPH_VERSION = 'v21.0';
export const WHATSAPP_GRAPH_URL = `https://graph.facebook.com/${WHATSAPP_GRAPH_VERSION}`;
/** Free-form messages only within this many hours of the contact's last message. */
export const WHATSAPP_WINDOW_HOURS = 24;
/** Characters of a free-form text message (Graph's limit). */
export const WHATSAPP_TEXT_MAX = 4096;
/** A system-user access token's length at most (Meta's are about 200 characters). */
export const WHATSAPP_TOKEN_MAX_LENGTH = 1024;
/** Business-initiated messages (templates) one organization sends in 24 hours: a new number's tier. */
export const WHATSAPP_DAILY_CAP = 250;
/** Templates an organization keeps. */
export const WHATSAPP_TEMPLATES_MAX = 100;
/** Words that opt a contact out when a message is exactly one of them (case and accents ignored). */
export const DEFAULT_OPT_OUT_KEYWORDS: readonly string[] = ['STOP', 'BAJA', 'PARAR', 'CANCELAR'];
export const OPT_OUT_KEYWORDS_MAX = 10;
export const OPT_OUT_KEYWORD_MAX_LENGTH = 20;

export const WHATSAPP_CONNECTION_STATUSES = ['connected', 'broken'] as const;
export type WhatsAppConnectionStatus = (typeof WHATSAPP_CONNECTION_STATUSES)[number];

export const WA_TEMPLATE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type WaTemplateCategory = (typeof WA_TEMPLATE_CATEGORIES)[number];

/** A template's review state on the platform (Graph's upper-case values, lower-cased). */
export const WA_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type WaTemplateStatus = (typeof WA_TEMPLATE_STATUSES)[number];

export const WA_TEMPLATE_LIMITS = {
  name: 512,
  header: 60,
  body: 1024,
  footer: 60,
  buttons: 10,
  buttonText: 25,
  variables: 20,
  example: 200,
} as const;
/** Graph's template names: lower-case letters, digits and underscores. */
export const WA_TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;

export const WA_DIRECTIONS = ['in', 'out'] as const;
export type WaDirection = (typeof WA_DIRECTIONS)[number];

/**
 * A message's state: `pending` (claimed, not yet accepted by the platform), then the platform's
 * sent → delivered → read, or failed (with a reason); an inbound message is `received`.
 */
export const WA_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type WaMessageStatus = (typeof WA_MESSAGE_STATUSES)[number];

export const WA_MESSAGE_KINDS = ['text', 'template', 'button', 'unsupported'] as const;
export type WaMessageKind = (typeof WA_MESSAGE_KINDS)[number];

/** Why the platform refused or failed a message (the composer and the ticks say it in words). */
export const WA_FAILURE_REASONS = [
  'window-closed',
  'template-missing',
  'template-paused',
  'parameter-mismatch',
  'not-on-whatsapp',
  'rate-limited',
  'invalid',
  'auth',
  'no-consent',
  'opted-out',
  'no-phone',
  'not-connected',
  'unknown',
] as const;
export type WaFailureReason = (typeof WA_FAILURE_REASONS)[number];

// ── Phone numbers ────────────────────────────────────────────────────────────

/**
 * Country calling codes by the country names the CRM stores (spec: Honduras first), for numbers
 * typed in their local form.
 */
export const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = {
  Honduras: '504',
  Guatemala: '502',
  'El Salvador': '503',
  Nicaragua: '505',
  'Costa Rica': '506',
  Panamá: '507',
  Panama: '507',
  México: '52',
  Mexico: '52',
  Colombia: '57',
  Perú: '51',
  Peru: '51',
  Chile: '56',
  Argentina: '54',
  Ecuador: '593',
  'República Dominicana': '1',
  'Estados Unidos': '1',
  'United States': '1',
  España: '34',
  Spain: '34',
};
export const DEFAULT_CALLING_CODE = '504';
export const CALLING_CODE_PATTERN = /^[1-9]\d{0,2}$/;

/** The calling code of a country name, or Honduras's. */
export function callingCodeFor(country: string | null | undefined): string {
  return (country && COUNTRY_CALLING_CODES[country.trim()]) || DEFAULT_CALLING_CODE;
}

/**
 * A phone number as WhatsApp knows it (its `wa_id`: E.164 digits without '+'), or null when it
 * cannot be one. '+504 9999-8888', '00504 9999 8888' and '504 9999 8888' keep their code;
 * '9999-8888' (the local form) gets `callingCode`; fewer than 7 or more than 15 digits is no number.
 */
export function normalizePhone(
  raw: string | null | undefined,
  callingCode = DEFAULT_CALLING_CODE,
): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (trimmed.startsWith('+')) return digits.length <= 15 ? digits : null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (!digits.startsWith(callingCode) || digits.length <= 8) digits = `${callingCode}${digits}`;
  return digits.length <= 15 && digits.length >= 8 ? digits : null;
}

/** '50499998888' → '+504 9999 8888'-ish for display: '+' and the digits, grouped by fours from the end. */
export function formatWaId(waId: string): string {
  const groups: string[] = [];
  for (let end = waId.length; end > 0; end -= 4) groups.unshift(waId.slice(Math.max(0, end - 4), end));
  return `+${groups.join(' ')}`;
}

/**
 * The search tokens a contact whose phone is `waId` carries (search.ts gives a phone's compact
 * digits as a token): the international form '50499998888' and the local one '99998888'. The
 * webhook finds a sender's contact with these, then confirms with normalizePhone.
 */
export function phoneLookupTokens(waId: string, callingCode = DEFAULT_CALLING_CODE): string[] {
  const local = waId.startsWith(callingCode) ? waId.slice(callingCode.length) : null;
  return [...new Set([waId, local].filter((t): t is string => !!t && t.length >= 7))].map((t) =>
    t.slice(0, 20),
  );
}

// ── The customer-service window ─────────────────────────────────────────────

/** Whether a free-form message may be sent now: the contact wrote within WHATSAPP_WINDOW_HOURS. */
export function windowOpen(lastInboundAtMs: number | null | undefined, nowMs: number): boolean {
  return lastInboundAtMs != null && nowMs - lastInboundAtMs < WHATSAPP_WINDOW_HOURS * 3_600_000;
}

/** When the window closes (null: it is not open). */
export function windowClosesAt(lastInboundAtMs: number | null | undefined, nowMs: number): number | null {
  return windowOpen(lastInboundAtMs, nowMs) ? lastInboundAtMs! + WHATSAPP_WINDOW_HOURS * 3_600_000 : null;
}

// ── Templates ────────────────────────────────────────────────────────────────

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbers of a text's `{{n}}` variables, in order of appearance. */
export function templateVariables(text: string | null | undefined): number[] {
  return [...(text ?? '').matchAll(VARIABLE)].map((m) => Number(m[1]));
}

/** How many parameters a text takes: its variables must be {{1}}…{{n}}, each once (Graph's rule). */
export function variableCount(text: string | null | undefined): number | 'invalid' {
  const numbers = templateVariables(text);
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => n === i + 1) ? sorted.length : 'invalid';
}

/** A text with its `{{n}}` replaced by the n-th parameter (missing ones stay as written). */
export function fillVariables(text: string, parameters: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/**
 * Where a template variable's value comes from when Trato sends it: a contact field, the sending
 * member's name, or a fixed text (`literal`).
 */
export const WA_VARIABLE_SOURCES = [
  'firstName',
  'fullName',
  'company',
  'jobTitle',
  'city',
  'senderName',
  'literal',
] as const;
export type WaVariableSource = (typeof WA_VARIABLE_SOURCES)[number];

export interface WaVariable {
  source: WaVariableSource;
  /** The text for `literal`; for the others, what is sent when the contact has no value. */
  fallback: string;
}

/** A contact's values for the sources ('Ana' for firstName of 'Ana López'). */
export interface WaVariableValues {
  fullName: string;
  company?: string | null;
  jobTitle?: string | null;
  city?: string | null;
  senderName?: string | null;
}

/** The parameters a template's variables take for one contact (never empty: Graph refuses ''). */
export function variableValues(variables: readonly WaVariable[], values: WaVariableValues): string[] {
  const firstName = values.fullName.trim().split(/\s+/)[0] ?? '';
  const bySource: Record<Exclude<WaVariableSource, 'literal'>, string | null | undefined> = {
    firstName,
    fullName: values.fullName.trim(),
    company: values.company,
    jobTitle: values.jobTitle,
    city: values.city,
    senderName: values.senderName,
  };
  return variables.map((v) => {
    const value = v.source === 'literal' ? v.fallback : bySource[v.source] || v.fallback;
    return value.trim() || '-';
  });
}

/** What is wrong with a template before it goes to the platform (the form and the function agree). */
export const WA_TEMPLATE_PROBLEMS = [
  'name',
  'header-variables',
  'body-variables',
  'variables-count',
  'buttons',
] as const;
export type WaTemplateProblem = (typeof WA_TEMPLATE_PROBLEMS)[number];

/**
 * A template's problems: a name Graph refuses; a header with more than one variable, or a body
 * whose variables are not {{1}}…{{n}} (each once); a mapping that does not give each variable a
 * source; empty or repeated buttons. Lengths are the schema's.
 */
export function templateProblems(input: {
  name: string;
  header: string | null;
  body: string;
  buttons: readonly string[];
  variables: readonly WaVariable[];
}): WaTemplateProblem[] {
  const problems: WaTemplateProblem[] = [];
  if (!WA_TEMPLATE_NAME_PATTERN.test(input.name)) problems.push('name');
  const header = variableCount(input.header);
  if (header === 'invalid' || header > 1) problems.push('header-variables');
  const body = variableCount(input.body);
  if (body === 'invalid') problems.push('body-variables');
  if (header !== 'invalid' && body !== 'invalid' && input.variables.length !== header + body)
    problems.push('variables-count');
  const texts = input.buttons.map((b) => b.trim().toLowerCase());
  if (texts.some((t) => t === '') || new Set(texts).size !== texts.length) problems.push('buttons');
  return problems;
}

/** The parameters of a template split as Graph takes them: the header's (0 or 1), then the body's. */
export function splitParameters(
  template: { header: string | null },
  parameters: readonly string[],
): { header: string[]; body: string[] } {
  const headerCount = variableCount(template.header);
  const n = headerCount === 'invalid' ? 0 : headerCount;
  return { header: parameters.slice(0, n), body: parameters.slice(n) };
}

/** A template as the contact reads it (header, body and footer filled, one per line). */
export function renderTemplateText(
  template: { header: string | null; body: string; footer: string | null },
  parameters: readonly string[],
): string {
  const { header, body } = splitParameters(template, parameters);
  return [
    template.header ? fillVariables(template.header, header) : null,
    fillVariables(template.body, body),
    template.footer,
  ]
    .filter((part): part is string => !!part)
    .join('\n\n');
}

// ── Opt-out keywords ─────────────────────────────────────────────────────────

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toUpperCase();

/** Whether an inbound text is an opt-out: exactly one of the keywords ('Baja.', ' stop ' count). */
export function isOptOutMessage(text: string | null | undefined, keywords: readonly string[]): boolean {
  const said = fold(text ?? '');
  return said !== '' && keywords.some((k) => fold(k) === said);
}

// ── Statuses ─────────────────────────────────────────────────────────────────

const STATUS_RANK: Record<WaMessageStatus, number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 1.5,
  received: 0,
};

/**
 * A message's status after a status event: never backwards (a late 'sent' after 'read' changes
 * nothing); 'failed' replaces pending or sent, but not delivered or read.
 */
export function nextMessageStatus(current: WaMessageStatus, incoming: WaMessageStatus): WaMessageStatus {
  if (current === 'received' || incoming === 'received' || incoming === 'pending') return current;
  return STATUS_RANK[incoming] > STATUS_RANK[current] ? incoming : current;
}

/** A Graph error code (and HTTP status) as a reason. */
export function whatsappFailureReason(code: number | null | undefined, httpStatus?: number): WaFailureReason {
  switch (code) {
    case 131047:
      return 'window-closed';
    case 132001:
      return 'template-missing';
    case 132015:
    case 132016:
      return 'template-paused';
    case 132000:
    case 132012:
      return 'parameter-mismatch';
    case 131026:
      return 'not-on-whatsapp';
    case 130429:
    case 131056:
    case 4:
    case 80007:
      return 'rate-limited';
    case 190:
    case 200:
    case 10:
      return 'auth';
    case 100:
    case 131051:
    case 131009:
    case 131008:
      return 'invalid';
    default:
      if (httpStatus === 429) return 'rate-limited';
      if (httpStatus === 401 || httpStatus === 403) return 'auth';
      return 'unknown';
  }
}

// ── Entities ─────────────────────────────────────────────────────────────────

/**
 * organizations/{orgId}/channels/whatsapp — server-only: the organization's WhatsApp Business
 * number (connected by an admin; its token is in whatsappTokens/{orgId}). Read by every member
 * (the composer needs to know it exists).
 */
export interface WhatsAppChannel<TS = TimestampLike> {
  status: WhatsAppConnectionStatus;
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Local numbers ('9999-8888') are read with this calling code. */
  callingCode: string;
  optOutKeywords: string[];
  /** Why it is broken (the platform refused the token), in the platform's words. */
  lastError: string | null;
  connectedBy: string;
  connectedAt: TS;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/waTemplates/{templateId} — server-only: a message template, created in
 * Trato and submitted to the platform, whose status the platform's webhook (and 'Actualizar')
 * keeps. Read with marketing.view or conversations.view.
 */
export interface WaTemplate<TS = TimestampLike> extends WaTemplateInput {
  status: WaTemplateStatus;
  rejectedReason: string | null;
  /** The platform's id. */
  graphId: string | null;
  createdAt: TS;
  createdBy: string;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/waConversations/{contactId} — a contact's WhatsApp thread. Written by the
 * server; members with conversations.edit set `assigneeId`, members with conversations.view set
 * `unreadCount` to 0 (reading it).
 */
export interface WaConversation<TS = TimestampLike> {
  contactId: string;
  contactName: string;
  waId: string;
  /** The profile name WhatsApp gave for the number. */
  profileName: string | null;
  lastMessageAt: TS;
  lastMessageText: string;
  lastDirection: WaDirection;
  /** The contact's last message: the 24-hour window runs from it (null: never wrote). */
  lastInboundAt: TS | null;
  unreadCount: number;
  assigneeId: string | null;
  /** The UTC day (YYYY-MM-DD) of the last timeline entry: the timeline shows one per day's exchange. */
  timelineDay: string | null;
  createdAt: TS;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/waMessages/{messageId} — server-only: one message of a conversation.
 * Inbound: id `in_{sha of wamid}`; outbound: the id claimed before sending (exactly once).
 * Read with conversations.view.
 */
export interface WaMessage<TS = TimestampLike> {
  contactId: string;
  direction: WaDirection;
  kind: WaMessageKind;
  /** The text as the contact sees it (a template rendered with its parameters). */
  text: string;
  templateId: string | null;
  templateName: string | null;
  /** The platform's message id (null until it accepted the message). */
  wamid: string | null;
  status: WaMessageStatus;
  failure: WaFailureReason | null;
  /** The platform's words for a failure. */
  failureDetail: string | null;
  /** The member who sent it, 'sequence' for a sequence step, null for inbound. */
  sentBy: string | null;
  sequenceId: string | null;
  /** A sequence step's send-log entry (its failure later fails the step). */
  sendLogId: string | null;
  /** When it was sent or received (the platform's timestamp for inbound). */
  at: TS;
  statusAt: TS | null;
  createdAt: TS;
}

/**
 * whatsappNumbers/{phoneNumberId} — server-only, top level: which organization a number's
 * webhook events belong to (one organization per number).
 */
export interface WhatsAppNumberRoute {
  organizationId: string;
  wabaId: string;
}

/** What a conversation's composer may send now, and why. */
export type ComposerMode =
  | { mode: 'not-connected' }
  | { mode: 'opted-out' }
  | { mode: 'no-consent' }
  | { mode: 'free-form'; closesAtMs: number }
  | { mode: 'template-only' };

/**
 * The composer's rule: nothing without a connected number; nothing to a contact who opted out;
 * a contact without WhatsApp consent may still be answered inside the window (they wrote first),
 * never sent a template; inside the window anything, outside only approved templates.
 */
export function composerMode(input: {
  connected: boolean;
  consent: 'granted' | 'pending' | 'withdrawn' | null | undefined;
  lastInboundAtMs: number | null | undefined;
  nowMs: number;
}): ComposerMode {
  if (!input.connected) return { mode: 'not-connected' };
  if (input.consent === 'withdrawn') return { mode: 'opted-out' };
  const closesAtMs = windowClosesAt(input.lastInboundAtMs, input.nowMs);
  if (closesAtMs !== null) return { mode: 'free-form', closesAtMs };
  if (input.consent !== 'granted') return { mode: 'no-consent' };
  return { mode: 'template-only' };
}

// ── Callables ────────────────────────────────────────────────────────────────

/** A template as written in Trato (what createWaTemplate takes, and what is kept with its status). */
export interface WaTemplateInput {
  name: string;
  language: Language;
  category: WaTemplateCategory;
  header: string | null;
  body: string;
  footer: string | null;
  /** Quick-reply buttons' texts. */
  buttons: string[];
  /** Where {{1}}… of the header and then the body take their values (header's first). */
  variables: WaVariable[];
}

export interface WhatsAppCallables {
  /**
   * Ajustes → Canales (admins): checks the token against the number, subscribes the account to
   * Trato's app and keeps the token encrypted. A number already connected to another
   * organization is refused.
   */
  connectWhatsApp: {
    in: { organizationId: string; phoneNumberId: string; wabaId: string; accessToken: string };
    out: { displayPhoneNumber: string; verifiedName: string };
  };
  disconnectWhatsApp: { in: { organizationId: string }; out: { disconnected: boolean } };
  /** Admins: the opt-out keywords and the calling code of local numbers. */
  setWhatsAppSettings: {
    in: { organizationId: string; optOutKeywords: string[]; callingCode: string };
    out: { saved: true };
  };
  /** marketing.create: creates the template on the platform (status pending) and keeps it. */
  createWaTemplate: {
    in: { organizationId: string } & WaTemplateInput;
    out: { templateId: string; status: WaTemplateStatus };
  };
  /** marketing.delete: deletes it on the platform and in Trato. */
  deleteWaTemplate: { in: { organizationId: string; templateId: string }; out: { deleted: boolean } };
  /** marketing.view: reads the templates' statuses from the platform now (the webhook does it too). */
  syncWaTemplates: { in: { organizationId: string }; out: { updated: number } };
  /**
   * conversations.create: a free-form text (inside the window) or an approved template (consent
   * needed) to a contact. Kept in the conversation at once as `pending`, then as the platform says.
   */
  sendWhatsApp: {
    in: { organizationId: string; contactId: string; text?: string; templateId?: string };
    out: { messageId: string; status: WaMessageStatus; failure: WaFailureReason | null };
  };
}
