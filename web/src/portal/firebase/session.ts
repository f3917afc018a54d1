// Who is signed in on the portal: the e-mail link (Firebase Auth, passwordless) and signing out.
import { isSignInWithEmailLink, onAuthStateChanged, signInWithEmailLink, signOut } from 'firebase/auth';
import { portalServices } from './services';

export interface PortalUser {
  uid: string;
  email: string | null;
}

/** Calls back with the signed-in user (null: nobody) now and on every change; returns the stop. */
export function watchPortalUser(callback: (user: PortalUser | null) => void): () => void {
  return onAuthStateChanged(portalServices().auth, (user) =>
    callback(user ? { uid: user.uid, email: user.email } : null),
  );
}

export function isPortalSignInLink(href: string): boolean {
  return isSignInWithEmailLink(portalServices().auth, href);
}

/** Signs in with the e-mailed link (the address must be the one the link was sent to). */
export async function signInWithPortalLink(email: string, href: string): Promise<PortalUser> {
  const { user } = await signInWithEmailLink(portalServices().auth, email, href);
  return { uid: user.uid, email: user.email };
}

export function signOutOfPortal(): Promise<void> {
  return signOut(portalServices().auth);
}

/** The signed-in user's ID token for the callables (null: nobody). */
export async function portalIdToken(): Promise<string | null> {
  return (await portalServices().auth.currentUser?.getIdToken()) ?? null;
}
