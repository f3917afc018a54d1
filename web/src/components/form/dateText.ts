/**
 * Typed dates and date-times, as pure functions: the date fields show a date (and time, with minute
 * precision — spec §9) as the wall clock of the member's time zone, in the user's order and clock,
 * mask what is typed into that shape, and read it back. Spanish writes day/month/year, English month/day/year; the clock is 24 h
 * or 12 h with AM/PM (a personal preference, issue 30).
 */
import { instantOf, wallClockAt } from '@/i18n/timeZone';

export interface DateTextFormat {
  /** Day first (es) or month first (en). */
  order: 'dmy' | 'mdy';
  /** Whether a time follows the date. */
  withTime: boolean;
  /** 12-hour clock with AM/PM instead of 24-hour. */
  hour12: boolean;
  /** The IANA zone whose wall clock the text is (the member's preference). A day is its midnight. */
  timeZone: string;
}

export type Meridiem = 'AM' | 'PM';

/** Digits of each part, in the order they are typed: the date's three, then hour and minute. */
const DATE_GROUPS = [2, 2, 4];
const TIME_GROUPS = [2, 2];
const SEPARATORS = /[/\-.,:\s]/;

function groupSizes(format: DateTextFormat): number[] {
  return format.withTime ? [...DATE_GROUPS, ...TIME_GROUPS] : DATE_GROUPS;
}

/** "dd/mm/aaaa hh:mm" / "mm/dd/yyyy hh:mm AM": what the empty field shows. */
export function datePattern(format: DateTextFormat, language: 'es' | 'en'): string {
  const [d, m, y] = language === 'es' ? ['dd', 'mm', 'aaaa'] : ['dd', 'mm', 'yyyy'];
  const date = format.order === 'dmy' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
  if (!format.withTime) return date;
  return `${date} hh:mm${format.hour12 ? ' AM' : ''}`;
}

interface Parts {
  groups: string[];
  meridiem: Meridiem | null;
}

/**
 * What was typed, read character by character: digits fill the parts in order; a separator after a
 * single digit pads it ("1/3/2024" is 01/03/2024); with a 12-hour clock an "a" or "p" sets AM/PM.
 * Anything else is ignored.
 */
function readParts(raw: string, format: DateTextFormat): Parts {
  const sizes = groupSizes(format);
  const groups: string[] = [''];
  let meridiem: Meridiem | null = null;
  for (const char of raw) {
    const index = groups.length - 1;
    if (/\d/.test(char)) {
      if (groups[index].length === sizes[index]) {
        if (index === sizes.length - 1) continue;
        groups.push('');
      }
      groups[groups.length - 1] += char;
    } else if (SEPARATORS.test(char)) {
      const current = groups[index];
      // Pad a one-digit day, month, hour or minute; a separator after a whole part moves on too.
      if (current.length > 0 && index < sizes.length - 1) {
        if (current.length < sizes[index] && sizes[index] === 2) groups[index] = current.padStart(2, '0');
        if (groups[index].length === sizes[index]) groups.push('');
      }
    } else if (format.withTime && format.hour12 && /[ap]/i.test(char)) {
      meridiem = /a/i.test(char) ? 'AM' : 'PM';
    }
  }
  while (groups.length > 1 && groups[groups.length - 1] === '') groups.pop();
  return { groups: groups[0] === '' ? [] : groups, meridiem };
}

function joinParts({ groups, meridiem }: Parts): string {
  let text = '';
  groups.forEach((group, i) => {
    if (i === 1 || i === 2) text += '/';
    else if (i === 3) text += ' ';
    else if (i === 4) text += ':';
    text += group;
  });
  if (meridiem && groups.length > 0) text += ` ${meridiem}`;
  return text;
}

/** The typed text in the field's shape: "15032024 930" → "15/03/2024 09:30" (partial input stays partial). */
export function maskDateText(raw: string, format: DateTextFormat): string {
  return joinParts(readParts(raw, format));
}

/** Where the caret goes after masking: after as many digits as were before it in what was typed. */
export function maskedCaret(raw: string, caret: number, masked: string): number {
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i]) && ++seen === digitsBefore) return i + 1;
  }
  return masked.length;
}

/**
 * The instant the text names in the format's zone: null when empty, 'invalid' when incomplete or
 * not a real date or time (31/02, 25:00, 13 PM), else the Date (seconds and milliseconds zero).
 */
export function parseDateText(text: string, format: DateTextFormat): Date | null | 'invalid' {
  if (text.trim() === '') return null;
  const { groups, meridiem } = readParts(text, format);
  const sizes = groupSizes(format);
  if (groups.length !== sizes.length || groups.some((g, i) => g.length !== sizes[i])) return 'invalid';
  const [first, second, yearText, hourText = '0', minuteText = '0'] = groups;
  const [day, month] = format.order === 'dmy' ? [+first, +second] : [+second, +first];
  const year = +yearText;
  let hour = +hourText;
  const minute = +minuteText;
  if (year < 1000 || minute > 59) return 'invalid';
  if (format.withTime && format.hour12) {
    if (!meridiem || hour < 1 || hour > 12) return 'invalid';
    hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
  } else if (hour > 23) return 'invalid';
  // 31/02 is not a day (Date.UTC would roll it over into March).
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return 'invalid';
  // A time the clocks skip in the zone reads as the same minutes after the change (timeZone.ts).
  return new Date(instantOf({ year, month, day, hour, minute }, format.timeZone));
}

const two = (n: number) => String(n).padStart(2, '0');

/** The text a field shows for a date: "15/03/2024 09:30", "03/15/2024 09:30 AM", "15/03/2024". */
export function formatDateText(date: Date, format: DateTextFormat): string {
  const wall = wallClockAt(date.getTime(), format.timeZone);
  const [first, second] = format.order === 'dmy' ? [wall.day, wall.month] : [wall.month, wall.day];
  const day = `${two(first)}/${two(second)}/${wall.year}`;
  if (!format.withTime) return day;
  const hours = wall.hour;
  if (!format.hour12) return `${day} ${two(hours)}:${two(wall.minute)}`;
  return `${day} ${two(hours % 12 || 12)}:${two(wall.minute)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The value of a native date or datetime-local input for a date ("2024-03-15T09:30"), in the zone. */
export function nativeInputValue(date: Date | null, withTime: boolean, timeZone: string): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const wall = wallClockAt(date.getTime(), timeZone);
  const day = `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  return withTime ? `${day}T${two(wall.hour)}:${two(wall.minute)}` : day;
}

/** The instant a native date or datetime-local input names in the zone, null when empty or unreadable. */
export function fromNativeInputValue(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  return new Date(instantOf({ year: +y, month: +mo, day: +d, hour: +h, minute: +mi }, timeZone));
}
