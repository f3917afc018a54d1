import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';
import { DEFAULT_LANGUAGE, isLanguage, readStoredLanguage, storeLanguage, type Language } from './language';
import { namespaceBackend, type FeatureNamespace } from './namespaces';

export * from './language';
export type { FeatureNamespace } from './namespaces';
export { formatMoney, localeFor } from './format';
export { useLanguage } from './useLanguage';

// Spanish, the first language (and the fallback), is bundled; the English core catalogue is
// fetched like a feature namespace (namespaces.ts) when English is chosen, before the first render
// (main.tsx awaits `i18nReady`) or before a switch takes effect (i18next's changeLanguage loads it).
const resources = { es: { translation: es } };

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
  }
}

// Only a choice is stored (chooseLanguage), at the moment it is made: not the language in effect
// at start-up, nor later when the switch completes, so storedLanguageChoice tells a device that
// chose from one that never did (the profile's language, issue 30).
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) syncDocumentLanguage(language);
});

void i18n
  .use(initReactI18next)
  .use(namespaceBackend)
  .init({
    resources,
    // The default namespace is bundled; feature namespaces come from the backend with their routes.
    partialBundledLanguages: true,
    ns: ['translation'],
    defaultNS: 'translation',
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['es', 'en'],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
syncDocumentLanguage(i18n.language);

/**
 * Resolves once the current language's core catalogue is there: at once in Spanish; in English
 * when fetched, or when the fetch gave up (then the texts fall back to Spanish).
 */
export const i18nReady: Promise<unknown> = i18n.loadNamespaces('translation');

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

/**
 * A person's choice on this device (the ES | EN toggle): stored at once (the switch itself waits
 * for the catalogue), so that the profile's language meets the choice, not the old language.
 */
export function chooseLanguage(language: Language): Promise<unknown> {
  storeLanguage(language);
  return changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;

/** Loads feature namespaces (both the current language and, on a switch, the new one). */
export function loadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}
