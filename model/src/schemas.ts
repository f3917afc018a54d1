/**
 * yup schemas for the web's forms (formik). They mirror firestore.rules limits so a form never
 * sends what the rules refuse. Messages are i18n keys ("errors.*"); the web translates them
 * (e.g. contacts: errors.required → 'El nombre es obligatorio').
 */
import * as yup from 'yup';

import {
  AMOUNT_MAX,
  DELAY_DAYS_MAX,
  DELAY_DAYS_MIN,
  LANGUAGES,
  LIMITS,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  USERNAME_PATTERN,
} from './constants.js';
import {
  COMPANY_SIZES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  MEETING_STATUSES,
  ROLES,
  SEQUENCE_STEP_TYPES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from './enums.js';

export const ERR = {
  required: 'errors.required',
  email: 'errors.email',
  url: 'errors.url',
  tooLong: 'errors.tooLong',
  number: 'errors.number',
  min: 'errors.min',
  max: 'errors.max',
  oneOf: 'errors.oneOf',
  endBeforeStart: 'errors.endBeforeStart',
  username: 'errors.username',
} as const;

/** Optional text: '' becomes null (what the rules and lists expect). */
const text = (max: number) =>
  yup
    .string()
    .trim()
    .max(max, ERR.tooLong)
    .nullable()
    .transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v))
    .default(null);
const requiredText = (max: number) => yup.string().trim().required(ERR.required).max(max, ERR.tooLong);
const email = () => text(LIMITS.email).email(ERR.email);
const url = () => text(LIMITS.url).url(ERR.url);
const id = () => text(LIMITS.id);
const oneOf = <T extends string>(values: readonly T[]) => yup.mixed<T>().oneOf([...values], ERR.oneOf);
const optionalNumber = () =>
  yup
    .number()
    .typeError(ERR.number)
    .nullable()
    .transform((v: unknown, orig: unknown) => (orig === '' || orig === null || orig === undefined ? null : v))
    .default(null);

export const companySchema = yup.object({
  name: requiredText(LIMITS.name),
  website: url(),
  phone: text(LIMITS.phone),
  linkedinUrl: url(),
  industry: oneOf(INDUSTRIES).nullable().default(null),
  size: oneOf(COMPANY_SIZES).nullable().default(null),
  country: text(LIMITS.country),
  city: text(LIMITS.shortText),
  address: text(LIMITS.address),
  notes: text(LIMITS.notes),
});

export const contactSchema = yup.object({
  name: requiredText(LIMITS.name),
  email: email(),
  phone: text(LIMITS.phone),
  companyId: id(),
  jobTitle: text(LIMITS.shortText),
  city: text(LIMITS.shortText),
  country: text(LIMITS.country),
  rtn: text(LIMITS.rtn),
  status: oneOf(CONTACT_STATUSES).required(ERR.required).default('active'),
  isCustomer: yup.boolean().default(false),
  lifecycleStage: oneOf(LIFECYCLE_STAGES).required(ERR.required).default('lead'),
  linkedinUrl: url(),
});

export const dealSchema = yup.object({
  title: requiredText(LIMITS.title),
  amount: optionalNumber().min(0, ERR.min).max(AMOUNT_MAX, ERR.max),
  stage: oneOf(DEAL_STAGES).required(ERR.required).default('new'),
  probability: optionalNumber().min(PROBABILITY_MIN, ERR.min).max(PROBABILITY_MAX, ERR.max),
  closeDate: yup.date().typeError(ERR.required).nullable().default(null),
  companyId: id(),
  primaryContactId: id(),
  notes: text(LIMITS.notes),
});

/** The contact's Oportunidades dialog: title and client required (spec section 5). */
export const opportunitySchema = dealSchema.shape({ primaryContactId: requiredText(LIMITS.id) });

export const taskSchema = yup.object({
  title: requiredText(LIMITS.title),
  description: text(LIMITS.description),
  status: oneOf(TASK_STATUSES).required(ERR.required).default('pending'),
  dueDate: yup.date().typeError(ERR.required).nullable().default(null),
  contactId: id(),
  companyId: id(),
  assigneeIds: yup.array(yup.string().required()).default([]),
});

export const meetingSchema = yup.object({
  title: requiredText(LIMITS.title),
  notes: text(LIMITS.notes),
  startTime: yup.date().typeError(ERR.required).required(ERR.required),
  endTime: yup
    .date()
    .typeError(ERR.required)
    .required(ERR.required)
    .when('startTime', ([start], s) =>
      start instanceof Date ? s.min(new Date(start.getTime() + 1), ERR.endBeforeStart) : s,
    ),
  status: oneOf(MEETING_STATUSES).required(ERR.required).default('scheduled'),
  contactId: id(),
  companyId: id(),
  participantIds: yup.array(yup.string().required()).default([]),
});

export const ticketSchema = yup.object({
  ticketName: requiredText(LIMITS.title),
  pipeline: requiredText(LIMITS.shortText).default('Support Pipeline'),
  status: oneOf(TICKET_STATUSES).required(ERR.required).default('New'),
  description: text(LIMITS.ticketDescription),
  source: text(LIMITS.shortText),
  ownerId: id(),
  priority: oneOf(TICKET_PRIORITIES).nullable().default(null),
  contactId: id(),
  companyId: id(),
});

export const noteSchema = yup.object({ content: requiredText(LIMITS.noteContent) });
export const folderSchema = yup.object({ name: requiredText(LIMITS.folderName) });

export const sequenceSchema = yup.object({
  name: requiredText(LIMITS.name),
  description: text(LIMITS.sequenceDescription),
});

export const stepSchema = yup.object({
  type: oneOf(SEQUENCE_STEP_TYPES).required(ERR.required).default('email'),
  subject: requiredText(LIMITS.subject),
  body: requiredText(LIMITS.body),
  delayDays: yup
    .number()
    .typeError(ERR.number)
    .integer(ERR.number)
    .min(DELAY_DAYS_MIN, ERR.min)
    .max(DELAY_DAYS_MAX, ERR.max)
    .default(0),
});

export const invitationSchema = yup.object({
  email: requiredText(LIMITS.email).email(ERR.email),
  role: oneOf(ROLES).required(ERR.required).default('seller'),
});

export const profileSchema = yup.object({
  fullName: requiredText(LIMITS.fullName),
  language: oneOf(LANGUAGES).required(ERR.required).default('es'),
});

export const organizationSchema = yup.object({
  name: requiredText(LIMITS.orgName),
  country: text(LIMITS.country),
  rtn: text(LIMITS.rtn),
});

export const usernameSchema = yup.string().required(ERR.required).matches(USERNAME_PATTERN, ERR.username);

/** The test-email address check of the spec (a simple pattern). */
export const testEmailSchema = yup
  .string()
  .trim()
  .required(ERR.required)
  .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ERR.email);
