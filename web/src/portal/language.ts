import type { Language } from '@trato/model';

/** The languages the portal is written in (its catalogue, locales/). */
export const PORTAL_LANGUAGES: readonly Language[] = ['es', 'en'];
/** This device's last choice in the header's switch. */
export const PORTAL_LANGUAGE_KEY = 'trato.portal.lang';

const isPortalLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (PORTAL_LANGUAGES as readonly string[]).includes(value);

/** A browser's language tag as ours: 'en-GB' → 'en'; null when we do not have it. */
function fromTag(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split('-')[0];
  return isPortalLanguage(base) ? base : null;
}

/**
 * The portal's language: the address's `?lang`, else the device's choice in the header, else the
 * browser's first language we have — always one of the site's languages (`offered`, the first its
 * default; before the site is known, every language the portal has).
 */
export function choosePortalLanguage(input: {
  search: string;
  stored?: string | null;
  browser: readonly string[];
  offered?: readonly Language[] | null;
}): Language {
  const offered = (input.offered?.length ? input.offered : PORTAL_LANGUAGES).filter(isPortalLanguage);
  const allowed = (value: Language | null): value is Language => value !== null && offered.includes(value);
  const asked = fromTag(new URLSearchParams(input.search).get('lang'));
  if (allowed(asked)) return asked;
  const stored = fromTag(input.stored);
  if (allowed(stored)) return stored;
  for (const tag of input.browser) {
    const language = fromTag(tag);
    if (allowed(language)) return language;
  }
  return offered[0] ?? 'es';
}

/** What the current page says: the address, this device's choice and the browser's languages. */
export function currentLanguage(offered?: readonly Language[] | null): Language {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(PORTAL_LANGUAGE_KEY);
  } catch {
    // Storage disabled: no remembered choice.
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return choosePortalLanguage({ search: window.location.search, stored, browser, offered });
}

/** The header's switch: remembered on this device and written in the address (a reload keeps it). */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(PORTAL_LANGUAGE_KEY, language);
  } catch {
    // Not remembered: the address still says it.
  }
  const url = new URL(window.location.href);
  url.searchParams.set('lang', language);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
