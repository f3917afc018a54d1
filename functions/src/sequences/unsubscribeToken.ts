// Unsubscribe links: `{payload}.{signature}`, both base64url. The payload is the enrolment or the
// campaign the e-mail came from, the sha256 of the address it went to and the page's language; the signature
// is HMAC-SHA256(UNSUBSCRIBE_SECRET, payload). No login: whoever holds the link may opt that one
// address out of the organization's sequences, nothing else. Nothing is stored to check a link.
import { defineSecret } from 'firebase-functions/params';

import { isValidId, LANGUAGES, type Language, type UnsubscribePayload } from '@trato/model';

import { openLink, sealLink } from '../common/signedLink.js';
import { MIN_SECRET_LENGTH } from '../common/tokens.js';

/** Production: `firebase functions:secrets:set UNSUBSCRIBE_SECRET`; emulator: .secret.local. */
export const unsubscribeSecret = defineSecret('UNSUBSCRIBE_SECRET');

export function readUnsubscribeSecret(): string {
  const value = unsubscribeSecret.value();
  if (!value || value.length < MIN_SECRET_LENGTH) {
    throw new Error(`UNSUBSCRIBE_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  return value;
}

/** `s` the sequence, or `k` the campaign (links of sequences made before campaigns have `s`). */
interface Wire {
  o: string;
  s?: string;
  k?: string;
  c: string;
  e: string;
  l: Language;
}

export function unsubscribeToken(secret: string, p: UnsubscribePayload): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error('Unsubscribe secret too short');
  if ((p.sequenceId === null) === (p.campaignId === null))
    throw new Error('An unsubscribe link names a sequence or a campaign');
  const wire: Wire = {
    o: p.organizationId,
    ...(p.sequenceId !== null ? { s: p.sequenceId } : { k: p.campaignId! }),
    c: p.contactId,
    e: p.emailHash,
    l: p.lang,
  };
  return sealLink(secret, '', wire);
}

/** The payload of a genuine token, or null (malformed, forged, or signed with another secret). */
export function readUnsubscribeToken(secret: string, token: unknown): UnsubscribePayload | null {
  const wire = openLink<Wire>(secret, '', token, 2000);
  if (!wire) return null;
  const source = wire.s ?? wire.k;
  if ((wire.s === undefined) === (wire.k === undefined)) return null;
  const ids = [wire.o, source, wire.c];
  if (!ids.every((id) => typeof id === 'string' && isValidId(id))) return null;
  if (typeof wire.e !== 'string' || !/^[0-9a-f]{64}$/.test(wire.e)) return null;
  const lang: Language = LANGUAGES.includes(wire.l as Language) ? (wire.l as Language) : 'es';
  return {
    organizationId: wire.o!,
    sequenceId: wire.s ?? null,
    campaignId: wire.k ?? null,
    contactId: wire.c!,
    emailHash: wire.e,
    lang,
  };
}
