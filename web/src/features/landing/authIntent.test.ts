import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAuthIntent, AUTH_INTENT_KEY, AUTH_INTENT_MAX_AGE_MS, rememberAuthIntent } from './authIntent';

const NOW = 1_800_000_000_000;

function at(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  window.sessionStorage.clear();
  at('/');
});

describe('sign-up intent from the static landing page', () => {
  it('becomes the router location state the React landing sets (mode: signup)', () => {
    rememberAuthIntent('signup', window.sessionStorage, NOW);
    at('/auth');
    applyAuthIntent(window, NOW + 2_000);
    const router = createBrowserRouter([{ path: '/auth', element: null }]);
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ mode: 'signup' });
    router.dispose();
    expect(window.sessionStorage.getItem(AUTH_INTENT_KEY)).toBeNull();
  });

  it('is used once, only on /auth, and only while fresh', () => {
    rememberAuthIntent('signup', window.sessionStorage, NOW);
    at('/dashboard');
    applyAuthIntent(window, NOW);
    expect(window.history.state).toBeNull();
    expect(window.sessionStorage.getItem(AUTH_INTENT_KEY)).toBeNull();

    rememberAuthIntent('signup', window.sessionStorage, NOW);
    at('/auth');
    applyAuthIntent(window, NOW + AUTH_INTENT_MAX_AGE_MS + 1);
    expect(window.history.state).toBeNull();
  });

  it('leaves an entry that already has router state alone', () => {
    window.history.replaceState({ usr: { mode: 'recovery' }, key: 'k', idx: 3 }, '', '/auth');
    rememberAuthIntent('signup', window.sessionStorage, NOW);
    applyAuthIntent(window, NOW);
    expect(window.history.state).toEqual({ usr: { mode: 'recovery' }, key: 'k', idx: 3 });
  });

  it('ignores garbage', () => {
    window.sessionStorage.setItem(AUTH_INTENT_KEY, '{nope');
    at('/auth');
    applyAuthIntent(window, NOW);
    expect(window.history.state).toBeNull();
  });
});
