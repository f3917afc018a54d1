// Counts stop at COUNT_LIMIT so a list's count costs the same with 1,001 or 100,000 matches.
import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '@trato/model';
import { cappedCount } from './queries';

describe('cappedCount', () => {
  it('is exact up to the limit', () => {
    expect(cappedCount(0)).toEqual({ value: 0, more: false });
    expect(cappedCount(COUNT_LIMIT)).toEqual({ value: COUNT_LIMIT, more: false });
  });

  it('says "more" once the limited count passes the limit', () => {
    expect(cappedCount(COUNT_LIMIT + 1)).toEqual({ value: COUNT_LIMIT, more: true });
  });
});
