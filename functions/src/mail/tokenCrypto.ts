// Refresh tokens at rest: AES-256-GCM with the MAIL_TOKEN_KEY secret, a fresh 96-bit nonce per
// token, and the owner's uid as associated data (a token copied to another member's record does
// not decrypt). Only this ciphertext is stored; the plaintext never leaves the function.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface EncryptedToken {
  /** Format version, so the scheme can change without guessing. */
  v: 1;
  iv: string;
  data: string;
  tag: string;
}

/** The key as 32 bytes; accepts base64 (44 characters) or hex (64). */
export function parseTokenKey(secret: string): Buffer {
  const trimmed = secret.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('MAIL_TOKEN_KEY must be 32 bytes (base64 or hex).');
  return key;
}

export function encryptToken(key: Buffer, plaintext: string, owner: string): EncryptedToken {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    data: data.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/** Throws when the key, the owner or any byte differs (GCM authenticates all of them). */
export function decryptToken(key: Buffer, token: EncryptedToken, owner: string): string {
  if (token?.v !== 1) throw new Error('Unknown token format.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(token.iv, 'base64'));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(Buffer.from(token.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(token.data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
