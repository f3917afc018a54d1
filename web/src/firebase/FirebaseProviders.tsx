import type { Auth } from 'firebase/auth';
import { createContext, useContext, type ReactNode } from 'react';
import { getCoreServices } from './app';

const AuthContext = createContext<Auth | null>(null);

/**
 * Firebase app + Auth for every screen that needs a session (auth, invitation, signed-in area).
 * A plain React context: the project's own hooks (auth.ts, hooks.ts) read the SDK directly.
 */
export function FirebaseAuthProviders({ children }: { children: ReactNode }) {
  const { auth } = getCoreServices();
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

/** The Auth instance of the nearest FirebaseAuthProviders. */
export function useFirebaseAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useFirebaseAuth must be used inside FirebaseAuthProviders');
  return auth;
}
