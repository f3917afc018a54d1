import { REPLY_BODY_MAX, type ReplyVisibility } from '@trato/model';
import { portalReasonOf } from '@/firebase/portal';
import { describeError } from '@/i18n/errors';

/** The composer's hint keys. */
export type ComposerHintKey =
  | 'conversation.hint.email'
  | 'conversation.hint.portalOnly'
  | 'conversation.hint.public'
  | 'conversation.hint.noContact'
  | 'conversation.hint.internal';

/**
 * What the composer says under the text: who a public reply is e-mailed to (the contact's e-mail
 * when known; undefined: the member may not read the contact), that a note stays inside, or that
 * the ticket has no contact.
 */
export function composerHint(
  visibility: ReplyVisibility,
  contact: { name: string | null; email?: string | null } | null,
): { key: ComposerHintKey; contact?: string } {
  if (visibility === 'internal') return { key: 'conversation.hint.internal' };
  if (!contact) return { key: 'conversation.hint.noContact' };
  if (contact.email === undefined) return { key: 'conversation.hint.public' };
  if (contact.email)
    return {
      key: 'conversation.hint.email',
      contact: contact.name ? `${contact.name} <${contact.email}>` : contact.email,
    };
  return { key: 'conversation.hint.portalOnly' };
}

/** Why a reply cannot be sent yet (null: it can). */
export function replyProblem(body: string): 'empty' | 'tooLong' | null {
  if (!body.trim()) return 'empty';
  if (body.length > REPLY_BODY_MAX) return 'tooLong';
  return null;
}

/**
 * A refused addTicketReply in words: the ticket's catalogue for the portal's and the e-mail's own
 * reasons, else the general mapping (permission, offline…) of the core catalogue.
 */
export function replyErrorKey(
  error: unknown,
):
  | { ns: 'tickets'; key: `conversation.reasons.${'ticket-closed' | 'no-email' | 'mail' | 'other'}` }
  | { ns: 'core'; key: `errors.server.${string}` } {
  const portal = portalReasonOf(error);
  if (portal === 'ticket-closed' || portal === 'no-email')
    return { ns: 'tickets', key: `conversation.reasons.${portal}` };
  const details = (error as { details?: { reason?: unknown } } | null)?.details;
  if (typeof details?.reason === 'string' && details.reason.startsWith('mail-'))
    return { ns: 'tickets', key: 'conversation.reasons.mail' };
  const described = describeError(error);
  if (described.key === 'unknown') console.error('addTicketReply', error);
  return { ns: 'core', key: `errors.server.${described.key}` };
}
