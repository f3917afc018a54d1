import { useCallback, useRef, useState } from 'react';
import { callFunction } from '@/firebase/dataApi';
import { useSession } from '@/firebase';
import { useLanguage } from '@/i18n/useLanguage';
import { BillingAnswerError, billingErrorKey, type BillingErrorKey } from '../utils/billingErrors';

type Target = 'createCheckoutSession' | 'createPortalSession';

export interface BillingRedirect {
  busy: boolean;
  error: { key: BillingErrorKey; message: string } | null;
  start(): void;
}

/**
 * Asks the server for a Stripe URL (Checkout or the customer portal) and sends the browser there.
 * Single flight: a second click while working does nothing; on failure the button is usable again.
 */
export function useBillingRedirect(target: Target, organizationId: string | null): BillingRedirect {
  const session = useSession();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BillingRedirect['error']>(null);
  const inFlight = useRef(false);

  const start = useCallback(() => {
    if (inFlight.current || !organizationId) return;
    if (!session.user) {
      setError({ key: 'noSession', message: '' });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    callFunction(target, { organizationId, returnOrigin: window.location.origin, language })
      .then((answer) => {
        if (!answer) throw new BillingAnswerError('noResponse');
        if (!answer.url) throw new BillingAnswerError('noUrl');
        // Stays busy: the page is leaving for Stripe.
        window.location.assign(answer.url);
      })
      .catch((failure: unknown) => {
        const described = billingErrorKey(failure);
        if (described.key === 'unknown') console.error(`${target} failed`, failure);
        setError(described);
        setBusy(false);
        inFlight.current = false;
      });
  }, [target, organizationId, session.user, language]);

  return { busy, error, start };
}
