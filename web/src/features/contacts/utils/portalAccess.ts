import type { PortalAccess, PortalAccessStatus, WithId } from '@trato/model';
import { portalReasonOf } from '@/firebase/portal';
import { describeError } from '@/i18n/errors';

export type AccessState = PortalAccessStatus | 'none';

const RANK: Record<PortalAccessStatus, number> = { active: 3, invited: 2, revoked: 1 };
const millis = (value: { toMillis(): number } | null | undefined) =>
  value && typeof value.toMillis === 'function' ? value.toMillis() : 0;

/**
 * The access that speaks for the contact (an address can have had several Auth users): an active
 * one before an invitation before a revoked one, the newest invitation first among equals.
 */
export function currentAccess<T extends PortalAccess>(accesses: readonly WithId<T>[]): WithId<T> | null {
  return (
    [...accesses].sort(
      (a, b) => RANK[b.status] - RANK[a.status] || millis(b.invitedAt) - millis(a.invitedAt),
    )[0] ?? null
  );
}

export function accessState(access: Pick<PortalAccess, 'status'> | null): AccessState {
  return access?.status ?? 'none';
}

/** What the member may do about the access: invite (again) and revoke. */
export function accessActions(state: AccessState): { invite: 'invite' | 'resend'; revoke: boolean } {
  return {
    invite: state === 'invited' || state === 'active' ? 'resend' : 'invite',
    revoke: state === 'invited' || state === 'active',
  };
}

/**
 * A refused invitePortalContact or revokePortalAccess in words: the portal's reasons in the
 * contactPortal catalogue ('portal-disabled' also offers Ajustes → Portal to admins), else the general
 * mapping of the core catalogue.
 */
export function accessErrorText(error: unknown):
  | {
      ns: 'contactPortal';
      key: `reasons.${'portal-disabled' | 'portal-not-found' | 'no-email' | 'no-access'}`;
      settings: boolean;
    }
  | { ns: 'core'; key: `errors.server.${string}`; settings: false } {
  const reason = portalReasonOf(error);
  if (reason === 'portal-disabled' || reason === 'portal-not-found')
    return { ns: 'contactPortal', key: `reasons.${reason}`, settings: true };
  if (reason === 'no-email' || reason === 'no-access')
    return { ns: 'contactPortal', key: `reasons.${reason}`, settings: false };
  const reasonText = (error as { details?: { reason?: unknown } } | null)?.details?.reason;
  if (reasonText === 'no-email') return { ns: 'contactPortal', key: 'reasons.no-email', settings: false };
  const described = describeError(error);
  if (described.key === 'unknown') console.error('portal access', error);
  return { ns: 'core', key: `errors.server.${described.key}`, settings: false };
}
