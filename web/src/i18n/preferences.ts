import { DEFAULT_TIME_FORMAT, TIME_FORMATS, type TimeFormat } from '@trato/model';
import type { Language } from './language';
import { deviceTimeZone, isKnownTimeZone } from './timeZone';

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
