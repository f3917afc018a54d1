/**
 * Maps Firebase Auth error codes to i18n keys under `auth.errors`.
 * Kept free of Firebase imports so it can be unit-tested and used anywhere.
 */
export const AUTH_ERROR_KEYS = {
  'auth/invalid-credential': 'auth.errors.invalidCredential',
  'auth/invalid-login-credentials': 'auth.errors.invalidCredential',
  'auth/wrong-password': 'auth.errors.invalidCredential',
  'auth/user-not-found': 'auth.errors.userNotFound',
  'auth/email-already-in-use': 'auth.errors.emailInUse',
  'auth/invalid-email': 'auth.errors.invalidEmail',
  'auth/missing-email': 'auth.errors.invalidEmail',
  'auth/weak-password': 'auth.errors.weakPassword',
  'auth/missing-password': 'auth.errors.missingPassword',
  'auth/user-disabled': 'auth.errors.userDisabled',
  'auth/too-many-requests': 'auth.errors.tooManyRequests',
  'auth/network-request-failed': 'auth.errors.network',
  'auth/operation-not-allowed': 'auth.errors.operationNotAllowed',
  'auth/unauthorized-continue-uri': 'auth.errors.unauthorizedContinueUri',
  'auth/invalid-continue-uri': 'auth.errors.unauthorizedContinueUri',
} as const;

export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[keyof typeof AUTH_ERROR_KEYS];

export interface DescribedAuthError {
  /** The Firebase code, e.g. auth/invalid-credential, when there is one. */
  code: string | null;
  /** i18n key of a friendly message, or null when the code is not known. */
  key: AuthErrorKey | null;
  /** The raw server/SDK message, used when there is no friendly text. */
  message: string;
}

function readString(value: unknown, field: string): string | null {
  if (typeof value === 'object' && value !== null && field in value) {
    const found = (value as Record<string, unknown>)[field];
    return typeof found === 'string' ? found : null;
  }
  return null;
}

export function describeAuthError(error: unknown): DescribedAuthError {
  const code = readString(error, 'code');
  const rawMessage = readString(error, 'message') ?? (typeof error === 'string' ? error : '');
  // Firebase messages look like "Firebase: Error (auth/xyz)." — strip the prefix.
  const message = rawMessage.replace(/^Firebase:\s*/, '').trim();
  const key = code && code in AUTH_ERROR_KEYS ? AUTH_ERROR_KEYS[code as keyof typeof AUTH_ERROR_KEYS] : null;
  return { code, key, message };
}
