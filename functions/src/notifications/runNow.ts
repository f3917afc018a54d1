// digestRunNow: the emulator's test hook, one digest run with a given clock. Exported only by the
// emulator build (src/index.emulator.ts), and 404 outside the emulator.
import { onRequest } from 'firebase-functions/v2/https';

import { DIGEST_SECRETS, runDigestPass } from './functions.js';

/**
 * Emulator only: POST JSON `{ now?: number (ms) | ISO string, uid? }` runs one digest run with
 * that clock (only that member's when given) and answers its summary.
 */
export const digestRunNow = onRequest({ secrets: DIGEST_SECRETS }, async (req, res) => {
  if (process.env.FUNCTIONS_EMULATOR !== 'true') {
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
    res.json(await runDigestPass(now, typeof body.uid === 'string' ? { onlyUid: body.uid } : {}));
  } catch (error) {
    console.error('digest run failed', error);
    res.status(500).json({ error: (error as Error).message });
  }
});
