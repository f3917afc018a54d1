// Double opt-in links (pure): they open only what they were signed for.
import { describe, expect, it } from 'vitest';

import { consentToken, readConsentToken } from '../src/forms/consentToken.js';
import { readUnsubscribeToken, unsubscribeToken } from '../src/sequences/unsubscribeToken.js';

const SECRET = 'x'.repeat(40);
const link = { organizationId: 'org1', contactId: 'c1', consentId: 'k1', lang: 'en' as const };

describe('consent links', () => {
  it('open what they were signed for, in their language', () => {
    expect(readConsentToken(SECRET, consentToken(SECRET, link))).toEqual(link);
  });

  it('refuse another secret, an altered payload or signature, and anything not a link', () => {
    const token = consentToken(SECRET, link);
    expect(readConsentToken('y'.repeat(40), token)).toBeNull();
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ o: 'org2', c: 'c1', k: 'k1', l: 'en' })).toString('base64url');
    expect(readConsentToken(SECRET, `${other}.${signature}`)).toBeNull();
    expect(readConsentToken(SECRET, `${payload}.${'A'.repeat(43)}`)).toBeNull();
    for (const bad of [null, 42, '', 'a.b', `${token}x`, 'x'.repeat(1001)])
      expect(readConsentToken(SECRET, bad)).toBeNull();
  });

  it('neither kind of link stands for the other', () => {
    const unsubscribe = unsubscribeToken(SECRET, {
      organizationId: 'org1',
      sequenceId: 's1',
      campaignId: null,
      contactId: 'c1',
      emailHash: 'a'.repeat(64),
      lang: 'es',
    });
    expect(readConsentToken(SECRET, unsubscribe)).toBeNull();
    expect(readUnsubscribeToken(SECRET, consentToken(SECRET, link))).toBeNull();
  });
});
