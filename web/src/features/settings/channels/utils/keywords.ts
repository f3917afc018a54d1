import { OPT_OUT_KEYWORD_MAX_LENGTH, OPT_OUT_KEYWORDS_MAX } from '@trato/model';

/** Why a word cannot be added to the opt-out keywords (settings `channels.settings.keywordErrors`). */
export type KeywordError = 'empty' | 'tooLong' | 'duplicate' | 'full';

/** Compared as the webhook compares them: case and accents ignored. */
export const foldKeyword = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toUpperCase();

/** A word typed into the keywords' field: trimmed, or why it cannot be added. */
export function checkKeyword(
  typed: string,
  keywords: readonly string[],
): { ok: true; word: string } | { ok: false; error: KeywordError } {
  const word = typed.trim();
  if (!foldKeyword(word)) return { ok: false, error: 'empty' };
  if (Array.from(word).length > OPT_OUT_KEYWORD_MAX_LENGTH) return { ok: false, error: 'tooLong' };
  if (keywords.some((k) => foldKeyword(k) === foldKeyword(word))) return { ok: false, error: 'duplicate' };
  if (keywords.length >= OPT_OUT_KEYWORDS_MAX) return { ok: false, error: 'full' };
  return { ok: true, word };
}

/** Whether a list can be saved: 1 to OPT_OUT_KEYWORDS_MAX words (each checked when added). */
export function keywordsError(keywords: readonly string[]): 'none' | 'full' | null {
  if (keywords.length === 0) return 'none';
  if (keywords.length > OPT_OUT_KEYWORDS_MAX) return 'full';
  return null;
}

/** Words pasted or typed with separators ('STOP, BAJA'): each one. */
export function splitKeywords(typed: string): string[] {
  return typed
    .split(/[,;\n]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * Adds the words typed (one, or several separated by commas) to the list: the list after, what
 * stays in the field (from the first word refused on), and why that word was refused.
 */
export function addWords(
  keywords: readonly string[],
  typed: string,
): { keywords: string[]; rest: string; error: KeywordError | null } {
  const words = splitKeywords(typed);
  const next = [...keywords];
  for (const [index, word] of words.entries()) {
    const checked = checkKeyword(word, next);
    if (!checked.ok) return { keywords: next, rest: words.slice(index).join(', '), error: checked.error };
    next.push(checked.word);
  }
  return { keywords: next, rest: '', error: null };
}
