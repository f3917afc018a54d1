import { describe, expect, it } from 'vitest';
import { insertAt } from './insertAt';

describe('insertAt', () => {
  it('inserts at the cursor and moves the cursor after the insertion', () => {
    expect(insertAt('Hola , ¿qué tal?', '{{nombre}}', 5)).toEqual({
      text: 'Hola {{nombre}}, ¿qué tal?',
      cursor: 15,
    });
  });
  it('appends when the cursor is unknown, with a space after a word', () => {
    expect(insertAt('Hola', '{{nombre}}', null)).toEqual({ text: 'Hola {{nombre}}', cursor: 15 });
    expect(insertAt('', '{{nombre}}', null)).toEqual({ text: '{{nombre}}', cursor: 10 });
    expect(insertAt('Hola\n', '{{nombre}}', null).text).toBe('Hola\n{{nombre}}');
  });
  it('clamps a cursor outside the text', () => {
    expect(insertAt('ab', 'X', 99).text).toBe('ab X');
    expect(insertAt('ab', 'X', -3).text).toBe('Xab');
  });
});
