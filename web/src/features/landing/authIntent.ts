/**
 * The static landing page (web/build/landingPage.ts) links to /auth with plain links, so it cannot
 * pass react-router state like the React landing does (`state={{ mode: 'signup' }}`). Its script
 * leaves the intent in sessionStorage when a sign-up link is clicked, and the SPA turns it into that
 * same location state before the router starts (main.tsx).
 */
export const AUTH_INTENT_KEY = 'trato.authIntent';
/** An intent older than this is stale (the click did not lead to /auth). */
export const AUTH_INTENT_MAX_AGE_MS = 10 * 60_000;

export type AuthIntentMode = 'signup';

interface StoredIntent {
  mode: AuthIntentMode;
  at: number;
}

/** Static landing: remember that the next /auth visit should open sign-up. */
export function rememberAuthIntent(
  mode: AuthIntentMode,
  storage: Pick<Storage, 'setItem'>,
  now: number = Date.now(),
): void {
  try {
    storage.setItem(AUTH_INTENT_KEY, JSON.stringify({ mode, at: now } satisfies StoredIntent));
  } catch {
    // Storage disabled: /auth simply opens on the login tab.
  }
}

/**
 * SPA start: a fresh intent on /auth becomes the location state the React landing would have set.
 * react-router's browser history keeps a location's state in `history.state.usr` (next to `key` and
 * `idx`); an entry that already has state (back/forward, reload) keeps it.
 */
export function applyAuthIntent(win: Window = window, now: number = Date.now()): void {
  let raw: string | null;
  try {
    raw = win.sessionStorage.getItem(AUTH_INTENT_KEY);
    if (raw === null) return;
    win.sessionStorage.removeItem(AUTH_INTENT_KEY);
  } catch {
    return;
  }
  if (win.location.pathname !== '/auth') return;
  let intent: Partial<StoredIntent>;
  try {
    intent = JSON.parse(raw) as Partial<StoredIntent>;
  } catch {
    return;
  }
  if (intent.mode !== 'signup' || typeof intent.at !== 'number') return;
  if (now - intent.at > AUTH_INTENT_MAX_AGE_MS || now < intent.at) return;
  const current: unknown = win.history.state;
  const state = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  if (state.usr != null) return;
  win.history.replaceState({ ...state, usr: { mode: intent.mode } }, '');
}
