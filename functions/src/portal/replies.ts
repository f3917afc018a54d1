// A member's reply on a ticket (issue 34): an internal note stays in Trato; a public reply waits
// for the customer and is e-mailed to the contact — from the member's connected Gmail when it
// works (in the ticket's thread of that mailbox, remembered on the ticket so the mail sync adds
// the customer's answer), else from Trato's system mailbox with a link to the portal. A failed
// send never loses the reply: it is kept, and the answer says it was not e-mailed.
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';

import {
  DEFAULT_MAIL_PRIVACY,
  emailThreadKey,
  hasEmailOf,
  paths,
  portalPaths,
  TICKET_EMAIL_THREADS_MAX,
  type Contact,
  type Language,
  type MailConnection,
  type MailPrivacy,
  type Member,
  type PortalCallables,
  type Ticket,
  type TicketReply,
} from '@trato/model';

import { requireMemberWith } from '../common/access.js';
import type { Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import type { StoredMailToken } from '../mail/connection.js';
import type { GoogleConfig } from '../mail/google.js';
import { sendAsMember } from '../mail/mailer.js';
import { takeEmailQuota } from '../mail/quota.js';
import { gmailFor, ingest } from '../mail/sync.js';
import type { SystemSendFn } from '../notifications/digest.js';
import { replyMail, ticketSubject } from './mail.js';
import { siteOfOrganization, type StoredSite } from './site.js';

type TS = Timestamp;
type Emailed = PortalCallables['addTicketReply']['out']['emailed'];

export interface ReplyDeps {
  /** The Google client's configuration, or null when the deployment has none (no Gmail path). */
  google: GoogleConfig | null;
  /** The mailbox's daily cap (SEQUENCE_DAILY_CAP), shared with every other e-mail it sends. */
  dailyCap: number;
  sendSystemMail: SystemSendFn | null;
  /** The app's origin (APP_URL): the portal's address in the system e-mail. */
  appUrl: string;
}

interface Outgoing {
  organizationId: string;
  ticketId: string;
  ticket: Ticket<TS>;
  contactId: string;
  to: string;
  body: string;
  member: Member;
  uid: string;
  site: StoredSite | null;
  language: Language;
}

const portalUrl = (deps: ReplyDeps, site: StoredSite | null) =>
  site?.enabled ? `${deps.appUrl.replace(/\/$/, '')}/portal/${site.slug}` : null;

/**
 * From the member's own Gmail, in the ticket's thread of that mailbox when there is one; null
 * when no mailbox is connected. Throws when Gmail refuses (the caller falls back).
 */
async function sendFromGmail(
  firestore: Firestore,
  config: GoogleConfig,
  deps: ReplyDeps,
  out: Outgoing,
  nowMs: number,
): Promise<{ messageId: string; threadId: string } | null> {
  const connection = (await firestore.doc(paths.mailConnection(out.organizationId, out.uid)).get()).data() as
    MailConnection | undefined;
  if (connection?.status !== 'connected') return null;
  const prefix = `${out.uid}_`;
  const threadKey = (out.ticket.emailThreadIds ?? []).filter((k) => k.startsWith(prefix)).at(-1);
  let inReplyTo: string | null = null;
  if (threadKey) {
    // Query 'emailMessages.byThread': the thread's newest kept message is the one answered.
    const kept = await firestore
      .collection(paths.collection(out.organizationId, 'emailMessages'))
      .where('threadKey', '==', threadKey)
      .orderBy('date', 'asc')
      .get();
    inReplyTo = (kept.docs.at(-1)?.get('messageIdHeader') as string | null | undefined) ?? null;
  }
  const url = portalUrl(deps, out.site);
  const footer = url
    ? out.language === 'es'
      ? `\n\n--\nTambién puedes seguir esta solicitud en el portal de clientes: ${url}`
      : `\n\n--\nYou can also follow this request on the customer portal: ${url}`
    : '';
  const giveBack = await takeEmailQuota(firestore, out.uid, nowMs, deps.dailyCap, 'contact');
  let sent;
  try {
    sent = await sendAsMember(
      firestore,
      config,
      { organizationId: out.organizationId, uid: out.uid },
      {
        fromName: out.member.fullName,
        to: out.to,
        subject: ticketSubject(out.ticketId, out.ticket.ticketName),
        text: `${out.body}${footer}`,
        ...(threadKey && {
          threadId: threadKey.slice(prefix.length),
          ...(inReplyTo && { inReplyTo, references: [inReplyTo] }),
        }),
      },
    );
  } catch (error) {
    await giveBack();
    throw error;
  }
  // Kept now with the contact, as sendContactEmail does (the sync then finds it kept).
  try {
    const [token, conn] = await Promise.all([
      firestore.doc(paths.mailToken(out.uid)).get(),
      firestore.doc(paths.mailConnection(out.organizationId, out.uid)).get(),
    ]);
    const stored = token.data() as StoredMailToken;
    const privacy = (conn.get('privacy') as MailPrivacy | undefined) ?? DEFAULT_MAIL_PRIVACY;
    const gmail = await gmailFor(config, stored, out.uid);
    await ingest(
      firestore,
      gmail,
      { organizationId: out.organizationId, uid: out.uid },
      stored.email,
      privacy,
      [sent.messageId],
      null,
      { id: out.contactId, companyId: out.ticket.companyId },
    );
  } catch (error) {
    console.warn(`addTicketReply: keeping ${sent.messageId} failed: ${(error as Error).message}`);
  }
  return { messageId: sent.messageId, threadId: sent.threadId };
}

/** E-mails a public reply to the contact: Gmail, else the system mailbox; 'none' when neither sent. */
async function emailReply(
  firestore: Firestore,
  deps: ReplyDeps,
  out: Outgoing,
  replyRef: FirebaseFirestore.DocumentReference,
  nowMs: number,
): Promise<Emailed> {
  let sent: { messageId: string; threadId: string } | null = null;
  if (deps.google) {
    try {
      sent = await sendFromGmail(firestore, deps.google, deps, out, nowMs);
    } catch (error) {
      console.warn(
        `addTicketReply: Gmail did not send the reply on ${out.organizationId}/${out.ticketId}: ${(error as Error).message}`,
      );
    }
  }
  if (sent) {
    // Sent: the thread is remembered (the newest TICKET_EMAIL_THREADS_MAX) for the mail sync.
    const key = emailThreadKey(out.uid, sent.threadId);
    const gmailId = sent.messageId;
    const ticketRef = firestore.doc(paths.doc(out.organizationId, 'tickets', out.ticketId));
    try {
      await firestore.runTransaction(async (tx) => {
        const ticket = (await tx.get(ticketRef)).data() as Ticket<TS> | undefined;
        if (!ticket) return;
        const threads = [...(ticket.emailThreadIds ?? []).filter((k) => k !== key), key];
        tx.update(ticketRef, { emailThreadIds: threads.slice(-TICKET_EMAIL_THREADS_MAX) });
        tx.update(replyRef, { gmailId });
      });
    } catch (error) {
      console.error(`addTicketReply: remembering thread ${key} failed: ${(error as Error).message}`);
    }
    return 'gmail';
  }
  if (!deps.sendSystemMail) {
    console.error('SYSTEM_MAIL_FROM or SYSTEM_MAIL_REFRESH_TOKEN is not set: the reply is not e-mailed');
    return 'none';
  }
  try {
    const organization = out.site?.name ?? out.member.fullName;
    await deps.sendSystemMail({
      fromName: organization,
      to: out.to,
      ...replyMail(
        out.language,
        organization,
        out.member.fullName,
        { id: out.ticketId, name: out.ticket.ticketName },
        out.body,
        portalUrl(deps, out.site),
      ),
    });
    return 'system';
  } catch (error) {
    console.warn(
      `addTicketReply: the system mailbox did not send the reply on ${out.organizationId}/${out.ticketId}: ${(error as Error).message}`,
    );
    return 'none';
  }
}

/** The contact's language: their portal access's, else the site's first, else Spanish. */
async function languageOf(
  firestore: Firestore,
  organizationId: string,
  contactId: string,
  site: StoredSite | null,
): Promise<Language> {
  // Query 'portalAccess.byContact'.
  const access = await firestore
    .collection(paths.collection(organizationId, 'portalAccess'))
    .where('contactId', '==', contactId)
    .limit(1)
    .get();
  return (access.docs[0]?.get('language') as Language | undefined) ?? site?.languages[0] ?? 'es';
}

/**
 * tickets.edit (live subscription): a member's reply on a ticket. Internal: a note, nothing else.
 * Public: the ticket waits on the customer, and the reply is e-mailed to the contact if they
 * have an address ('gmail' | 'system'; 'none' without an address or when no mailbox sent it).
 */
export async function addTicketReplyCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  deps: ReplyDeps,
  nowMs = Date.now(),
): Promise<PortalCallables['addTicketReply']['out']> {
  const input = parseInput('addTicketReply', data);
  const { organizationId, ticketId, visibility } = input;
  const member = await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['tickets', 'edit']);
  const ticketRef = firestore.doc(paths.doc(organizationId, 'tickets', ticketId));
  const replyRef = firestore.collection(portalPaths.replies(organizationId, ticketId)).doc();
  const ticket = await firestore.runTransaction(async (tx) => {
    const current = (await tx.get(ticketRef)).data() as Ticket<TS> | undefined;
    if (!current) fail('not-found', 'This ticket does not exist.', { reason: 'not-found' });
    const now = FieldValue.serverTimestamp();
    const reply: TicketReply<FieldValue> = {
      visibility,
      body: input.body,
      authorType: 'member',
      authorId: caller.uid,
      authorName: member.fullName,
      via: 'crm',
      attachments: [],
      createdAt: now,
    };
    tx.create(replyRef, reply);
    if (visibility === 'public')
      tx.update(ticketRef, { conversationState: 'waiting-on-customer', lastReplyAt: now, updatedAt: now });
    return current;
  });
  if (visibility === 'internal' || !ticket.contactId) return { replyId: replyRef.id, emailed: 'none' };

  const contact = (
    await firestore.doc(paths.doc(organizationId, 'contacts', ticket.contactId)).get()
  ).data() as Contact | undefined;
  if (!contact || !hasEmailOf(contact)) return { replyId: replyRef.id, emailed: 'none' };
  const site = await siteOfOrganization(firestore, organizationId);
  const emailed = await emailReply(
    firestore,
    deps,
    {
      organizationId,
      ticketId,
      ticket,
      contactId: ticket.contactId,
      to: contact.email!.trim(),
      body: input.body,
      member,
      uid: caller.uid,
      site,
      language: await languageOf(firestore, organizationId, ticket.contactId, site),
    },
    replyRef,
    nowMs,
  );
  return { replyId: replyRef.id, emailed };
}
