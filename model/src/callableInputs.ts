/**
 * What each callable accepts (CallableContract's `in`, callables.ts), as yup schemas: the one
 * check of a request, used by the functions before anything else (and usable by any client).
 *
 * Every value comes from an untrusted client, so a field is never cast from another type (42 is
 * not '42'): a string field takes a string. Texts are trimmed, usernames and e-mails lower-cased
 * (Auth and the usernames/ reservations compare them case-insensitively), lengths count code
 * points as the rules' size() does, and each value rule is the model's (EMAIL_PATTERN,
 * USERNAME_PATTERN, ID_PATTERN + isValidId, isValidPermissionMap, LIMITS). Fields the contract
 * does not name are dropped. Messages are the i18n keys of ERR (schemas.ts).
 *
 * `checkCallableInput(name, data)` answers the typed input, or the first refused field in the
 * contract's order with its message.
 */
import * as yup from 'yup';

import type { CallableInput, CallableName } from './callables.js';
import {
  DEFAULT_LANGUAGE,
  EMAIL_PATTERN,
  ID_PATTERN,
  IMPORT_CONSENT_BATCH,
  LANGUAGES,
  LIMITS,
  PAGE_SIZE,
  URL_PATTERN,
  USERNAME_PATTERN,
} from './constants.js';
import type { PermissionMap } from './entities.js';
import { CONSENT_CHANNELS, ROLES } from './enums.js';
import { EMAIL_RECIPIENTS_MAX, MAIL_PRIVACY } from './email.js';
import { OAUTH_CODE_MAX_LENGTH } from './mail.js';
import { FORM_FIELD_KEYS, FORM_VALUE_LIMITS } from './forms.js';
import { isValidId } from './paths.js';
import {
  CALLING_CODE_PATTERN,
  OPT_OUT_KEYWORD_MAX_LENGTH,
  OPT_OUT_KEYWORDS_MAX,
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_LIMITS,
  WA_VARIABLE_SOURCES,
  WHATSAPP_TEXT_MAX,
  WHATSAPP_TOKEN_MAX_LENGTH,
} from './whatsapp.js';
import { isValidPermissionMap } from './permissions.js';
import {
  PORTAL_FIELD_MODES,
  PORTAL_FIELDS,
  PORTAL_LOGO_MAX_CHARS,
  PORTAL_LOGO_TYPES,
  PORTAL_SIGNUP_MODES,
  PORTAL_SLUG_MAX,
  PORTAL_UPLOADS_PER_MESSAGE,
  REPLY_BODY_MAX,
  REPLY_VISIBILITIES,
  normalizeSlug,
  slugProblem,
  type PortalFields,
} from './portal.js';
import { TICKET_PRIORITIES } from './enums.js';
import { charCount, ERR } from './schemas.js';

/** A refusal's message: one of ERR's i18n keys. */
export type InputErrorKey = (typeof ERR)[keyof typeof ERR];

const isString = (v: unknown): v is string => typeof v === 'string';
const trim = (v: unknown) => (isString(v) ? v.trim() : v);
const lowerTrim = (v: unknown) => (isString(v) ? v.trim().toLowerCase() : v);

/** A lone UTF-16 surrogate: JSON carries one, but Firestore stores UTF-8 only (paths.ts isValidId). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A required, non-empty string, never cast from another type (`transform` runs on strings only),
 * that Firestore can store.
 */
function inputString(transform?: (v: unknown) => unknown) {
  const base = yup
    .mixed<string>((v): v is string => isString(v))
    .typeError(ERR.required)
    .required(ERR.required);
  return (transform ? base.transform(transform) : base)
    .test('required', ERR.required, (v) => v !== '')
    .test('unicode', ERR.oneOf, (v) => v === undefined || !LONE_SURROGATE.test(v));
}

/** Non-blank text of at most `max` code points, trimmed. */
export const inputText = (max: number) =>
  inputString(trim).test('max', ERR.tooLong, (v) => v === undefined || charCount(v) <= max);

/** 3–20 of [a-z0-9_] after trimming and lower-casing; other characters are refused, never stripped. */
export const inputUsername = () =>
  inputString(lowerTrim).test('username', ERR.username, (v) => v === undefined || USERNAME_PATTERN.test(v));

/** An e-mail address, trimmed and lower-cased, the rules' isEmail (EMAIL_PATTERN, LIMITS.email). */
export const inputEmail = () =>
  inputString(lowerTrim).test(
    'email',
    ERR.email,
    (v) => v === undefined || (charCount(v) <= LIMITS.email && EMAIL_PATTERN.test(v)),
  );

/** A client-given document id: ID_PATTERN (1–128 code points, no '/') and one Firestore can store. */
export const inputId = () =>
  inputString().test('id', ERR.oneOf, (v) => v === undefined || (ID_PATTERN.test(v) && isValidId(v)));

/** One of `values`, exactly (no trimming, no case folding). */
export const inputOneOf = <T extends string>(values: readonly T[]) =>
  yup
    .mixed<T>()
    .oneOf([...values], ERR.oneOf)
    .required(ERR.required);

/** An http(s) origin, as sent (the functions also check it against the app's own origins). */
export const inputOrigin = () =>
  inputString().test(
    'url',
    ERR.url,
    (v) => v === undefined || (charCount(v) <= LIMITS.url && URL_PATTERN.test(v)),
  );

/**
 * A permission map (the rules' shape: the nine resources, the four actions, booleans), copied
 * key by key; absent or null is `{}` (view only everywhere).
 */
export const inputPermissions = () =>
  yup
    .mixed<PermissionMap>()
    .transform((v: unknown) => {
      if (v === undefined || v === null) return {};
      if (!isValidPermissionMap(v)) return v;
      const copy: PermissionMap = {};
      for (const [resource, entry] of Object.entries(v)) copy[resource as keyof PermissionMap] = { ...entry };
      return copy;
    })
    .default(() => ({}))
    .test('permissions', ERR.oneOf, (v) => isValidPermissionMap(v));

/**
 * The credential of a link (an invitation token, an OAuth state): its shape is the lookup's
 * business, so that every unusable one gets the same answer as an unknown one. Anything that is
 * not a string arrives as '' (never one).
 */
export const inputCredential = () =>
  yup
    .mixed<string>()
    .transform((v: unknown) => (isString(v) ? v : ''))
    .default('');

/**
 * A submission's values: an object of at most the form's fields, each a string within the
 * longest field's limit (the function checks each against its own field and the form).
 */
/** Addresses (lower-cased, trimmed), at least `min`, at most EMAIL_RECIPIENTS_MAX, each once. */
const addressList = (min: number) =>
  yup
    .array(inputEmail().defined())
    .typeError(ERR.oneOf)
    .required(ERR.required)
    .min(min, ERR.required)
    .max(EMAIL_RECIPIENTS_MAX, ERR.tooLong)
    .test('unique', ERR.oneOf, (v) => !v || new Set(v).size === v.length);

/** A Graph id (a phone number's, an account's): digits only. */
const inputGraphId = () =>
  inputString(trim).test('graph-id', ERR.oneOf, (v) => v === undefined || /^\d{1,32}$/.test(v));

/** Optional text: absent, null or blank is null; otherwise trimmed, at most `max` code points. */
const optionalText = (max: number) =>
  yup
    .mixed<string>((v): v is string => isString(v))
    .nullable()
    .typeError(ERR.oneOf)
    .transform((v: unknown) => (isString(v) ? v.trim() || null : v))
    .default(null)
    .test('max', ERR.tooLong, (v) => v == null || charCount(v) <= max)
    .test('unicode', ERR.oneOf, (v) => v == null || !LONE_SURROGATE.test(v));

function isFormValues(v: unknown): v is Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  const longest = Math.max(...Object.values(FORM_VALUE_LIMITS));
  return (
    entries.length <= FORM_FIELD_KEYS.length + 1 &&
    entries.every(([k, value]) => k in FORM_VALUE_LIMITS && isString(value) && value.length <= 4 * longest)
  );
}

/** true or false, never cast ('true', 1 are refused). */
const inputBoolean = () =>
  yup
    .mixed<boolean>((v): v is boolean => typeof v === 'boolean')
    .typeError(ERR.oneOf)
    .required(ERR.required);

/** A portal's new address: trimmed and lower-cased, then slugProblem's checks. */
const inputSlug = () =>
  inputString(lowerTrim).test('slug', ERR.oneOf, (v) => v === undefined || slugProblem(v) === null);

/** A portal's address to look up: any short string (an unknown one is 'portal-not-found'). */
const inputSlugLookup = () =>
  inputString((v) => (isString(v) ? normalizeSlug(v) : v)).test(
    'max',
    ERR.tooLong,
    (v) => v === undefined || v.length <= PORTAL_SLUG_MAX,
  );

/** A logo: null, or a base64 data URL of an allowed image type within the size. */
const inputLogo = () =>
  yup
    .mixed<string>((v): v is string => isString(v))
    .nullable()
    .typeError(ERR.oneOf)
    .default(null)
    .test('logo', ERR.oneOf, (v) => {
      if (v == null) return true;
      if (v.length > PORTAL_LOGO_MAX_CHARS) return false;
      const match = /^data:([a-z/]+);base64,[A-Za-z0-9+/]+={0,2}$/.exec(v);
      return match !== null && (PORTAL_LOGO_TYPES as readonly string[]).includes(match[1]!);
    });

/** The three ticket fields' modes, each given (attachments are hidden or settable). */
const inputPortalFields = () =>
  yup
    .mixed<PortalFields>()
    .required(ERR.required)
    .test('fields', ERR.oneOf, (v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const keys = Object.keys(v);
      return (
        keys.length === PORTAL_FIELDS.length &&
        PORTAL_FIELDS.every((f) => (PORTAL_FIELD_MODES as readonly unknown[]).includes(v[f])) &&
        v.attachments !== 'visible'
      );
    })
    .transform((v: unknown) => (v && typeof v === 'object' ? { ...(v as PortalFields) } : v));

/** Staged upload ids (client-made), each once, at most PORTAL_UPLOADS_PER_MESSAGE; absent is none. */
const uploadIds = () =>
  yup
    .array(inputId().defined())
    .typeError(ERR.oneOf)
    .default([])
    .max(PORTAL_UPLOADS_PER_MESSAGE, ERR.tooLong)
    .test('unique', ERR.oneOf, (v) => !v || new Set(v).size === v.length);

function buildSchemas() {
  const organizationId = inputId();
  const language = inputOneOf(LANGUAGES);
  /** Where the browser comes back (Checkout, the portal, Google's consent), and the page's language. */
  const returnTo = { organizationId, returnOrigin: inputOrigin(), language };

  return {
    checkUsername: yup.object({ username: inputUsername() }),
    createOrganization: yup.object({
      fullName: inputText(LIMITS.fullName),
      username: inputUsername(),
      companyName: inputText(LIMITS.orgName),
      language,
    }),
    addOrganization: yup.object({ organizationId, companyName: inputText(LIMITS.orgName), language }),
    createInvitation: yup.object({
      organizationId,
      email: inputEmail(),
      role: inputOneOf(ROLES),
      permissions: inputPermissions(),
    }),
    getInvitationLink: yup.object({ organizationId, invitationId: inputId() }),
    getInvitation: yup.object({ token: inputCredential() }),
    acceptInvitation: yup.object({
      token: inputCredential(),
      // Required for a new account only (the function says which is missing).
      fullName: inputText(LIMITS.fullName).optional(),
      username: inputUsername().optional(),
      // The language the invitee used on the page; Spanish when absent.
      language: yup
        .mixed<(typeof LANGUAGES)[number]>()
        .oneOf([...LANGUAGES], ERR.oneOf)
        .nonNullable(ERR.oneOf)
        .default(DEFAULT_LANGUAGE),
    }),
    adminOrganizationStats: yup.object({
      organizationIds: yup
        .array(inputId().defined())
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .min(1, ERR.required)
        .max(PAGE_SIZE, ERR.tooLong),
    }),
    debugQuery: yup.object({ organizationId }),
    previewCampaignAudience: yup.object({ organizationId, listId: inputId(), topicId: inputId().optional() }),
    getPublicForm: yup.object({ formKey: inputCredential(), language }),
    submitForm: yup.object({
      formKey: inputCredential(),
      language,
      // Checked against the form itself (checkFormValues): here only the shape and the size.
      values: yup
        .mixed<Record<string, string>>()
        .test('values', ERR.oneOf, (v) => isFormValues(v))
        .required(ERR.required),
      consent: yup
        .mixed<boolean>((v): v is boolean => typeof v === 'boolean')
        .typeError(ERR.oneOf)
        .default(false),
      website: yup
        .mixed<string>()
        .transform((v: unknown) => (isString(v) ? v : ''))
        .default(''),
    }),
    setContactConsent: yup.object({
      organizationId,
      contactId: inputId(),
      status: inputOneOf(['granted', 'withdrawn'] as const),
      text: inputText(LIMITS.consentText),
      channel: inputOneOf(CONSENT_CHANNELS).default('email'),
    }),
    recordImportConsent: yup.object({
      organizationId,
      importId: inputId(),
      contactIds: yup
        .array(inputId().defined())
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .min(1, ERR.required)
        .max(IMPORT_CONSENT_BATCH, ERR.tooLong),
      text: inputText(LIMITS.consentText),
    }),
    syncMailbox: yup.object({ organizationId }),
    sendContactEmail: yup.object({
      organizationId,
      contactId: inputId(),
      to: addressList(1),
      cc: addressList(0),
      subject: inputText(LIMITS.subject),
      body: inputText(LIMITS.body),
      replyTo: inputId().optional(),
    }),
    getEmailAttachment: yup.object({
      organizationId,
      messageKey: inputId(),
      index: yup
        .number()
        .typeError(ERR.oneOf)
        .strict(true)
        .integer(ERR.oneOf)
        .min(0, ERR.oneOf)
        .max(100, ERR.oneOf)
        .required(ERR.required),
    }),
    setMailPrivacy: yup.object({ organizationId, privacy: inputOneOf(MAIL_PRIVACY) }),
    connectWhatsApp: yup.object({
      organizationId,
      phoneNumberId: inputGraphId(),
      wabaId: inputGraphId(),
      accessToken: inputText(WHATSAPP_TOKEN_MAX_LENGTH),
    }),
    disconnectWhatsApp: yup.object({ organizationId }),
    setWhatsAppSettings: yup.object({
      organizationId,
      optOutKeywords: yup
        .array(inputText(OPT_OUT_KEYWORD_MAX_LENGTH).defined())
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .min(1, ERR.required)
        .max(OPT_OUT_KEYWORDS_MAX, ERR.tooLong),
      callingCode: inputString(trim).test(
        'code',
        ERR.oneOf,
        (v) => v === undefined || CALLING_CODE_PATTERN.test(v),
      ),
    }),
    createWaTemplate: yup.object({
      organizationId,
      name: inputText(WA_TEMPLATE_LIMITS.name),
      language,
      category: inputOneOf(WA_TEMPLATE_CATEGORIES),
      header: optionalText(WA_TEMPLATE_LIMITS.header),
      body: inputText(WA_TEMPLATE_LIMITS.body),
      footer: optionalText(WA_TEMPLATE_LIMITS.footer),
      buttons: yup
        .array(inputText(WA_TEMPLATE_LIMITS.buttonText).defined())
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .max(WA_TEMPLATE_LIMITS.buttons, ERR.tooLong),
      variables: yup
        .array(
          yup
            .object({
              source: inputOneOf(WA_VARIABLE_SOURCES),
              fallback: yup
                .mixed<string>((v): v is string => isString(v))
                .typeError(ERR.oneOf)
                .transform(trim)
                .default('')
                .test(
                  'max',
                  ERR.tooLong,
                  (v) => v === undefined || charCount(v) <= WA_TEMPLATE_LIMITS.example,
                ),
            })
            .defined(),
        )
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .max(WA_TEMPLATE_LIMITS.variables, ERR.tooLong),
    }),
    deleteWaTemplate: yup.object({ organizationId, templateId: inputId() }),
    syncWaTemplates: yup.object({ organizationId }),
    sendWhatsApp: yup.object({
      organizationId,
      contactId: inputId(),
      text: inputText(WHATSAPP_TEXT_MAX).optional(),
      templateId: inputId().optional(),
    }),
    setPortalSettings: yup.object({
      organizationId,
      enabled: inputBoolean(),
      slug: inputSlug(),
      name: inputText(LIMITS.name),
      logo: inputLogo(),
      languages: yup
        .array(inputOneOf(LANGUAGES).defined())
        .typeError(ERR.oneOf)
        .required(ERR.required)
        .min(1, ERR.required)
        .max(LANGUAGES.length, ERR.tooLong)
        .test('unique', ERR.oneOf, (v) => !v || new Set(v).size === v.length),
      fields: inputPortalFields(),
      signup: inputOneOf(PORTAL_SIGNUP_MODES),
      companyTickets: inputBoolean(),
    }),
    invitePortalContact: yup.object({ organizationId, contactId: inputId(), language: language.optional() }),
    revokePortalAccess: yup.object({ organizationId, contactId: inputId() }),
    getPortal: yup.object({ slug: inputSlugLookup() }),
    requestPortalLink: yup.object({
      slug: inputSlugLookup(),
      email: inputEmail(),
      language,
      continueUrl: inputOrigin(),
    }),
    openPortalSession: yup.object({ slug: inputSlugLookup() }),
    createPortalTicket: yup.object({
      slug: inputSlugLookup(),
      subject: inputText(LIMITS.title),
      description: optionalText(LIMITS.ticketDescription),
      priority: yup
        .mixed<(typeof TICKET_PRIORITIES)[number]>()
        .nullable()
        .default(null)
        .test('priority', ERR.oneOf, (v) => v == null || TICKET_PRIORITIES.includes(v)),
      uploadIds: uploadIds(),
    }),
    replyPortalTicket: yup.object({
      slug: inputSlugLookup(),
      ticketId: inputId(),
      body: inputText(REPLY_BODY_MAX),
      uploadIds: uploadIds(),
    }),
    closePortalTicket: yup.object({ slug: inputSlugLookup(), ticketId: inputId() }),
    addTicketReply: yup.object({
      organizationId,
      ticketId: inputId(),
      body: inputText(REPLY_BODY_MAX),
      visibility: inputOneOf(REPLY_VISIBILITIES),
    }),
    createCheckoutSession: yup.object(returnTo),
    createPortalSession: yup.object(returnTo),
    checkSubscription: yup.object({ organizationId }),
    authGmailStart: yup.object(returnTo),
    authGmailCallback: yup.object({ code: inputText(OAUTH_CODE_MAX_LENGTH), state: inputCredential() }),
    emailDisconnect: yup.object({ organizationId }),
    emailSendTest: yup.object({ organizationId, to: inputEmail(), language }),
  } satisfies Record<CallableName, yup.AnyObjectSchema>;
}

type Schemas = ReturnType<typeof buildSchemas>;
let built: Schemas | undefined;

/**
 * Each callable's input schema, its fields in the contract's order. Built on first use, so that a
 * bundle importing the model without checking requests (the web) carries none of it.
 */
export function callableInputSchemas(): Schemas {
  return (built ??= buildSchemas());
}

/** A refused request: the field (a key of the contract's input, or 'data' for the whole) and why. */
export interface InputRefusal {
  field: string;
  message: InputErrorKey;
}

/**
 * A callable's checked input: its contract's `in`, normalized, with the defaults applied (an
 * acceptInvitation without a language has 'es').
 */
export type ParsedInput<N extends CallableName> = yup.InferType<Schemas[N]>;

export type CheckedInput<N extends CallableName> =
  { ok: true; value: ParsedInput<N> } | { ok: false; refusal: InputRefusal };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A callable's request checked against its contract: the typed, normalized input, or the first
 * refused field in the contract's order. `data` must be an object (the web SDK sends `{}` at least).
 */
export function checkCallableInput<N extends CallableName>(name: N, data: unknown): CheckedInput<N> {
  if (!isPlainObject(data)) return { ok: false, refusal: { field: 'data', message: ERR.oneOf } };
  const schema: yup.AnyObjectSchema = callableInputSchemas()[name];
  try {
    const value = schema.validateSync(data, { abortEarly: false, stripUnknown: true }) as ParsedInput<N>;
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const refused = (error.inner.length ? error.inner : [error]).map((e) => ({
      field: e.path ?? 'data',
      message: e.message as InputErrorKey,
    }));
    const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
    refused.sort((a, b) => rank(a.field) - rank(b.field));
    return { ok: false, refusal: refused[0]! };
  }
}

/** Compile-time check: what each schema outputs is its callable's contract input. */
export type CallableInputSchemasAgree = {
  [N in CallableName]: ParsedInput<N> extends CallableInput<N> ? true : never;
};
const agree: CallableInputSchemasAgree = {
  checkUsername: true,
  createOrganization: true,
  addOrganization: true,
  createInvitation: true,
  getInvitationLink: true,
  getInvitation: true,
  acceptInvitation: true,
  debugQuery: true,
  previewCampaignAudience: true,
  getPublicForm: true,
  submitForm: true,
  setContactConsent: true,
  recordImportConsent: true,
  syncMailbox: true,
  sendContactEmail: true,
  getEmailAttachment: true,
  setMailPrivacy: true,
  connectWhatsApp: true,
  disconnectWhatsApp: true,
  setWhatsAppSettings: true,
  createWaTemplate: true,
  deleteWaTemplate: true,
  syncWaTemplates: true,
  sendWhatsApp: true,
  adminOrganizationStats: true,
  setPortalSettings: true,
  invitePortalContact: true,
  revokePortalAccess: true,
  getPortal: true,
  requestPortalLink: true,
  openPortalSession: true,
  createPortalTicket: true,
  replyPortalTicket: true,
  closePortalTicket: true,
  addTicketReply: true,
  createCheckoutSession: true,
  createPortalSession: true,
  checkSubscription: true,
  authGmailStart: true,
  authGmailCallback: true,
  emailDisconnect: true,
  emailSendTest: true,
};
void agree;
