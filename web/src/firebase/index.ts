// The one entry point to Firebase for the rest of the app. Feature code imports
// from '@/firebase' (or its sub-modules), never from 'firebase/*'.
export { FirebaseAuthProviders } from './FirebaseProviders';
export { signOutSession, useAuthApi, useSession } from './auth';
export type { AuthApi, SessionState, SignOutResult, SignUpInput, SignUpResult, User } from './auth';
export { describeAuthError } from './authErrors';
export type { DescribedAuthError, AuthErrorKey } from './authErrors';
