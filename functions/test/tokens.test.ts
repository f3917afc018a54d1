import { createHash, createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  TOKEN_LENGTH,
  hashToken,
  invitationExpiry,
  invitationToken,
  isExpired,
  isWellFormedToken,
} from '../src/common/tokens.js';

const secret = 'a-test-secret-that-is-long-enough-000';

describe('invitation tokens', () => {
  it('are HMAC-SHA256(secret, invitationId) in base64url: 256 bits, 43 characters', () => {
    const token = invitationToken(secret, 'inv123');
    expect(token).toBe(createHmac('sha256', secret).update('inv123').digest('base64url'));
    expect(token).toHaveLength(TOKEN_LENGTH);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedToken(token)).toBe(true);
  });

  it('are deterministic per id and secret, and differ otherwise', () => {
    expect(invitationToken(secret, 'inv123')).toBe(invitationToken(secret, 'inv123'));
    expect(invitationToken(secret, 'inv124')).not.toBe(invitationToken(secret, 'inv123'));
    expect(invitationToken(`${secret}x`, 'inv123')).not.toBe(invitationToken(secret, 'inv123'));
  });

  it('refuse a short secret', () => {
    expect(() => invitationToken('short', 'inv123')).toThrow();
    expect(() => invitationToken('', 'inv123')).toThrow();
  });

  it('are stored as sha256 hex, which is not the token', () => {
    const token = invitationToken(secret, 'inv123');
    const hash = hashToken(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('shape check refuses anything else before a lookup', () => {
    const token = invitationToken(secret, 'x');
    for (const bad of [
      undefined,
      null,
      42,
      '',
      token.slice(1),
      `${token}A`,
      `${token.slice(1)}/`,
      `${token.slice(1)}=`,
    ]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });

  it('expire 7 days after creation, at the instant itself', () => {
    const created = Date.UTC(2026, 0, 1);
    const expires = invitationExpiry(created);
    expect(expires - created).toBe(7 * 24 * 3600 * 1000);
    expect(isExpired(expires, expires - 1)).toBe(false);
    expect(isExpired(expires, expires)).toBe(true);
  });
});
