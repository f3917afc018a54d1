import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/toast';
import { useOrgId } from '@/firebase/dataApi';
import { markConversationRead } from '@/firebase/whatsapp';

/**
 * An open conversation is read: its unread count goes back to 0 whenever it is above (a message
 * arriving while it is open too). One write per count seen, so a refused write is not retried in a
 * loop; the refusal is said.
 */
export function useMarkRead(contactId: string, unreadCount: number | null | undefined): void {
  const { t } = useTranslation('conversations');
  const organizationId = useOrgId();
  const errorToast = useErrorToast();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadCount || unreadCount <= 0) {
      done.current = null;
      return;
    }
    const attempt = `${contactId}#${unreadCount}`;
    if (done.current === attempt) return;
    done.current = attempt;
    markConversationRead(organizationId, contactId).catch((error: unknown) =>
      errorToast(error, t('thread.markReadFailed')),
    );
  }, [organizationId, contactId, unreadCount, errorToast, t]);
}
