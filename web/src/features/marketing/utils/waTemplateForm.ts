import {
  charCount,
  fillVariables,
  splitParameters,
  templateProblems,
  templateVariables,
  variableCount,
  variableValues,
  WA_TEMPLATE_LIMITS,
  type Language,
  type WaTemplateCategory,
  type WaTemplateInput,
  type WaTemplateProblem,
  type WaVariable,
  type WaVariableValues,
} from '@trato/model';

/** What the template form holds (texts as typed; '' for an absent header or footer). */
export interface TemplateFormValues {
  name: string;
  language: Language;
  category: WaTemplateCategory;
  header: string;
  body: string;
  footer: string;
  buttons: string[];
  /** One per variable: the header's {{1}} first (when it has one), then the body's {{1}}…{{n}}. */
  variables: WaVariable[];
}

export function emptyTemplate(language: Language): TemplateFormValues {
  return {
    name: '',
    language,
    category: 'marketing',
    header: '',
    body: '',
    footer: '',
    buttons: [],
    variables: [],
  };
}

/**
 * A name as typed, as Graph takes names: lower case without accents, digits, and '_' for spaces
 * and anything else ('Promo Navidad 2026' → 'promo_navidad_2026'), never two '_' in a row.
 */
export function toTemplateName(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+/, '')
    .slice(0, WA_TEMPLATE_LIMITS.name);
}

/** The name once the field is left: no '_' at its end either. */
export function finishTemplateName(name: string): string {
  return toTemplateName(name).replace(/_+$/, '');
}

/** Where a variable of the mapping is: the header's {{1}}, or the body's {{n}}. */
export interface VariableSlot {
  part: 'header' | 'body';
  n: number;
}

/** The variables the texts take, in the mapping's order (a part whose numbering is wrong adds none). */
export function variableSlots(values: Pick<TemplateFormValues, 'header' | 'body'>): VariableSlot[] {
  const header = variableCount(values.header);
  const body = variableCount(values.body);
  const slots: VariableSlot[] = [];
  if (header !== 'invalid' && header > 0) slots.push({ part: 'header', n: 1 });
  if (body !== 'invalid') for (let n = 1; n <= body; n++) slots.push({ part: 'body', n });
  return slots;
}

export const DEFAULT_VARIABLE: WaVariable = { source: 'firstName', fallback: '' };

/**
 * The mapping resized to the texts' variables, each slot keeping what it had (the header's first,
 * then the body's by number), new ones from the contact's first name.
 */
export function syncVariables(
  previous: Pick<TemplateFormValues, 'header' | 'body' | 'variables'>,
  next: Pick<TemplateFormValues, 'header' | 'body'>,
): WaVariable[] {
  const before = variableSlots(previous);
  const at = (slot: VariableSlot) =>
    before.findIndex((candidate) => candidate.part === slot.part && candidate.n === slot.n);
  return variableSlots(next).map((slot) => previous.variables[at(slot)] ?? DEFAULT_VARIABLE);
}

/** The next variable of a text: {{n+1}} after its highest (or {{1}}). */
export function nextVariable(text: string): string {
  const numbers = templateVariables(text);
  return `{{${numbers.length ? Math.max(...numbers) + 1 : 1}}}`;
}

/** What the form sends (createWaTemplate): trimmed texts, an empty header or footer as null. */
export function templateInput(values: TemplateFormValues): WaTemplateInput {
  return {
    name: finishTemplateName(values.name),
    language: values.language,
    category: values.category,
    header: values.header.trim() || null,
    body: values.body.trim(),
    footer: values.footer.trim() || null,
    buttons: values.buttons.map((b) => b.trim()),
    variables: values.variables.map((v) => ({ source: v.source, fallback: v.fallback.trim() })),
  };
}

/** A field's problem: the model's templateProblems, and the limits of the callable's schema. */
export type TemplateProblem =
  | WaTemplateProblem
  | 'name-required'
  | 'name-long'
  | 'header-long'
  | 'body-required'
  | 'body-long'
  | 'footer-long'
  | 'footer-variables'
  | 'button-long'
  | 'literal-empty'
  | 'fallback-long';

export interface TemplateCheck {
  name: TemplateProblem | null;
  header: TemplateProblem | null;
  body: TemplateProblem | null;
  footer: TemplateProblem | null;
  /** Each button's problem, and the buttons' together (an empty or repeated one). */
  buttonItems: (TemplateProblem | null)[];
  buttons: TemplateProblem | null;
  variableItems: (TemplateProblem | null)[];
  variables: TemplateProblem | null;
  /** Every problem, in the form's order (the summary before sending). */
  all: TemplateProblem[];
}

/** The problems of the form's values, per field, before anything is sent. */
export function checkTemplate(values: TemplateFormValues): TemplateCheck {
  const input = templateInput(values);
  const model = new Set(templateProblems(input));
  const name = !input.name
    ? 'name-required'
    : charCount(input.name) > WA_TEMPLATE_LIMITS.name
      ? 'name-long'
      : model.has('name')
        ? 'name'
        : null;
  const header =
    input.header && charCount(input.header) > WA_TEMPLATE_LIMITS.header
      ? 'header-long'
      : model.has('header-variables')
        ? 'header-variables'
        : null;
  const body = !input.body
    ? 'body-required'
    : charCount(input.body) > WA_TEMPLATE_LIMITS.body
      ? 'body-long'
      : model.has('body-variables')
        ? 'body-variables'
        : null;
  const footer =
    input.footer && charCount(input.footer) > WA_TEMPLATE_LIMITS.footer
      ? 'footer-long'
      : templateVariables(input.footer).length > 0
        ? 'footer-variables'
        : null;
  const buttonItems = input.buttons.map((text): TemplateProblem | null =>
    charCount(text) > WA_TEMPLATE_LIMITS.buttonText ? 'button-long' : null,
  );
  const buttons = model.has('buttons') ? 'buttons' : null;
  const variableItems = input.variables.map((v): TemplateProblem | null =>
    v.source === 'literal' && !v.fallback
      ? 'literal-empty'
      : charCount(v.fallback) > WA_TEMPLATE_LIMITS.example
        ? 'fallback-long'
        : null,
  );
  const variables = model.has('variables-count') ? 'variables-count' : null;
  const all = [name, header, body, footer, ...buttonItems, buttons, ...variableItems, variables].filter(
    (p): p is TemplateProblem => p !== null,
  );
  return {
    name,
    header,
    body,
    footer,
    buttonItems,
    buttons,
    variableItems,
    variables,
    all: [...new Set(all)],
  };
}

/** The template as a contact would read it, with sample values for its variables. */
export function previewTemplate(
  values: Pick<TemplateFormValues, 'header' | 'body' | 'footer' | 'buttons' | 'variables'>,
  samples: WaVariableValues,
): { header: string | null; body: string; footer: string | null; buttons: string[] } {
  const parameters = variableValues(values.variables, samples);
  const header = values.header.trim() || null;
  const split = splitParameters({ header }, parameters);
  return {
    header: header ? fillVariables(header, split.header) : null,
    body: fillVariables(values.body.trim(), split.body),
    footer: values.footer.trim() || null,
    buttons: values.buttons.map((b) => b.trim()).filter(Boolean),
  };
}
