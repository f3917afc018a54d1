import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryState } from '@/components/data/QueryState';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useMembership, useSubscription } from '@/firebase/dataApi';
import { loadNamespaces } from '@/i18n';
import { CONFIRMING_TIMEOUT_MS, isBackFromCheckout } from '../utils/gate';
// Only organizations without a live subscription see it: kept out of the shell's bundle, loaded
// with its texts.
const Paywall = lazy(async () => {
  const [module] = await Promise.all([import('./Paywall'), loadNamespaces(['subscription'])]);
  return module;
});

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
        loadingLabel={t('app.subscriptionGate.checking')}
        errorTitle={t('app.subscriptionGate.checkError')}
      >
        {null}
      </QueryState>
    );
  }
  if (subscription.live) return children;
  if (backFromCheckout && !confirmingExpired)
    return <FullPageLoader label={t('app.subscriptionGate.confirming')} />;
  return (
    <Suspense fallback={<FullPageLoader label={t('app.subscriptionGate.checking')} />}>
      <Paywall mirror={subscription.mirror} />
    </Suspense>
  );
}
