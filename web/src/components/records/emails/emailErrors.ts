import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCallableError } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';

/** The failure reasons of the e-mail callables that have their own text (the emails catalogue's `reasons`). */
export const EMAIL_REASONS = [
  'mail-not-connected',
  'mail-broken',
  'mail-rate-limited',
  'mail-send-failed',
  'mail-daily-quota',
  'mail-read-failed',
  'attachment-too-large',
  'subscription-inactive',
  'no-right',
  'not-found',
  'not-member',
  'not-configured',
  'invalid-input',
] as const;
export type EmailReason = (typeof EMAIL_REASONS)[number];

/**
 * What to say about a failed e-mail call: the reason's own text when the server sent one we know
 * (`reasons.*` of the emails catalogue), else the general mapping (`errors.server.*`, core).
 */
export function emailErrorKey(error: unknown): `reasons.${EmailReason}` | `errors.server.${string}` {
  const { reason } = describeCallableError(error);
  if (reason && (EMAIL_REASONS as readonly string[]).includes(reason))
    return `reasons.${reason as EmailReason}`;
  return `errors.server.${describeError(error).key}`;
}

/** The text of a failed e-mail call, in the member's language (unknown failures go to the console). */
export function useEmailErrorText(): (error: unknown) => string {
  const { t } = useTranslation('emails');
  const { t: tc } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const key = emailErrorKey(error);
      if (key === 'errors.server.unknown') console.error(error);
      return key.startsWith('reasons.')
        ? t(key as `reasons.${EmailReason}`)
        : tc(key as 'errors.server.unknown');
    },
    [t, tc],
  );
}
