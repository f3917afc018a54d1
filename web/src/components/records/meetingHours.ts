import {
  DEFAULT_MEETING_MINUTES,
  DEFAULT_WORK_DAYS,
  DEFAULT_WORK_END,
  DEFAULT_WORK_START,
  type UserProfile,
} from '@trato/model';
import { wallClockAt } from '@/i18n/timeZone';

/** A member's meeting preferences (issue 30) with their defaults. */
export interface MeetingPreferences {
  minutes: number;
  /** 'HH:mm', 24-hour. */
  workStart: string;
  workEnd: string;
  /** ISO weekdays, 1 = Monday. */
  workDays: readonly number[];
}

export function resolveMeetingPreferences(
  profile: Pick<UserProfile, 'meetingMinutes' | 'workStart' | 'workEnd' | 'workDays'> | null | undefined,
): MeetingPreferences {
  return {
    minutes: profile?.meetingMinutes ?? DEFAULT_MEETING_MINUTES,
    workStart: profile?.workStart ?? DEFAULT_WORK_START,
    workEnd: profile?.workEnd ?? DEFAULT_WORK_END,
    workDays: profile?.workDays?.length ? profile.workDays : DEFAULT_WORK_DAYS,
  };
}

/** The end a meeting starting at `start` gets: the member's default length later. */
export function proposedEnd(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * 60_000);
}

const clock = (wall: { hour: number; minute: number }) =>
  `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;

/** ISO weekday (1 = Monday) of a calendar day. */
function isoWeekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
}

/**
 * Why a meeting falls outside the member's work time, in their zone: 'day' (not a work day),
 * 'hours' (before the start, after the end, or over midnight), or null. A warning, not a refusal.
 */
export function outsideWorkTime(
  start: Date,
  end: Date,
  preferences: MeetingPreferences,
  timeZone: string,
): 'day' | 'hours' | null {
  const from = wallClockAt(start.getTime(), timeZone);
  const to = wallClockAt(end.getTime(), timeZone);
  if (!preferences.workDays.includes(isoWeekday(from.year, from.month, from.day))) return 'day';
  const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
  if (!sameDay || clock(from) < preferences.workStart || clock(to) > preferences.workEnd) return 'hours';
  return null;
}
