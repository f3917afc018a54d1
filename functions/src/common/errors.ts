import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';

/**
 * Machine-readable causes sent as `details.reason`, so the web can show the spec's own messages
 * (e.g. 'Invitación inválida o expirada') instead of server text.
 */
export type FailureReason =
  | 'invalid-input'
  | 'username-taken'
  | 'invalid'
  | 'used'
  | 'expired'
  | 'wrong-email'
  | 'no-email'
  | 'has-organization'
  | 'not-admin'
  | 'already-member'
  | 'stale-link'
  | 'not-configured'
  | 'not-member'
  | 'already-subscribed'
  | 'no-customer'
  | 'no-url';

export interface FailureDetails {
  reason: FailureReason;
  /** For invalid-input: which field of the request was refused. */
  field?: string;
}

export function fail(code: FunctionsErrorCode, message: string, details?: FailureDetails): never {
  throw new HttpsError(code, message, details);
}
