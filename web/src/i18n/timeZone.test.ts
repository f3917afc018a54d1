import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from './preferences';
import { instantOf, knownTimeZones, wallClockAt } from './timeZone';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('wall clocks in a time zone', () => {
  it('reads the wall clock of an instant in the zone', () => {
    expect(wallClockAt(utc('2026-11-26T18:05:00'), 'America/Tegucigalpa')).toMatchObject({
      year: 2026,
      month: 11,
      day: 26,
      hour: 12,
      minute: 5,
    });
    expect(wallClockAt(utc('2026-11-26T23:30:00'), 'Europe/Madrid')).toMatchObject({ day: 27, hour: 0 });
  });

  it('names the instant of a wall clock, both ways', () => {
    const wall = { year: 2026, month: 11, day: 26, hour: 9, minute: 30 };
    expect(instantOf(wall, 'America/Tegucigalpa')).toBe(utc('2026-11-26T15:30:00'));
    expect(instantOf(wall, 'Europe/Madrid')).toBe(utc('2026-11-26T08:30:00'));
    expect(instantOf(wall, 'UTC')).toBe(utc('2026-11-26T09:30:00'));
    for (const zone of ['America/Tegucigalpa', 'Europe/Madrid', 'Asia/Kolkata', 'Pacific/Chatham']) {
      expect(wallClockAt(instantOf(wall, zone), zone)).toMatchObject(wall);
    }
  });

  it('reads a time the clocks skip as the same minutes after the change (spring forward)', () => {
    // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT.
    const skipped = { year: 2026, month: 3, day: 8, hour: 2, minute: 30 };
    expect(instantOf(skipped, 'America/New_York')).toBe(utc('2026-03-08T07:30:00'));
    expect(wallClockAt(utc('2026-03-08T07:30:00'), 'America/New_York')).toMatchObject({
      hour: 3,
      minute: 30,
    });
    // Madrid, 2026-03-29: 02:00 CET becomes 03:00 CEST.
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 15 }, 'Europe/Madrid')).toBe(
      utc('2026-03-29T01:15:00'),
    );
  });

  it('reads a time that happens twice as its first occurrence (fall back)', () => {
    // New York, 2026-11-01: 02:00 EDT becomes 01:00 EST, so 01:30 happens at 05:30Z and 06:30Z.
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe(
      utc('2026-11-01T05:30:00'),
    );
  });

  it('keeps the hours right on the days around a change', () => {
    for (const [day, expected] of [
      [7, '2026-03-07T17:00:00'],
      [8, '2026-03-08T16:00:00'],
      [9, '2026-03-09T16:00:00'],
    ] as const) {
      expect(instantOf({ year: 2026, month: 3, day, hour: 12, minute: 0 }, 'America/New_York')).toBe(
        utc(expected),
      );
    }
  });

  it('knows the zones Intl knows', () => {
    expect(isKnownTimeZone('America/Tegucigalpa')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(knownTimeZones()).toContain('America/Tegucigalpa');
    expect(knownTimeZones()).toContain('UTC');
  });
});
