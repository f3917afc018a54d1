import type { TimestampLike } from '@trato/model';
import { formatRelative, millisOf } from '@/i18n/format';
import type { Language } from '@/i18n/language';

/** A member as the owner field needs it (the members list of the organization). */
export interface OwnerCandidate {
  id: string;
  fullName: string;
}

/**
 * Who owns a ticket, as shown: the member's name, `labels.none` for an unowned ticket,
 * `labels.unknown` for a uid that is no longer a member; null while the members load.
 */
export function ownerName(
  ownerId: string | null | undefined,
  members: readonly OwnerCandidate[] | null,
  labels: { none: string; unknown: string },
): string | null {
  if (!ownerId) return labels.none;
  if (members === null) return null;
  return members.find((member) => member.id === ownerId)?.fullName ?? labels.unknown;
}

/**
 * How long ago a ticket was opened ('hace 3 días' / '3 days ago'); a ticket whose creation the
 * server has not confirmed yet (no time) was opened just now.
 */
export function ticketAge(
  createdAt: TimestampLike | null | undefined,
  now: number,
  language: Language,
): string {
  return formatRelative(millisOf(createdAt) ?? now, now, language);
}
