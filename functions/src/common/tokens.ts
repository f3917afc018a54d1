// Invitation tokens: HMAC-SHA256(secret, invitationId) in base64url (256 bits, 43 characters).
// Only sha256(token) is stored (invitation.tokenHash and the invitationTokens/{hash} lookup), so a
// database leak yields no usable link, and an admin's copy-link rebuilds the token from the id.
import { createHash, createHmac } from 'node:crypto';

import { INVITATION_EXPIRY_DAYS } from '@trato/model';

export const TOKEN_LENGTH = 43;
/** A secret shorter than this is a configuration mistake, not a key. */
export const MIN_SECRET_LENGTH = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function invitationToken(secret: string, invitationId: string): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error('Invitation secret too short');
  return createHmac('sha256', secret).update(invitationId, 'utf8').digest('base64url');
}

/** sha256 of the token, hex: the stored form (also a valid document id). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check before any lookup: anything else cannot be one of our tokens. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export function invitationExpiry(createdAtMs: number): number {
  return createdAtMs + INVITATION_EXPIRY_DAYS * 24 * 60 * 60 * 1000;
}

export function isExpired(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs <= nowMs;
}
