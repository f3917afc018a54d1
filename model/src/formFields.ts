/** A lead-capture form's fields (forms.ts has the rest): which it may ask besides the name. */
import type { FormFieldMode } from './enums.js';

/** The fields a form may ask besides the name (always asked, always required), in their order. */
export const FORM_FIELD_KEYS = [
  'email',
  'phone',
  'companyName',
  'jobTitle',
  'city',
  'country',
  'message',
] as const;
export type FormFieldKey = (typeof FORM_FIELD_KEYS)[number];
/** Every field a visitor may fill, the name first. */
export type FormValueKey = 'name' | FormFieldKey;

/** A form's stored mode of each field: `emailField`, `phoneField`, … */
export type FormFieldModes = { [K in FormFieldKey as `${K}Field`]: FormFieldMode };
export const formFieldProp = <K extends FormFieldKey>(key: K): `${K}Field` => `${key}Field`;
export const FORM_FIELD_PROPS = FORM_FIELD_KEYS.map(formFieldProp);
