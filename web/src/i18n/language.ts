export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** localStorage key that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'trato.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The remembered language, or Spanish when nothing (valid) is stored. */
export function readStoredLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the choice simply is not remembered.
  }
}

/** The language this device chose (the toggle, a preference), or null when it never chose. */
export function storedLanguageChoice(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Language | null {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language this device and a person's profile last agreed on (languageSync). */
const syncedKey = (uid: string) => `trato.lang.synced.${uid}`;

export function syncedLanguage(
  uid: string,
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Language | null {
  try {
    const synced = storage?.getItem(syncedKey(uid));
    return isLanguage(synced) ? synced : null;
  } catch {
    return null;
  }
}

export function rememberSyncedLanguage(
  uid: string,
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(syncedKey(uid), language);
  } catch {
    // Not remembered: the next sign-in compares afresh.
  }
}

/** What to do when the profile's language and this device's meet (issue 30). */
export type LanguageSync =
  | { kind: 'agreed' }
  /** This device chose since they last agreed (or never agreed): the profile takes the choice. */
  | { kind: 'write'; language: Language }
  /** The profile changed elsewhere, or this device never chose: the screen follows it. */
  | { kind: 'apply'; language: Language };

/**
 * A three-way merge of the profile's language, this device's choice (null: never chose) and the
 * language they last agreed on (null: never, for this person on this device).
 */
export function languageSync(
  profile: Language,
  device: Language | null,
  synced: Language | null,
): LanguageSync {
  if (device === null) return { kind: 'apply', language: profile };
  if (device === profile) return { kind: 'agreed' };
  if (synced === null || device !== synced) return { kind: 'write', language: device };
  return { kind: 'apply', language: profile };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The language of a public page's visitor (a form at /f/:formKey): the address's `?lang=es|en`,
 * else the browser's (English when it starts with 'en', else Spanish). Never stored: a visitor is
 * not choosing for the device.
 */
export function visitorLanguage(search: string, browserLanguage: string | null | undefined): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) return asked;
  return browserLanguage?.toLowerCase().startsWith('en') ? 'en' : 'es';
}
