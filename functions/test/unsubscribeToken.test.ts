import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { readUnsubscribeToken, unsubscribeToken } from '../src/sequences/unsubscribeToken.js';

const SECRET = 'x'.repeat(40);
const payload = {
  organizationId: 'org1',
  sequenceId: 'seq1',
  campaignId: null,
  contactId: 'c1',
  emailHash: 'a'.repeat(64),
  lang: 'en' as const,
};

describe('unsubscribe links', () => {
  it('round-trip: the payload back from a genuine token', () => {
    const token = unsubscribeToken(SECRET, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(SECRET, token)).toEqual(payload);
  });

  it('refuses forged, re-signed, damaged and malformed tokens', () => {
    const token = unsubscribeToken(SECRET, payload);
    const [body, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ o: 'org2', s: 'seq1', c: 'c1', e: 'a'.repeat(64), l: 'es' }));
    expect(readUnsubscribeToken(SECRET, `${other.toString('base64url')}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken('y'.repeat(40), token)).toBeNull();
    const flipped = signature[0] === 'A' ? 'B' : 'A';
    expect(readUnsubscribeToken(SECRET, `${body}.${flipped}${signature.slice(1)}`)).toBeNull();
    for (const bad of [null, 5, '', 'abc', `${body}.`, `${body}.${signature}.x`, 'a'.repeat(3000)])
      expect(readUnsubscribeToken(SECRET, bad)).toBeNull();
  });

  it("a campaign's link names the campaign; a link must name exactly one of the two", () => {
    const campaign = { ...payload, sequenceId: null, campaignId: 'camp1' };
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, campaign))).toEqual(campaign);
    expect(() => unsubscribeToken(SECRET, { ...payload, campaignId: 'camp1' })).toThrow();
    expect(() => unsubscribeToken(SECRET, { ...payload, sequenceId: null })).toThrow();
    // A signed payload naming both (or neither) is refused too.
    const sign = (wire: object) => {
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
      const mac = createHmac('sha256', SECRET).update(body, 'utf8').digest('base64url');
      return `${body}.${mac}`;
    };
    const base = { o: 'org1', c: 'c1', e: 'a'.repeat(64), l: 'es' };
    expect(readUnsubscribeToken(SECRET, sign({ ...base, s: 'seq1', k: 'camp1' }))).toBeNull();
    expect(readUnsubscribeToken(SECRET, sign(base))).toBeNull();
    expect(readUnsubscribeToken(SECRET, sign({ ...base, k: 'camp1' }))).toMatchObject({
      campaignId: 'camp1',
    });
  });

  it('an unknown language falls back to Spanish; a short secret is refused', () => {
    const token = unsubscribeToken(SECRET, { ...payload, lang: 'fr' as never });
    expect(readUnsubscribeToken(SECRET, token)?.lang).toBe('es');
    expect(() => unsubscribeToken('short', payload)).toThrow();
  });
});
