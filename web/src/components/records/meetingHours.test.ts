import { describe, expect, it } from 'vitest';
import { outsideWorkTime, proposedEnd, resolveMeetingPreferences } from './meetingHours';

const utc = (iso: string) => new Date(Date.parse(`${iso}Z`));
const TGU = 'America/Tegucigalpa';
const defaults = resolveMeetingPreferences(null);

describe('meeting preferences', () => {
  it('default to an hour, 08:00–17:00, Monday to Friday', () => {
    expect(defaults).toEqual({
      minutes: 60,
      workStart: '08:00',
      workEnd: '17:00',
      workDays: [1, 2, 3, 4, 5],
    });
    expect(resolveMeetingPreferences({ meetingMinutes: 30, workDays: [] }).workDays).toEqual([1, 2, 3, 4, 5]);
    expect(resolveMeetingPreferences({ meetingMinutes: 30 }).minutes).toBe(30);
  });

  it('propose the end from the default length', () => {
    expect(proposedEnd(utc('2026-11-26T15:00:00'), 45)).toEqual(utc('2026-11-26T15:45:00'));
  });

  it("warn outside the work days and hours, in the member's zone", () => {
    // Thursday 26 Nov 2026, 09:00–10:00 in Tegucigalpa (UTC−6).
    expect(outsideWorkTime(utc('2026-11-26T15:00:00'), utc('2026-11-26T16:00:00'), defaults, TGU)).toBeNull();
    // 07:30 there: before the start.
    expect(outsideWorkTime(utc('2026-11-26T13:30:00'), utc('2026-11-26T14:30:00'), defaults, TGU)).toBe(
      'hours',
    );
    // Ends 17:30 there: after the end; 17:00 exactly is fine.
    expect(outsideWorkTime(utc('2026-11-26T22:00:00'), utc('2026-11-26T23:30:00'), defaults, TGU)).toBe(
      'hours',
    );
    expect(outsideWorkTime(utc('2026-11-26T22:00:00'), utc('2026-11-26T23:00:00'), defaults, TGU)).toBeNull();
    // Saturday 28 Nov there.
    expect(outsideWorkTime(utc('2026-11-28T15:00:00'), utc('2026-11-28T16:00:00'), defaults, TGU)).toBe(
      'day',
    );
    // The same instant is Friday evening in Tegucigalpa but Saturday in Madrid.
    const friday = utc('2026-11-27T23:30:00');
    expect(outsideWorkTime(friday, proposedEnd(friday, 30), defaults, TGU)).toBe('hours');
    expect(outsideWorkTime(friday, proposedEnd(friday, 30), defaults, 'Europe/Madrid')).toBe('day');
    // Saturdays worked.
    const six = { ...defaults, workDays: [1, 2, 3, 4, 5, 6] };
    expect(outsideWorkTime(utc('2026-11-28T15:00:00'), utc('2026-11-28T16:00:00'), six, TGU)).toBeNull();
  });

  it('warn about a meeting over midnight', () => {
    const late = { ...defaults, workStart: '00:00', workEnd: '23:59' };
    expect(outsideWorkTime(utc('2026-11-27T05:30:00'), utc('2026-11-27T06:30:00'), late, TGU)).toBe('hours');
  });
});
