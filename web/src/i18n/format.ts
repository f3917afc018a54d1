import type { Language } from './language';

const LOCALES: Record<Language, string> = {
  // Latin-American Spanish groups thousands with commas, like the rest of the product.
  es: 'es-HN',
  en: 'en-US',
};

export function localeFor(language: Language): string {
  return LOCALES[language];
}

/** "$12,500" — a dollar sign and thousands separators in the current language. */
export function formatMoney(amount: number, language: Language, fractionDigits = 0): string {
  const formatted = new Intl.NumberFormat(localeFor(language), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${formatted}`;
}

/** "23 de noviembre de 2026" / "November 23, 2026". */
export function formatDate(millis: number, language: Language): string {
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'long' }).format(millis);
}
