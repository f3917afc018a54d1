// Two-way e-mail's callables besides the sync (issue 32): writing from a contact's page (and
// replying in a Gmail thread), downloading an attachment on demand, and a member's privacy choice.
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';

import {
  DEFAULT_MAIL_PRIVACY,
  EMAIL_ATTACHMENT_MAX_BYTES,
  emailMessageKey,
  emailThreadKey,
  grantReads,
  mergeValuesFor,
  paths,
  renderTemplate,
  searchIndexOf,
  searchTokens,
  shownHeaders,
  type Contact,
  type EmailBody,
  type EmailCallables,
  type EmailMessage,
  type MailConnection,
  type MailPrivacy,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { requireMemberWith } from '../common/access.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { requireMember, type StoredMailToken } from './connection.js';
import { attachmentPart } from './gmailMessage.js';
import { googleConfig, googleFailure, MAIL_SECRETS, type GoogleConfig } from './google.js';
import { sendAsMember } from './mailer.js';
import { mailboxDailyCap, takeEmailQuota } from './quota.js';
import { gmailFor, ingest } from './sync.js';

/** sendAsMember's answers that mean Gmail did not take the message (its quota is given back). */
const NOT_SENT = ['mail-not-connected', 'mail-broken', 'mail-rate-limited', 'mail-send-failed'];

const reasonOf = (error: unknown) =>
  error instanceof HttpsError ? (error.details as { reason?: string } | undefined)?.reason : undefined;

/**
 * 'Escribir email' / 'Responder on a contact's page: a member with contacts.view, a live
 * subscription, their connected Gmail and the mailbox's daily quota. The merge fields are filled
 * with the contact's values; a reply answers one of the member's own kept messages in its thread.
 * The sent message is kept at once (as the sync would), in the contact's conversations.
 */
export async function sendContactEmailCore(
  firestore: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
  dailyCap: number,
  nowMs = Date.now(),
): Promise<EmailCallables['sendContactEmail']['out']> {
  const input = parseInput('sendContactEmail', data);
  const { organizationId, contactId } = input;
  const member = await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['contacts', 'view']);
  const contactSnap = await firestore.doc(paths.doc(organizationId, 'contacts', contactId)).get();
  if (!contactSnap.exists) fail('not-found', 'This contact does not exist.', { reason: 'not-found' });
  const contact = contactSnap.data() as Contact;

  let reply: { threadId: string; messageId: string | null } | null = null;
  if (input.replyTo) {
    const original = (
      await firestore.doc(paths.doc(organizationId, 'emailMessages', input.replyTo)).get()
    ).data() as EmailMessage<Timestamp> | undefined;
    // Only a message of the caller's own mailbox: Gmail threads are per mailbox.
    if (!original || original.ownerUid !== caller.uid)
      fail('not-found', 'This message is not in your mailbox.', { reason: 'not-found' });
    reply = { threadId: original.gmailThreadId, messageId: original.messageIdHeader };
  }

  const values = mergeValuesFor(contact, member.fullName);
  const subject = renderTemplate(input.subject, values);
  const text = renderTemplate(input.body, values);
  const giveBack = await takeEmailQuota(firestore, caller.uid, nowMs, dailyCap, 'contact');
  let sent;
  try {
    sent = await sendAsMember(
      firestore,
      config,
      { organizationId, uid: caller.uid },
      {
        fromName: member.fullName,
        to: input.to,
        cc: input.cc,
        subject,
        text,
        ...(reply && {
          threadId: reply.threadId,
          ...(reply.messageId && { inReplyTo: reply.messageId, references: [reply.messageId] }),
        }),
      },
    );
  } catch (error) {
    const reason = reasonOf(error);
    if (reason && NOT_SENT.includes(reason)) await giveBack();
    throw error;
  }

  // Kept now, with the contact it was written from (the sync then finds it kept).
  const box = { organizationId, uid: caller.uid };
  const [token, connection] = await Promise.all([
    firestore.doc(paths.mailToken(caller.uid)).get(),
    firestore.doc(paths.mailConnection(organizationId, caller.uid)).get(),
  ]);
  const stored = token.data() as StoredMailToken;
  const privacy = (connection.get('privacy') as MailPrivacy | undefined) ?? DEFAULT_MAIL_PRIVACY;
  try {
    const gmail = await gmailFor(config, stored, caller.uid);
    await ingest(firestore, gmail, box, stored.email, privacy, [sent.messageId], null, {
      id: contactId,
      companyId: contact.companyId ?? null,
    });
  } catch (error) {
    // Sent: the next sync keeps it (a mailbox without the read scope keeps nothing).
    console.warn(`sendContactEmail: keeping ${sent.messageId} failed: ${(error as Error).message}`);
  }
  return {
    messageKey: emailMessageKey(caller.uid, sent.messageId),
    threadKey: emailThreadKey(caller.uid, sent.threadId),
  };
}

/**
 * An attachment of a kept message, for a member who may read its body (the rules' emailBodies
 * read: its owner, or anyone with contacts.view when the owner shares their mailbox), fetched
 * from the owner's Gmail — at most EMAIL_ATTACHMENT_MAX_BYTES.
 */
export async function getEmailAttachmentCore(
  firestore: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<EmailCallables['getEmailAttachment']['out']> {
  const { organizationId, messageKey, index } = parseInput('getEmailAttachment', data);
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['contacts', 'view']);
  const body = (await firestore.doc(paths.doc(organizationId, 'emailBodies', messageKey)).get()).data() as
    EmailBody<Timestamp> | undefined;
  // A message without a kept body (metadata only) or one the caller may not read: not found.
  if (!body || (body.ownerUid !== caller.uid && body.visibility !== 'shared'))
    fail('not-found', 'This attachment does not exist or is not shared.', { reason: 'not-found' });
  const info = body.attachments.find((a) => a.index === index);
  if (!info) fail('not-found', 'This attachment does not exist.', { reason: 'not-found' });
  if (info.size > EMAIL_ATTACHMENT_MAX_BYTES)
    fail('failed-precondition', 'This attachment is too large to download here; open it in Gmail.', {
      reason: 'attachment-too-large',
    });
  const message = (
    await firestore.doc(paths.doc(organizationId, 'emailMessages', messageKey)).get()
  ).data() as EmailMessage<Timestamp> | undefined;
  const token = (await firestore.doc(paths.mailToken(body.ownerUid)).get()).data() as
    StoredMailToken | undefined;
  const connection = (
    await firestore.doc(paths.mailConnection(organizationId, body.ownerUid)).get()
  ).data() as MailConnection | undefined;
  if (!message || !token || token.organizationId !== organizationId || connection?.status !== 'connected')
    fail('failed-precondition', 'The mailbox this e-mail is in is not connected any more.', {
      reason: 'mail-not-connected',
    });
  try {
    const gmail = await gmailFor(config, token, body.ownerUid);
    const full = await gmail.users.messages.get({ userId: 'me', id: message.gmailId, format: 'full' });
    const part = attachmentPart(full.data.payload, index);
    const attachmentId = part?.body?.attachmentId;
    if (!part || !attachmentId) fail('not-found', 'This attachment does not exist.', { reason: 'not-found' });
    const attachment = await gmail.users.messages.attachments.get({
      userId: 'me',
      messageId: message.gmailId,
      id: attachmentId,
    });
    const bytes = Buffer.from(attachment.data.data ?? '', 'base64url');
    if (bytes.length > EMAIL_ATTACHMENT_MAX_BYTES)
      fail('failed-precondition', 'This attachment is too large to download here; open it in Gmail.', {
        reason: 'attachment-too-large',
      });
    return { filename: info.filename, mimeType: info.mimeType, dataBase64: bytes.toString('base64') };
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    const { oauthError, status } = googleFailure(error);
    if (status === 404) fail('not-found', 'The message is no longer in Gmail.', { reason: 'not-found' });
    console.warn(`getEmailAttachment failed: ${oauthError ?? status ?? (error as Error).message}`);
    fail('unavailable', 'Gmail could not give the attachment; try again.', { reason: 'mail-read-failed' });
  }
}

/** Documents rewritten in one batch by a privacy change. */
const PRIVACY_BATCH = 150;

/**
 * The member's privacy choice for their mailbox: what the kept messages, conversations, bodies
 * and timeline entries show the organization from now on. Private hides the headers (kept in the
 * owner's bodies); shared and metadata show them again; metadata deletes the bodies (Trato then
 * keeps none). Answers whether the grant must be renewed (gmail.metadata granted, bodies wanted).
 */
export async function setMailPrivacyCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<EmailCallables['setMailPrivacy']['out']> {
  const { organizationId, privacy } = parseInput('setMailPrivacy', data);
  await requireMember(firestore, organizationId, caller.uid);
  const connectionRef = firestore.doc(paths.mailConnection(organizationId, caller.uid));
  const [connectionSnap, tokenSnap] = await Promise.all([
    connectionRef.get(),
    firestore.doc(paths.mailToken(caller.uid)).get(),
  ]);
  const token = tokenSnap.data() as StoredMailToken | undefined;
  if (!connectionSnap.exists || !token || token.organizationId !== organizationId)
    fail('failed-precondition', 'No mailbox is connected.', { reason: 'mail-not-connected' });
  const reads = grantReads(token.scope, privacy);
  await connectionRef.update({ privacy, reads, ...(reads && { syncError: null }) });

  const org = organizationId;
  const open = privacy !== 'private';
  const messages = (
    await firestore
      .collection(paths.collection(org, 'emailMessages'))
      .where('ownerUid', '==', caller.uid)
      .get()
  ).docs.sort((a, b) => (a.get('date') as Timestamp).toMillis() - (b.get('date') as Timestamp).toMillis());
  const threads = new Map<
    string,
    { subject: string | null; snippet: string | null; participants: Set<string> }
  >();
  for (let i = 0; i < messages.length; i += PRIVACY_BATCH) {
    const page = messages.slice(i, i + PRIVACY_BATCH);
    const bodyRefs = page.map((m) => firestore.doc(paths.doc(org, 'emailBodies', m.id)));
    const entryRefs = page.map((m) => firestore.doc(paths.doc(org, 'timeline', `email_${m.id}`)));
    const [bodies, entries] = await Promise.all([
      firestore.getAll(...bodyRefs),
      firestore.getAll(...entryRefs),
    ]);
    const batch = firestore.batch();
    page.forEach((snap, j) => {
      const message = snap.data() as EmailMessage<Timestamp>;
      const body = bodies[j]!.data() as EmailBody<Timestamp> | undefined;
      // The headers: the message's own, or the owner's copy in the body when it was private.
      const headers = {
        from: message.from ?? body?.from ?? null,
        to: message.to ?? body?.to ?? [],
        cc: message.cc ?? body?.cc ?? [],
        subject: message.subject ?? body?.subject ?? '',
        snippet: message.snippet ?? (body?.text ? body.text.slice(0, 200) : ''),
        attachments: message.attachments ?? body?.attachments ?? [],
      };
      batch.update(snap.ref, {
        visibility: privacy,
        ...shownHeaders(privacy, headers),
        hasBody: privacy === 'metadata' ? false : message.hasBody,
      });
      if (privacy === 'metadata') {
        if (body) batch.delete(bodyRefs[j]!);
      } else if (body) batch.update(bodyRefs[j]!, { visibility: privacy });
      else if (privacy === 'private')
        // Kept with headers only (metadata before): the owner still reads them.
        batch.set(bodyRefs[j]!, {
          ownerUid: caller.uid,
          visibility: privacy,
          from: headers.from,
          to: headers.to,
          cc: headers.cc,
          subject: headers.subject,
          text: null,
          html: null,
          attachments: headers.attachments,
          truncated: false,
          createdAt: FieldValue.serverTimestamp(),
        } satisfies EmailBody<FieldValue>);
      // An entry its contact's deletion took away stays away.
      if (entries[j]!.exists) batch.update(entryRefs[j]!, { title: open ? headers.subject : '' });
      const thread = threads.get(message.threadKey) ?? {
        subject: null,
        snippet: null,
        participants: new Set(),
      };
      thread.subject ??= headers.subject;
      thread.snippet = headers.snippet;
      for (const p of [headers.from, ...headers.to, ...headers.cc])
        if (p) thread.participants.add(p.address.trim().toLowerCase());
      threads.set(message.threadKey, thread);
    });
    await batch.commit();
  }
  const threadKeys = [...threads.keys()];
  for (let i = 0; i < threadKeys.length; i += PRIVACY_BATCH) {
    const batch = firestore.batch();
    for (const key of threadKeys.slice(i, i + PRIVACY_BATCH)) {
      const thread = threads.get(key)!;
      const participants = [...thread.participants];
      const tokens = open ? searchTokens(thread.subject, ...participants) : [];
      batch.update(firestore.doc(paths.doc(org, 'emailThreads', key)), {
        visibility: privacy,
        subject: open ? thread.subject : null,
        snippet: open ? thread.snippet : null,
        participants: open ? participants : null,
        searchTokens: tokens,
        searchIndex: searchIndexOf(tokens),
        updatedAt: FieldValue.serverTimestamp(),
      });
    }
    await batch.commit();
  }
  return { reconnect: !reads };
}

export const sendContactEmail = onCall({ secrets: MAIL_SECRETS }, (request) =>
  sendContactEmailCore(
    db,
    googleConfig(),
    requireCaller(request.auth),
    request.data,
    mailboxDailyCap.value(),
  ),
);

export const getEmailAttachment = onCall({ secrets: MAIL_SECRETS }, (request) =>
  getEmailAttachmentCore(db, googleConfig(), requireCaller(request.auth), request.data),
);

export const setMailPrivacy = onCall((request) =>
  setMailPrivacyCore(db, requireCaller(request.auth), request.data),
);
