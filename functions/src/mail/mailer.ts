// Sending as a member from their connected Gmail: the one path the test e-mail and the sequences
// use. The message is built by nodemailer's MailComposer (RFC 5322 with RFC 2047 headers and
// quoted-printable bodies; hand-made MIME gets UTF-8 subjects wrong), sent through the Gmail API's
// users.messages.send, and a refresh token Google no longer accepts marks the connection broken.
import MailComposer from 'nodemailer/lib/mail-composer';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import { paths, type MailConnection } from '@trato/model';

import { fail } from '../common/errors.js';
import type { StoredMailToken } from './connection.js';
import { gmailApi, googleFailure, oauthClient, type GoogleConfig } from './google.js';
import { decryptToken, parseTokenKey } from './tokenCrypto.js';

export interface OutgoingMail {
  /** Display name for From (the address is always the connected one). */
  fromName?: string;
  /** One address, or several (an e-mail written from a contact's page). */
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A reply: the Message-ID it answers (In-Reply-To, References) and its Gmail thread. */
  inReplyTo?: string;
  references?: string[];
  threadId?: string;
}

/** The RFC 5322 message as Gmail's `raw` wants it: base64url. */
export async function buildRawMessage(from: string, mail: OutgoingMail): Promise<string> {
  const composer = new MailComposer({
    from: mail.fromName ? { name: mail.fromName, address: from } : from,
    to: mail.to,
    ...(mail.cc?.length && { cc: mail.cc }),
    subject: mail.subject,
    ...(mail.inReplyTo && { inReplyTo: mail.inReplyTo }),
    ...(mail.references?.length && { references: mail.references }),
    text: mail.text,
    ...(mail.html && { html: mail.html }),
    ...(mail.headers && { headers: mail.headers }),
  });
  const message = await composer.compile().build();
  return message.toString('base64url');
}

export interface SentMail {
  messageId: string;
  /** Gmail's thread of the sent message (a reply or a bounce comes back in it). */
  threadId: string;
  from: string;
}

/** Why a send failed, in the failure reasons the web translates. */
function sendFailed(error: unknown): never {
  const { oauthError, status } = googleFailure(error);
  if (status === 429) {
    fail('resource-exhausted', 'Gmail refused: sending limit reached, try later.', {
      reason: 'mail-rate-limited',
    });
  }
  fail('unavailable', `Gmail could not send the message (${oauthError ?? status ?? 'error'}).`, {
    reason: 'mail-send-failed',
  });
}

export async function markBroken(db: Firestore, organizationId: string, uid: string, reason: string) {
  const update: Partial<MailConnection<FieldValue>> = {
    status: 'broken',
    brokenAt: FieldValue.serverTimestamp(),
    brokenReason: reason,
  };
  await db
    .doc(paths.mailConnection(organizationId, uid))
    .update(update)
    .catch(() => undefined); // disconnected meanwhile: nothing to mark
}

/**
 * Sends `mail` from the member's connected mailbox. Refuses when there is none or it is broken;
 * `invalid_grant` while refreshing marks it broken (revoked, expired, password changed).
 */
export async function sendAsMember(
  db: Firestore,
  config: GoogleConfig,
  member: { organizationId: string; uid: string },
  mail: OutgoingMail,
): Promise<SentMail> {
  const [tokenSnap, connectionSnap] = await Promise.all([
    db.doc(paths.mailToken(member.uid)).get(),
    db.doc(paths.mailConnection(member.organizationId, member.uid)).get(),
  ]);
  const stored = tokenSnap.data() as StoredMailToken | undefined;
  const connection = connectionSnap.data() as MailConnection | undefined;
  if (!stored || !connection || stored.organizationId !== member.organizationId) {
    fail('failed-precondition', 'No mailbox is connected.', { reason: 'mail-not-connected' });
  }
  if (connection.status === 'broken') {
    fail('failed-precondition', 'The mailbox connection is broken; reconnect it.', { reason: 'mail-broken' });
  }

  const auth = await oauthClient(config);
  auth.setCredentials({
    refresh_token: decryptToken(parseTokenKey(config.tokenKey), stored.refreshToken, member.uid),
  });
  const raw = await buildRawMessage(stored.email, mail);
  try {
    const response = await (
      await gmailApi(config, auth)
    ).users.messages.send({
      userId: 'me',
      requestBody: { raw, ...(mail.threadId && { threadId: mail.threadId }) },
    });
    const messageId = response.data.id ?? '';
    return { messageId, threadId: response.data.threadId ?? messageId, from: stored.email };
  } catch (error) {
    if (googleFailure(error).oauthError === 'invalid_grant') {
      await markBroken(db, member.organizationId, member.uid, 'invalid_grant');
      fail('failed-precondition', 'Google no longer accepts this connection; reconnect it.', {
        reason: 'mail-broken',
      });
    }
    console.warn(`Gmail send failed: ${(error as Error).message}`);
    sendFailed(error);
  }
}
