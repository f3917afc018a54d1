import { isFailureReason, MAIL_FAILURE_REASONS, type FailureReason } from '@trato/model';
import { describeCallableError } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';

/** The failure reasons of the mail callables that have their own text (settings `email.reasons`). */
export const MAIL_REASONS = [
  ...MAIL_FAILURE_REASONS,
  'not-configured',
  'not-member',
  'subscription-inactive',
] as const satisfies readonly FailureReason[];
export type MailReason = (typeof MAIL_REASONS)[number];

export type MailErrorText =
  { kind: 'reason'; key: `email.reasons.${MailReason}` } | { kind: 'server'; key: `errors.server.${string}` };

/**
 * What to tell the user about a failed mail call: the reason's own hint when the server sent one
 * we know, else the general mapping (permission, offline, …). Server text never reaches the user.
 */
export function mailErrorText(error: unknown): MailErrorText {
  const { reason } = describeCallableError(error);
  if (isFailureReason(reason) && (MAIL_REASONS as readonly string[]).includes(reason)) {
    return { kind: 'reason', key: `email.reasons.${reason as MailReason}` };
  }
  return { kind: 'server', key: `errors.server.${describeError(error).key}` };
}
