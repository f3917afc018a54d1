import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import { AUTH_ERROR_KEYS, describeAuthError } from './authErrors';

describe('describeAuthError', () => {
  it('maps known Firebase codes to friendly text', () => {
    const described = describeAuthError({
      code: 'auth/invalid-credential',
      message: 'Firebase: Error (auth/invalid-credential).',
    });
    expect(described.key).toBe('auth.errors.invalidCredential');
    expect(es.auth.errors.invalidCredential).toBe('Email o contraseña incorrectos');
    expect(en.auth.errors.invalidCredential).toBe('Incorrect email or password');
  });

  it('keeps the server message for unknown codes', () => {
    expect(describeAuthError({ code: 'auth/quota-exceeded', message: 'Firebase: Quota exceeded.' })).toEqual({
      code: 'auth/quota-exceeded',
      key: null,
      message: 'Quota exceeded.',
    });
    expect(describeAuthError(new Error('Network down')).message).toBe('Network down');
    expect(describeAuthError('plain')).toEqual({ code: null, key: null, message: 'plain' });
  });

  it('every mapped key exists in both catalogues', () => {
    const keys = [...new Set(Object.values(AUTH_ERROR_KEYS))];
    expect(keys.length).toBeGreaterThan(0);
    // The whole dotted path is looked up, so a key outside auth.errors is checked too.
    const text = (catalogue: object, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    const missing = keys.filter(
      (key) => typeof text(es, key) !== 'string' || typeof text(en, key) !== 'string',
    );
    expect(missing).toEqual([]);
    expect(text(es, 'auth.errors.nope')).toBeUndefined();
  });
});
