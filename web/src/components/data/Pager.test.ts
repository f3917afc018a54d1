import { describe, expect, it } from 'vitest';
import { rangeLabel } from './Pager';

const t = (key: string, values: Record<string, number | string>) => `${key} ${JSON.stringify(values)}`;
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) }));

describe('rangeLabel', () => {
  it('shows the exact total', () => {
    expect(
      rangeLabel({ page: 1, pageSize: 25, rows: rows(25), total: { value: 120, more: false } }, 'es', t),
    ).toBe('common.list.range {"from":26,"to":50,"total":"120"}');
  });

  it('shows a capped total with a plus', () => {
    expect(
      rangeLabel({ page: 0, pageSize: 25, rows: rows(25), total: { value: 1000, more: true } }, 'en', t),
    ).toBe('common.list.range {"from":1,"to":25,"total":"1,000+"}');
  });

  it('says "more than" the rows shown while counting, and 0–0 for an empty page', () => {
    expect(rangeLabel({ page: 0, pageSize: 25, rows: rows(25), total: null }, 'es', t)).toBe(
      'common.list.rangeUnknown {"from":1,"to":25}',
    );
    expect(rangeLabel({ page: 0, pageSize: 25, rows: [], total: { value: 0, more: false } }, 'es', t)).toBe(
      'common.list.range {"from":0,"to":0,"total":"0"}',
    );
  });
});
