// 'Enviar' and 'Enviar plantilla' (the inbox, a contact's WhatsApp page): a member with
// conversations.create, a live subscription and a connected number. What is known before the
// platform is asked is refused with its reason (composerMode: the window, consent, an opt-out; a
// template not approved); what the platform refuses is kept as a failed message and answered.
import type { Firestore } from 'firebase-admin/firestore';

import {
  composerMode,
  normalizePhone,
  paths,
  type Contact,
  type WaConversation,
  type WaTemplate,
  type WhatsAppCallables,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { requireMemberWith } from '../common/access.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { loadChannel } from './channel.js';
import type { GraphConfig } from './graph.js';
import { sendToContact, templateParameters, type Outgoing } from './messages.js';

type TS = FirebaseFirestore.Timestamp;

export async function sendWhatsAppCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<WhatsAppCallables['sendWhatsApp']['out']> {
  const { organizationId, contactId, text, templateId } = parseInput('sendWhatsApp', data);
  if (!text === !templateId)
    fail('invalid-argument', 'Send either a text or a template.', { reason: 'invalid-input', field: 'text' });
  const member = await requireMemberWith(firestore, organizationId, caller.uid, nowMs, [
    'conversations',
    'create',
  ]);
  const access = await loadChannel(firestore, config, organizationId);
  if (!access || access.channel.status !== 'connected')
    fail('failed-precondition', 'The WhatsApp number is not connected.', { reason: 'not-connected' });

  const [contactSnap, conversationSnap] = await Promise.all([
    firestore.doc(paths.doc(organizationId, 'contacts', contactId)).get(),
    firestore.doc(paths.doc(organizationId, 'waConversations', contactId)).get(),
  ]);
  const contact = contactSnap.data() as Contact<TS> | undefined;
  if (!contact) fail('not-found', 'This contact does not exist.', { reason: 'not-found' });
  const conversation = conversationSnap.data() as WaConversation<TS> | undefined;
  // A contact who wrote is answered on the number they wrote from.
  const waId = conversation?.waId ?? normalizePhone(contact.phone, access.channel.callingCode);
  if (!waId) fail('failed-precondition', 'The contact has no WhatsApp number.', { reason: 'no-phone' });

  const mode = composerMode({
    connected: true,
    consent: contact.whatsappConsent,
    lastInboundAtMs: conversation?.lastInboundAt?.toMillis() ?? null,
    nowMs,
  });
  if (mode.mode === 'opted-out')
    fail('failed-precondition', 'The contact opted out of WhatsApp.', { reason: 'opted-out' });
  let outgoing: Outgoing;
  if (text) {
    if (mode.mode === 'no-consent')
      fail('failed-precondition', 'The contact has not written and has not consented.', {
        reason: 'no-consent',
      });
    if (mode.mode !== 'free-form')
      fail('failed-precondition', 'More than 24 hours since the contact wrote: send an approved template.', {
        reason: 'window-closed',
      });
    outgoing = { kind: 'text', text };
  } else {
    if (mode.mode === 'no-consent')
      fail('failed-precondition', 'The contact has not consented to WhatsApp messages.', {
        reason: 'no-consent',
      });
    const templateSnap = await firestore.doc(paths.doc(organizationId, 'waTemplates', templateId!)).get();
    const template = templateSnap.data() as WaTemplate<TS> | undefined;
    if (!template || template.status !== 'approved')
      fail('failed-precondition', 'The template is not approved.', { reason: 'template-missing' });
    outgoing = {
      kind: 'template',
      template: { ...template, id: templateSnap.id },
      parameters: templateParameters(template, contact, member.fullName),
    };
  }
  const outcome = await sendToContact(firestore, config, access, {
    contact: { id: contactId, name: contact.name, companyId: contact.companyId ?? null },
    waId,
    outgoing,
    sentBy: caller.uid,
    nowMs,
  });
  return {
    messageId: outcome.messageId,
    status: outcome.failure ? 'failed' : 'pending',
    failure: outcome.failure,
  };
}
