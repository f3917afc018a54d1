/**
 * Credentials -> Caller, as the official emulator does it: no signature checks.
 *   `Bearer owner`        -> owner (rules bypass: firebase-admin, withSecurityRulesDisabled)
 *   `Bearer <JWT>`        -> the decoded payload: uid = sub || user_id, token = all claims
 *   no Authorization      -> signed out
 * Anything else is UNAUTHENTICATED.
 */
import { Code, FirestoreError, OWNER } from '../model.js';
import type { Caller } from '../model.js';

const SIGNED_OUT: Caller = { kind: 'user', auth: null };

function unauthenticated(why: string): FirestoreError {
  return new FirestoreError(Code.UNAUTHENTICATED, `Invalid authorization: ${why}`);
}

export function callerFromAuthorization(header: string | undefined | null): Caller {
  if (header === undefined || header === null || header.trim() === '') return SIGNED_OUT;
  const m = /^\s*(Bearer|Firebase)\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthenticated('expected "Bearer <token>".');
  const token = m[2];
  if (token === 'owner') return OWNER;
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 2) throw unauthenticated('the token is not a JWT.');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw unauthenticated('the token payload is not JSON.');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw unauthenticated('the token payload is not an object.');
  }
  const record = claims as Record<string, unknown>;
  const uid = typeof record.sub === 'string' && record.sub ? record.sub : record.user_id;
  if (typeof uid !== 'string' || uid === '') throw unauthenticated('the token has no "sub" or "user_id".');
  return { kind: 'user', auth: { uid, token: record } };
}

/** For log lines: who asked. */
export function describeCaller(caller: Caller): string {
  if (caller.kind === 'owner') return 'owner';
  return caller.auth ? `uid=${caller.auth.uid}` : 'signed-out';
}
