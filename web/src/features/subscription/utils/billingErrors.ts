import { describeCallableError } from '@/firebase/callableErrors';

/** i18n keys under `errors` (subscription namespace) for the failures of the billing callables. */
export type BillingErrorKey =
  | 'noSession'
  | 'noResponse'
  | 'noUrl'
  | 'alreadySubscribed'
  | 'notAdmin'
  | 'noCustomer'
  | 'unavailable'
  | 'unknown';

/** Thrown by the caller when the callable answered without data or without a URL (spec §8). */
export class BillingAnswerError extends Error {
  constructor(readonly key: 'noResponse' | 'noUrl') {
    super(key);
  }
}

/**
 * The user's-language reason of a failed checkout or portal call. `message` is the server's own
 * text, kept only for what the catalogue has no words for (never shown for known causes).
 */
export function billingErrorKey(error: unknown): { key: BillingErrorKey; message: string } {
  if (error instanceof BillingAnswerError) return { key: error.key, message: '' };
  const { code, reason, message } = describeCallableError(error);
  if (code === 'unauthenticated') return { key: 'noSession', message };
  if (reason === 'already-subscribed') return { key: 'alreadySubscribed', message };
  if (reason === 'not-admin' || code === 'permission-denied') return { key: 'notAdmin', message };
  if (reason === 'no-customer') return { key: 'noCustomer', message };
  if (code === 'unavailable' || code === 'internal' || code === 'deadline-exceeded')
    return { key: 'unavailable', message };
  return { key: 'unknown', message };
}
