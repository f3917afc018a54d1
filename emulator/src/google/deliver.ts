/**
 * Mail from outside into a local account's inbox, for tests and the mailbox page: a new message,
 * a reply to one of the account's messages (In-Reply-To / References, `Re:` subject, same
 * thread), or the delivery-status notification Gmail puts in the sender's inbox when a recipient
 * does not exist (multipart/report with message/delivery-status and the original's headers).
 * Each is a real RFC 5322 message, stored and recorded in history like any other.
 */
import { randomBytes } from 'node:crypto';
import { describeMessage } from './gmail.js';
import type { Mailboxes } from './mailbox.js';
import {
  attachmentEntity,
  buildMessage,
  encodeWords,
  formatAddress,
  formatDate,
  headerEnd,
  multipartEntity,
  rawEntity,
  textEntity,
  type Address,
  type Entity,
} from './mime.js';
import type { MailMessage } from './state.js';

export class DeliverError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DeliverRequest {
  /** The account whose inbox receives it. */
  to: string;
  /** Required, except for a bounce and for a reply (then: the original's first recipient). */
  from?: Address;
  subject?: string;
  text?: string;
  html?: string;
  /** A message id in that account's mailbox: the delivery is a reply to it. */
  inReplyTo?: string;
  /** A sent message id in that account's mailbox: the delivery is its bounce. */
  bounce?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** The Date header and internalDate (default now). */
  date?: Date;
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export const MAILER_DAEMON: Address = {
  name: 'Mail Delivery Subsystem',
  address: 'mailer-daemon@googlemail.com',
};

const newMessageId = (domain: string) =>
  `<${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}.${Date.now().toString(36)}@${domain}>`;

const domainOf = (address: string) => address.split('@')[1] ?? 'local.invalid';

const firstRecipient = (m: MailMessage) => m.to[0] ?? m.cc[0] ?? m.bcc[0];

function reSubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`;
}

/** The `References` of a reply: the original's References (or In-Reply-To), then its Message-ID. */
function replyReferences(original: MailMessage): string[] {
  const refs: string[] = [];
  const header = (name: string) => original.headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';
  const earlier = header('references') || header('in-reply-to');
  for (const m of earlier.matchAll(/<[^<>\s]+>/g)) if (!refs.includes(m[0])) refs.push(m[0]);
  if (original.messageId && !refs.includes(original.messageId)) refs.push(original.messageId);
  return refs;
}

function bodyEntity(req: DeliverRequest): Entity {
  const text = req.text ?? (req.html === undefined ? '' : undefined);
  const alternatives: Entity[] = [];
  if (text !== undefined) alternatives.push(textEntity('plain', text));
  if (req.html !== undefined) alternatives.push(textEntity('html', req.html));
  const body = alternatives.length === 1 ? alternatives[0] : multipartEntity('alternative', alternatives);
  const files = (req.attachments ?? []).map((a) => attachmentEntity(a.filename, a.contentType, a.content));
  return files.length ? multipartEntity('mixed', [body, ...files]) : body;
}

/** Gmail's "Address not found" notification for `original`, addressed to its sender. */
function bounceMessage(account: string, original: MailMessage, date: Date): Buffer {
  const failed = firstRecipient(original)?.address ?? 'unknown@invalid';
  const originalRaw = Buffer.from(original.raw, 'base64url');
  const originalHeaders = originalRaw.subarray(0, headerEnd(originalRaw).end);
  const reason =
    "The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces.";
  const human = [
    '** Address not found **',
    '',
    `Your message wasn't delivered to ${failed} because the address couldn't be found, or is unable to receive mail.`,
    '',
    'Learn more here: https://support.google.com/mail/?p=NoSuchUser',
    '',
    'The response was:',
    '',
    `550 5.1.1 ${reason}`,
  ].join('\n');
  const arrival = formatDate(new Date(original.internalDate));
  const status = [
    'Reporting-MTA: dns; googlemail.com',
    `Arrival-Date: ${arrival}`,
    ...(original.messageId ? [`X-Original-Message-ID: ${original.messageId}`] : []),
    '',
    `Final-Recipient: rfc822; ${failed}`,
    'Action: failed',
    'Status: 5.1.1',
    `Remote-MTA: dns; ${domainOf(failed)}.`,
    `Diagnostic-Code: smtp; 550-5.1.1 ${reason} https://support.google.com/mail/?p=NoSuchUser`,
    `Last-Attempt-Date: ${formatDate(date)}`,
    '',
  ].join('\r\n');
  const report = multipartEntity(
    'report',
    [
      textEntity('plain', human),
      rawEntity('message/delivery-status', status),
      rawEntity('text/rfc822-headers', originalHeaders),
    ],
    '; report-type=delivery-status',
  );
  const refs = replyReferences(original);
  const headers: [string, string][] = [
    ['Delivered-To', account],
    ['Return-Path', '<>'],
    ['Auto-Submitted', 'auto-replied'],
    ['From', formatAddress(MAILER_DAEMON)],
    ['To', formatAddress(original.from[0] ?? { address: account })],
    ['X-Failed-Recipients', failed],
    ['Subject', 'Delivery Status Notification (Failure)'],
    ...(refs.length ? ([['References', refs.join(' ')]] as [string, string][]) : []),
    ...(original.messageId ? ([['In-Reply-To', original.messageId]] as [string, string][]) : []),
    ['Message-ID', newMessageId('mx.google.com')],
    ['Date', formatDate(date)],
  ];
  return buildMessage(headers, report);
}

/** Builds and stores the delivery; throws DeliverError (400 / 404) for a bad request. */
export async function deliver(mailboxes: Mailboxes, req: DeliverRequest): Promise<MailMessage> {
  const account = (req.to ?? '').trim().toLowerCase();
  if (!account) throw new DeliverError(400, 'to (the account whose inbox receives the message) is required.');
  if (!mailboxes.isKnown(account))
    throw new DeliverError(
      400,
      `${account} is not an account of the local Google (accounts: ${mailboxes.accounts().join(', ') || 'none'}).`,
    );
  if (req.inReplyTo && req.bounce) throw new DeliverError(400, 'Give inReplyTo or bounce, not both.');
  const originalId = req.inReplyTo ?? req.bounce;
  const original = originalId ? mailboxes.find(account, originalId) : undefined;
  if (originalId && !original)
    throw new DeliverError(404, `No message ${originalId} in the mailbox of ${account}.`);
  const now = Date.now();
  const date = req.date ?? new Date(now);
  if (Number.isNaN(date.getTime())) throw new DeliverError(400, 'date must be an ISO date.');

  let raw: Buffer;
  if (req.bounce) {
    if (!original!.labelIds.includes('SENT'))
      throw new DeliverError(
        400,
        `Message ${req.bounce} was not sent by ${account}: only a sent message bounces.`,
      );
    raw = bounceMessage(account, original!, date);
  } else {
    const from =
      req.from ??
      (original
        ? original.labelIds.includes('SENT')
          ? firstRecipient(original)
          : original.from[0]
        : undefined);
    const fromAddress = from?.address?.trim().toLowerCase() ?? '';
    if (!from || !EMAIL.test(fromAddress))
      throw new DeliverError(400, 'from.address (the sender, an email address) is required.');
    const toAddress: Address =
      original?.labelIds.includes('SENT') && original.from[0] ? original.from[0] : { address: account };
    const subject = req.subject ?? (original ? reSubject(original.subject) : '');
    const refs = original ? replyReferences(original) : [];
    const headers: [string, string][] = [
      ['Delivered-To', account],
      ['From', formatAddress({ name: from.name, address: fromAddress })],
      ['To', formatAddress(toAddress)],
      ...(subject ? ([['Subject', encodeWords(subject)]] as [string, string][]) : []),
      ['Date', formatDate(date)],
      ['Message-ID', newMessageId(domainOf(fromAddress))],
      ...(original?.messageId ? ([['In-Reply-To', original.messageId]] as [string, string][]) : []),
      ...(refs.length ? ([['References', refs.join(' ')]] as [string, string][]) : []),
    ];
    raw = buildMessage(headers, bodyEntity(req));
  }
  const message = await describeMessage({
    raw,
    account,
    labelIds: ['INBOX', 'UNREAD'],
    threadId: original?.threadId ?? null,
    clientId: null,
    copyOf: null,
    now,
    internalDate: date.getTime(),
    id: mailboxes.newId(now),
  });
  return mailboxes.store(message);
}
