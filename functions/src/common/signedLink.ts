// Signed links (no login, nothing stored to check them): `{payload}.{signature}`, both base64url;
// the payload is a small JSON object, the signature HMAC-SHA256(secret, purpose + payload). The
// purpose keeps one kind of link from standing for another signed with the same secret (the
// unsubscribe links have none, from before there were other kinds; payloads never contain '.').
import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(secret: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}${payload}`, 'utf8').digest();
}

export function sealLink(secret: string, purpose: string, wire: object): string {
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, purpose, payload).toString('base64url')}`;
}

/** The payload of a genuine link (its fields unchecked), or null: malformed, too long, forged. */
export function openLink<T extends object>(
  secret: string,
  purpose: string,
  token: unknown,
  maxLength: number,
): Partial<T> | null {
  if (typeof token !== 'string' || token.length > maxLength) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, payload, signature] = m;
  const expected = sign(secret, purpose, payload!);
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const wire: unknown = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    return typeof wire === 'object' && wire !== null ? (wire as Partial<T>) : null;
  } catch {
    return null;
  }
}
