/**
 * Lead-capture forms and marketing consent (issue 31): which contact fields a form asks, what a
 * visitor's submission must hold, the public address's key, and how consent decides a
 * recipient. Pure: the builder, the public page and the submitForm function share it.
 */
import { EMAIL_PATTERN, LIMITS, type Language } from './constants.js';
import type { ConsentStatus } from './enums.js';

/** Code points, as the rules' size() counts (schemas.ts has the same; it imports this module). */
const charCount = (v: string): number => Array.from(v).length;

export {
  FORM_FIELD_KEYS,
  FORM_FIELD_PROPS,
  formFieldProp,
  type FormFieldKey,
  type FormFieldModes,
  type FormValueKey,
} from './formFields.js';
import { FORM_FIELD_KEYS, formFieldProp, type FormFieldModes, type FormValueKey } from './formFields.js';

/** What a new form asks: name and e-mail (required), a message (optional). */
export const DEFAULT_FORM_FIELDS: FormFieldModes = {
  emailField: 'required',
  phoneField: 'off',
  companyNameField: 'off',
  jobTitleField: 'off',
  cityField: 'off',
  countryField: 'off',
  messageField: 'optional',
};

/** Code points each value may hold (the contact's own limits; the message is a note). */
export const FORM_VALUE_LIMITS: Record<FormValueKey, number> = {
  name: LIMITS.name,
  email: LIMITS.email,
  phone: LIMITS.phone,
  companyName: LIMITS.name,
  jobTitle: LIMITS.shortText,
  city: LIMITS.shortText,
  country: LIMITS.country,
  message: 5000,
};

/** A submission's values: trimmed, non-empty, only the fields the form asks. */
export type FormValues = Partial<Record<FormValueKey, string>>;

/** The fields a form shows, in order, with whether each is required (the name first). */
export function formFields(form: FormFieldModes): { key: FormValueKey; required: boolean }[] {
  return [
    { key: 'name', required: true },
    ...FORM_FIELD_KEYS.filter((key) => form[formFieldProp(key)] !== 'off').map((key) => ({
      key,
      required: form[formFieldProp(key)] === 'required',
    })),
  ];
}

/** Why a value was refused (the public page's messages: `publicForm.errors.{reason}`). */
export type FormValueError = 'required' | 'tooLong' | 'email';

/**
 * A submission's values checked against its form: each asked field trimmed, required ones
 * present, lengths within FORM_VALUE_LIMITS, the e-mail an address (lower-cased); fields the form
 * does not ask are dropped. Answers the clean values, or the refused fields with why.
 */
export function checkFormValues(
  form: FormFieldModes,
  raw: Record<string, unknown>,
): { ok: true; values: FormValues } | { ok: false; errors: Partial<Record<FormValueKey, FormValueError>> } {
  const values: FormValues = {};
  const errors: Partial<Record<FormValueKey, FormValueError>> = {};
  for (const { key, required } of formFields(form)) {
    const given = raw[key];
    const text = typeof given === 'string' ? given.trim() : '';
    if (!text) {
      if (required) errors[key] = 'required';
      continue;
    }
    if (charCount(text) > FORM_VALUE_LIMITS[key]) errors[key] = 'tooLong';
    else if (key === 'email' && !EMAIL_PATTERN.test(text)) errors[key] = 'email';
    else values[key] = key === 'email' ? text.toLowerCase() : text;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

// ── The public address ───────────────────────────────────────────────────────

/**
 * The key of a form's public address `/f/{key}`: the organization's id and the form's, joined by
 * '-' (Firestore's generated ids are letters and digits), so the function finds the form with one
 * read and no index.
 */
export function publicFormKey(organizationId: string, formId: string): string {
  return `${organizationId}-${formId}`;
}

const PUBLIC_KEY = /^([A-Za-z0-9]{1,64})-([A-Za-z0-9]{1,64})$/;

export function parsePublicFormKey(key: unknown): { organizationId: string; formId: string } | null {
  const match = typeof key === 'string' ? PUBLIC_KEY.exec(key) : null;
  return match ? { organizationId: match[1]!, formId: match[2]! } : null;
}

/** The iframe a website pastes to show the form (`origin`: the app's address). */
export function formEmbedSnippet(origin: string, key: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${origin}/f/${key}?embed=1" title="${safeTitle}" width="100%" height="640" style="border:0;max-width:560px" loading="lazy"></iframe>`;
}

/** What the public page shows of a published form (getPublicForm), in the visitor's language. */
export interface PublicFormView {
  organizationName: string;
  name: string;
  fields: { key: FormValueKey; required: boolean }[];
  /** The consent checkbox's text, or null when the form asks none. */
  consentText: string | null;
}

/** A form's text in `language`, falling back to the other language's when only that one is set. */
export function formText(es: string | null | undefined, en: string | null | undefined, language: Language) {
  const first = language === 'en' ? en : es;
  const second = language === 'en' ? es : en;
  return first?.trim() || second?.trim() || null;
}

// ── Spam limits ──────────────────────────────────────────────────────────────

/** Submissions one network address may send in 10 minutes, to any form. */
export const FORM_ADDRESS_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
/** Submissions one form accepts in an hour, from anyone (a flood from many addresses stops here). */
export const FORM_HOURLY_LIMIT = { limit: 300, windowMs: 60 * 60_000 };
/** The honeypot: a field the page hides from people; a value in it is a bot's. */
export const FORM_HONEYPOT_FIELD = 'website';

// ── Consent ──────────────────────────────────────────────────────────────────

/**
 * Whether marketing may go to a contact: always when the organization does not require consent,
 * otherwise only with consent granted (pending, withdrawn and none are left out).
 */
export function hasMarketingConsent(
  consentRequired: boolean | null | undefined,
  emailConsent: ConsentStatus | null | undefined,
): boolean {
  return !consentRequired || emailConsent === 'granted';
}

/**
 * The consent a form submission records: none when the form asks none or the box was left
 * unticked; pending until confirmed when the form asks double opt-in; granted otherwise. A
 * contact who had withdrawn consent and ticks the box again consents again.
 */
export function consentFromForm(
  consentAsked: boolean,
  ticked: boolean,
  doubleOptIn: boolean,
  current: ConsentStatus | null | undefined,
): ConsentStatus | null {
  if (!consentAsked || !ticked) return null;
  if (current === 'granted') return null; // nothing changes
  return doubleOptIn ? 'pending' : 'granted';
}
