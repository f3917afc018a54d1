/**
 * What the local stand-ins' test controls (`/__control/` of the local Stripe and the local Google)
 * share: JSON in, JSON out, errors with an HTTP status.
 */
import type { ServerResponse } from 'node:http';

/** A refused control request: answered with `status` and `{ error: message }`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(body);
}

export type Json = Record<string, unknown>;

/** A control request's body: empty is `{}`, anything but a JSON object is refused. */
export function parseJson(raw: string): Json {
  if (!raw.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new ControlError(400, 'The body must be JSON.');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new ControlError(400, 'The body must be a JSON object.');
  return v as Json;
}

/** A finite number, else undefined. */
export const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
