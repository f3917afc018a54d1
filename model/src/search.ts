/**
 * Search tokens: Firestore has no substring search, so searchable documents keep their tokens —
 * lower case, accents folded, every word's prefixes of length SEARCH_MIN_CHARS..
 * SEARCH_TOKEN_MAX_LENGTH code points, letters and digits only (SEARCH_TOKEN_PATTERN, checked
 * element by element by the rules) — twice, written together in the same write:
 *
 * - `searchTokens: string[]` for a search of one word: `array-contains` with the list's own
 *   order (a composite index of searchTokens + createdAt, name or startTime);
 * - `searchIndex: { [token]: true }` for a search of several words: one equality filter per word
 *   (`searchIndex.ana == true && searchIndex.zzqx == true`), which Firestore answers by merging
 *   the single-field indexes of those map keys (zig-zag merge join) without a composite index,
 *   so every word is matched on the server and pages come back full. A composite index cannot
 *   name map keys that vary, so such a query cannot also be ordered by a field: its results come
 *   in document id order (ids are random: a stable, arbitrary order).
 *
 * Only one `array-contains` is allowed per query, so the array alone could match one word and
 * leave the others to the page (short or empty pages, a count of the wrong query).
 */
import {
  SEARCH_MIN_CHARS,
  SEARCH_TOKEN_MAX_LENGTH,
  SEARCH_TOKENS_MAX,
  SEARCH_WORDS_MAX,
} from './constants.js';

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

/** A document's `searchIndex`: its search tokens as the keys of a map. */
export function searchIndexOf(tokens: readonly string[]): Record<string, true> {
  return Object.fromEntries(tokens.map((token) => [token, true] as const));
}

/**
 * The words a search matches on the server, each as the token to look up: the normalised words
 * of SEARCH_MIN_CHARS or more code points (shorter ones cannot be tokens), cut to the token
 * length, longest first (the most selective), without repeats or words that prefix another one
 * (a document with the token "perez" has "pe" too), at most SEARCH_WORDS_MAX.
 */
export function searchQueryWords(input: string): string[] {
  const cut = words(input)
    .map((w) => Array.from(w))
    .filter((w) => w.length >= SEARCH_MIN_CHARS)
    .map((w) => w.slice(0, SEARCH_TOKEN_MAX_LENGTH).join(''));
  // Stable: words of equal length keep the order they were typed in.
  const longestFirst = [...new Set(cut)].sort((a, b) => Array.from(b).length - Array.from(a).length);
  const kept: string[] = [];
  for (const w of longestFirst) if (!kept.some((k) => k.startsWith(w))) kept.push(w);
  return kept.slice(0, SEARCH_WORDS_MAX);
}

/**
 * Whether a search is matched word by word on searchIndex (several words) rather than by the
 * token of its one word on searchTokens.
 */
export function searchesSeveralWords(input: string): boolean {
  return searchQueryWords(input).length > 1;
}

/**
 * The token to query with when one word is searched: the longest normalised word of the input,
 * cut to the token length; null when the input is too short to search (fewer than
 * SEARCH_MIN_CHARS).
 */
export function searchQueryToken(input: string): string | null {
  return searchQueryWords(input)[0] ?? null;
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
