import { describe, expect, it } from 'vitest';
import { LIMITS } from '@trato/model';
import { VALIDATION } from '@/components/form/rules';
import { validateOnboarding } from './schema';

describe('validateOnboarding', () => {
  it('asks for the name, a valid username and the company', () => {
    expect(validateOnboarding({ fullName: 'Ana', username: 'ana_1', companyName: 'Café' })).toEqual({});
    expect(validateOnboarding({ fullName: ' ', username: 'ab', companyName: '' })).toEqual({
      fullName: 'auth.validation.nameRequired',
      username: 'auth.validation.username',
      companyName: 'auth.validation.companyRequired',
    });
  });

  it('uses the shared rules: their messages, the username pattern, the length limits', () => {
    expect(validateOnboarding({ fullName: '', username: '', companyName: ' ' })).toEqual({
      fullName: VALIDATION.nameRequired,
      username: VALIDATION.username,
      companyName: VALIDATION.companyRequired,
    });
    expect(validateOnboarding({ fullName: 'Ana', username: 'Ana', companyName: 'Café' })).toEqual({
      username: VALIDATION.username,
    });
    expect(validateOnboarding({ fullName: 'Ana', username: '__name__', companyName: 'Café' })).toEqual({
      username: VALIDATION.username,
    });
    expect(
      validateOnboarding({
        fullName: 'a'.repeat(LIMITS.fullName + 1),
        username: 'ana_1',
        companyName: 'c'.repeat(LIMITS.orgName + 1),
      }),
    ).toEqual({ fullName: 'errors.tooLong', companyName: 'errors.tooLong' });
    // Surrounding spaces do not count (the values are trimmed when sent).
    expect(validateOnboarding({ fullName: ' Ana ', username: 'ana_1', companyName: ' Café ' })).toEqual({});
  });
});
