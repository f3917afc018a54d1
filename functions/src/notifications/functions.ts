// The daily digest's scheduled run (every hour, on the hour: each member's hour comes once a day
// in their zone). The emulator's test hook, digestRunNow, is in runNow.ts.
import { defineString } from 'firebase-functions/params';
import { onSchedule } from 'firebase-functions/v2/scheduler';

import { db } from '../common/admin.js';
import { googleConfig, MAIL_SECRETS } from '../mail/google.js';
import { runDigests, type DigestOptions, type DigestSummary, type SystemSendFn } from './digest.js';
import { sendAsSystem, systemMailRefreshToken, systemSender } from './systemMail.js';

/** The app's address in the digest's links (production: https://<app domain>). */
export const appUrl = defineString('APP_URL', { default: 'http://localhost:5173' });

export const DIGEST_SECRETS = [...MAIL_SECRETS, systemMailRefreshToken];

/** The system mailbox, or null when the deployment has none configured. */
export function systemSend(): SystemSendFn | null {
  const sender = systemSender();
  if (!sender) return null;
  const config = googleConfig();
  return (mail) => sendAsSystem(config, sender, mail);
}

/** One run at `now`; without a system sender nothing is claimed (the digest waits for one). */
export async function runDigestPass(
  now: number,
  overrides: Partial<DigestOptions> = {},
): Promise<DigestSummary | { notConfigured: true }> {
  const send = overrides.send ?? systemSend();
  if (!send) {
    console.error('SYSTEM_MAIL_FROM or SYSTEM_MAIL_REFRESH_TOKEN is not set: no digest is sent');
    return { notConfigured: true };
  }
  return runDigests(db, { now, send, appUrl: appUrl.value().replace(/\/$/, ''), ...overrides });
}

export const dailyDigest = onSchedule(
  { schedule: '0 * * * *', timeZone: 'UTC', secrets: DIGEST_SECRETS, timeoutSeconds: 540, maxInstances: 1 },
  async () => {
    const summary = await runDigestPass(Date.now());
    console.log(`digest run: ${JSON.stringify(summary)}`);
  },
);
