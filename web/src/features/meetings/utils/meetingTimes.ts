import { formatDateTime, localeFor } from '@/i18n/format';
import type { Language } from '@/i18n/language';

/**
 * "24 nov 2026, 21:00 – 22:00": a meeting's start and end, the end's date left out when it is the
 * start's day; '-' for a missing start.
 */
export function formatMeetingRange(start: number | null, end: number | null, language: Language): string {
  if (start === null) return '-';
  const from = formatDateTime(start, language);
  if (end === null) return from;
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  const to = sameDay
    ? new Intl.DateTimeFormat(localeFor(language), { timeStyle: 'short' }).format(end)
    : formatDateTime(end, language);
  return `${from} – ${to}`;
}
