/**
 * ID tokens signed RS256 with a key made at start-up and published at /oauth2/v1/certs (PEM, what
 * google-auth-library reads in Node) and /oauth2/v3/certs (JWK). Signed rather than unsigned so
 * that a server can call `verifyIdToken({idToken, audience})` exactly as in production, with
 * only the certs URLs pointed here. The key is never exported: an ID token is checked right after
 * it is issued, and the certs answers carry no max-age, so verifiers fetch the current key.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** Google's issuer, so verifyIdToken's default `issuers` accept the token unchanged. */
export const ISSUER = 'https://accounts.google.com';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class IdTokenSigner {
  readonly kid: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    const der = publicKey.export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(der).digest('hex').slice(0, 40);
  }

  sign(claims: Record<string, unknown>): string {
    const header = b64url(JSON.stringify({ alg: 'RS256', kid: this.kid, typ: 'JWT' }));
    const payload = b64url(JSON.stringify(claims));
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(this.privateKey);
    return `${header}.${payload}.${b64url(signature)}`;
  }

  /** `{kid: PEM}`, the shape of https://www.googleapis.com/oauth2/v1/certs. */
  pemCerts(): Record<string, string> {
    return { [this.kid]: this.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  }

  /** `{keys: [JWK]}`, the shape of https://www.googleapis.com/oauth2/v3/certs. */
  jwks(): { keys: Record<string, unknown>[] } {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: this.kid }] };
  }
}

/** `at_hash`: the left half of SHA-256 of the access token, base64url (OpenID Connect Core 3.1.3.6). */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

/** A stable 21-digit Google account id (`sub`) for an address. */
export function subjectOf(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  const n = digest.readBigUInt64BE(0) % 10n ** 20n;
  return `1${n.toString().padStart(20, '0')}`;
}
