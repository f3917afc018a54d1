import { describe, expect, it } from 'vitest';
import { clearPendingSignUp, readPendingSignUp, savePendingSignUp } from './signupMetadata';

const metadata = {
  full_name: 'Ana López',
  company_name: 'Café Aurora',
  username: 'ana',
  language: 'es' as const,
};

describe('pending sign-up metadata', () => {
  it('is read back for the same user only', () => {
    savePendingSignUp('uid-1', metadata);
    expect(readPendingSignUp('uid-1')).toEqual(metadata);
    expect(readPendingSignUp('uid-2')).toBeNull();
  });

  it('can be cleared', () => {
    savePendingSignUp('uid-1', metadata);
    clearPendingSignUp();
    expect(readPendingSignUp('uid-1')).toBeNull();
  });

  it('survives corrupt storage', () => {
    window.localStorage.setItem('trato.pendingSignup', '{not json');
    expect(readPendingSignUp('uid-1')).toBeNull();
  });
});
