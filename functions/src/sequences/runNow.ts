// sequencesRunNow: the emulator's test hook, one pass of the outbox (sequence steps and campaigns)
// with a given clock. Exported
// only by the emulator build (src/index.emulator.ts; build.mjs --emulator), so `firebase deploy`
// never creates it; it also answers 404 outside the emulator. Its crash and pause hooks wrap the
// send function: the production sender has no test options.
import { onRequest } from 'firebase-functions/v2/https';

import { testHookRequest } from '../common/testHook.js';
import { gmailSender, runPass, SEQUENCE_SECRETS } from './functions.js';
import { PassAborted, type SendFn } from '../outbox/deliver.js';

/** The longest pause a test may ask for between a claim and its send. */
const MAX_PAUSE_MS = 10_000;

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The send function with the test hooks around it: `crashAfterClaim` ends the pass at its first
 * send, as if the process died between the claim and Gmail; `pauseAfterClaimMs` waits before
 * each send, so that passes started meanwhile meet its claims (overlapping passes).
 */
export function withTestHooks(
  send: SendFn,
  hooks: { crashAfterClaim: boolean; pauseAfterClaimMs: number },
): SendFn {
  return async (member, mail) => {
    if (hooks.crashAfterClaim) throw new PassAborted('crash injected after the claim');
    if (hooks.pauseAfterClaimMs) await new Promise((resolve) => setTimeout(resolve, hooks.pauseAfterClaimMs));
    return send(member, mail);
  };
}

/**
 * Emulator only (404 elsewhere): POST JSON `{ now?: number (ms) | ISO string, organizationId?,
 * dailyCap?, runCap?, deadlineMs?, crashAfterClaim?, pauseAfterClaimMs? }` runs one pass with that
 * clock (only that organization's enrolments when given; claiming nothing after `deadlineMs` of
 * real time) and answers the RunSummary.
 */
export const sequencesRunNow = onRequest({ secrets: SEQUENCE_SECRETS }, async (req, res) => {
  const request = testHookRequest(req, res);
  if (!request) return;
  const { body, now } = request;
  const send = withTestHooks(gmailSender(), {
    crashAfterClaim: body.crashAfterClaim === true,
    pauseAfterClaimMs: Math.min(positiveInt(body.pauseAfterClaimMs) ?? 0, MAX_PAUSE_MS),
  });
  const deadlineMs = positiveInt(body.deadlineMs);
  try {
    const summary = await runPass(now, send, {
      ...(positiveInt(body.dailyCap) && { dailyCap: positiveInt(body.dailyCap) }),
      ...(positiveInt(body.runCap) && { runCap: positiveInt(body.runCap) }),
      ...(deadlineMs && { deadline: Date.now() + deadlineMs }),
      ...(typeof body.organizationId === 'string' && { onlyOrganizationId: body.organizationId }),
    });
    res.json(summary);
  } catch (error) {
    console.error('sequence run failed', error);
    res.status(500).json({ error: (error as Error).message });
  }
});
