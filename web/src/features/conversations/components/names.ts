import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '@/components/useMembers';

/** Turns a member's uid into their name ('un antiguo miembro' when they left). */
export type NameOf = (uid: string) => string;

/** The organization's members, live, and their names by uid. */
export function useMemberNames() {
  const { t } = useTranslation('conversations');
  const members = useMembers();
  const nameOf = useCallback<NameOf>(
    (uid) =>
      members.data?.find((member) => member.id === uid)?.fullName ??
      (members.status === 'loading' ? '…' : t('formerMember')),
    [members, t],
  );
  return { members, nameOf };
}
