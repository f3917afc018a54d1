import {
  createUserWithEmailAndPassword,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { useMemo, useSyncExternalStore } from 'react';
import { useFirebaseAuth } from './FirebaseProviders';

export type { User } from 'firebase/auth';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: User }
  | { status: 'signedOut'; user: null };

interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
}

const LOADING: SessionState = { status: 'loading', user: null };
const stores = new WeakMap<Auth, SessionStore>();

/**
 * One listener per Auth instance, for the app's lifetime, so a screen that mounts later gets the
 * known session at once. onIdTokenChanged (like reactfire's useSigninCheck, which this replaces)
 * also reports token refreshes, e.g. after the custom claims changed.
 */
function sessionStore(auth: Auth): SessionStore {
  let store = stores.get(auth);
  if (store) return store;
  let state = LOADING;
  const listeners = new Set<() => void>();
  onIdTokenChanged(auth, (user) => {
    state = user ? { status: 'signedIn', user } : { status: 'signedOut', user: null };
    for (const listener of listeners) listener();
  });
  store = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  stores.set(auth, store);
  return store;
}

/** The current session: loading until Firebase Auth reports the first state. */
export function useSession(): SessionState {
  const store = sessionStore(useFirebaseAuth());
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export interface SignUpInput {
  email: string;
  password: string;
  /** Shown as the Firebase display name. */
  displayName?: string;
  /** Where the confirmation link in the verification email leads (absolute URL). */
  verificationContinueUrl?: string;
  /** Send the confirmation email (default true). */
  sendVerification?: boolean;
}

export interface SignUpResult {
  user: User;
  /** The verification email could not be sent (the account exists anyway). */
  verificationError: unknown;
}

export interface SignOutResult {
  /** The sign-out call failed (error), yet the local session is gone. */
  error: unknown;
  /** Whether the local session is cleared (true even when the call failed, if clearing worked). */
  signedOut: boolean;
}

export interface AuthApi {
  signIn(email: string, password: string): Promise<User>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  /** Creates the account, or signs in when one already exists with that e-mail (invitation page). */
  signUpOrSignIn(email: string, password: string, displayName?: string): Promise<User>;
  sendPasswordReset(email: string, continueUrl?: string): Promise<void>;
  /** Signs out; when the call fails the local session is still cleared (spec: sign-out). */
  signOut(): Promise<SignOutResult>;
}

/** Email/password operations against Firebase Auth (the emulator in development). */
/**
 * Signs out on this device. A failing call still clears the local session ({ error, signedOut }).
 * Apart from useAuthApi so that the signed-in shell's 'Cerrar sesión' does not bring the sign-in
 * and sign-up code (reCAPTCHA, password policy, providers: ~5 KB) onto every page.
 */
export async function signOutSession(auth: Auth): Promise<SignOutResult> {
  try {
    await signOut(auth);
    return { error: null, signedOut: true };
  } catch (error) {
    // Whatever the server said, forget the session on this device.
    await auth.updateCurrentUser(null).catch(() => undefined);
    return { error, signedOut: auth.currentUser === null };
  }
}

export function useAuthApi(): AuthApi {
  const auth = useFirebaseAuth();
  return useMemo<AuthApi>(
    () => ({
      async signIn(email, password) {
        const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
        return credential.user;
      },
      async signUp({ email, password, displayName, verificationContinueUrl, sendVerification = true }) {
        const credential = await createUserWithEmailAndPassword(auth, email.trim(), password);
        const { user } = credential;
        if (displayName) {
          await updateProfile(user, { displayName });
        }
        let verificationError: unknown = null;
        if (!sendVerification) return { user, verificationError };
        try {
          await sendEmailVerification(
            user,
            verificationContinueUrl ? { url: verificationContinueUrl } : undefined,
          );
        } catch (error) {
          verificationError = error;
        }
        return { user, verificationError };
      },
      async sendPasswordReset(email, continueUrl) {
        await sendPasswordResetEmail(auth, email.trim(), continueUrl ? { url: continueUrl } : undefined);
      },
      async signUpOrSignIn(email, password, displayName) {
        try {
          const credential = await createUserWithEmailAndPassword(auth, email.trim(), password);
          if (displayName) await updateProfile(credential.user, { displayName }).catch(() => undefined);
          return credential.user;
        } catch (error) {
          if ((error as { code?: unknown })?.code !== 'auth/email-already-in-use') throw error;
          const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
          return credential.user;
        }
      },
      signOut: () => signOutSession(auth),
    }),
    [auth],
  );
}
