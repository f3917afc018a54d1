import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { getCoreServices } from './app';

/** Firebase app + Auth for every screen that needs a session (auth, invitation, signed-in area). */
export function FirebaseAuthProviders({ children }: { children: ReactNode }) {
  const { app, auth } = getCoreServices();
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <AuthProvider sdk={auth}>{children}</AuthProvider>
    </FirebaseAppProvider>
  );
}
