import { DEFAULT_TIME_FORMAT, TIME_FORMATS, type TimeFormat } from '@trato/model';
import type { Language } from './language';

// Kept apart from timeZone.ts (the wall-clock arithmetic the date fields use): the signed-in shell
// resolves preferences on every page and carries only this.

/** The device's own zone ('America/Tegucigalpa'), the default preference. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whether Intl knows the zone (an unknown name throws a RangeError in every formatter). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** How a member reads dates and times (issue 30): the zone's wall clock, on a 12- or 24-hour clock. */
export interface DatePreferences {
  timeZone: string;
  hour12: boolean;
}

/**
 * The preferences a profile states, with the defaults of what it leaves out: the device's zone (or
 * a stored zone this browser does not know) and the language's clock.
 */
export function resolveDatePreferences(
  profile: { timeZone?: string | null; timeFormat?: TimeFormat | null } | null,
  language: Language,
  device: string = deviceTimeZone(),
): DatePreferences {
  const timeZone = profile?.timeZone && isKnownTimeZone(profile.timeZone) ? profile.timeZone : device;
  const stated = profile?.timeFormat;
  const format = stated && (TIME_FORMATS as readonly string[]).includes(stated) ? stated : null;
  return { timeZone, hour12: (format ?? DEFAULT_TIME_FORMAT[language]) === '12h' };
}
