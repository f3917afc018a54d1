import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { decryptToken, encryptToken, parseTokenKey } from '../src/mail/tokenCrypto.js';

const key = randomBytes(32);

describe('refresh tokens at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh nonce each time and no plaintext in the record', () => {
    const a = encryptToken(key, '1//0refresh-token', 'uid-1');
    const b = encryptToken(key, '1//0refresh-token', 'uid-1');
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(JSON.stringify(a)).not.toContain('refresh');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(decryptToken(key, a, 'uid-1')).toBe('1//0refresh-token');
  });

  it('refuses another owner, another key and any changed byte', () => {
    const token = encryptToken(key, 'secret', 'uid-1');
    expect(() => decryptToken(key, token, 'uid-2')).toThrow();
    expect(() => decryptToken(randomBytes(32), token, 'uid-1')).toThrow();
    const data = Buffer.from(token.data, 'base64');
    data[0] ^= 1;
    expect(() => decryptToken(key, { ...token, data: data.toString('base64') }, 'uid-1')).toThrow();
    expect(() => decryptToken(key, { ...token, v: 2 as 1 }, 'uid-1')).toThrow();
  });

  it('takes the key as 32 bytes of base64 or hex, nothing shorter', () => {
    expect(parseTokenKey(key.toString('base64'))).toEqual(key);
    expect(parseTokenKey(key.toString('hex'))).toEqual(key);
    expect(() => parseTokenKey('too-short')).toThrow(/32 bytes/);
  });
});
