// The emulator's test hooks (sequencesRunNow, digestRunNow): HTTP functions exported only by the
// emulator build (src/index.emulator.ts), which answer 404 outside the emulator as well.
import type { Request } from 'firebase-functions/v2/https';

/** What a hook answers with (express's Response, as far as the hooks use it). */
interface HookResponse {
  status(code: number): { send(body: string): unknown; json(body: unknown): unknown };
}

/**
 * The hook's request — a POST with a JSON body whose `now` (ms or an ISO date, default: the
 * clock) is the run's time — or null when it has been answered (404, 405, 400).
 */
export function testHookRequest(
  req: Request,
  res: HookResponse,
): { body: Record<string, unknown>; now: number } | null {
  if (process.env.FUNCTIONS_EMULATOR !== 'true') {
    res.status(404).send('Not found');
    return null;
  }
  if (req.method !== 'POST') {
    res.status(405).send('POST only');
    return null;
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
    return null;
  }
  return { body, now };
}
