// Double opt-in links: `{payload}.{signature}`, both base64url, like the unsubscribe links and
// signed with the same secret, but over 'consent.' + payload, so that neither kind of link can
// stand for the other. The payload names the pending consent record, its contact and the page's
// language. No login: whoever holds the link may confirm that one consent, nothing else.
import { isValidId, LANGUAGES, type Language } from '@trato/model';

import { openLink, sealLink } from '../common/signedLink.js';
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

const PURPOSE = 'consent.';

export function consentToken(secret: string, link: ConsentLink): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error('Consent secret too short');
  const wire: Wire = { o: link.organizationId, c: link.contactId, k: link.consentId, l: link.lang };
  return sealLink(secret, PURPOSE, wire);
}

/** The link of a genuine token, or null (malformed, forged, or signed for something else). */
export function readConsentToken(secret: string, token: unknown): ConsentLink | null {
  const wire = openLink<Wire>(secret, PURPOSE, token, 1000);
  if (!wire || ![wire.o, wire.c, wire.k].every((id) => typeof id === 'string' && isValidId(id))) return null;
  const lang: Language = LANGUAGES.includes(wire.l as Language) ? (wire.l as Language) : 'es';
  return { organizationId: wire.o!, contactId: wire.c!, consentId: wire.k!, lang };
}
