// The mail connection's callables (spec §7 auth-gmail-start, auth-gmail-callback,
// email-disconnect, email-send-test).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';

import { paths, testEmailContent, type MailCallables, type SendLogEntry } from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import { disconnectCore, finishGmailCore, requireMember, startGmailCore } from './connection.js';
import { googleConfig, MAIL_SECRETS, type GoogleConfig } from './google.js';
import { sendAsMember, type SentMail } from './mailer.js';
import { mailboxDailyCap, takeEmailQuota } from './quota.js';

/** sendAsMember's answers that mean Gmail did not take the message (its quota is given back). */
const NOT_SENT = ['mail-not-connected', 'mail-broken', 'mail-rate-limited', 'mail-send-failed'];

/**
 * 'Enviar prueba': a test e-mail from the caller's connected mailbox, for a member of an
 * organization with a live subscription, within the member's hourly test quota and the
 * mailbox's daily quota (`dailyCap`).
 */
export async function sendTestEmailCore(
  firestore: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
  dailyCap: number,
): Promise<MailCallables['emailSendTest']['out']> {
  const { organizationId, to, language } = parseInput('emailSendTest', data);
  const member = await requireMember(firestore, organizationId, caller.uid);
  const nowMs = Date.now();
  await requireLiveSubscription(firestore, organizationId, nowMs);
  const connection = await firestore.doc(paths.mailConnection(organizationId, caller.uid)).get();
  const from = (connection.get('email') as string | undefined) ?? '';
  const content = testEmailContent(language, from);
  const giveBack = await takeEmailQuota(firestore, caller.uid, nowMs, dailyCap);
  let sent: SentMail;
  try {
    sent = await sendAsMember(
      firestore,
      config,
      { organizationId, uid: caller.uid },
      { fromName: member.fullName, to, ...content },
    );
  } catch (error) {
    const reason =
      error instanceof HttpsError ? (error.details as { reason?: string } | undefined)?.reason : null;
    if (reason && NOT_SENT.includes(reason)) await giveBack();
    throw error;
  }
  const entry: SendLogEntry<FieldValue> = {
    kind: 'test',
    sequenceId: null,
    stepId: null,
    contactId: null,
    senderUid: caller.uid,
    to,
    subject: content.subject,
    status: 'sent',
    error: null,
    messageId: sent.messageId,
    createdAt: FieldValue.serverTimestamp(),
    sentAt: FieldValue.serverTimestamp(),
  };
  await firestore.doc(paths.sendLogEntry(organizationId, `test_${sent.messageId}`)).set(entry);
  return { messageId: sent.messageId };
}

export const authGmailStart = onCall({ secrets: MAIL_SECRETS }, (request) =>
  startGmailCore(db, googleConfig(), requireCaller(request.auth), request.data),
);

export const authGmailCallback = onCall({ secrets: MAIL_SECRETS }, (request) =>
  finishGmailCore(db, googleConfig(), requireCaller(request.auth), request.data),
);

export const emailDisconnect = onCall({ secrets: MAIL_SECRETS }, (request) =>
  disconnectCore(db, googleConfig(), requireCaller(request.auth), request.data),
);

export const emailSendTest = onCall({ secrets: MAIL_SECRETS }, (request) =>
  sendTestEmailCore(db, googleConfig(), requireCaller(request.auth), request.data, mailboxDailyCap.value()),
);
