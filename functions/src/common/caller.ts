import type { CallableRequest } from 'firebase-functions/v2/https';

import { fail } from './errors.js';

export interface Caller {
  uid: string;
  /** The Auth account's e-mail, lower-cased; null for accounts without one. */
  email: string | null;
}

/** The signed-in caller, or `unauthenticated`. The callable runtime has verified the ID token. */
export function requireCaller(auth: CallableRequest['auth']): Caller {
  if (!auth?.uid) fail('unauthenticated', 'Sign in first.');
  const email = typeof auth.token?.email === 'string' ? auth.token.email.trim().toLowerCase() : null;
  return { uid: auth.uid, email: email || null };
}

/** The caller's e-mail, required where the profile needs one. */
export function requireEmail(caller: Caller): string {
  if (!caller.email)
    fail('failed-precondition', 'The account has no e-mail address.', { reason: 'no-email' });
  return caller.email;
}

/** E-mail equality as Firebase Auth sees it: case-insensitive, surrounding spaces ignored. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
