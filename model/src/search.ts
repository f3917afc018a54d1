/**
 * Search tokens: Firestore has no substring search, so searchable documents keep
 * `searchTokens: string[]` — lower case, accents folded, every word's prefixes of length
 * SEARCH_MIN_CHARS..SEARCH_TOKEN_MAX_LENGTH code points, letters and digits only
 * (SEARCH_TOKEN_PATTERN, checked element by element by the rules) — and a search is
 * `array-contains` of the normalised query's longest word, the remaining words filtered on the
 * page client-side.
 */
import { SEARCH_MIN_CHARS, SEARCH_TOKEN_MAX_LENGTH, SEARCH_TOKENS_MAX } from './constants.js';

/** Lower case, accents folded (á→a, ñ→n, ü→u), anything but letters and digits becomes a space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function words(text: string): string[] {
  const n = normalizeText(text);
  return n ? n.split(' ') : [];
}

/**
 * Tokens for a document from its searchable texts, most important first (the cap keeps the
 * first texts' tokens). Besides each word, an e-mail or phone also yields its whole compact
 * form (e.g. "ana.perez@x.com" → "anaperezxcom" prefixes), so typing it without separators works.
 */
export function searchTokens(...texts: Array<string | null | undefined>): string[] {
  const out = new Set<string>();
  // Lengths count code points, as the rules do (a letter outside the BMP is one character).
  const add = (word: string) => {
    const chars = Array.from(word);
    const max = Math.min(chars.length, SEARCH_TOKEN_MAX_LENGTH);
    for (let len = SEARCH_MIN_CHARS; len <= max; len++) {
      if (out.size >= SEARCH_TOKENS_MAX) return;
      out.add(chars.slice(0, len).join(''));
    }
  };
  for (const text of texts) {
    if (!text) continue;
    const ws = words(text);
    for (const w of ws) add(w);
    if (ws.length > 1 && /[@.\-+()\d]/.test(text)) add(ws.join(''));
  }
  return [...out];
}

/**
 * The token to query with: the longest normalised word of the input, cut to the token length;
 * null when the input is too short to search (fewer than SEARCH_MIN_CHARS).
 */
export function searchQueryToken(input: string): string | null {
  const ws = words(input)
    .map((w) => Array.from(w))
    .filter((w) => w.length >= SEARCH_MIN_CHARS);
  if (!ws.length) return null;
  const longest = ws.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.slice(0, SEARCH_TOKEN_MAX_LENGTH).join('');
}

/** Client-side refinement after the array-contains query: every query word prefixes some word. */
export function matchesSearch(input: string, ...texts: Array<string | null | undefined>): boolean {
  const qs = words(input);
  if (!qs.length) return true;
  const hay = texts.flatMap((t) => (t ? words(t) : []));
  const compact = texts.flatMap((t) => (t ? [words(t).join('')] : []));
  return qs.every((q) => hay.some((w) => w.startsWith(q)) || compact.some((c) => c.includes(q)));
}

/** Which fields feed each searchable entity's tokens (order = importance). */
export const SEARCH_FIELDS = {
  companies: ['name', 'industry', 'city'],
  contacts: ['name', 'email', 'companyName', 'jobTitle', 'phone', 'city'],
  deals: ['title', 'companyName', 'primaryContactName'],
  documents: ['fileName'],
  tasks: ['title', 'contactName', 'companyName', 'description'],
  meetings: ['title', 'contactName', 'companyName', 'notes'],
  tickets: ['ticketName', 'contactName', 'companyName', 'description'],
} as const;
export type SearchableCollection = keyof typeof SEARCH_FIELDS;

/** Tokens for an entity of a searchable collection, from the fields listed in SEARCH_FIELDS. */
export function tokensFor(collection: SearchableCollection, data: Record<string, unknown>): string[] {
  return searchTokens(
    ...SEARCH_FIELDS[collection].map((f) => (typeof data[f] === 'string' ? (data[f] as string) : null)),
  );
}
