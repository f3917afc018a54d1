import { describe, expect, it } from 'vitest';
import {
  datePattern,
  formatDateText,
  fromNativeInputValue,
  maskDateText,
  maskedCaret,
  nativeInputValue,
  parseDateText,
  type DateTextFormat,
} from './dateText';

const ZONE = 'UTC';
const ES: DateTextFormat = { order: 'dmy', withTime: true, hour12: false, timeZone: ZONE };
const EN: DateTextFormat = { order: 'mdy', withTime: true, hour12: true, timeZone: ZONE };
const ES_DAY: DateTextFormat = { order: 'dmy', withTime: false, hour12: false, timeZone: ZONE };
const EN_24: DateTextFormat = { order: 'mdy', withTime: true, hour12: false, timeZone: ZONE };
/** An instant given as its UTC wall clock (month 1–12). */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(Date.UTC(y, mo - 1, d, h, mi));

describe('datePattern', () => {
  it('names the parts in the language, with the clock chosen', () => {
    expect(datePattern(ES, 'es')).toBe('dd/mm/aaaa hh:mm');
    expect(datePattern(EN, 'en')).toBe('mm/dd/yyyy hh:mm AM');
    expect(datePattern(ES_DAY, 'es')).toBe('dd/mm/aaaa');
    expect(datePattern({ ...ES, hour12: true }, 'es')).toBe('dd/mm/aaaa hh:mm AM');
  });
});

describe('maskDateText', () => {
  it('puts the separators between the digits as they are typed', () => {
    expect(maskDateText('1', ES)).toBe('1');
    expect(maskDateText('15', ES)).toBe('15');
    expect(maskDateText('153', ES)).toBe('15/3');
    expect(maskDateText('15032024', ES)).toBe('15/03/2024');
    expect(maskDateText('150320240', ES)).toBe('15/03/2024 0');
    expect(maskDateText('150320240930', ES)).toBe('15/03/2024 09:30');
    expect(maskDateText('1503202409301', ES)).toBe('15/03/2024 09:30');
  });

  it('pads a one-digit part when a separator follows it', () => {
    expect(maskDateText('1/3/2024 9:05', ES)).toBe('01/03/2024 09:05');
    expect(maskDateText('3-7-2025', ES_DAY)).toBe('03/07/2025');
  });

  it('lets a separator be deleted: the mask adds none after the last digit', () => {
    expect(maskDateText('15/', ES)).toBe('15');
    expect(maskDateText('15/03/2024 ', ES)).toBe('15/03/2024');
  });

  it('reads AM/PM from an a or a p with the 12-hour clock only', () => {
    expect(maskDateText('031520240930p', EN)).toBe('03/15/2024 09:30 PM');
    expect(maskDateText('03/15/2024 09:30 am', EN)).toBe('03/15/2024 09:30 AM');
    expect(maskDateText('031520240930p', EN_24)).toBe('03/15/2024 09:30');
    expect(maskDateText('abc', ES)).toBe('');
  });

  it('keeps re-masking a masked text stable', () => {
    for (const text of ['15/03/2024 09:30', '03/15/2024 09:30 PM']) {
      const format = text.endsWith('M') ? EN : ES;
      expect(maskDateText(text, format)).toBe(text);
    }
  });
});

describe('maskedCaret', () => {
  it('keeps the caret after the same number of digits', () => {
    expect(maskedCaret('153', 3, '15/3')).toBe(4);
    expect(maskedCaret('16/03/2024 09:30', 2, '16/03/2024 09:30')).toBe(2);
    expect(maskedCaret('x', 1, '')).toBe(0);
  });
});

describe('parseDateText', () => {
  it('reads a whole local date-time in the language order', () => {
    expect(parseDateText('15/03/2024 09:30', ES)).toEqual(at(2024, 3, 15, 9, 30));
    expect(parseDateText('03/15/2024 09:30 PM', EN)).toEqual(at(2024, 3, 15, 21, 30));
    expect(parseDateText('03/15/2024 12:05 AM', EN)).toEqual(at(2024, 3, 15, 0, 5));
    expect(parseDateText('03/15/2024 12:05 PM', EN)).toEqual(at(2024, 3, 15, 12, 5));
    expect(parseDateText('15/03/2024', ES_DAY)).toEqual(at(2024, 3, 15));
  });

  it('is null when empty', () => {
    expect(parseDateText('', ES)).toBeNull();
    expect(parseDateText('   ', EN)).toBeNull();
  });

  it('refuses what is incomplete or not a real date or time', () => {
    for (const [text, format] of [
      ['15/03/2024', ES],
      ['15/03/2024 09', ES],
      ['31/02/2024 10:00', ES],
      ['15/13/2024 10:00', ES],
      ['00/03/2024 10:00', ES],
      ['15/03/2024 24:00', ES],
      ['15/03/2024 10:60', ES],
      ['15/03/0999 10:00', ES],
      ['03/15/2024 09:30', EN],
      ['03/15/2024 13:30 PM', EN],
      ['03/15/2024 00:30 AM', EN],
      ['15/03', ES_DAY],
    ] as const) {
      expect(parseDateText(text, format), text).toBe('invalid');
    }
  });

  it('reads back what it formats', () => {
    const date = at(2026, 11, 26, 16, 5);
    for (const format of [ES, EN, EN_24]) {
      expect(parseDateText(formatDateText(date, format), format)).toEqual(date);
    }
    expect(parseDateText(formatDateText(at(2026, 1, 2), ES_DAY), ES_DAY)).toEqual(at(2026, 1, 2));
  });
});

describe('formatDateText', () => {
  it('writes the date in the order and clock of the field', () => {
    const morning = at(2024, 3, 5, 9, 7);
    expect(formatDateText(morning, ES)).toBe('05/03/2024 09:07');
    expect(formatDateText(morning, EN)).toBe('03/05/2024 09:07 AM');
    expect(formatDateText(at(2024, 3, 5, 0, 0), EN)).toBe('03/05/2024 12:00 AM');
    expect(formatDateText(at(2024, 3, 5, 12, 30), EN)).toBe('03/05/2024 12:30 PM');
    expect(formatDateText(morning, ES_DAY)).toBe('05/03/2024');
  });
});

describe('native input values', () => {
  it('go both ways in local time', () => {
    const date = at(2024, 3, 5, 9, 7);
    expect(nativeInputValue(date, true, ZONE)).toBe('2024-03-05T09:07');
    expect(nativeInputValue(date, false, ZONE)).toBe('2024-03-05');
    expect(fromNativeInputValue('2024-03-05T09:07', ZONE)).toEqual(date);
    expect(fromNativeInputValue('2024-03-05', ZONE)).toEqual(at(2024, 3, 5));
    expect(nativeInputValue(null, true, ZONE)).toBe('');
    expect(nativeInputValue(new Date(Number.NaN), true, ZONE)).toBe('');
    expect(fromNativeInputValue('', ZONE)).toBeNull();
  });
});

describe("the member's time zone", () => {
  const TGU: DateTextFormat = { ...ES, timeZone: 'America/Tegucigalpa' };
  const NY: DateTextFormat = { ...EN, timeZone: 'America/New_York' };

  it('shows and reads the wall clock of the zone, not of the device', () => {
    const instant = new Date(Date.parse('2026-11-26T15:30:00Z'));
    expect(formatDateText(instant, TGU)).toBe('26/11/2026 09:30');
    expect(formatDateText(instant, NY)).toBe('11/26/2026 10:30 AM');
    expect(parseDateText('26/11/2026 09:30', TGU)).toEqual(instant);
    expect(nativeInputValue(instant, true, 'America/Tegucigalpa')).toBe('2026-11-26T09:30');
    expect(fromNativeInputValue('2026-11-26T09:30', 'America/Tegucigalpa')).toEqual(instant);
  });

  it("a day is the zone's midnight", () => {
    const day: DateTextFormat = { ...ES_DAY, timeZone: 'America/Tegucigalpa' };
    expect(parseDateText('26/11/2026', day)).toEqual(new Date(Date.parse('2026-11-26T06:00:00Z')));
  });

  it('across a clock change: the skipped hour moves forward, the repeated one is the first', () => {
    expect(parseDateText('03/08/2026 02:30 AM', NY)).toEqual(new Date(Date.parse('2026-03-08T07:30:00Z')));
    expect(formatDateText(new Date(Date.parse('2026-03-08T07:30:00Z')), NY)).toBe('03/08/2026 03:30 AM');
    expect(parseDateText('11/01/2026 01:30 AM', NY)).toEqual(new Date(Date.parse('2026-11-01T05:30:00Z')));
  });
});
