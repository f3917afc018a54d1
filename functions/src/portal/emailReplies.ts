// The e-mail leg of a ticket's conversation (issues 32 and 34): a member's public answer sent
// from their Gmail leaves its thread on the ticket (emailThreadIds holds emailThreadKey(uid,
// gmailThreadId), unique across mailboxes); when the mail sync reads the contact's answer in that
// thread, it becomes the customer's reply on the ticket, as a portal reply would.
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import {
  emailThreadKey,
  normalizeAddress,
  paths,
  portalPaths,
  REPLY_BODY_MAX,
  statusAfterCustomerReply,
  type Contact,
  type Ticket,
  type TicketReply,
} from '@trato/model';

/** A reply's id for the Gmail message it came in (a message read twice is kept once). */
export const emailReplyId = (gmailId: string) => `email_${gmailId}`;

/** Lines that start what a mail client quotes of the answered message. */
const QUOTE_START = [
  /^\s*>/,
  /^\s*On .+ wrote:\s*$/i,
  /^\s*El .+ escribi[oó]:\s*$/i,
  /^\s*-{2,}\s*(Original Message|Mensaje original)\s*-{2,}\s*$/i,
  /^\s*(From|De):\s.+$/,
];

/** The answer without the quoted message under it (the whole text when it is all quote). */
export function withoutQuote(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = lines.findIndex((line) => QUOTE_START.some((pattern) => pattern.test(line)));
  const kept = (cut === -1 ? lines : lines.slice(0, cut)).join('\n').trim();
  return kept || text.trim();
}

const clip = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
};

export interface InboundMail {
  gmailId: string;
  threadId: string;
  dateMs: number;
  from: { address: string } | null;
  text: string | null;
  snippet: string;
}

/**
 * The contact's answer in a Gmail thread of the mailbox, on each ticket that continues there and
 * is that contact's: a public customer reply (via 'email', id from the Gmail message id), and the
 * ticket waits for the team as after a portal reply. Answers how many replies it wrote.
 */
export async function addEmailTicketReplies(
  db: Firestore,
  box: { organizationId: string; uid: string },
  mail: InboundMail,
): Promise<number> {
  if (!mail.from?.address) return 0;
  const org = box.organizationId;
  const sender = normalizeAddress(mail.from.address);
  // Query 'tickets.byEmailThread'.
  const tickets = await db
    .collection(paths.collection(org, 'tickets'))
    .where('emailThreadIds', 'array-contains', emailThreadKey(box.uid, mail.threadId))
    .get();
  let added = 0;
  for (const doc of tickets.docs) {
    const contactId = doc.get('contactId') as string | null;
    if (!contactId) continue;
    const contact = (await db.doc(paths.doc(org, 'contacts', contactId)).get()).data() as Contact | undefined;
    if (!contact?.email || normalizeAddress(contact.email) !== sender) continue;
    const body = clip(withoutQuote(mail.text ?? mail.snippet), REPLY_BODY_MAX);
    if (!body) continue;
    const replyRef = db.doc(portalPaths.reply(org, doc.id, emailReplyId(mail.gmailId)));
    const wrote = await db.runTransaction(async (tx) => {
      const [existing, current] = await Promise.all([tx.get(replyRef), tx.get(doc.ref)]);
      const ticket = current.data() as Ticket<Timestamp> | undefined;
      if (existing.exists || !ticket) return false;
      const at = Timestamp.fromMillis(mail.dateMs);
      const reply: TicketReply<Timestamp> = {
        visibility: 'public',
        body,
        authorType: 'customer',
        authorId: contactId,
        authorName: contact.name,
        via: 'email',
        attachments: [],
        createdAt: at,
        gmailId: mail.gmailId,
      };
      tx.create(replyRef, reply);
      // An answer older than the ticket's last reply (read late) joins the conversation only.
      if (!ticket.lastReplyAt || ticket.lastReplyAt.toMillis() <= mail.dateMs)
        tx.update(doc.ref, {
          status: statusAfterCustomerReply(ticket.status),
          conversationState: 'customer-replied',
          lastReplyAt: at,
          updatedAt: FieldValue.serverTimestamp(),
        });
      return true;
    });
    if (wrote) added++;
  }
  return added;
}
