// What the platform's webhook tells Trato, applied idempotently (deliveries are at least once and
// may come out of order):
// - an inbound message joins its contact's thread once (its id is derived from the wamid); the
//   sender is found by phone (E.164, local forms included) or becomes a lead; an opt-out keyword
//   withdraws the contact's WhatsApp consent at once and tells them so;
// - a status moves an outbound message forward only (a late 'sent' never undoes 'read'); a
//   failed sequence message fails its step;
// - a template's review verdict updates the kept template.
import { createHash } from 'node:crypto';

import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import {
  formatWaId,
  isOptOutMessage,
  nextMessageStatus,
  normalizePhone,
  paths,
  phoneLookupTokens,
  whatsappFailureReason,
  withDerivedFields,
  type Contact,
  type WaConversation,
  type WaMessage,
  type WaMessageKind,
  type WaMessageStatus,
  type WhatsAppNumberRoute,
} from '@trato/model';

import { writeConsent } from '../forms/consent.js';
import type { ChannelAccess } from './channel.js';
import type { GraphConfig } from './graph.js';
import { addToThread, sendToContact, type ThreadContact } from './messages.js';
import { applyTemplateStatus, templateStatusOf } from './templates.js';

type TS = Timestamp;

export interface InboundMessage {
  id: string;
  from: string;
  timestamp: string;
  type: string;
  text?: { body?: string };
  button?: { text?: string; payload?: string };
  interactive?: { button_reply?: { title?: string } };
}

export interface StatusEvent {
  id: string;
  status: string;
  timestamp: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

/** An inbound message's document id: derived from its wamid, so a redelivery finds it. */
export const inboundMessageId = (wamid: string) =>
  `in_${createHash('sha256').update(wamid).digest('hex').slice(0, 40)}`;

/** What an inbound message says, and its kind. */
function contentOf(message: InboundMessage): { kind: WaMessageKind; text: string } {
  if (message.type === 'text') return { kind: 'text', text: message.text?.body ?? '' };
  if (message.type === 'button') return { kind: 'button', text: message.button?.text ?? '' };
  if (message.type === 'interactive')
    return { kind: 'button', text: message.interactive?.button_reply?.title ?? '' };
  return { kind: 'unsupported', text: `[${message.type}]` };
}

/** The organization a phone number's events belong to (null: not connected to any). */
export async function routeOf(firestore: Firestore, phoneNumberId: string): Promise<string | null> {
  const route = (await firestore.doc(paths.whatsappNumber(phoneNumberId)).get()).data() as
    WhatsAppNumberRoute | undefined;
  return route?.organizationId ?? null;
}

/**
 * The contact who writes from `waId`: the one whose thread has this number, else the one whose
 * phone is this number (found by its compact digits, confirmed with the organization's calling
 * code), else a new lead named after the WhatsApp profile.
 */
async function contactFor(
  firestore: Firestore,
  access: ChannelAccess,
  waId: string,
  profileName: string | null,
): Promise<ThreadContact & { consent: Contact['whatsappConsent'] }> {
  const { organizationId, channel } = access;
  const contacts = firestore.collection(paths.collection(organizationId, 'contacts'));
  const asThread = (id: string, c: Contact<TS>) => ({
    id,
    name: c.name,
    companyId: c.companyId ?? null,
    consent: c.whatsappConsent ?? null,
  });
  const thread = await firestore
    .collection(paths.collection(organizationId, 'waConversations'))
    .where('waId', '==', waId)
    .limit(1)
    .get();
  const threadContact = thread.docs[0] && (await contacts.doc(thread.docs[0].id).get());
  if (threadContact?.exists) return asThread(threadContact.id, threadContact.data() as Contact<TS>);
  for (const token of phoneLookupTokens(waId, channel.callingCode)) {
    const found = await contacts.where('searchTokens', 'array-contains', token).limit(20).get();
    const match = found.docs.find(
      (d) => normalizePhone(d.get('phone') as string | null, channel.callingCode) === waId,
    );
    if (match) return asThread(match.id, match.data() as Contact<TS>);
  }
  const now = FieldValue.serverTimestamp();
  const ref = contacts.doc();
  const name = profileName?.trim() || formatWaId(waId);
  await ref.create(
    withDerivedFields('contacts', {
      name: name.slice(0, 200),
      phone: formatWaId(waId),
      companyId: null,
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      ownerId: channel.connectedBy,
      createdAt: now,
      createdBy: channel.connectedBy,
      updatedAt: now,
    }),
  );
  return { id: ref.id, name, companyId: null, consent: null };
}

const OPT_OUT_CONFIRMATION = {
  es: 'Listo: no te enviaremos más mensajes por WhatsApp. Si cambias de opinión, escríbenos.',
  en: 'Done: we will not send you more WhatsApp messages. If you change your mind, write to us.',
};
const ENGLISH_KEYWORDS = new Set(['STOP', 'UNSUBSCRIBE', 'QUIT', 'END']);

/** An inbound message: kept once in its contact's thread; an opt-out keyword acted on. */
export async function receiveMessage(
  firestore: Firestore,
  config: GraphConfig,
  access: ChannelAccess,
  message: InboundMessage,
  profileName: string | null,
): Promise<'added' | 'duplicate'> {
  const { organizationId } = access;
  const waId = message.from.replace(/\D/g, '');
  const ref = firestore.doc(paths.doc(organizationId, 'waMessages', inboundMessageId(message.id)));
  if ((await ref.get()).exists) return 'duplicate';
  const contact = await contactFor(firestore, access, waId, profileName);
  const { kind, text } = contentOf(message);
  const atMs = Number(message.timestamp) * 1000 || Date.now();
  const added = await firestore.runTransaction(async (tx) => {
    const [existing, conversationSnap] = await Promise.all([
      tx.get(ref),
      tx.get(firestore.doc(paths.doc(organizationId, 'waConversations', contact.id))),
    ]);
    if (existing.exists) return false;
    const stored: WaMessage<TS | FieldValue> = {
      contactId: contact.id,
      direction: 'in',
      kind,
      text,
      templateId: null,
      templateName: null,
      wamid: message.id,
      status: 'received',
      failure: null,
      failureDetail: null,
      sentBy: null,
      sequenceId: null,
      sendLogId: null,
      at: Timestamp.fromMillis(atMs),
      statusAt: null,
      createdAt: FieldValue.serverTimestamp(),
    };
    addToThread(tx, firestore, organizationId, {
      ref,
      contact,
      waId,
      profileName,
      conversation: conversationSnap.data() as WaConversation<TS> | undefined,
      message: stored,
      atMs,
    });
    return true;
  });
  if (!added) return 'duplicate';

  const optingOut = kind === 'text' && isOptOutMessage(text, access.channel.optOutKeywords);
  await endEnrollments(firestore, organizationId, contact.id, atMs, optingOut ? 'unsubscribed' : 'replied');

  if (
    kind === 'text' &&
    isOptOutMessage(text, access.channel.optOutKeywords) &&
    contact.consent !== 'withdrawn'
  ) {
    const contactRef = firestore.doc(paths.doc(organizationId, 'contacts', contact.id));
    await firestore.runTransaction(async (tx) => {
      const current = await tx.get(contactRef);
      if (!current.exists || current.get('whatsappConsent') === 'withdrawn') return;
      writeConsent(tx, firestore, organizationId, contact, {
        channel: 'whatsapp',
        status: 'withdrawn',
        source: 'keyword',
        sourceId: null,
        text,
        language: null,
        recordedBy: null,
      });
    });
    const english = ENGLISH_KEYWORDS.has(text.trim().toUpperCase());
    await sendToContact(firestore, config, access, {
      contact,
      waId,
      outgoing: { kind: 'text', text: OPT_OUT_CONFIRMATION[english ? 'en' : 'es'] },
      sentBy: 'system',
      // One confirmation per opt-out message, whatever the redeliveries.
      messageId: `optout_${ref.id}`,
      nowMs: Date.now(),
    });
  }
  return 'added';
}

/**
 * The contact answered on WhatsApp: every enrolment of theirs still running that began before the
 * message ends — 'replied' (as an e-mail reply ends it), or 'unsubscribed' for an opt-out keyword.
 */
async function endEnrollments(
  firestore: Firestore,
  organizationId: string,
  contactId: string,
  atMs: number,
  status: 'replied' | 'unsubscribed',
): Promise<void> {
  const sequences = await firestore.collection(paths.collection(organizationId, 'sequences')).select().get();
  for (const sequence of sequences.docs) {
    const ref = sequence.ref.collection('enrollments').doc(contactId);
    await firestore.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const since = snap.get('createdAt') as Timestamp | undefined;
      if (!snap.exists || !['active', 'paused'].includes(snap.get('status') as string)) return;
      if (since && since.toMillis() > atMs) return;
      tx.update(ref, { status, nextSendAt: null, updatedAt: FieldValue.serverTimestamp() });
    });
  }
}

/** A status more than this old for a message Trato does not know is not waited for. */
const UNKNOWN_STATUS_WAIT_MS = 10 * 60_000;

/**
 * A status event: applied forward only. 'unknown' when no kept message has the wamid yet — a
 * status that may have overtaken the send's own record of its wamid, worth a redelivery.
 */
export async function applyStatus(
  firestore: Firestore,
  organizationId: string,
  event: StatusEvent,
): Promise<'applied' | 'ignored' | 'unknown'> {
  const found = await firestore
    .collection(paths.collection(organizationId, 'waMessages'))
    .where('wamid', '==', event.id)
    .limit(1)
    .get();
  const doc = found.docs[0];
  if (!doc) {
    const age = Date.now() - Number(event.timestamp) * 1000;
    return age < UNKNOWN_STATUS_WAIT_MS ? 'unknown' : 'ignored';
  }
  const incoming = (['sent', 'delivered', 'read', 'failed'] as const).find((s) => s === event.status);
  if (!incoming) return 'ignored';
  return firestore.runTransaction(async (tx) => {
    const current = (await tx.get(doc.ref)).data() as WaMessage<TS>;
    const next: WaMessageStatus = nextMessageStatus(current.status, incoming);
    if (next === current.status) return 'ignored';
    const error = event.errors?.[0];
    const failed = next === 'failed';
    const at = Timestamp.fromMillis(Number(event.timestamp) * 1000 || Date.now());
    tx.update(doc.ref, {
      status: next,
      statusAt: at,
      ...(failed && {
        failure: whatsappFailureReason(error?.code ?? null),
        failureDetail:
          (error?.error_data?.details || error?.message || error?.title || '').slice(0, 500) || null,
      }),
    });
    // A sequence's message the platform could not deliver fails its step and the enrolment.
    if (failed && current.sendLogId && current.sequenceId) {
      const logRef = firestore.doc(paths.sendLogEntry(organizationId, current.sendLogId));
      const enrollmentRef = firestore.doc(
        `${paths.doc(organizationId, 'sequences', current.sequenceId)}/enrollments/${current.contactId}`,
      );
      const enrollment = await tx.get(enrollmentRef);
      tx.update(logRef, {
        status: 'failed',
        error: 'whatsapp-failed',
        updatedAt: FieldValue.serverTimestamp(),
      });
      if (['active', 'paused', 'completed'].includes(enrollment.get('status') as string))
        tx.update(enrollmentRef, {
          status: 'failed',
          nextSendAt: null,
          updatedAt: FieldValue.serverTimestamp(),
        });
    }
    return 'applied';
  });
}

/** A template's verdict, for the organization whose account it is. */
export async function applyTemplateEvent(
  firestore: Firestore,
  wabaId: string,
  value: {
    event?: string;
    message_template_id?: number | string;
    message_template_name?: string;
    message_template_language?: string;
    reason?: string | null;
  },
): Promise<boolean> {
  const routes = await firestore.collection('whatsappNumbers').where('wabaId', '==', wabaId).limit(1).get();
  const organizationId = routes.docs[0]?.get('organizationId') as string | undefined;
  if (!organizationId || !value.event) return false;
  return applyTemplateStatus(firestore, organizationId, {
    graphId: value.message_template_id != null ? String(value.message_template_id) : null,
    name: value.message_template_name,
    language: value.message_template_language,
    status: templateStatusOf(value.event),
    reason: value.reason ?? null,
  });
}
