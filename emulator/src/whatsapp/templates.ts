/**
 * Message templates: the checks Graph makes when one is created (`POST /{waba-id}/message_templates`),
 * the `{{n}}` variables, and a template message's components checked against its template and
 * rendered as the phone shows it.
 */
import { cloudApiError, invalidParameter, type GraphError } from './errors.js';
import type {
  RenderedTemplate,
  Template,
  TemplateButton,
  TemplateCategory,
  TemplateComponent,
} from './state.js';

/** The languages Cloud API templates can be written in (Graph's list). */
export const TEMPLATE_LANGUAGES = new Set(
  (
    'af sq ar ar_EG ar_AE ar_LB ar_MA ar_QA az be_BY bn bn_IN bg ca zh_CN zh_HK zh_TW hr cs da prs_AF nl nl_BE ' +
    'en en_GB en_US en_AE en_AU en_CA en_GH en_IE en_IN en_JM en_MY en_NZ en_QA en_SG en_UG en_ZA et fil fi ' +
    'fr fr_BE fr_CA fr_CH fr_CI fr_MA ka de de_AT de_CH el gu ha he hi hu id ga it ja kn kk rw_RW ko ky_KG lo ' +
    'lv lt mk ms ml mr nb ps_AF fa pl pt_BR pt_PT pa ro ru sr si_LK sk sl es es_AR es_CL es_CO es_CR es_DO ' +
    'es_EC es_HN es_MX es_PA es_PE es_ES es_UY sw sv ta te th tr uk ur uz vi zu'
  ).split(' '),
);

export const CATEGORIES: TemplateCategory[] = ['MARKETING', 'UTILITY', 'AUTHENTICATION'];
const NAME = /^[a-z0-9_]{1,512}$/;
const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The distinct variable numbers in a text, in order of first appearance. */
export function variablesOf(text: string | undefined): number[] {
  const seen: number[] = [];
  for (const m of (text ?? '').matchAll(VARIABLE)) {
    const n = Number(m[1]);
    if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** How many parameters a text takes (its distinct variables). */
export const variableCount = (text: string | undefined) => variablesOf(text).length;

/** `{{n}}` replaced by `values[n - 1]` (a missing value leaves the variable as it was). */
export function fill(text: string, values: string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkVariables(text: string, where: string): number[] {
  if (/\{\{(?!\s*\d+\s*\}\})/.test(text) || /(?<!\{\{\s*\d+\s*)\}\}/.test(text))
    throw invalidParameter(`${where} has a malformed variable: write variables as {{1}}, {{2}}…`, {
      subcode: 2388072,
      userTitle: 'Invalid variable',
      userMsg: `${where} has a malformed variable: write variables as {{1}}, {{2}}…`,
    });
  const numbers = variablesOf(text);
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i + 1))
    throw invalidParameter(
      `${where} has variables ${sorted.map((n) => `{{${n}}}`).join(', ')}: they must be numbered {{1}} to {{${sorted.length}}} consecutively.`,
      {
        subcode: 2388072,
        userTitle: 'Variable parameters are not sequential',
        userMsg:
          'Variable parameters must be whole numbers with two sets of curly brackets (for example, {{1}}, {{2}}) and sequential.',
      },
    );
  return numbers;
}

export interface NewTemplate {
  name: string;
  language: string;
  category: TemplateCategory;
  components: TemplateComponent[];
}

/**
 * A `POST /{waba-id}/message_templates` body checked like Graph: name, language, category, one
 * BODY (≤ 1024 characters), optional TEXT HEADER (≤ 60, at most one variable), FOOTER (≤ 60, no
 * variables) and BUTTONS (up to 10 quick replies of ≤ 25 characters); variables numbered from 1
 * without gaps, each text with variables carrying its examples.
 */
export function checkNewTemplate(body: Record<string, unknown>): NewTemplate {
  const name = body.name;
  if (typeof name !== 'string' || !name)
    throw invalidParameter('The parameter name is required.', { userTitle: 'Missing template name' });
  if (!NAME.test(name))
    throw invalidParameter(
      `Template name "${name}" is invalid: use only lowercase letters, digits and underscores (at most 512).`,
      {
        subcode: 2388040,
        userTitle: 'Invalid template name',
        userMsg:
          'Message template names can only contain lowercase alphanumeric characters and underscores ( _ ).',
      },
    );
  const language = body.language;
  if (typeof language !== 'string' || !language)
    throw invalidParameter('The parameter language is required.');
  if (!TEMPLATE_LANGUAGES.has(language))
    throw invalidParameter(`Language "${language}" is not supported for message templates.`, {
      userTitle: 'Invalid language',
    });
  const category = typeof body.category === 'string' ? body.category.toUpperCase() : undefined;
  if (!category) throw invalidParameter('The parameter category is required.');
  if (!CATEGORIES.includes(category as TemplateCategory))
    throw invalidParameter(
      `Category "${String(body.category)}" must be MARKETING, UTILITY or AUTHENTICATION.`,
    );
  if (!Array.isArray(body.components) || body.components.length === 0)
    throw invalidParameter('The parameter components is required (a BODY at least).');

  const components: TemplateComponent[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of body.components.entries()) {
    if (!isObject(raw)) throw invalidParameter(`components[${i}] must be an object.`);
    const type = typeof raw.type === 'string' ? raw.type.toUpperCase() : '';
    if (!['HEADER', 'BODY', 'FOOTER', 'BUTTONS'].includes(type))
      throw invalidParameter(`components[${i}].type must be HEADER, BODY, FOOTER or BUTTONS.`);
    if (seen.has(type)) throw invalidParameter(`A template has at most one ${type} component.`);
    seen.add(type);
    if (type === 'HEADER') components.push(checkHeader(raw));
    else if (type === 'BODY') components.push(checkBody(raw));
    else if (type === 'FOOTER') components.push(checkFooter(raw));
    else components.push(checkButtons(raw));
  }
  if (!seen.has('BODY')) throw invalidParameter('A template needs a BODY component.');
  const order = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];
  components.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  return { name, language, category: category as TemplateCategory, components };
}

function text(raw: Record<string, unknown>, where: string, max: number): string {
  const value = raw.text;
  if (typeof value !== 'string' || !value.trim()) throw invalidParameter(`${where} text is required.`);
  if (value.length > max)
    throw invalidParameter(`${where} text is ${value.length} characters long; at most ${max} are allowed.`, {
      subcode: 2388019,
      userTitle: 'Message template character limit exceeded',
      userMsg: `${where} text can have at most ${max} characters.`,
    });
  return value;
}

function checkHeader(raw: Record<string, unknown>): TemplateComponent {
  const format = typeof raw.format === 'string' ? raw.format.toUpperCase() : 'TEXT';
  if (format !== 'TEXT')
    throw invalidParameter(
      `HEADER format ${format} is not supported by the local WhatsApp (only TEXT headers).`,
    );
  const value = text(raw, 'HEADER', 60);
  const variables = checkVariables(value, 'HEADER');
  if (variables.length > 1) throw invalidParameter('A HEADER can have at most one variable ({{1}}).');
  const example = isObject(raw.example) ? raw.example : undefined;
  if (variables.length) {
    const values = example?.header_text;
    if (
      !Array.isArray(values) ||
      values.length !== variables.length ||
      values.some((v) => typeof v !== 'string')
    )
      throw missingExamples('HEADER', variables.length, 'example.header_text');
  }
  return {
    type: 'HEADER',
    format: 'TEXT',
    text: value,
    ...(variables.length ? { example: { header_text: (example!.header_text as string[]).map(String) } } : {}),
  };
}

function checkBody(raw: Record<string, unknown>): TemplateComponent {
  const value = text(raw, 'BODY', 1024);
  const variables = checkVariables(value, 'BODY');
  if (variables.length) {
    const trimmed = value.trim();
    if (/^\{\{\s*\d+\s*\}\}/.test(trimmed) || /\{\{\s*\d+\s*\}\}$/.test(trimmed))
      throw invalidParameter("BODY text can't start or end with a variable.", {
        subcode: 2388299,
        userTitle: 'Variables can’t be at the start or end of the template',
        userMsg: "Variables can't be at the start or end of the template.",
      });
    const example = isObject(raw.example) ? raw.example : undefined;
    const rows = example?.body_text;
    const row = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as unknown[]) : undefined;
    if (!row || row.length !== variables.length || row.some((v) => typeof v !== 'string' || !v))
      throw missingExamples('BODY', variables.length, 'example.body_text');
    return { type: 'BODY', text: value, example: { body_text: [row.map(String)] } };
  }
  return { type: 'BODY', text: value };
}

function checkFooter(raw: Record<string, unknown>): TemplateComponent {
  const value = text(raw, 'FOOTER', 60);
  if (variableCount(value) > 0) throw invalidParameter('A FOOTER cannot have variables.');
  return { type: 'FOOTER', text: value };
}

function checkButtons(raw: Record<string, unknown>): TemplateComponent {
  if (!Array.isArray(raw.buttons) || raw.buttons.length === 0)
    throw invalidParameter('BUTTONS needs a non-empty buttons array.');
  if (raw.buttons.length > 10)
    throw invalidParameter(
      `BUTTONS has ${raw.buttons.length} buttons; at most 10 quick replies are allowed.`,
    );
  const buttons: TemplateButton[] = raw.buttons.map((b: unknown, i: number) => {
    if (!isObject(b)) throw invalidParameter(`buttons[${i}] must be an object.`);
    const type = typeof b.type === 'string' ? b.type.toUpperCase() : '';
    if (type !== 'QUICK_REPLY')
      throw invalidParameter(
        `buttons[${i}].type ${type || '(none)'} is not supported by the local WhatsApp (only QUICK_REPLY).`,
      );
    if (typeof b.text !== 'string' || !b.text.trim())
      throw invalidParameter(`buttons[${i}].text is required.`);
    if (b.text.length > 25)
      throw invalidParameter(
        `buttons[${i}].text is ${b.text.length} characters long; at most 25 are allowed.`,
        {
          subcode: 2388019,
          userTitle: 'Message template character limit exceeded',
        },
      );
    if (variableCount(b.text) > 0) throw invalidParameter(`buttons[${i}].text cannot have variables.`);
    return { type: 'QUICK_REPLY', text: b.text };
  });
  return { type: 'BUTTONS', buttons };
}

function missingExamples(where: string, n: number, field: string): GraphError {
  const details = `${where} has ${n} variable${n === 1 ? '' : 's'}: give ${field} with ${n} sample value${n === 1 ? '' : 's'}.`;
  return invalidParameter(details, {
    subcode: 2388043,
    userTitle: 'Message template samples are missing',
    userMsg: details,
  });
}

const componentOf = (t: Template, type: TemplateComponent['type']) =>
  t.components.find((c) => c.type === type);

/** How many parameters the template's HEADER and BODY take. */
export function parameterCounts(t: Template): { header: number; body: number } {
  return {
    header: variableCount(componentOf(t, 'HEADER')?.text),
    body: variableCount(componentOf(t, 'BODY')?.text),
  };
}

/** One `parameters[]` entry as text (text, or the fallback of currency / date_time). */
function parameterText(p: unknown, where: string): string {
  if (!isObject(p)) throw invalidParameter(`${where} must be an object.`);
  const type = p.type;
  if (type === 'text') {
    if (typeof p.text !== 'string' || p.text === '') throw invalidParameter(`${where}.text is required.`);
    return p.text;
  }
  if (type === 'currency' && isObject(p.currency) && typeof p.currency.fallback_value === 'string')
    return p.currency.fallback_value;
  if (type === 'date_time' && isObject(p.date_time) && typeof p.date_time.fallback_value === 'string')
    return p.date_time.fallback_value;
  throw invalidParameter(
    `${where}.type must be text (or currency / date_time with a fallback_value): ${String(type)}.`,
  );
}

/**
 * A template message's `components` checked against its template (parameter counts: 132000) and
 * the message as the phone shows it.
 */
export function renderTemplateMessage(t: Template, requested: unknown): RenderedTemplate {
  if (requested !== undefined && !Array.isArray(requested))
    throw invalidParameter('template.components must be an array.');
  const header: string[] = [];
  const body: string[] = [];
  const payloads = new Map<number, string>();
  const quickReplies = componentOf(t, 'BUTTONS')?.buttons ?? [];
  for (const [i, raw] of ((requested as unknown[]) ?? []).entries()) {
    if (!isObject(raw)) throw invalidParameter(`template.components[${i}] must be an object.`);
    const type = typeof raw.type === 'string' ? raw.type.toLowerCase() : '';
    const parameters = raw.parameters ?? [];
    if (!Array.isArray(parameters))
      throw invalidParameter(`template.components[${i}].parameters must be an array.`);
    if (type === 'header' || type === 'body') {
      const list = type === 'header' ? header : body;
      parameters.forEach((p: unknown, j: number) =>
        list.push(parameterText(p, `template.components[${i}].parameters[${j}]`)),
      );
    } else if (type === 'button') {
      const subType = raw.sub_type;
      if (subType !== 'quick_reply')
        throw invalidParameter(`template.components[${i}].sub_type must be quick_reply.`);
      const index = Number(raw.index);
      if (!Number.isInteger(index) || index < 0 || index >= quickReplies.length)
        throw cloudApiError(
          132000,
          `template.components[${i}].index ${String(raw.index)} does not name one of the template's ${quickReplies.length} buttons.`,
        );
      const p = parameters[0];
      if (!isObject(p) || p.type !== 'payload' || typeof p.payload !== 'string')
        throw invalidParameter(`template.components[${i}].parameters must be [{type: 'payload', payload}].`);
      payloads.set(index, p.payload);
    } else {
      throw invalidParameter(`template.components[${i}].type must be header, body or button.`);
    }
  }
  const expected = parameterCounts(t);
  for (const [what, got, want] of [
    ['body', body.length, expected.body],
    ['header', header.length, expected.header],
  ] as const) {
    if (got !== want)
      throw cloudApiError(
        132000,
        `${what} parameters: expected number of params (${want}) does not match the received number of params (${got})`,
      );
  }
  const headerText = componentOf(t, 'HEADER')?.text;
  const footerText = componentOf(t, 'FOOTER')?.text;
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    header: headerText ? fill(headerText, header) : null,
    body: fill(componentOf(t, 'BODY')?.text ?? '', body),
    footer: footerText ?? null,
    buttons: quickReplies.map((b, i) => ({ text: b.text, payload: payloads.get(i) ?? b.text })),
  };
}

/** A template as Graph lists it (`fields` picks; `id` always comes). */
export function templateJson(t: Template, fields: string[] | null): Record<string, unknown> {
  const all: Record<string, unknown> = {
    name: t.name,
    parameter_format: 'POSITIONAL',
    components: t.components,
    language: t.language,
    status: t.status,
    category: t.category,
    rejected_reason: t.status === 'REJECTED' ? t.reason || 'NONE' : 'NONE',
    quality_score: { score: t.status === 'PAUSED' ? 'RED' : 'UNKNOWN' },
    id: t.id,
  };
  if (!fields) {
    const { rejected_reason: _r, quality_score: _q, ...rest } = all;
    return rest;
  }
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in all) out[f] = all[f];
  out.id = t.id;
  return out;
}

/** Fields `GET message_templates` knows. */
export const TEMPLATE_FIELDS = new Set([
  'id',
  'name',
  'parameter_format',
  'components',
  'language',
  'status',
  'category',
  'rejected_reason',
  'quality_score',
]);
