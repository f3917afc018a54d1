// The portal's own catalogue (locales/es.json, locales/en.json), in an i18next instance of its own:
// the CRM's catalogues are never loaded here, nor this one in the CRM.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@trato/model';
import en from './locales/en.json';
import es from './locales/es.json';

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** Every text of the portal, by its key ('tickets.title'). */
export type PortalKey = Leaves<typeof es>;
export type PortalT = (key: PortalKey, values?: Record<string, unknown>) => string;

export const PORTAL_CATALOGUES = { es, en } as const;

export function createPortalI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: language,
    fallbackLng: 'es',
    supportedLngs: ['es', 'en'],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(language);
  instance.on('languageChanged', syncDocument);
  return instance;
}

/** The portal's t(), typed by its own catalogue, and the language in effect. */
export function usePortalT(): { t: PortalT; language: Language } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as PortalT, language: (i18n.language === 'en' ? 'en' : 'es') as Language };
}
