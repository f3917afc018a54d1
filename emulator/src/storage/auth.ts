/**
 * Who is calling: the `owner` bypass (admin SDK, withSecurityRulesDisabled), a signed-in user from
 * an ID token, or nobody. Like the official emulator, token signatures are NOT checked: the
 * payload is only decoded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from '../firestore/model.js';

export class AuthError extends Error {}

export function decodeIdToken(jwt: string): { uid: string; token: Record<string, unknown> } {
  const parts = jwt.split('.');
  if (parts.length < 2) throw new AuthError('Malformed ID token.');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new AuthError('Malformed ID token payload.');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new AuthError('Malformed ID token payload.');
  }
  const claims = payload as Record<string, unknown>;
  const uid = claims.sub ?? claims.user_id;
  if (typeof uid !== 'string' || uid === '') throw new AuthError('ID token has no sub/user_id.');
  return { uid, token: claims };
}

/**
 * `Authorization: Firebase <token>` (web SDK) or `Bearer <token>`; the token `owner` bypasses
 * rules. `adminWithoutAuth` treats a header-less call from the GCS client library as admin: with a
 * custom endpoint @google-cloud/storage sends no credentials (firebase-admin's getDownloadURL
 * reads /v0 metadata that way).
 */
export function callerFromHeaders(headers: IncomingHttpHeaders): Caller {
  const raw = headers.authorization;
  if (!raw) {
    const client = headers['x-goog-api-client'];
    if (typeof client === 'string' && /\bgccl\//.test(client)) return { kind: 'owner' };
    return { kind: 'user', auth: null };
  }
  const m = /^\s*(Firebase|Bearer)\s+(\S+)\s*$/i.exec(raw);
  if (!m) throw new AuthError('Unsupported Authorization header (expected "Firebase <ID token>").');
  const token = m[2];
  if (token === 'owner') return { kind: 'owner' };
  return { kind: 'user', auth: decodeIdToken(token) };
}
