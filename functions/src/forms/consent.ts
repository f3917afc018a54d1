// Consent records (issue 31): every change of a contact's e-mail marketing consent is a record
// that proves it (source, time, the text shown, who recorded it), the contact's `emailConsent`
// follows the newest one, and the contact's timeline shows it — the three written together, in
// the caller's transaction. Members record consent through setContactConsent (contacts.edit); a
// form, the double opt-in page and the unsubscribe page record the contact's own acts.
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  can,
  paths,
  serverTimelineEntry,
  type ConsentRecord,
  type ConsentSource,
  type ConsentStatus,
  type Language,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { directReader, readMember } from '../common/store.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';

export interface ConsentChange {
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
  options: { updateContact?: boolean } = {},
): string {
  const ref = firestore.collection(paths.collection(organizationId, 'consents')).doc();
  const now = FieldValue.serverTimestamp();
  const record: ConsentRecord<FieldValue> = {
    contactId: contact.id,
    channel: 'email',
    ...change,
    createdAt: now,
  };
  tx.create(ref, record);
  // A new contact is created with its consent already in it (the caller's create).
  if (options.updateContact !== false)
    tx.update(firestore.doc(paths.doc(organizationId, 'contacts', contact.id)), {
      emailConsent: change.status,
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

type SetResult = { consentId: string };

/** A member records a contact's consent given or withdrawn (e.g. said on the phone). */
export async function setContactConsentCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<SetResult> {
  const { organizationId, contactId, status, text } = parseInput('setContactConsent', data);
  const member = await readMember(firestore, directReader, organizationId, caller.uid);
  if (!member)
    fail('permission-denied', 'You are not a member of this organization.', { reason: 'not-member' });
  if (!can(member, 'contacts', 'edit'))
    fail('permission-denied', 'Recording consent needs contacts.edit.', { reason: 'no-right' });
  await requireLiveSubscription(firestore, organizationId, nowMs);
  const userLanguage = (await firestore.doc(paths.user(caller.uid)).get()).get('language') as
    Language | undefined;
  const contactRef = firestore.doc(paths.doc(organizationId, 'contacts', contactId));
  const consentId = await firestore.runTransaction(async (tx) => {
    const contact = await tx.get(contactRef);
    if (!contact.exists) fail('not-found', 'This contact does not exist.', { reason: 'not-found' });
    return writeConsent(
      tx,
      firestore,
      organizationId,
      { id: contactId, companyId: (contact.get('companyId') as string | null | undefined) ?? null },
      {
        status,
        source: 'manual',
        sourceId: null,
        text,
        language: userLanguage ?? null,
        recordedBy: caller.uid,
      },
    );
  });
  return { consentId };
}

export const setContactConsent = onCall((request) =>
  setContactConsentCore(db, requireCaller(request.auth), request.data),
);
