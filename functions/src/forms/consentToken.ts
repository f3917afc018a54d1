// Double opt-in links: `{payload}.{signature}`, both base64url, like the unsubscribe links and
// signed with the same secret, but over 'consent.' + payload, so that neither kind of link can
// stand for the other. The payload names the pending consent record, its contact and the page's
// language. No login: whoever holds the link may confirm that one consent, nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';

import { isValidId, LANGUAGES, type Language } from '@trato/model';

import { MIN_SECRET_LENGTH } from '../common/tokens.js';

export interface ConsentLink {
  organizationId: string;
  contactId: string;
  /** The pending consent record the e-mail asks to confirm. */
  consentId: string;
  lang: Language;
}

interface Wire {
  o: string;
  c: string;
  k: string;
  l: Language;
}

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`consent.${payload}`, 'utf8').digest();
}

export function consentToken(secret: string, link: ConsentLink): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error('Consent secret too short');
  const wire: Wire = { o: link.organizationId, c: link.contactId, k: link.consentId, l: link.lang };
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The link of a genuine token, or null (malformed, forged, or signed for something else). */
export function readConsentToken(secret: string, token: unknown): ConsentLink | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, payload, signature] = m;
  const expected = sign(secret, payload!);
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return null;
  }
  if (![wire.o, wire.c, wire.k].every((id) => typeof id === 'string' && isValidId(id))) return null;
  const lang: Language = LANGUAGES.includes(wire.l as Language) ? (wire.l as Language) : 'es';
  return { organizationId: wire.o!, contactId: wire.c!, consentId: wire.k!, lang };
}
