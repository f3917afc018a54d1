/**
 * A lead-capture form's builder values and what they save (pure): the seven optional fields'
 * modes, the consent checkbox (its text in both languages, double opt-in), what follows a
 * submission (a thank-you text or a redirect), the follow-ups (a static list, a sequence, a member
 * told) and whether it is published. The schema is the model's, plus the choices the dialog adds.
 */
import * as yup from 'yup';
import {
  DEFAULT_FORM_FIELDS,
  ERR,
  FORM_FIELD_MODES,
  FORM_FIELD_PROPS,
  LIMITS,
  URL_PATTERN,
  listSchema,
  type Form,
  type FormFieldModes,
} from '@trato/model';

/** The consent checkbox's texts a new form offers (content in each language, not UI text). */
export const DEFAULT_CONSENT_TEXT = {
  es: 'Acepto recibir comunicaciones de marketing por correo electrónico. Puedo darme de baja en cualquier momento.',
  en: 'I agree to receive marketing communications by e-mail. I can unsubscribe at any time.',
} as const;

/** After a submission: the form's thanks (or the page's own), or another page. */
export type AfterSend = 'thanks' | 'redirect';

export interface FormBuilderValues extends FormFieldModes {
  name: string;
  published: boolean;
  askConsent: boolean;
  consentTextEs: string;
  consentTextEn: string;
  doubleOptIn: boolean;
  afterSend: AfterSend;
  thankYouEs: string;
  thankYouEn: string;
  redirectUrl: string;
  listId: string | null;
  sequenceId: string | null;
  notifyUid: string | null;
}

/** A redirect goes to a secure page only (http is refused here; the rules take either). */
const HTTPS = /^https:\/\//iu;

/** Optional text within `max` code points ('' allowed: saved as null). */
const optionalText = (max: number) =>
  yup
    .string()
    .default('')
    .test('max', ERR.tooLong, (v) => !v || Array.from(v.trim()).length <= max);

/** A consent text: required when the form asks consent. */
const consentText = () =>
  optionalText(LIMITS.consentText).when('askConsent', ([ask], schema) =>
    ask ? schema.trim().required(ERR.required) : schema,
  );

const fieldModes = Object.fromEntries(
  FORM_FIELD_PROPS.map((prop) => [
    prop,
    yup
      .mixed()
      .oneOf([...FORM_FIELD_MODES], ERR.oneOf)
      .required(ERR.required),
  ]),
);

/** The builder's schema: the model's name, the modes, consent texts, thanks or an https address. */
export const formBuilderSchema = listSchema.pick(['name']).shape({
  ...fieldModes,
  // Consent is to e-mail marketing: a form that asks it asks the e-mail too.
  emailField: yup
    .mixed()
    .oneOf([...FORM_FIELD_MODES], ERR.oneOf)
    .required(ERR.required)
    .when('askConsent', ([ask], schema) =>
      ask ? schema.test('asked', 'marketing:forms.form.emailForConsent', (mode) => mode !== 'off') : schema,
    ),
  published: yup.boolean().default(false),
  askConsent: yup.boolean().default(false),
  consentTextEs: consentText(),
  consentTextEn: consentText(),
  doubleOptIn: yup.boolean().default(false),
  afterSend: yup.mixed<AfterSend>().oneOf(['thanks', 'redirect'], ERR.oneOf).default('thanks'),
  thankYouEs: optionalText(LIMITS.sequenceDescription),
  thankYouEn: optionalText(LIMITS.sequenceDescription),
  redirectUrl: yup
    .string()
    .default('')
    .when('afterSend', ([after], schema) =>
      after === 'redirect'
        ? schema
            .trim()
            .required(ERR.required)
            .max(LIMITS.url, ERR.tooLong)
            .matches(URL_PATTERN, ERR.url)
            .matches(HTTPS, 'marketing:forms.form.httpsOnly')
        : schema,
    ),
  listId: yup.string().nullable().default(null),
  sequenceId: yup.string().nullable().default(null),
  notifyUid: yup.string().nullable().default(null),
});

/** The builder's values of a form (null: 'Nuevo formulario'). */
export function formBuilderValues(form: Partial<Form<unknown>> | null): FormBuilderValues {
  const modes = Object.fromEntries(
    FORM_FIELD_PROPS.map((prop) => [prop, form?.[prop] ?? DEFAULT_FORM_FIELDS[prop]]),
  ) as FormFieldModes;
  const asksConsent = form ? Boolean(form.consentTextEs || form.consentTextEn) : true;
  return {
    name: form?.name ?? '',
    ...modes,
    published: form?.published ?? false,
    askConsent: asksConsent,
    // A new form, or one that asks none yet, is offered the default texts.
    consentTextEs: form?.consentTextEs ?? (asksConsent && form ? '' : DEFAULT_CONSENT_TEXT.es),
    consentTextEn: form?.consentTextEn ?? (asksConsent && form ? '' : DEFAULT_CONSENT_TEXT.en),
    doubleOptIn: form?.doubleOptIn ?? false,
    afterSend: form?.redirectUrl ? 'redirect' : 'thanks',
    thankYouEs: form?.thankYouEs ?? '',
    thankYouEn: form?.thankYouEn ?? '',
    redirectUrl: form?.redirectUrl ?? '',
    listId: form?.listId ?? null,
    sequenceId: form?.sequenceId ?? null,
    notifyUid: form?.notifyUid ?? null,
  };
}

const textOrNull = (value: string) => value.trim() || null;

/**
 * The fields a create or an update writes: every field of the contract, so that an edit clears
 * what was turned off (the consent texts without consent, the thanks with a redirect and the other
 * way round). `names`: the chosen list's and sequence's names (kept with their ids).
 */
export function formWrite(
  values: FormBuilderValues,
  names: { listName: string | null; sequenceName: string | null },
): Record<string, unknown> {
  const modes = Object.fromEntries(FORM_FIELD_PROPS.map((prop) => [prop, values[prop]]));
  const redirect = values.afterSend === 'redirect';
  return {
    name: values.name.trim(),
    published: values.published,
    ...modes,
    consentTextEs: values.askConsent ? textOrNull(values.consentTextEs) : null,
    consentTextEn: values.askConsent ? textOrNull(values.consentTextEn) : null,
    doubleOptIn: values.askConsent && values.doubleOptIn,
    thankYouEs: redirect ? null : textOrNull(values.thankYouEs),
    thankYouEn: redirect ? null : textOrNull(values.thankYouEn),
    redirectUrl: redirect ? textOrNull(values.redirectUrl) : null,
    listId: values.listId || null,
    listName: values.listId ? names.listName : null,
    sequenceId: values.sequenceId || null,
    sequenceName: values.sequenceId ? names.sequenceName : null,
    notifyUid: values.notifyUid || null,
  };
}
