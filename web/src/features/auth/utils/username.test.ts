import { describe, expect, it } from 'vitest';
import { filterUsername, isValidUsername } from './username';

describe('filterUsername', () => {
  it('lower-cases what is typed', () => {
    expect(filterUsername('MariaLopez')).toBe('marialopez');
  });

  it('keeps letters, digits and underscores only', () => {
    expect(filterUsername('@maria.lopez-99 _hn!')).toBe('marialopez99_hn');
  });

  it('drops accented letters and ñ rather than guessing', () => {
    expect(filterUsername('Peña José')).toBe('peajos');
  });

  it('keeps an already clean value unchanged', () => {
    expect(filterUsername('ventas_2024')).toBe('ventas_2024');
  });
});

describe('isValidUsername', () => {
  it('accepts 3 to 20 allowed characters', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('a'.repeat(20))).toBe(true);
    expect(isValidUsername('user_01')).toBe(true);
  });

  it('rejects too short, too long or other characters', () => {
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(21))).toBe(false);
    expect(isValidUsername('User')).toBe(false);
    expect(isValidUsername('a-b-c')).toBe(false);
  });
});
