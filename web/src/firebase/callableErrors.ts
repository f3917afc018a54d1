import { isFailureReason, type FailureReason } from '@trato/model';

/**
 * Reads a Cloud Functions callable error (FunctionsError from firebase/functions) without
 * importing the SDK: code ('already-exists', 'not-found', ...), details.reason (the server's
 * machine-readable cause, e.g. 'username-taken', 'expired') and the message.
 */
export interface DescribedCallableError {
  /** The callable code without the 'functions/' prefix, e.g. 'already-exists'. */
  code: string | null;
  /**
   * `details.reason` sent by our functions, e.g. 'username-taken', 'used', 'expired' (the model's
   * FAILURE_REASONS); null when there is none or it is not one the model knows.
   */
  reason: FailureReason | null;
  message: string;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

export function describeCallableError(error: unknown): DescribedCallableError {
  const rawCode = field(error, 'code');
  const code = typeof rawCode === 'string' ? rawCode.replace(/^functions\//, '') : null;
  const details = field(error, 'details');
  const rawReason = field(details, 'reason');
  const reason = isFailureReason(rawReason) ? rawReason : null;
  const rawMessage = field(error, 'message');
  const message =
    typeof rawMessage === 'string'
      ? rawMessage.replace(/^Firebase:\s*/, '').trim()
      : typeof error === 'string'
        ? error
        : '';
  return { code, reason, message };
}
