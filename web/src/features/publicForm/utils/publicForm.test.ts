// The public form page's rules (issue 31): the visitor's language, the form's modes for the model's
// check, and what a refused load or submission tells the visitor.
import { describe, expect, it } from 'vitest';
import { checkFormValues, DEFAULT_FORM_FIELDS } from '@trato/model';
import { visitorLanguage } from '@/i18n/language';
import { loadFailure, modesOf, refusedFields, submitFailure } from './publicForm';

const callable = (code: string, details?: unknown) =>
  Object.assign(new Error(code), { code: `functions/${code}`, details });

describe('visitorLanguage', () => {
  it('the address asks first, then the browser (English only when it says so)', () => {
    expect(visitorLanguage('?lang=en', 'es-HN')).toBe('en');
    expect(visitorLanguage('?embed=1&lang=es', 'en-US')).toBe('es');
    expect(visitorLanguage('?lang=fr', 'en-GB')).toBe('en');
    expect(visitorLanguage('', 'EN')).toBe('en');
    expect(visitorLanguage('', 'fr-FR')).toBe('es');
    expect(visitorLanguage('', undefined)).toBe('es');
  });
});

describe('modesOf', () => {
  it('reads the modes back from the fields the public view shows', () => {
    const fields = [
      { key: 'name' as const, required: true },
      { key: 'email' as const, required: true },
      { key: 'message' as const, required: false },
    ];
    expect(modesOf(fields)).toEqual(DEFAULT_FORM_FIELDS);
    expect(checkFormValues(modesOf(fields), { name: ' Ana ', email: 'ANA@acme.hn', phone: '9999' })).toEqual({
      ok: true,
      values: { name: 'Ana', email: 'ana@acme.hn' },
    });
  });
});

describe('submitFailure', () => {
  it('the fields the server refused, each with why (unknown ones left out)', () => {
    const error = callable('invalid-argument', {
      reason: 'invalid-values',
      fields: { email: 'email', phone: 'tooLong', website: 'required', city: 'odd' },
    });
    expect(refusedFields(error)).toEqual({ email: 'email', phone: 'tooLong' });
    expect(submitFailure(error)).toEqual({ kind: 'fields', errors: { email: 'email', phone: 'tooLong' } });
  });

  it('too many from the network or to the form, a form gone, anything else', () => {
    const message = (error: unknown) => (submitFailure(error) as { message?: string }).message;
    expect(message(callable('resource-exhausted', { reason: 'rate-limited' }))).toBe('rateLimited');
    expect(message(callable('resource-exhausted', { reason: 'form-busy' }))).toBe('formBusy');
    expect(message(callable('not-found'))).toBe('unavailable');
    expect(message(callable('failed-precondition', { reason: 'subscription-inactive' }))).toBe('unavailable');
    expect(message(callable('invalid-argument', { reason: 'invalid-values' }))).toBe('network');
    expect(message(callable('internal'))).toBe('network');
    expect(message(new TypeError('Failed to fetch'))).toBe('network');
  });
});

describe('loadFailure', () => {
  it('a form that is not there (or not published) is not available; the network is worth a retry', () => {
    expect(loadFailure(callable('not-found'))).toBe('unavailable');
    expect(loadFailure(callable('invalid-argument'))).toBe('unavailable');
    expect(loadFailure(callable('failed-precondition', { reason: 'subscription-inactive' }))).toBe(
      'unavailable',
    );
    expect(loadFailure(callable('unavailable'))).toBe('failed');
    expect(loadFailure(callable('internal'))).toBe('failed');
  });
});
