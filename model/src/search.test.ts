import { describe, expect, it } from 'vitest';

import {
  SEARCH_TOKEN_MAX_LENGTH,
  SEARCH_TOKEN_PATTERN,
  SEARCH_TOKENS_MAX,
  SEARCH_WORDS_MAX,
} from './constants.js';
import {
  normalizeText,
  searchIndexOf,
  searchQueryToken,
  searchesSeveralWords,
  searchQueryWords,
  searchTokens,
  tokensFor,
} from './search.js';
import { withDerivedFields } from './write.js';

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

  it('query words: every word of 2+ characters, longest first, none implied by another', () => {
    expect(searchQueryWords('zzqx Ana')).toEqual(['zzqx', 'ana']);
    // Equal lengths keep the typed order; repeats and case or accents make no difference.
    expect(searchQueryWords('Ana ANA ána Luz')).toEqual(['ana', 'luz']);
    // "an" and "pe" are prefixes of "ana" and "perez": a document with those tokens has them too.
    expect(searchQueryWords('an ana pe pérez')).toEqual(['perez', 'ana']);
    // One-character words cannot be tokens.
    expect(searchQueryWords('a b c')).toEqual([]);
    expect(searchQueryWords('ana p')).toEqual(['ana']);
    expect(searchQueryWords('x'.repeat(30))).toEqual(['x'.repeat(SEARCH_TOKEN_MAX_LENGTH)]);
    const many = Array.from({ length: 15 }, (_, i) => `w${'x'.repeat(i)}${String.fromCharCode(97 + i)}`);
    const kept = searchQueryWords(many.join(' '));
    expect(kept).toHaveLength(SEARCH_WORDS_MAX);
    expect(kept[0]).toBe(many[14]);
  });

  it("every query word of a document's own text is one of its tokens (what the server matches)", () => {
    const contact = { name: 'Ana Pérez', email: 'ana.perez@acme.hn', city: 'San Pedro Sula' };
    const { searchTokens: tokens, searchIndex } = withDerivedFields('contacts', contact);
    for (const typed of ['ana per', 'PÉREZ san', 'sula ana acme', 'anaperez pedro'])
      for (const word of searchQueryWords(typed)) {
        expect(tokens).toContain(word);
        expect(searchIndex[word]).toBe(true);
      }
    expect(searchQueryWords('zzqx ana').every((w) => searchIndex[w])).toBe(false);
  });

  it('several words: two or more words of 2+ characters that do not prefix each other', () => {
    expect(searchesSeveralWords('zzqx Ana')).toBe(true);
    expect(searchesSeveralWords('Ana')).toBe(false);
    expect(searchesSeveralWords('ana a')).toBe(false);
    expect(searchesSeveralWords('ana an')).toBe(false);
    expect(searchesSeveralWords('')).toBe(false);
  });

  it('searchIndex has exactly the tokens as keys, each true', () => {
    const tokens = searchTokens('José Pérez');
    const index = searchIndexOf(tokens);
    expect(Object.keys(index).sort()).toEqual([...tokens].sort());
    expect(new Set(Object.values(index))).toEqual(new Set([true]));
    expect(searchIndexOf([])).toEqual({});
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
