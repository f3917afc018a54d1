export type AuthMode = 'login' | 'signup' | 'recovery';

export interface AuthLocationState {
  /** View to open first (the landing page's trial buttons open sign-up). */
  mode: AuthMode | null;
  /** Protected path the user asked for before being sent to log in. */
  from: string | null;
}

/** Reads router state defensively: it can hold anything (or be replayed from history). */
export function readAuthLocationState(state: unknown): AuthLocationState {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const mode =
    record.mode === 'login' || record.mode === 'signup' || record.mode === 'recovery' ? record.mode : null;
  return { mode, from: safeInternalPath(record.from) };
}

/** Only same-site paths ("/contactos?x=1"), never "//evil.example" or "https://…". */
export function safeInternalPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return null;
  return value;
}
