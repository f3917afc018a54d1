import { describe, expect, it } from 'vitest';
import type { Value } from '../../src/firestore/model.js';
import { compareResourcePaths, formatFieldPath, parseFieldPath } from '../../src/firestore/paths.js';
import {
  arr,
  bool,
  bytes,
  compareUtf8,
  compareValues,
  double,
  geo,
  int,
  map,
  NULL,
  ref,
  str,
  ts,
  valuesEqual,
} from '../../src/firestore/values.js';

const R = 'projects/p/databases/(default)/documents/';

describe('value ordering', () => {
  it('orders types null < bool < number < timestamp < string < bytes < reference < geopoint < array < map', () => {
    const ordered: Value[] = [
      NULL,
      bool(false),
      bool(true),
      double(NaN),
      double(-Infinity),
      int(-5),
      double(0.5),
      int(1),
      double(Infinity),
      ts({ seconds: 0, nanos: 0 }),
      ts({ seconds: 0, nanos: 1 }),
      str(''),
      str('a'),
      str('b'),
      bytes(new Uint8Array([0])),
      bytes(new Uint8Array([1, 2])),
      ref(R + 'a/b'),
      ref(R + 'a/b/c/d'),
      ref(R + 'b/a'),
      geo(-10, 5),
      geo(0, -5),
      geo(0, 5),
      arr([]),
      arr([int(1)]),
      arr([int(1), int(0)]),
      arr([int(2)]),
      map({ __type__: str('__vector__'), value: arr([double(9)]) }),
      map({}),
      map({ a: int(1) }),
      map({ a: int(2) }),
      map({ b: int(0) }),
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(Math.sign(compareValues(ordered[i], ordered[j])), `${i} vs ${j}`).toBe(Math.sign(i - j));
      }
    }
  });

  it('compares int64 and doubles exactly, beyond 2^53', () => {
    const big = 2n ** 62n + 1n;
    expect(compareValues(int(big), double(2 ** 62))).toBe(1);
    expect(compareValues(int(2n ** 53n + 1n), double(2 ** 53))).toBe(1);
    expect(compareValues(int(3), double(3.5))).toBe(-1);
    expect(compareValues(int(-3), double(-3.5))).toBe(1);
    expect(compareValues(int(9223372036854775807n), double(2 ** 63))).toBe(-1);
  });

  it('treats 1 == 1.0, -0 == 0 and NaN == NaN for equality', () => {
    expect(valuesEqual(int(1), double(1))).toBe(true);
    expect(valuesEqual(double(-0), double(0))).toBe(true);
    expect(valuesEqual(double(-0), int(0))).toBe(true);
    expect(valuesEqual(double(NaN), double(NaN))).toBe(true);
    expect(valuesEqual(int(1), str('1'))).toBe(false);
    expect(valuesEqual(arr([int(1)]), arr([double(1)]))).toBe(true);
    expect(valuesEqual(map({ a: int(1) }), map({ a: int(1), b: NULL }))).toBe(false);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 code units', () => {
    // U+FF61 is above U+1F600 in UTF-16 (0xFF61 > 0xD83D) but below it in code point order.
    expect('\uff61' > '\u{1f600}').toBe(true);
    expect(compareUtf8('\uff61', '\u{1f600}')).toBeLessThan(0);
    expect(compareValues(str('\u{1f600}'), str('\uff61'))).toBe(1);
    expect(compareValues(str('a'), str('ab'))).toBe(-1);
    expect(compareValues(str('Z'), str('a'))).toBe(-1);
  });

  it('orders maps by sorted keys then values', () => {
    expect(compareValues(map({ b: int(1), a: int(9) }), map({ a: int(9), c: int(0) }))).toBe(-1);
    expect(compareValues(map({ a: int(1) }), map({ a: int(1), b: int(0) }))).toBe(-1);
  });
});

describe('paths', () => {
  it('orders document names segment by segment', () => {
    expect(compareResourcePaths('a/b', 'a/b/c/d')).toBe(-1);
    expect(compareResourcePaths('a/b/c/d', 'a/b-x')).toBe(-1); // '/' sorts before '-'
    expect(compareResourcePaths('a-x/b', 'a/b')).toBe(1);
    expect(compareResourcePaths('c/\u{1f600}', 'c/\uff61')).toBe(1);
  });

  it('parses and formats field paths with backticks', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('a.`b.c`.`d\\`e`')).toEqual(['a', 'b.c', 'd`e']);
    expect(parseFieldPath('`a\\\\b`')).toEqual(['a\\b']);
    expect(formatFieldPath(['a', 'b.c', 'd`e', '1x', 'ok_2'])).toBe('a.`b.c`.`d\\`e`.`1x`.ok_2');
    expect(() => parseFieldPath('a..b')).toThrow();
    expect(() => parseFieldPath('`a')).toThrow();
    expect(() => parseFieldPath('a.')).toThrow();
  });
});
