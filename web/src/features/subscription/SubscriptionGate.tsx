import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryState } from '@/components/data/QueryState';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useMembership, useSubscription } from '@/firebase/dataApi';
import { CONFIRMING_TIMEOUT_MS, isBackFromCheckout } from './gate';
// Only organizations without a live subscription see it: kept out of the shell's bundle.
const Paywall = lazy(() => import('./Paywall'));

/**
 * Spec: Subscription gate. Listens to the billing mirror, so the app opens the moment the webhook
 * stores a trial or a payment, and closes when the subscription ends — without a reload.
 */
export function SubscriptionGate({
  children,
  gated,
}: {
  children: ReactNode;
  /** Whether the current page holds CRM data (the app's registry of sections decides). */
  gated: boolean;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const membership = useMembership();
  const subscription = useSubscription(membership.organizationId);
  const backFromCheckout = isBackFromCheckout(search);
  const [confirmingExpired, setConfirmingExpired] = useState(false);
  useEffect(() => {
    if (!backFromCheckout) return undefined;
    const timer = setTimeout(() => setConfirmingExpired(true), CONFIRMING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [backFromCheckout]);

  // Superadmins without an organization, settings and billing pages are not gated.
  if (!membership.organizationId || !gated) return children;
  if (subscription.status !== 'success') {
    return (
      <QueryState
        state={subscription}
        loadingLabel={t('subscription.checking')}
        errorTitle={t('subscription.checkError')}
      >
        {null}
      </QueryState>
    );
  }
  if (subscription.live) return children;
  if (backFromCheckout && !confirmingExpired) return <FullPageLoader label={t('subscription.confirming')} />;
  return (
    <Suspense fallback={<FullPageLoader label={t('subscription.checking')} />}>
      <Paywall mirror={subscription.mirror} />
    </Suspense>
  );
}
