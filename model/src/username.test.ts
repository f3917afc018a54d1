import { describe, expect, it } from 'vitest';

import { isValidUsername, normalizeUsernameInput } from './username.js';

describe('username', () => {
  it('is forced to lower case and filtered as typed', () => {
    expect(normalizeUsernameInput('Ana María_22!')).toBe('anamara_22');
    expect(normalizeUsernameInput('x'.repeat(30))).toHaveLength(20);
  });

  it('accepts 3-20 letters, digits and underscores only', () => {
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('a'.repeat(20))).toBe(true);
    expect(isValidUsername('a'.repeat(21))).toBe(false);
    expect(isValidUsername('Abc')).toBe(false);
    expect(isValidUsername('a-b-c')).toBe(false);
  });
});
