import { describe, expect, it } from 'vitest';

import { SEARCH_TOKEN_MAX_LENGTH, SEARCH_TOKEN_PATTERN, SEARCH_TOKENS_MAX } from './constants.js';
import { matchesSearch, normalizeText, searchQueryToken, searchTokens, tokensFor } from './search.js';

describe('search tokens', () => {
  it('folds accents and case', () => {
    expect(normalizeText('  Ñandú  Ángel-MÜLLER ')).toBe('nandu angel muller');
  });

  it('makes word prefixes of 2+ characters', () => {
    const t = searchTokens('José Pérez');
    expect(t).toEqual(expect.arrayContaining(['jo', 'jos', 'jose', 'pe', 'per', 'pere', 'perez']));
    expect(t).not.toContain('j');
  });

  it('adds the compact form of e-mails and phones', () => {
    const t = searchTokens('ana.perez@acme.com');
    expect(t).toContain('anaperez');
    expect(searchTokens('+504 9999-1234')).toContain('50499991234');
  });

  it('is capped and deduplicated', () => {
    const t = searchTokens('x'.repeat(10), ...Array.from({ length: 100 }, (_, i) => `word${i}abcdefghijkl`));
    // 100 long words make far more prefixes than the cap, so the list is full, not empty.
    expect(t).toHaveLength(SEARCH_TOKENS_MAX);
    expect(new Set(t).size).toBe(t.length);
    expect(t.every((s) => s.length <= SEARCH_TOKEN_MAX_LENGTH)).toBe(true);
  });

  it('every token is what the rules accept: 2–20 letters or digits, counted in code points', () => {
    const texts = [
      'José Pérez-Ñúñez',
      'ana.perez@acme.com',
      '+504 9999-1234',
      '𝓐𝓷𝓪 𝓜𝓪𝓻𝓲𝓪',
      '北京市朝阳区',
      'x'.repeat(40),
    ];
    const t = searchTokens(...texts);
    expect(t.length).toBeGreaterThan(20);
    for (const token of t) expect(token).toMatch(SEARCH_TOKEN_PATTERN);
    // Letters outside the BMP are one character each, never split in halves.
    expect(searchTokens('𝓐𝓷𝓪')).toEqual(['𝓐𝓷', '𝓐𝓷𝓪']);
    expect(searchQueryToken('𝓐'.repeat(30))).toBe('𝓐'.repeat(20));
  });

  it('query token is the longest word, null under 2 characters', () => {
    expect(searchQueryToken('a')).toBeNull();
    expect(searchQueryToken('  ')).toBeNull();
    expect(searchQueryToken('Ana Pérez')).toBe('perez');
    expect(searchTokens('Ana Pérez')).toContain(searchQueryToken('ana PÉR'));
  });

  it('refines client-side', () => {
    expect(matchesSearch('ana per', 'Ana Pérez')).toBe(true);
    expect(matchesSearch('ana lo', 'Ana Pérez')).toBe(false);
    expect(matchesSearch('', 'x')).toBe(true);
  });

  it('tokens per entity come from its searchable fields', () => {
    const t = tokensFor('contacts', {
      name: 'Lucía',
      email: 'lu@x.hn',
      city: 'Tegucigalpa',
      ownerId: 'zzzz',
    });
    expect(t).toContain('lucia');
    expect(t).toContain('teguc');
    expect(t).not.toContain('zzzz');
  });
});
