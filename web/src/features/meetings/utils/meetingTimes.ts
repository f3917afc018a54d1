import { formatDateTime, formatTime } from '@/i18n/format';
import type { Language } from '@/i18n/language';
import { deviceTimeZone, type DatePreferences } from '@/i18n/preferences';
import { wallClockAt } from '@/i18n/timeZone';

/**
 * "24 nov 2026, 21:00 – 22:00": a meeting's start and end in the member's zone and clock, the end's
 * date left out when it is the start's day there; '-' for a missing start.
 */
export function formatMeetingRange(
  start: number | null,
  end: number | null,
  language: Language,
  preferences?: DatePreferences,
): string {
  if (start === null) return '-';
  const from = formatDateTime(start, language, preferences);
  if (end === null) return from;
  const zone = preferences?.timeZone ?? deviceTimeZone();
  const [a, b] = [wallClockAt(start, zone), wallClockAt(end, zone)];
  const sameDay = a.year === b.year && a.month === b.month && a.day === b.day;
  const to = sameDay ? formatTime(end, language, preferences) : formatDateTime(end, language, preferences);
  return `${from} – ${to}`;
}
