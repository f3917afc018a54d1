import { useEffect, useState } from 'react';
import type { AdminOrganizationStats } from '@trato/model';
import { callFunction } from '@/firebase/dataApi';

export type StatsState =
  | { status: 'loading'; byId: Record<string, AdminOrganizationStats> }
  | { status: 'success'; byId: Record<string, AdminOrganizationStats> }
  | { status: 'error'; byId: Record<string, AdminOrganizationStats> };

/** /admin's figures for the organizations on screen (one call per page, from the server). */
export function useOrganizationStats(organizationIds: readonly string[]): StatsState {
  const key = organizationIds.join(',');
  const [state, setState] = useState<{ key: string; value: StatsState }>({
    key: '',
    value: { status: 'loading', byId: {} },
  });
  useEffect(() => {
    if (!key) return undefined;
    let cancelled = false;
    callFunction('adminOrganizationStats', { organizationIds: key.split(',') })
      .then(({ organizations }) => {
        if (cancelled) return;
        const byId = Object.fromEntries(organizations.map((stats) => [stats.id, stats]));
        setState({ key, value: { status: 'success', byId } });
      })
      .catch(() => {
        if (!cancelled) setState({ key, value: { status: 'error', byId: {} } });
      });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return state.key === key ? state.value : { status: 'loading', byId: {} };
}
