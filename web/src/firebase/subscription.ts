import { useEffect, useState } from 'react';
import { ACTIVE_GRACE_HOURS, isSubscriptionActive, paths, type Subscription } from '@trato/model';
import { useDocument, type LiveState } from './hooks';

/** The mirror as the web reads it (Firestore Timestamps have toMillis()). */
export type SubscriptionMirror = Subscription<{ toMillis(): number }>;

export interface SubscriptionState {
  status: LiveState<unknown>['status'];
  mirror: SubscriptionMirror | null;
  /** The same gate as firestore.rules, re-evaluated when the trial or the grace period ends. */
  live: boolean;
  error: { code: string; message: string } | null;
}

/** When the gate's answer changes by the clock alone (trial end, end of the 48 h grace). */
function nextChangeAt(mirror: SubscriptionMirror | null): number | null {
  if (mirror?.status === 'trialing') return mirror.trialEnd?.toMillis() ?? null;
  if (mirror?.status === 'active' && mirror.currentPeriodEnd)
    return mirror.currentPeriodEnd.toMillis() + ACTIVE_GRACE_HOURS * 3_600_000;
  return null;
}

/** Re-renders at `at` (setTimeout caps at ~24.8 days, so long waits re-arm). */
function useNowUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return now;
}

/** The organization's billing mirror, live: the gate opens and closes as the webhook writes it. */
export function useSubscription(organizationId: string | null): SubscriptionState {
  const state = useDocument<SubscriptionMirror>(organizationId ? paths.subscription(organizationId) : null);
  const mirror = state.status === 'success' ? state.data : null;
  const now = useNowUntil(nextChangeAt(mirror));
  return {
    status: state.status,
    mirror,
    live: isSubscriptionActive(mirror, now),
    error: state.status === 'error' ? state.error : null,
  };
}
