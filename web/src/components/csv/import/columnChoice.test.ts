import { describe, expect, it } from 'vitest';
import { choiceOf, IGNORE_COLUMN, targetOf } from './columnChoice';

describe('a column’s choice', () => {
  it('goes to the select and back', () => {
    expect(choiceOf('email')).toBe('email');
    expect(targetOf('contacts', choiceOf('email'))).toBe('email');
    expect(targetOf('contacts', choiceOf(null))).toBeNull();
  });

  it('is a field only when the entity has it', () => {
    expect(targetOf('contacts', IGNORE_COLUMN)).toBeNull();
    expect(targetOf('companies', 'email')).toBeNull();
    expect(targetOf('contacts', 'No importar')).toBeNull();
    expect(targetOf('companies', 'industry')).toBe('industry');
  });
});
