import type { Language } from '@/i18n/language';

/** The spec's sign-up metadata, kept for the accounts feature that creates the organization. */
export interface SignUpMetadata {
  full_name: string;
  company_name: string;
  username: string;
  language: Language;
}

interface StoredPendingSignUp {
  uid: string;
  metadata: SignUpMetadata;
  savedAt: string;
}

export const PENDING_SIGNUP_STORAGE_KEY = 'trato.pendingSignup';

/**
 * Remembers what an administrator entered at sign-up until the organization is
 * set up (a later feature reads it with readPendingSignUp and then clears it).
 */
export function savePendingSignUp(
  uid: string,
  metadata: SignUpMetadata,
  storage: Storage = window.localStorage,
): void {
  const record: StoredPendingSignUp = { uid, metadata, savedAt: new Date().toISOString() };
  try {
    storage.setItem(PENDING_SIGNUP_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage unavailable: the display name on the Auth user still carries the full name.
  }
}

export function readPendingSignUp(
  uid: string,
  storage: Storage = window.localStorage,
): SignUpMetadata | null {
  try {
    const raw = storage.getItem(PENDING_SIGNUP_STORAGE_KEY);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<StoredPendingSignUp>;
    return record.uid === uid && record.metadata ? record.metadata : null;
  } catch {
    return null;
  }
}

export function clearPendingSignUp(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(PENDING_SIGNUP_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
