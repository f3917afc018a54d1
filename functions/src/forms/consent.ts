// Consent records (issue 31): every change of a contact's e-mail marketing consent is a record
// that proves it (source, time, the text shown, who recorded it), the contact's `emailConsent`
// follows the newest one, and the contact's timeline shows it — the three written together, in
// the caller's transaction. Members record consent through setContactConsent (contacts.edit) and,
// for a CSV import's contacts, recordImportConsent; a form, the double opt-in page and the
// unsubscribe page record the contact's own acts.
import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  hasEmailOf,
  normalizePhone,
  paths,
  serverTimelineEntry,
  type ConsentChannel,
  type ConsentRecord,
  type ConsentSource,
  type ConsentStatus,
  type Language,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireMemberWith } from '../common/access.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';

export interface ConsentChange {
  /** E-mail (the default) or WhatsApp: the record's channel and the contact field it sets. */
  channel?: ConsentChannel;
  status: ConsentStatus;
  source: ConsentSource;
  sourceId: string | null;
  text: string | null;
  language: Language | null;
  recordedBy: string | null;
  /** A topic's consent (the preference centre): the contact's `emailConsent` is not touched. */
  topicId?: string;
  topicName?: string | null;
}

/**
 * Writes a consent record for the contact, sets its `emailConsent`, and adds the timeline entry;
 * answers the record's id. The contact must exist (the caller read it in `tx`); `companyId` is
 * the contact's, for the company's timeline.
 */
export function writeConsent(
  tx: Transaction,
  firestore: Firestore,
  organizationId: string,
  contact: { id: string; companyId: string | null },
  change: ConsentChange,
  options: { updateContact?: boolean; id?: string } = {},
): string {
  const consents = firestore.collection(paths.collection(organizationId, 'consents'));
  const ref = options.id ? consents.doc(options.id) : consents.doc();
  const now = FieldValue.serverTimestamp();
  const { channel = 'email', ...rest } = change;
  const record: ConsentRecord<FieldValue> = { contactId: contact.id, channel, ...rest, createdAt: now };
  tx.create(ref, record);
  // A new contact is created with its consent already in it (the caller's create).
  if (options.updateContact !== false)
    tx.update(firestore.doc(paths.doc(organizationId, 'contacts', contact.id)), {
      [channel === 'whatsapp' ? 'whatsappConsent' : 'emailConsent']: change.status,
      updatedAt: now,
    });
  const entry = serverTimelineEntry('consent', ref.id, {
    title: change.text ?? '',
    detail: change.status,
    contactId: contact.id,
    companyId: contact.companyId,
    createdAt: now,
    createdBy: change.recordedBy ?? '',
  });
  tx.create(firestore.doc(paths.doc(organizationId, 'timeline', entry.id)), entry.data);
  return ref.id;
}

/** Whether the organization sends marketing only to contacts with consent (Ajustes → Organización). */
export async function marketingConsentRequired(
  firestore: Firestore,
  organizationId: string,
): Promise<boolean> {
  const org = await firestore.doc(paths.organization(organizationId)).get();
  return org.get('marketingConsentRequired') === true;
}

/** marketingConsentRequired read once per organization (a sender's pass asks for each unit). */
export function consentRequirements(firestore: Firestore): (organizationId: string) => Promise<boolean> {
  const cache = new Map<string, Promise<boolean>>();
  return (organizationId) => {
    let known = cache.get(organizationId);
    if (!known) cache.set(organizationId, (known = marketingConsentRequired(firestore, organizationId)));
    return known;
  };
}

/**
 * The caller may record consent for the organization's contacts (a member with contacts.edit,
 * a live subscription): answers the language of their account, which the record keeps.
 */
async function consentRecorder(
  firestore: Firestore,
  caller: Caller,
  organizationId: string,
  nowMs: number,
): Promise<Language | null> {
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['contacts', 'edit']);
  const language = (await firestore.doc(paths.user(caller.uid)).get()).get('language') as
    Language | undefined;
  return language ?? null;
}

const companyOf = (contact: DocumentSnapshot) =>
  (contact.get('companyId') as string | null | undefined) ?? null;

/** A member records a contact's consent given or withdrawn (e.g. said on the phone). */
export async function setContactConsentCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<{ consentId: string }> {
  const { organizationId, contactId, status, text, channel } = parseInput('setContactConsent', data);
  const language = await consentRecorder(firestore, caller, organizationId, nowMs);
  const contactRef = firestore.doc(paths.doc(organizationId, 'contacts', contactId));
  const consentId = await firestore.runTransaction(async (tx) => {
    const contact = await tx.get(contactRef);
    if (!contact.exists) fail('not-found', 'This contact does not exist.', { reason: 'not-found' });
    // WhatsApp consent is for a number: the contact must have one (in any form normalizePhone reads).
    if (
      channel === 'whatsapp' &&
      status === 'granted' &&
      !normalizePhone(contact.get('phone') as string | null)
    )
      fail('failed-precondition', 'The contact has no phone number.', { reason: 'no-phone' });
    return writeConsent(
      tx,
      firestore,
      organizationId,
      { id: contactId, companyId: companyOf(contact) },
      { channel, status, source: 'manual', sourceId: null, text, language, recordedBy: caller.uid },
    );
  });
  return { consentId };
}

export const setContactConsent = onCall((request) =>
  setContactConsentCore(db, requireCaller(request.auth), request.data),
);

/** Contacts of one transaction: each is read, then gets a record, an update and an entry. */
const IMPORT_CONSENT_TRANSACTION = 100;

/** The consent record an import gives a contact: one id per (import, contact), so a retry finds it. */
export const importConsentId = (importId: string, contactId: string) => `import-${importId}-${contactId}`;

/**
 * An import's contacts agreed to e-mail marketing (the member says so, and how): a record of
 * source 'import' for each that has an address and no consent granted yet.
 */
export async function recordImportConsentCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<{ recorded: number; skipped: number }> {
  const { organizationId, importId, contactIds, text } = parseInput('recordImportConsent', data);
  const language = await consentRecorder(firestore, caller, organizationId, nowMs);
  const ids = [...new Set(contactIds)];
  let recorded = 0;
  for (let start = 0; start < ids.length; start += IMPORT_CONSENT_TRANSACTION) {
    const chunk = ids.slice(start, start + IMPORT_CONSENT_TRANSACTION);
    recorded += await firestore.runTransaction(async (tx) => {
      const contacts = await tx.getAll(
        ...chunk.map((id) => firestore.doc(paths.doc(organizationId, 'contacts', id))),
      );
      const records = await tx.getAll(
        ...chunk.map((id) =>
          firestore.doc(paths.doc(organizationId, 'consents', importConsentId(importId, id))),
        ),
      );
      let written = 0;
      contacts.forEach((contact, i) => {
        const skip =
          !contact.exists ||
          !hasEmailOf({ email: contact.get('email') }) ||
          contact.get('emailConsent') === 'granted' ||
          records[i]!.exists;
        if (skip) return;
        writeConsent(
          tx,
          firestore,
          organizationId,
          { id: contact.id, companyId: companyOf(contact) },
          { status: 'granted', source: 'import', sourceId: importId, text, language, recordedBy: caller.uid },
          { id: importConsentId(importId, contact.id) },
        );
        written++;
      });
      return written;
    });
  }
  return { recorded, skipped: ids.length - recorded };
}

export const recordImportConsent = onCall((request) =>
  recordImportConsentCore(db, requireCaller(request.auth), request.data),
);
