// digestRunNow: the emulator's test hook, one digest run with a given clock. Exported only by the
// emulator build (src/index.emulator.ts), and 404 outside the emulator.
import { onRequest } from 'firebase-functions/v2/https';

import { testHookRequest } from '../common/testHook.js';
import { DIGEST_SECRETS, runDigestPass } from './functions.js';

/**
 * Emulator only: POST JSON `{ now?: number (ms) | ISO string, uid? }` runs one digest run with
 * that clock (only that member's when given) and answers its summary.
 */
export const digestRunNow = onRequest({ secrets: DIGEST_SECRETS }, async (req, res) => {
  const request = testHookRequest(req, res);
  if (!request) return;
  const { body, now } = request;
  try {
    res.json(await runDigestPass(now, typeof body.uid === 'string' ? { onlyUid: body.uid } : {}));
  } catch (error) {
    console.error('digest run failed', error);
    res.status(500).json({ error: (error as Error).message });
  }
});
