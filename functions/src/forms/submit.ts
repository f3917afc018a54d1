// The public side of lead-capture forms (issue 31): getPublicForm shows a published form, and
// submitForm takes a visitor's submission. No login; visitors never write to Firestore
// themselves. A submission is checked against its form (model checkFormValues), limited per
// network address and per form, and written in one transaction: the contact (matched by its
// e-mail, else created as a lead), the submission, its timeline entry, the consent record, the
// list membership, the sequence enrolment and the notified member's follow-up task — all or
// nothing. The double opt-in e-mail goes after the commit, from the system mailbox.
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';

import {
  checkFormValues,
  consentFromForm,
  FORM_ADDRESS_LIMIT,
  FORM_HOURLY_LIMIT,
  formFields,
  formText,
  LIMITS,
  LIST_MEMBERSHIPS_MAX,
  parsePublicFormKey,
  paths,
  serverTimelineEntry,
  timelineEntryFor,
  withDerivedFields,
  type CallableContract,
  type ConsentStatus,
  type Contact,
  type Form,
  type FormSubmission,
  type FormValues,
  type Language,
} from '@trato/model';

import { fail } from '../common/errors.js';
import { clientAddress, takeRateLimit, type AddressSource } from '../common/rateLimit.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { writeConsent } from './consent.js';
import { consentToken } from './consentToken.js';

type TS = Timestamp;
type PublicFormOut = CallableContract['getPublicForm']['out'];
type SubmitOut = CallableContract['submitForm']['out'];

const notFound = (): never =>
  fail('not-found', 'This form does not exist or is not published.', { reason: 'not-found' });

interface FoundForm {
  organizationId: string;
  formId: string;
  form: Form<TS>;
  organizationName: string;
}

/** The published form a key names, with its organization's name; not-found otherwise. */
async function readPublishedForm(firestore: Firestore, formKey: string, nowMs: number): Promise<FoundForm> {
  const key = parsePublicFormKey(formKey);
  if (!key) return notFound();
  const { organizationId, formId } = key;
  const [formSnap, orgSnap] = await Promise.all([
    firestore.doc(paths.form(organizationId, formId)).get(),
    firestore.doc(paths.organization(organizationId)).get(),
  ]);
  const form = formSnap.data() as Form<TS> | undefined;
  if (!form?.published || !orgSnap.exists) return notFound();
  // A lapsed organization's forms take nothing (its CRM is closed too).
  await requireLiveSubscription(firestore, organizationId, nowMs);
  return { organizationId, formId, form, organizationName: orgSnap.get('name') as string };
}

const consentTextOf = (form: Form<TS>, language: Language) =>
  formText(form.consentTextEs, form.consentTextEn, language);

export async function getPublicFormCore(
  firestore: Firestore,
  data: unknown,
  nowMs = Date.now(),
): Promise<PublicFormOut> {
  const { formKey, language } = parseInput('getPublicForm', data);
  const { form, organizationName } = await readPublishedForm(firestore, formKey, nowMs);
  return {
    organizationName,
    name: form.name,
    fields: formFields(form),
    consentText: consentTextOf(form, language),
  };
}

// ── Submitting ───────────────────────────────────────────────────────────────

export interface SubmitDeps {
  /** RATE_LIMIT_SECRET (the address counters' pepper). */
  rateLimitSecret: string;
  /** UNSUBSCRIBE_SECRET, which also signs the double opt-in links. */
  linkSecret: string;
  /** The double opt-in page's address (the confirmConsent function). */
  confirmUrl: string;
  /** Sends from the system mailbox; null when the deployment has none (no confirmation e-mail). */
  sendSystemMail: ((mail: OutgoingMail) => Promise<unknown>) | null;
  nowMs?: number;
}

/** The contact fields a submission fills (the message is the submission's, not the contact's). */
function contactFieldsOf(values: FormValues) {
  const { name: _name, message: _message, ...fields } = values;
  return fields;
}

/** What an existing contact takes from a submission: what the visitor gave, except the name. */
export function matchedContactPatch(
  contact: Pick<Contact, 'companyId'>,
  values: FormValues,
): Partial<Contact> {
  const { companyName, ...fields } = contactFieldsOf(values);
  // A company typed on a form names the company only while the contact is linked to none.
  return { ...fields, ...(companyName && !contact.companyId ? { companyName } : {}) };
}

const TASK_TITLE: Record<Language, (form: string, contact: string) => string> = {
  es: (form, contact) => `Seguimiento del formulario «${form}»: ${contact}`,
  en: (form, contact) => `Follow up form “${form}”: ${contact}`,
};

const clip = (text: string, max: number) =>
  Array.from(text).length > max
    ? `${Array.from(text)
        .slice(0, max - 1)
        .join('')}…`
    : text;

const CONFIRM_MAIL: Record<Language, (org: string, url: string) => { subject: string; text: string }> = {
  es: (org, url) => ({
    subject: `Confirma tu suscripción a ${org}`,
    text:
      `Hola:\n\nPediste recibir comunicaciones de ${org} por correo electrónico. ` +
      `Para confirmarlo, abre este enlace:\n\n${url}\n\n` +
      'Si no fuiste tú, ignora este mensaje: no recibirás nada más.\n',
  }),
  en: (org, url) => ({
    subject: `Confirm your subscription to ${org}`,
    text:
      `Hello,\n\nYou asked to receive e-mails from ${org}. To confirm, open this link:\n\n${url}\n\n` +
      'If it was not you, ignore this message: you will receive nothing more.\n',
  }),
};

export async function submitFormCore(
  firestore: Firestore,
  data: unknown,
  request: AddressSource,
  deps: SubmitDeps,
): Promise<SubmitOut> {
  const nowMs = deps.nowMs ?? Date.now();
  const input = parseInput('submitForm', data);
  // Counted before anything is read: a flood from one address costs a counter each.
  const address = clientAddress(request);
  if (
    !(await takeRateLimit(firestore, deps.rateLimitSecret, 'submitForm', address, FORM_ADDRESS_LIMIT, nowMs))
  )
    fail('resource-exhausted', 'Too many submissions from this network; try again in a few minutes.', {
      reason: 'rate-limited',
    });
  const nothing: SubmitOut = { thankYou: null, redirectUrl: null, confirmationSent: false };
  // A bot filled the field people never see: it is told it worked, and nothing is written.
  if (input.website.trim()) return nothing;

  const { organizationId, formId, form, organizationName } = await readPublishedForm(
    firestore,
    input.formKey,
    nowMs,
  );
  const checked = checkFormValues(form, input.values);
  if (!checked.ok)
    fail('invalid-argument', 'Some answers do not fit the form.', {
      reason: 'invalid-values',
      fields: checked.errors as Record<string, string>,
    });
  if (
    !(await takeRateLimit(
      firestore,
      deps.rateLimitSecret,
      'formHourly',
      input.formKey,
      FORM_HOURLY_LIMIT,
      nowMs,
    ))
  )
    fail('resource-exhausted', 'This form takes too many submissions right now; try again later.', {
      reason: 'form-busy',
    });

  const { values } = checked;
  const language = input.language;
  const consentText = consentTextOf(form, language);
  const contacts = firestore.collection(paths.collection(organizationId, 'contacts'));
  const typedEmail = typeof input.values.email === 'string' ? input.values.email.trim() : '';
  // Contacts keep addresses as typed; the form's is lower-cased: either form matches.
  const emails = values.email ? [...new Set([values.email, typedEmail].filter(Boolean))] : [];
  const now = FieldValue.serverTimestamp();

  const outcome = await firestore.runTransaction(async (tx) => {
    const [matchSnap, listSnap, sequenceSnap, notifySnap, notifyUserSnap] = await Promise.all([
      emails.length
        ? tx.get(contacts.where('email', 'in', emails).limit(1))
        : Promise.resolve(null as QuerySnapshot | null),
      form.listId ? tx.get(firestore.doc(paths.doc(organizationId, 'lists', form.listId))) : null,
      form.sequenceId ? tx.get(firestore.doc(paths.doc(organizationId, 'sequences', form.sequenceId))) : null,
      form.notifyUid ? tx.get(firestore.doc(paths.member(organizationId, form.notifyUid))) : null,
      form.notifyUid ? tx.get(firestore.doc(paths.user(form.notifyUid))) : null,
    ]);
    const matched: DocumentSnapshot | null = matchSnap?.docs[0] ?? null;
    const contactRef = matched ? matched.ref : contacts.doc();
    const contactId = contactRef.id;
    const enrollmentRef =
      form.sequenceId && sequenceSnap?.exists && sequenceSnap.get('isActive') === true && values.email
        ? firestore.doc(paths.enrollment(organizationId, form.sequenceId, contactId))
        : null;
    const enrollmentSnap = enrollmentRef && matched ? await tx.get(enrollmentRef) : null;

    const existing = matched?.data() as Contact<TS> | undefined;
    const consent: ConsentStatus | null = consentFromForm(
      consentText !== null,
      input.consent,
      form.doubleOptIn,
      existing?.emailConsent,
    );
    const staticListId =
      form.listId && listSnap?.exists && listSnap.get('kind') === 'static' ? form.listId : null;
    const listIds = existing?.listIds ?? [];
    const addToList =
      staticListId && !listIds.includes(staticListId) && listIds.length < LIST_MEMBERSHIPS_MAX;
    const notifyUid = form.notifyUid && notifySnap?.exists ? form.notifyUid : null;
    const ownerId = notifyUid ?? form.createdBy;

    let contact: Contact<TS | FieldValue>;
    if (existing) {
      const merged = {
        ...existing,
        ...matchedContactPatch(existing, values),
        ...(addToList ? { listIds: [...listIds, staticListId] } : {}),
        ...(consent ? { emailConsent: consent } : {}),
        updatedAt: now,
      };
      contact = withDerivedFields('contacts', merged) as Contact<TS | FieldValue>;
      tx.set(contactRef, contact);
    } else {
      contact = withDerivedFields('contacts', {
        name: values.name!,
        ...contactFieldsOf(values),
        companyId: null,
        status: 'active',
        isCustomer: false,
        lifecycleStage: 'lead',
        ownerId,
        ...(staticListId ? { listIds: [staticListId] } : {}),
        ...(consent ? { emailConsent: consent } : {}),
        createdAt: now,
        createdBy: ownerId,
        updatedAt: now,
      }) as Contact<TS | FieldValue>;
      tx.create(contactRef, contact);
    }
    const companyId = contact.companyId ?? null;

    const submissionRef = firestore.collection(paths.collection(organizationId, 'submissions')).doc();
    const submission: FormSubmission<FieldValue> = {
      formId,
      formName: form.name,
      contactId,
      contactName: contact.name,
      createdContact: !existing,
      values,
      consent: consentText !== null ? input.consent : null,
      language,
      createdAt: now,
    };
    tx.create(submissionRef, submission);
    const entry = serverTimelineEntry('submission', submissionRef.id, {
      title: values.message ? `${form.name}\n${values.message}` : form.name,
      detail: existing ? 'updated' : 'created',
      contactId,
      companyId,
      createdAt: now,
      createdBy: '',
    });
    tx.create(firestore.doc(paths.doc(organizationId, 'timeline', entry.id)), entry.data);

    let consentId: string | null = null;
    if (consent)
      consentId = writeConsent(
        tx,
        firestore,
        organizationId,
        { id: contactId, companyId },
        { status: consent, source: 'form', sourceId: formId, text: consentText, language, recordedBy: null },
        { updateContact: false },
      );

    if (enrollmentRef && !enrollmentSnap?.exists)
      tx.create(enrollmentRef, {
        contactId,
        status: 'active',
        currentStep: 0,
        nextSendAt: now,
        createdAt: now,
        createdBy: form.createdBy,
        updatedAt: now,
      });

    if (notifyUid) {
      const memberLanguage = (notifyUserSnap?.get('language') as Language | undefined) ?? 'es';
      const taskRef = firestore.collection(paths.collection(organizationId, 'tasks')).doc();
      const task = withDerivedFields('tasks', {
        title: clip(TASK_TITLE[memberLanguage](form.name, contact.name), LIMITS.title),
        status: 'pending',
        dueDate: Timestamp.fromMillis(nowMs),
        contactId,
        companyId,
        assigneeIds: [notifyUid],
        description: values.message ? clip(values.message, LIMITS.description) : null,
        contactName: contact.name,
        companyName: null,
        createdAt: now,
        createdBy: notifyUid,
        updatedAt: now,
      });
      tx.create(taskRef, task);
      const taskEntry = timelineEntryFor('task', taskRef.id, task);
      if (taskEntry)
        tx.create(firestore.doc(paths.doc(organizationId, 'timeline', taskEntry.id)), taskEntry.data);
    }
    return { contactId, consent, consentId };
  });

  let confirmationSent = false;
  if (outcome.consent === 'pending' && outcome.consentId && values.email && deps.sendSystemMail) {
    const token = consentToken(deps.linkSecret, {
      organizationId,
      contactId: outcome.contactId,
      consentId: outcome.consentId,
      lang: language,
    });
    const url = `${deps.confirmUrl}?t=${encodeURIComponent(token)}`;
    try {
      await deps.sendSystemMail({
        fromName: organizationName,
        to: values.email,
        ...CONFIRM_MAIL[language](organizationName, url),
      });
      confirmationSent = true;
    } catch (error) {
      // The submission stands (the contact is 'pending'); the visitor can send the form again.
      console.warn(`The double opt-in e-mail of form ${formId} failed: ${(error as Error).message}`);
    }
  }
  return {
    thankYou: formText(form.thankYouEs, form.thankYouEn, language),
    redirectUrl: form.redirectUrl ?? null,
    confirmationSent,
  };
}
