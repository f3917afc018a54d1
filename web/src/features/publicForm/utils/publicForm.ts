/**
 * The public form page's rules (pure): how each field is typed in (input type, autofill), the
 * form's modes from what getPublicForm shows (for the model's checkFormValues), and what a refused
 * load or submission tells the visitor.
 */
import {
  FORM_FIELD_KEYS,
  FORM_VALUE_LIMITS,
  formFieldProp,
  type FormFieldModes,
  type FormValueError,
  type FormValueKey,
  type PublicFormView,
} from '@trato/model';
import { describeCallableError } from '@/firebase/callableErrors';

/** How a field is typed in: its input type and the browser's autofill token. */
export interface FieldInput {
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  multiline?: boolean;
}

export const FIELD_INPUTS: Record<FormValueKey, FieldInput> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  companyName: { type: 'text', autoComplete: 'organization' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
  city: { type: 'text', autoComplete: 'address-level2' },
  country: { type: 'text', autoComplete: 'country-name' },
  message: { type: 'text', autoComplete: 'off', multiline: true },
};

/** The refused fields, each with why. */
export type FieldErrors = Partial<Record<FormValueKey, FormValueError>>;

/** The modes of a form as the public view shows its fields (what checkFormValues reads). */
export function modesOf(fields: PublicFormView['fields']): FormFieldModes {
  return Object.fromEntries(
    FORM_FIELD_KEYS.map((key) => {
      const field = fields.find((f) => f.key === key);
      return [formFieldProp(key), field ? (field.required ? 'required' : 'optional') : 'off'];
    }),
  ) as FormFieldModes;
}

const VALUE_ERRORS: readonly string[] = ['required', 'tooLong', 'email'] satisfies FormValueError[];

function isValueKey(key: string): key is FormValueKey {
  return Object.prototype.hasOwnProperty.call(FORM_VALUE_LIMITS, key);
}

/** The refused fields a submitForm error carries (`details.fields`), or null when it names none. */
export function refusedFields(error: unknown): FieldErrors | null {
  const details =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : null;
  const fields =
    typeof details === 'object' && details !== null ? (details as { fields?: unknown }).fields : null;
  if (typeof fields !== 'object' || fields === null) return null;
  const errors: FieldErrors = {};
  for (const [key, why] of Object.entries(fields)) {
    if (isValueKey(key) && typeof why === 'string' && VALUE_ERRORS.includes(why))
      errors[key] = why as FormValueError;
  }
  return Object.keys(errors).length ? errors : null;
}

/** A refused submission's message (`publicForm:failure.{key}`). */
export type SubmitMessage = 'rateLimited' | 'formBusy' | 'unavailable' | 'network';

export type SubmitFailure =
  { kind: 'fields'; errors: FieldErrors } | { kind: 'message'; message: SubmitMessage };

/**
 * What a refused submission tells the visitor: the fields the server refused (under each), too
 * many from their network or to this form, a form no longer there (deleted, unpublished, the
 * organization's subscription ended), or else to check their connection and try again.
 */
export function submitFailure(error: unknown): SubmitFailure {
  const { code, reason } = describeCallableError(error);
  if (reason === 'invalid-values') {
    const errors = refusedFields(error);
    if (errors) return { kind: 'fields', errors };
  }
  if (code === 'resource-exhausted')
    return { kind: 'message', message: reason === 'form-busy' ? 'formBusy' : 'rateLimited' };
  if (code === 'not-found' || reason === 'subscription-inactive')
    return { kind: 'message', message: 'unavailable' };
  return { kind: 'message', message: 'network' };
}

/**
 * Whether a failed getPublicForm means the form is not available (no such form, not published,
 * the organization's subscription ended, a malformed address) or that it could not be loaded
 * (the network: worth a retry).
 */
export function loadFailure(error: unknown): 'unavailable' | 'failed' {
  const { code, reason } = describeCallableError(error);
  if (reason === 'subscription-inactive') return 'unavailable';
  return code === 'not-found' ||
    code === 'invalid-argument' ||
    code === 'failed-precondition' ||
    code === 'permission-denied'
    ? 'unavailable'
    : 'failed';
}

/** Sends the visitor's browser to the form's next page (a function of its own, for the tests). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
