import type { Language } from './language';
import type { DatePreferences } from './preferences';

const LOCALES: Record<Language, string> = {
  // Latin-American Spanish groups thousands with commas, like the rest of the product.
  es: 'es-HN',
  en: 'en-US',
};

export function localeFor(language: Language): string {
  return LOCALES[language];
}

/** Formatters are costly to build (a board formats hundreds of amounts per render): one per options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, fractionDigits?: number): Intl.NumberFormat {
  const key = `${language}:${fractionDigits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      localeFor(language),
      fractionDigits === undefined
        ? undefined
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** "$12,500" — a dollar sign and thousands separators in the current language. */
export function formatMoney(amount: number, language: Language, fractionDigits = 0): string {
  const formatted = numberFormat(language, fractionDigits).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${formatted}`;
}

/** A count as shown: "12,480", or "1,000+" when the count stopped at its limit. */
export function formatCount(count: { value: number; more: boolean }, language: Language): string {
  return numberFormat(language).format(count.value) + (count.more ? '+' : '');
}

/** A member's zone and clock, as Intl's options (none: the device's zone, the locale's clock). */
function zoneOptions(preferences?: DatePreferences): Intl.DateTimeFormatOptions {
  if (!preferences) return {};
  return { timeZone: preferences.timeZone, hourCycle: preferences.hour12 ? 'h12' : 'h23' };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(
  language: Language,
  options: Intl.DateTimeFormatOptions,
  preferences?: DatePreferences,
): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}|${preferences?.timeZone ?? ''}|${preferences?.hour12 ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeFor(language), { ...options, ...zoneOptions(preferences) });
    dateFormats.set(key, format);
  }
  return format;
}

/** "23 de noviembre de 2026" / "November 23, 2026" (in the member's zone when given). */
export function formatDate(millis: number, language: Language, preferences?: DatePreferences): string {
  return dateFormat(language, { dateStyle: 'long' }, preferences).format(millis);
}

/** "23 nov 2026". */
export function formatShortDate(millis: number, language: Language, preferences?: DatePreferences): string {
  return dateFormat(language, { dateStyle: 'medium' }, preferences).format(millis);
}

/**
 * "23 nov 2026, 14:05" / "Nov 23, 2026, 2:05 PM" — minute precision (spec §9), in the member's zone
 * and clock when given.
 */
export function formatDateTime(millis: number, language: Language, preferences?: DatePreferences): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }, preferences).format(millis);
}

/** "14:05" / "2:05 PM". */
export function formatTime(millis: number, language: Language, preferences?: DatePreferences): string {
  return dateFormat(language, { timeStyle: 'short' }, preferences).format(millis);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "hace 3 horas" / "in 2 days" (Intl.RelativeTimeFormat), "ahora" under a minute. */
export function formatRelative(millis: number, nowMs: number, language: Language): string {
  const diff = millis - nowMs;
  const format = new Intl.RelativeTimeFormat(localeFor(language), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(diff) >= size) return format.format(Math.trunc(diff / size), unit);
  }
  return format.format(0, 'second');
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec §9: Bytes, KB, MB, GB, base 1024, two decimals ("1.50 MB"; "0 Bytes"). */
export function formatFileSize(bytes: number, language: Language): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const number = new Intl.NumberFormat(localeFor(language), {
    minimumFractionDigits: exponent === 0 ? 0 : 2,
    maximumFractionDigits: exponent === 0 ? 0 : 2,
  }).format(value);
  return `${number} ${SIZE_UNITS[exponent]}`;
}

/** A stored timestamp's milliseconds; null when absent or still pending (a write not yet confirmed). */
export function millisOf(value: { toMillis(): number } | null | undefined): number | null {
  return value && typeof value.toMillis === 'function' ? value.toMillis() : null;
}
