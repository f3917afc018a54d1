import { describe, expect, it } from 'vitest';
import {
  formatTime,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatCount,
  formatMoney,
  formatRelative,
  formatShortDate,
} from './format';

describe('formatCount', () => {
  it('groups thousands and marks a count that stopped at its limit', () => {
    expect(formatCount({ value: 12480, more: false }, 'es')).toBe('12,480');
    expect(formatCount({ value: 1000, more: true }, 'en')).toBe('1,000+');
    expect(formatCount({ value: 0, more: false }, 'en')).toBe('0');
  });
});

describe('formatMoney', () => {
  it('uses a dollar sign and thousands separators in both languages', () => {
    expect(formatMoney(12500, 'es')).toBe('$12,500');
    expect(formatMoney(12500, 'en')).toBe('$12,500');
    expect(formatMoney(20, 'es')).toBe('$20');
  });

  it('keeps the sign in front of the dollar', () => {
    expect(formatMoney(-1500.5, 'en', 2)).toBe('-$1,500.50');
  });
});

describe('formatDate', () => {
  it('writes a long date in the current language', () => {
    const noon = Date.UTC(2026, 10, 23, 12);
    expect(formatDate(noon, 'es')).toBe('23 de noviembre de 2026');
    expect(formatDate(noon, 'en')).toBe('November 23, 2026');
  });
});

describe('formatDateTime / formatShortDate', () => {
  it('writes local dates with minute precision', () => {
    const at = new Date(2026, 10, 23, 14, 5).getTime();
    expect(formatDateTime(at, 'en')).toBe('Nov 23, 2026, 2:05 PM');
    expect(formatShortDate(at, 'es')).toMatch(/^23 nov 2026$/);
  });
});

describe('formatRelative', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it('says how long ago or how soon, in both languages', () => {
    expect(formatRelative(now - 3 * 3_600_000, now, 'es')).toBe('hace 3 horas');
    expect(formatRelative(now + 2 * 86_400_000, now, 'en')).toBe('in 2 days');
    expect(formatRelative(now - 86_400_000, now, 'es')).toBe('ayer');
    expect(formatRelative(now + 10_000, now, 'en')).toBe('now');
  });
});

describe('formatFileSize', () => {
  it('uses base 1024 and two decimals', () => {
    expect(formatFileSize(0, 'es')).toBe('0 Bytes');
    expect(formatFileSize(500, 'en')).toBe('500 Bytes');
    expect(formatFileSize(1536, 'en')).toBe('1.50 KB');
    expect(formatFileSize(3 * 1024 * 1024, 'es')).toBe('3.00 MB');
    expect(formatFileSize(5 * 1024 ** 3, 'en')).toBe('5.00 GB');
  });
});

describe("dates in the member's zone and clock (issue 30)", () => {
  const instant = Date.parse('2026-11-26T18:05:00Z');
  const norm = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

  it('shows the wall clock of the chosen zone', () => {
    const tegucigalpa = { timeZone: 'America/Tegucigalpa', hour12: false };
    expect(norm(formatDateTime(instant, 'es', tegucigalpa))).toBe('26 nov 2026, 12:05');
    expect(norm(formatDateTime(instant, 'es', { timeZone: 'Europe/Madrid', hour12: false }))).toBe(
      '26 nov 2026, 19:05',
    );
    // A day boundary: in Tokyo it is already the 27th.
    expect(norm(formatDate(instant, 'en', { timeZone: 'Asia/Tokyo', hour12: true }))).toBe(
      'November 27, 2026',
    );
  });

  it('uses the chosen clock whatever the language', () => {
    const zone = 'America/Tegucigalpa';
    expect(norm(formatDateTime(instant, 'en', { timeZone: zone, hour12: true }))).toBe(
      'Nov 26, 2026, 12:05 PM',
    );
    expect(norm(formatDateTime(instant, 'en', { timeZone: zone, hour12: false }))).toBe(
      'Nov 26, 2026, 12:05',
    );
    expect(norm(formatTime(instant, 'es', { timeZone: zone, hour12: true }))).toBe('12:05 p. m.');
    expect(
      norm(formatTime(Date.parse('2026-11-26T06:30:00Z'), 'es', { timeZone: zone, hour12: false })),
    ).toBe('00:30');
  });

  it('follows summer time in zones that have it', () => {
    const ny = { timeZone: 'America/New_York', hour12: true };
    expect(norm(formatTime(Date.parse('2026-03-08T06:30:00Z'), 'en', ny))).toBe('1:30 AM');
    expect(norm(formatTime(Date.parse('2026-03-08T07:30:00Z'), 'en', ny))).toBe('3:30 AM');
  });
});
