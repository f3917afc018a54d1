// A contact's WhatsApp thread as Trato keeps it: each message in waMessages/, the conversation
// (waConversations/{contactId}: last message, the 24-hour window's start, unread count) and one
// timeline entry per day of exchange — written together. Outbound messages are kept `pending`
// before the platform is asked, then carry its id (wamid) or its refusal.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';

import {
  paths,
  renderTemplateText,
  serverTimelineEntry,
  splitParameters,
  variableValues,
  type Contact,
  type WaConversation,
  type WaDirection,
  type WaFailureReason,
  type WaMessage,
  type WaMessageKind,
  type WaTemplate,
} from '@trato/model';

import { markChannelBroken, type ChannelAccess } from './channel.js';
import { graphRequest, type GraphConfig } from './graph.js';

type TS = Timestamp;

/** A text's first line, short, for the conversation list. */
export const snippetOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 140);

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ThreadContact {
  id: string;
  name: string;
  companyId: string | null;
}

/**
 * Adds a message to a contact's thread in `tx` (the caller read the conversation in it): the
 * message, the conversation's summary, and the day's timeline entry when it is the day's first.
 */
export function addToThread(
  tx: Transaction,
  firestore: Firestore,
  organizationId: string,
  input: {
    ref: DocumentReference;
    contact: ThreadContact;
    waId: string;
    profileName?: string | null;
    conversation: WaConversation<TS> | undefined;
    message: WaMessage<TS | FieldValue>;
    atMs: number;
  },
): void {
  const { contact, conversation, message, atMs } = input;
  const now = FieldValue.serverTimestamp();
  const at = Timestamp.fromMillis(atMs);
  tx.create(input.ref, message);
  const inbound = message.direction === 'in';
  const day = utcDay(atMs);
  const newer = !conversation || conversation.lastMessageAt.toMillis() <= atMs;
  const summary = {
    contactName: contact.name,
    waId: input.waId,
    ...(input.profileName && { profileName: input.profileName }),
    ...(newer && {
      lastMessageAt: at,
      lastMessageText: snippetOf(message.text),
      lastDirection: message.direction,
    }),
    ...(inbound &&
      (!conversation?.lastInboundAt || conversation.lastInboundAt.toMillis() < atMs) && {
        lastInboundAt: at,
      }),
    ...(inbound && { unreadCount: FieldValue.increment(1) }),
    timelineDay: day,
    updatedAt: now,
  };
  const ref = firestore.doc(paths.doc(organizationId, 'waConversations', contact.id));
  if (conversation) tx.update(ref, summary);
  else {
    const created: WaConversation<TS | FieldValue> = {
      contactId: contact.id,
      contactName: contact.name,
      waId: input.waId,
      profileName: input.profileName ?? null,
      lastMessageAt: at,
      lastMessageText: snippetOf(message.text),
      lastDirection: message.direction,
      lastInboundAt: inbound ? at : null,
      unreadCount: inbound ? 1 : 0,
      assigneeId: null,
      timelineDay: day,
      createdAt: now,
      updatedAt: now,
    };
    tx.set(ref, created);
  }
  if (conversation?.timelineDay !== day) {
    const entry = serverTimelineEntry('whatsapp', input.ref.id, {
      title: snippetOf(message.text),
      detail: message.direction,
      contactId: contact.id,
      companyId: contact.companyId,
      createdAt: now,
      createdBy: message.sentBy && message.sentBy !== 'sequence' ? message.sentBy : '',
    });
    tx.create(firestore.doc(paths.doc(organizationId, 'timeline', entry.id)), entry.data);
  }
}

/** What an outbound message says and how Graph takes it. */
export type Outgoing =
  | { kind: 'text'; text: string }
  | { kind: 'template'; template: WaTemplate<TS> & { id: string }; parameters: string[] };

export function outgoingText(outgoing: Outgoing): string {
  return outgoing.kind === 'text'
    ? outgoing.text
    : renderTemplateText(outgoing.template, outgoing.parameters);
}

/** The Graph request body of a message to `waId`. */
export function graphMessage(waId: string, outgoing: Outgoing): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: waId };
  if (outgoing.kind === 'text')
    return { ...base, type: 'text', text: { body: outgoing.text, preview_url: false } };
  const { header, body } = splitParameters(outgoing.template, outgoing.parameters);
  const asParameters = (values: string[]) => values.map((text) => ({ type: 'text', text }));
  const components = [
    ...(header.length ? [{ type: 'header', parameters: asParameters(header) }] : []),
    ...(body.length ? [{ type: 'body', parameters: asParameters(body) }] : []),
  ];
  return {
    ...base,
    type: 'template',
    template: {
      name: outgoing.template.name,
      language: { code: outgoing.template.language },
      ...(components.length && { components }),
    },
  };
}

export interface SendOutcome {
  messageId: string;
  wamid: string | null;
  failure: WaFailureReason | null;
  failureDetail: string | null;
}

/**
 * Keeps the message pending in the contact's thread, asks the platform to send it, and records
 * the answer (its wamid, or the refusal). With `messageId` (a sequence step's, derived from its
 * send-log entry) a message already sent is never sent again.
 */
export async function sendToContact(
  firestore: Firestore,
  config: Pick<GraphConfig, 'base'>,
  access: ChannelAccess,
  input: {
    contact: ThreadContact;
    waId: string;
    outgoing: Outgoing;
    sentBy: string;
    sequenceId?: string | null;
    sendLogId?: string | null;
    messageId?: string;
    nowMs: number;
  },
): Promise<SendOutcome> {
  const { organizationId } = access;
  const messages = firestore.collection(paths.collection(organizationId, 'waMessages'));
  const ref = input.messageId ? messages.doc(input.messageId) : messages.doc();
  const text = outgoingText(input.outgoing);
  const kind: WaMessageKind = input.outgoing.kind;
  const already = await firestore.runTransaction(async (tx) => {
    const [existing, conversationSnap] = await Promise.all([
      tx.get(ref),
      tx.get(firestore.doc(paths.doc(organizationId, 'waConversations', input.contact.id))),
    ]);
    if (existing.exists) return existing.data() as WaMessage<TS>;
    const message: WaMessage<TS | FieldValue> = {
      contactId: input.contact.id,
      direction: 'out' satisfies WaDirection,
      kind,
      text,
      templateId: input.outgoing.kind === 'template' ? input.outgoing.template.id : null,
      templateName: input.outgoing.kind === 'template' ? input.outgoing.template.name : null,
      wamid: null,
      status: 'pending',
      failure: null,
      failureDetail: null,
      sentBy: input.sentBy,
      sequenceId: input.sequenceId ?? null,
      sendLogId: input.sendLogId ?? null,
      at: Timestamp.fromMillis(input.nowMs),
      statusAt: null,
      createdAt: FieldValue.serverTimestamp(),
    };
    addToThread(tx, firestore, organizationId, {
      ref,
      contact: input.contact,
      waId: input.waId,
      conversation: conversationSnap.data() as WaConversation<TS> | undefined,
      message,
      atMs: input.nowMs,
    });
    return null;
  });
  // Sent (or refused) by an earlier attempt: its outcome stands.
  if (already && (already.wamid || already.status === 'failed'))
    return {
      messageId: ref.id,
      wamid: already.wamid,
      failure: already.failure,
      failureDetail: already.failureDetail,
    };

  const answer = await graphRequest<{ messages?: { id: string }[] }>(
    config,
    access.token,
    'POST',
    `${access.channel.phoneNumberId}/messages`,
    graphMessage(input.waId, input.outgoing),
  );
  const now = FieldValue.serverTimestamp();
  if (answer.ok && answer.data.messages?.[0]?.id) {
    const wamid = answer.data.messages[0].id;
    await ref.update({ wamid });
    return { messageId: ref.id, wamid, failure: null, failureDetail: null };
  }
  const failure = answer.ok ? 'unknown' : answer.failure;
  const detail = answer.ok ? 'No message id in the answer.' : answer.message;
  if (failure === 'auth') await markChannelBroken(firestore, organizationId, detail);
  await ref.update({ status: 'failed', failure, failureDetail: detail.slice(0, 500), statusAt: now });
  return { messageId: ref.id, wamid: null, failure, failureDetail: detail };
}

/** A template's parameters for a contact: its variables' sources read from the contact and the sender. */
export function templateParameters(
  template: WaTemplate<TS>,
  contact: Pick<Contact<TS>, 'name' | 'companyName' | 'jobTitle' | 'city'>,
  senderName: string | null,
): string[] {
  return variableValues(template.variables, {
    fullName: contact.name,
    company: contact.companyName,
    jobTitle: contact.jobTitle,
    city: contact.city,
    senderName,
  });
}
