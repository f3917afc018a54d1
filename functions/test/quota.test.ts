// The test-email window (pure): at most TEST_EMAILS_PER_HOUR in any 60 minutes.
import { describe, expect, it } from 'vitest';

import { TEST_EMAILS_PER_HOUR } from '@trato/model';

import { quotaDay, takeTestEmail } from '../src/mail/quota.js';

const NOW = Date.UTC(2026, 10, 20, 9, 30);
const MINUTE = 60_000;

describe('takeTestEmail', () => {
  it('allows TEST_EMAILS_PER_HOUR in an hour and refuses the next', () => {
    let sends: number[] = [];
    for (let i = 0; i < TEST_EMAILS_PER_HOUR; i++) {
      const taken = takeTestEmail(sends, NOW + i * MINUTE);
      expect(taken.allowed, `send ${i + 1}`).toBe(true);
      sends = taken.kept;
    }
    expect(sends).toHaveLength(TEST_EMAILS_PER_HOUR);
    expect(takeTestEmail(sends, NOW + 30 * MINUTE)).toEqual({ allowed: false, kept: sends });
  });

  it('a send older than an hour no longer counts, and is forgotten', () => {
    const sends = Array.from({ length: TEST_EMAILS_PER_HOUR }, (_, i) => NOW + i * MINUTE);
    expect(takeTestEmail(sends, NOW + 60 * MINUTE - 1).allowed).toBe(false);
    const later = takeTestEmail(sends, NOW + 60 * MINUTE);
    expect(later.allowed).toBe(true);
    expect(later.kept).toEqual([...sends.slice(1), NOW + 60 * MINUTE]);
  });

  it('the daily quota counts in UTC days', () => {
    expect(quotaDay(Date.UTC(2026, 10, 20, 23, 59, 59))).toBe('2026-11-20');
    expect(quotaDay(Date.UTC(2026, 10, 21))).toBe('2026-11-21');
  });
});
