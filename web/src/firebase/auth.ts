import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { useMemo } from 'react';
import { useAuth, useSigninCheck } from 'reactfire';

export type { User } from 'firebase/auth';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: User }
  | { status: 'signedOut'; user: null };

/** The current session: loading until Firebase Auth reports the first state. */
export function useSession(): SessionState {
  const { status, data } = useSigninCheck();
  if (status === 'loading' || !data) return { status: 'loading', user: null };
  if (data.signedIn && data.user) return { status: 'signedIn', user: data.user };
  return { status: 'signedOut', user: null };
}

export interface SignUpInput {
  email: string;
  password: string;
  /** Shown as the Firebase display name. */
  displayName?: string;
  /** Where the confirmation link in the verification email leads (absolute URL). */
  verificationContinueUrl?: string;
}

export interface SignUpResult {
  user: User;
  /** The verification email could not be sent (the account exists anyway). */
  verificationError: unknown;
}

export interface AuthApi {
  signIn(email: string, password: string): Promise<User>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  sendPasswordReset(email: string, continueUrl?: string): Promise<void>;
  signOut(): Promise<void>;
}

/** Email/password operations against Firebase Auth (the emulator in development). */
export function useAuthApi(): AuthApi {
  const auth = useAuth();
  return useMemo<AuthApi>(
    () => ({
      async signIn(email, password) {
        const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
        return credential.user;
      },
      async signUp({ email, password, displayName, verificationContinueUrl }) {
        const credential = await createUserWithEmailAndPassword(auth, email.trim(), password);
        const { user } = credential;
        if (displayName) {
          await updateProfile(user, { displayName });
        }
        let verificationError: unknown = null;
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
      async signOut() {
        await signOut(auth);
      },
    }),
    [auth],
  );
}
