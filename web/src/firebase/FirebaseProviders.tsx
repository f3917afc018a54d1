import type { Auth } from 'firebase/auth';
import { createContext, useContext, type ReactNode } from 'react';
import { getCoreServices } from './app';

const AuthContext = createContext<Auth | null>(null);

/**
 * Firebase app + Auth for every screen that needs a session (auth, invitation, signed-in area).
 *
 * Plain React context rather than reactfire's providers: reactfire is one module that imports every
 * SDK it has hooks for, so using it here would load Firestore, Storage and Functions on the public
 * sign-in page too (~100 kB gzip). reactfire stays for the signed-in area (FirebaseDataProviders).
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
