import { describe, expect, it } from 'vitest';
import { accountLink, hasStoredSession } from './session';

describe('hasStoredSession', () => {
  it('finds a session kept in localStorage by the Auth SDK', async () => {
    window.localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await hasStoredSession(window)).toBe(true);
    window.localStorage.clear();
  });
  it('says no when nothing is stored', async () => {
    window.localStorage.clear();
    expect(await hasStoredSession({ localStorage: window.localStorage } as unknown as Window)).toBe(false);
  });
});

describe('accountLink', () => {
  it('leads signed-in visitors back into the app', () => {
    expect(accountLink(true)).toEqual({ to: '/dashboard', label: 'header.openApp' });
    expect(accountLink(false)).toEqual({ to: '/auth', label: 'header.login' });
  });
});
