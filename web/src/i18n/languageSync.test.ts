import { describe, expect, it } from 'vitest';
import { languageSync } from './language';

describe('the profile’s language and the device’s (issue 30)', () => {
  it('a device that never chose follows the profile', () => {
    expect(languageSync('en', null, null)).toEqual({ kind: 'apply', language: 'en' });
    expect(languageSync('es', null, 'en')).toEqual({ kind: 'apply', language: 'es' });
  });

  it('a choice made here since they last agreed (or before they ever did) goes to the profile', () => {
    // English chosen on the sign-in page of a device this person never used.
    expect(languageSync('es', 'en', null)).toEqual({ kind: 'write', language: 'en' });
    // English chosen here while the write could not reach the profile (offline).
    expect(languageSync('es', 'en', 'es')).toEqual({ kind: 'write', language: 'en' });
  });

  it('a profile changed on another device comes here', () => {
    expect(languageSync('en', 'es', 'es')).toEqual({ kind: 'apply', language: 'en' });
  });

  it('agreeing needs nothing', () => {
    expect(languageSync('en', 'en', null)).toEqual({ kind: 'agreed' });
    expect(languageSync('es', 'es', 'en')).toEqual({ kind: 'agreed' });
  });
});
