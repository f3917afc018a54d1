import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { WA_FAILURE_REASONS, type WaFailureReason } from '@trato/model';
import { describeCallableError } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';
import { failureReason } from './inbox';

/** The other refusals of sendWhatsApp that have their own text (the conversations catalogue's `reasons`). */
export const SEND_REASONS = [
  'subscription-inactive',
  'no-right',
  'not-member',
  'not-found',
  'invalid-input',
] as const;
export type SendReason = (typeof SEND_REASONS)[number];

/**
 * The key of what to say about a send that did not go: the platform's refusal (the answer's
 * `failure`) or the callable's `details.reason` as a WhatsApp failure (`failure.*`), another
 * reason of its own (`reasons.*`), else the general mapping (`errors.server.*`, core).
 */
export function sendErrorKey(
  outcome: { failure: WaFailureReason | null } | { error: unknown },
): `failure.${WaFailureReason}` | `reasons.${SendReason}` | `errors.server.${string}` {
  if ('failure' in outcome) return `failure.${failureReason(outcome.failure)}`;
  const { reason } = describeCallableError(outcome.error);
  if (reason && (WA_FAILURE_REASONS as readonly string[]).includes(reason))
    return `failure.${reason as WaFailureReason}`;
  if (reason && (SEND_REASONS as readonly string[]).includes(reason))
    return `reasons.${reason as SendReason}`;
  return `errors.server.${describeError(outcome.error).key}`;
}

/** The text of a send that did not go, in the member's language (unknown failures go to the console). */
export function useSendErrorText() {
  const { t } = useTranslation('conversations');
  const { t: tc } = useTranslation();
  return useCallback(
    (outcome: { failure: WaFailureReason | null } | { error: unknown }) => {
      const key = sendErrorKey(outcome);
      if (key === 'errors.server.unknown' && 'error' in outcome) console.error(outcome.error);
      return key.startsWith('errors.')
        ? tc(key as 'errors.server.unknown')
        : t(key as `failure.${WaFailureReason}`);
    },
    [t, tc],
  );
}
