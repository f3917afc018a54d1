// The mail connection's callables (spec §7 auth-gmail-start, auth-gmail-callback,
// email-disconnect, email-send-test).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, testEmailContent, type MailCallables, type SendLogEntry } from '@trato/model';

import { db } from '../admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { asRecord, parseEmail, parseId, parseLanguage } from '../common/validation.js';
import { disconnectCore, finishGmailCore, requireMember, startGmailCore } from './connection.js';
import { googleConfig, MAIL_SECRETS, type GoogleConfig } from './google.js';
import { sendAsMember } from './mailer.js';

export async function sendTestEmailCore(
  firestore: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
): Promise<MailCallables['emailSendTest']['out']> {
  const input = asRecord(data);
  const organizationId = parseId(input.organizationId, 'organizationId');
  const to = parseEmail(input.to, 'to');
  const language = parseLanguage(input.language);
  const member = await requireMember(firestore, organizationId, caller.uid);
  const connection = await firestore.doc(paths.mailConnection(organizationId, caller.uid)).get();
  const from = (connection.get('email') as string | undefined) ?? '';
  const content = testEmailContent(language, from);
  const sent = await sendAsMember(
    firestore,
    config,
    { organizationId, uid: caller.uid },
    {
      fromName: member.fullName,
      to,
      ...content,
    },
  );
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
  sendTestEmailCore(db, googleConfig(), requireCaller(request.auth), request.data),
);
