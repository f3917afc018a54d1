import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell } from './neutralize';

describe('formula injection', () => {
  it.each(['=HYPERLINK("http://x")', '+504 2764-1200', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises %j with an apostrophe',
    (value) => expect(neutralizeCell(value)).toBe(`'${value}`),
  );

  it('leaves ordinary values alone', () => {
    for (const value of ['José Núñez', 'a=b', "O'Brien", '', '504-2764'])
      expect(neutralizeCell(value)).toBe(value);
  });

  it('round-trips every value, apostrophes included', () => {
    for (const value of ['=1+1', "'=1+1", "''+5", "'quoted", 'plain', '-', "'"])
      expect(restoreCell(neutralizeCell(value))).toBe(value);
  });
});
