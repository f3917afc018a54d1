import { describe, expect, it } from 'vitest';

import { isValidId } from './paths.js';
import { usernameSchema } from './schemas.js';
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

  it('refuses what Firestore refuses as a document id (__x__), with the username message', async () => {
    for (const reserved of ['__proto__', '__x__', '__name__', '____', '__a_b__']) {
      expect(isValidUsername(reserved)).toBe(false);
      expect(isValidId(reserved)).toBe(false);
      await expect(usernameSchema.validate(reserved)).rejects.toThrow('errors.username');
    }
    // Underscores elsewhere are fine, and so is anything short of the reserved shape.
    for (const fine of ['___', '__proto', 'proto__', '_x_', 'a__b__', '__a_']) {
      expect(isValidUsername(fine)).toBe(true);
      expect(isValidId(fine)).toBe(true);
    }
  });
});
