// The sequence functions: the scheduled sender (every 5 minutes), its emulator-only test hook
// (one pass with a given clock), and the public unsubscribe page.
import { defineInt, defineString } from 'firebase-functions/params';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';

import { SEQUENCE_DAILY_CAP_DEFAULT, SEQUENCE_RUN_CAP_DEFAULT } from '@trato/model';

import { db } from '../admin.js';
import { googleConfig, MAIL_SECRETS } from '../mail/google.js';
import { sendAsMember } from '../mail/mailer.js';
import { runSequences, type RunSummary, type SenderOptions } from './sender.js';
import { confirmationPage, recordOptOut } from './unsubscribe.js';
import { readUnsubscribeSecret, unsubscribeSecret } from './unsubscribeToken.js';

/** E-mails per mailbox per UTC day (below Gmail's ~500 for consumer accounts). */
export const sequenceDailyCap = defineInt('SEQUENCE_DAILY_CAP', { default: SEQUENCE_DAILY_CAP_DEFAULT });
/** E-mails one run sends at most. */
export const sequenceRunCap = defineInt('SEQUENCE_RUN_CAP', { default: SEQUENCE_RUN_CAP_DEFAULT });
/**
 * The public unsubscribe page's address. Production: `https://<app domain>/unsubscribe` (hosting
 * rewrite to the `unsubscribe` function, see README); emulator: the function's own URL.
 */
export const unsubscribeUrl = defineString('UNSUBSCRIBE_URL');

const SECRETS = [...MAIL_SECRETS, unsubscribeSecret];

function run(now: number, overrides: Partial<SenderOptions> = {}): Promise<RunSummary> {
  const config = googleConfig();
  return runSequences(db, (member, mail) => sendAsMember(db, config, member, mail), {
    now,
    dailyCap: sequenceDailyCap.value(),
    runCap: sequenceRunCap.value(),
    unsubscribeUrl: unsubscribeUrl.value(),
    unsubscribeSecret: readUnsubscribeSecret(),
    ...overrides,
  });
}

export const sequenceSender = onSchedule(
  { schedule: 'every 5 minutes', timeZone: 'UTC', secrets: SECRETS, timeoutSeconds: 300, maxInstances: 1 },
  async () => {
    const summary = await run(Date.now());
    console.log(`sequence run: ${JSON.stringify(summary)}`);
  },
);

const isEmulator = () => process.env.FUNCTIONS_EMULATOR === 'true';

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Emulator only (404 elsewhere): POST JSON `{ now?: number (ms) | ISO string, organizationId?,
 * dailyCap?, runCap?, crashAfterClaim?, pauseAfterClaimMs? }` runs one pass with that clock (only that
 * organization's enrolments when given) and answers the RunSummary.
 */
export const sequencesRunNow = onRequest({ secrets: SECRETS }, async (req, res) => {
  if (!isEmulator()) {
    res.status(404).send('Not found');
    return;
  }
  if (req.method !== 'POST') {
    res.status(405).send('POST only');
    return;
  }
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const now =
    typeof body.now === 'number'
      ? body.now
      : typeof body.now === 'string'
        ? Date.parse(body.now)
        : Date.now();
  if (!Number.isFinite(now)) {
    res.status(400).json({ error: 'now must be a number (ms) or an ISO date' });
    return;
  }
  try {
    const summary = await run(now, {
      ...(positiveInt(body.dailyCap) && { dailyCap: positiveInt(body.dailyCap) }),
      ...(positiveInt(body.runCap) && { runCap: positiveInt(body.runCap) }),
      crashAfterClaim: body.crashAfterClaim === true,
      ...(positiveInt(body.pauseAfterClaimMs) && {
        pauseAfterClaimMs: Math.min(positiveInt(body.pauseAfterClaimMs)!, 10_000),
      }),
      ...(typeof body.organizationId === 'string' && { onlyOrganizationId: body.organizationId }),
    });
    res.json(summary);
  } catch (error) {
    console.error('sequence run failed', error);
    res.status(500).json({ error: (error as Error).message });
  }
});

function tokenOf(req: Request): unknown {
  const fromQuery = req.query.t;
  if (typeof fromQuery === 'string') return fromQuery;
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?.t === 'string' ? body.t : null;
}

/** GET: the confirmation page; POST: the opt-out (the page's button, or RFC 8058 one-click). */
export const unsubscribe = onRequest({ secrets: [unsubscribeSecret] }, async (req, res) => {
  res.set('Cache-Control', 'no-store');
  res.set('X-Frame-Options', 'DENY');
  res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  res.set('Referrer-Policy', 'no-referrer');
  const secret = readUnsubscribeSecret();
  const token = tokenOf(req);
  let answer;
  if (req.method === 'GET' || req.method === 'HEAD') {
    answer = confirmationPage(secret, token);
  } else if (req.method === 'POST') {
    const body = req.body as Record<string, unknown> | undefined;
    const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
    answer = await recordOptOut(db, secret, token, oneClick ? 'one-click' : 'page');
  } else {
    res.status(405).send('');
    return;
  }
  res.status(answer.status).type('html').send(answer.html);
});
