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

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** localStorage key: the profile's language this device last agreed with (issue 30). */
export const SYNCED_LANGUAGE_KEY = 'trato.lang.synced';

/** This device's explicit choice (null when it never chose) and the language it last synced. */
export function readLanguageSync(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): {
  chosen: Language | null;
  synced: Language | null;
} {
  try {
    const chosen = storage?.getItem(LANGUAGE_STORAGE_KEY);
    const synced = storage?.getItem(SYNCED_LANGUAGE_KEY);
    return { chosen: isLanguage(chosen) ? chosen : null, synced: isLanguage(synced) ? synced : null };
  } catch {
    return { chosen: null, synced: null };
  }
}

export function storeSyncedLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(SYNCED_LANGUAGE_KEY, language);
  } catch {
    // Not remembered: the next sign-in compares again.
  }
}

/**
 * The profile's language against this device's (issue 30), a three-way merge with the last agreed
 * value as the base: a device that never chose follows the profile; a choice made on this device
 * since it last agreed goes to the profile (chosen before signing in, or while offline); a profile
 * changed elsewhere since then comes here. 'none': they already agree.
 */
export function languageSyncAction(
  profile: Language,
  device: { chosen: Language | null; synced: Language | null },
): 'apply' | 'save' | 'none' {
  if (device.chosen === profile) return 'none';
  if (device.chosen === null || device.chosen === device.synced) return 'apply';
  return 'save';
}
