import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import { describeError, SERVER_ERROR_KEYS } from './errors';

describe('describeError', () => {
  it('maps the codes of every Firebase service', () => {
    expect(
      describeError({ code: 'permission-denied', message: 'Missing or insufficient permissions.' }),
    ).toEqual({
      key: 'permissionDenied',
      code: 'permission-denied',
      message: 'Missing or insufficient permissions.',
    });
    expect(describeError({ code: 'storage/unauthorized' }).key).toBe('permissionDenied');
    expect(describeError({ code: 'functions/not-found' }).key).toBe('notFound');
    expect(describeError({ code: 'auth/network-request-failed' }).key).toBe('unavailable');
    expect(describeError({ code: 'resource-exhausted' }).key).toBe('quota');
    expect(describeError({ code: 'storage/canceled' }).key).toBe('canceled');
  });
  it('keeps the message of what it does not know, for the console', () => {
    expect(describeError(new Error('boom'))).toEqual({ key: 'unknown', code: null, message: 'boom' });
    expect(describeError('text')).toEqual({ key: 'unknown', code: null, message: 'text' });
  });
  it('has a text for every key in both languages', () => {
    for (const key of SERVER_ERROR_KEYS) {
      expect(es.errors.server[key], `es ${key}`).toBeTruthy();
      expect(en.errors.server[key], `en ${key}`).toBeTruthy();
    }
  });
});
