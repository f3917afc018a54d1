// The outbox's functions: the scheduled sender (every 5 minutes: sequence steps and campaigns, one
// engine, outbox/run.ts) and the public unsubscribe page.
// The emulator's test hook, sequencesRunNow, is in runNow.ts (exported by the emulator build only).
import { defineInt, defineString } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';

import {
  SEQUENCE_RUN_CAP_DEFAULT,
  SEQUENCE_RUN_DEADLINE_MARGIN_SECONDS,
  SEQUENCE_RUN_TIMEOUT_SECONDS,
} from '@trato/model';

import { db } from '../common/admin.js';
import { servePublicPage, tokenOf } from '../common/publicPage.js';
import { googleConfig, MAIL_SECRETS } from '../mail/google.js';
import { sendAsMember } from '../mail/mailer.js';
import { mailboxDailyCap } from '../mail/quota.js';
import { runOutbox, type OutboxSummary } from '../outbox/run.js';
import type { OutboxOptions } from '../outbox/budget.js';
import type { SendFn } from '../outbox/deliver.js';
import { graphBase, whatsappTokenKey } from '../whatsapp/graph.js';
import { confirmationPage, recordOptOut, recordTopicChoices } from './unsubscribe.js';
import { readUnsubscribeSecret, unsubscribeSecret } from './unsubscribeToken.js';

/** E-mails one run sends at most. */
export const sequenceRunCap = defineInt('SEQUENCE_RUN_CAP', { default: SEQUENCE_RUN_CAP_DEFAULT });
/**
 * The public unsubscribe page's address. Production: `https://<app domain>/unsubscribe` (hosting
 * rewrite to the `unsubscribe` function, see README); emulator: the function's own URL.
 */
export const unsubscribeUrl = defineString('UNSUBSCRIBE_URL');

export const SEQUENCE_SECRETS = [...MAIL_SECRETS, unsubscribeSecret, whatsappTokenKey];

/** Gmail through the member's connection: what a pass sends with. */
export function gmailSender(): SendFn {
  const config = googleConfig();
  return (member, mail) => sendAsMember(db, config, member, mail);
}

/** One pass at `now` with the deployment's caps, unless `overrides` says otherwise. */
export function runPass(
  now: number,
  send: SendFn,
  overrides: Partial<OutboxOptions> = {},
): Promise<OutboxSummary> {
  return runOutbox(db, send, {
    now,
    dailyCap: mailboxDailyCap.value(),
    runCap: sequenceRunCap.value(),
    deadline: Date.now() + (SEQUENCE_RUN_TIMEOUT_SECONDS - SEQUENCE_RUN_DEADLINE_MARGIN_SECONDS) * 1000,
    unsubscribeUrl: unsubscribeUrl.value(),
    unsubscribeSecret: readUnsubscribeSecret(),
    whatsapp: { base: graphBase(), tokenKey: whatsappTokenKey.value() },
    ...overrides,
  });
}

export const outboxSender = onSchedule(
  {
    schedule: 'every 5 minutes',
    timeZone: 'UTC',
    secrets: SEQUENCE_SECRETS,
    timeoutSeconds: SEQUENCE_RUN_TIMEOUT_SECONDS,
    maxInstances: 1,
  },
  async () => {
    const summary = await runPass(Date.now(), gmailSender());
    console.log(`outbox run: ${JSON.stringify(summary)}`);
  },
);

/** The form's ticked topics: none, one (a string) or several (an array), as the body parser gives them. */
function keptTopics(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((v): v is string => typeof v === 'string').slice(0, 100);
}

/**
 * GET: the preference centre (or the confirmation when the organization has no topics); POST: the
 * topics kept, or the opt-out of everything (the page's button, or RFC 8058 one-click).
 */
export const unsubscribe = onRequest({ secrets: [unsubscribeSecret] }, async (req, res) => {
  const secret = readUnsubscribeSecret();
  const token = tokenOf(req);
  await servePublicPage(req, res, {
    get: () => confirmationPage(db, secret, token),
    post: () => {
      const body = req.body as Record<string, unknown> | undefined;
      if (body?.action === 'topics') return recordTopicChoices(db, secret, token, keptTopics(body.topic));
      const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
      return recordOptOut(db, secret, token, oneClick ? 'one-click' : 'page');
    },
  });
});
