import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_EMAILS_PER_HOUR } from '@trato/model';
import { useToast } from '@/components/toast';
import { useSession } from '@/firebase';
import { callFunction } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { mailErrorText } from '../utils/mailErrors';

/** Toasts a failed mail call: the title given, and the reason's hint or the general text. */
export function useMailErrorToast() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  return useCallback(
    (error: unknown, title: string) => {
      const text = mailErrorText(error);
      if (text.key === 'errors.server.unknown') console.error(title, error);
      toast({
        title,
        // `max`: the hourly test-email quota's number, for the reason that names it.
        description:
          text.kind === 'reason'
            ? t(text.key, { max: TEST_EMAILS_PER_HOUR })
            : tc(text.key as 'errors.server.unknown'),
        variant: 'destructive',
      });
    },
    [t, tc, toast],
  );
}

/**
 * 'Conectar Gmail': asks the server for Google's consent URL (bound to this member by a
 * single-use state) and sends the browser there. Single flight; usable again after a failure.
 */
export function useConnectGmail(organizationId: string | null) {
  const { t } = useTranslation('settings');
  const session = useSession();
  const language = useLanguage();
  const showError = useMailErrorToast();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const connect = useCallback(() => {
    if (inFlight.current || !organizationId) return;
    if (!session.user) {
      toast({ title: t('email.noSession'), variant: 'destructive' });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    callFunction('authGmailStart', { organizationId, returnOrigin: window.location.origin, language })
      // Stays busy: the page is leaving for Google.
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        showError(error, t('email.connectFailed'));
        setBusy(false);
        inFlight.current = false;
      });
  }, [organizationId, session.user, language, showError, toast, t]);

  return { busy, connect };
}
