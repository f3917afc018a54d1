// Trato's own mailbox for what no member sends (the daily digest): a Gmail account of the
// deployment whose refresh token an operator obtained once (README "System sender"). Production:
// SYSTEM_MAIL_FROM is a param, SYSTEM_MAIL_REFRESH_TOKEN a secret; the emulator's come from
// scripts/local-cloud.mjs, whose local Google holds a standing grant for that token.
import { defineSecret, defineString } from 'firebase-functions/params';

import { fail } from '../common/errors.js';
import { gmailApi, googleFailure, oauthClient, type GoogleConfig } from '../mail/google.js';
import { buildRawMessage, type OutgoingMail, type SentMail } from '../mail/mailer.js';

export const systemMailFrom = defineString('SYSTEM_MAIL_FROM', { default: '' });
export const systemMailRefreshToken = defineSecret('SYSTEM_MAIL_REFRESH_TOKEN');

export interface SystemSender {
  from: string;
  refreshToken: string;
}

/** The configured system sender, or null when the deployment has none (the digest then waits). */
export function systemSender(): SystemSender | null {
  const from = systemMailFrom.value().trim();
  const refreshToken = systemMailRefreshToken.value().trim();
  return from && refreshToken ? { from, refreshToken } : null;
}

/** Sends `mail` from the system mailbox through the Gmail API. */
export async function sendAsSystem(
  config: GoogleConfig,
  sender: SystemSender,
  mail: OutgoingMail,
): Promise<SentMail> {
  const auth = await oauthClient(config);
  auth.setCredentials({ refresh_token: sender.refreshToken });
  const raw = await buildRawMessage(sender.from, { fromName: 'Trato', ...mail });
  try {
    const response = await (
      await gmailApi(config, auth)
    ).users.messages.send({ userId: 'me', requestBody: { raw } });
    const messageId = response.data.id ?? '';
    return { messageId, threadId: response.data.threadId ?? messageId, from: sender.from };
  } catch (error) {
    const { oauthError, status } = googleFailure(error);
    console.warn(`System mail failed: ${(error as Error).message}`);
    fail('unavailable', `The system mailbox could not send (${oauthError ?? status ?? 'error'}).`, {
      reason: 'mail-send-failed',
    });
  }
}
