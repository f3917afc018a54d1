import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';

import type { FailureReason } from '@trato/model';

/**
 * Machine-readable causes sent as `details.reason`, so the web can show the spec's own messages
 * (e.g. 'Invitación inválida o expirada') instead of server text. The list is the model's
 * (FAILURE_REASONS in model/src/callables.ts), shared with the web.
 */
export type { FailureReason };

export interface FailureDetails {
  reason: FailureReason;
  /** For invalid-input: which field of the request was refused. */
  field?: string;
  /** For invalid-values (a form submission): each refused answer and why (FormValueError). */
  fields?: Record<string, string>;
}

export function fail(code: FunctionsErrorCode, message: string, details?: FailureDetails): never {
  throw new HttpsError(code, message, details);
}
