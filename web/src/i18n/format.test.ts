import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

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
