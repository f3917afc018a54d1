import { useEffect, useState } from 'react';
import { SEARCH_MIN_CHARS, SEARCH_RESULTS_PER_TYPE, searchQueryToken } from '@trato/model';
import { useDebounced } from '@/components/useDebounced';
import { firstMatches, searchRequest, useMembership, useOrgId } from '@/firebase/dataApi';
import { formatMoney } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { hitsOf, SEARCH_GROUPS, viewableGroups, type SearchHit } from './search';

const DEBOUNCE_MS = 250;

export type GlobalSearch =
  | { status: 'idle'; hits: [] }
  | { status: 'loading'; hits: SearchHit[] }
  | { status: 'done'; hits: SearchHit[] }
  | { status: 'error'; hits: [] };

/**
 * Searches the sections the member may view once `typed` has SEARCH_MIN_CHARS characters (after
 * a pause in typing): one read of up to SEARCH_RESULTS_PER_TYPE documents per group, through the
 * search tokens (accent-insensitive word prefixes; every word matched on the server, model
 * search.ts). While a new search runs, the last hits stay.
 */
export function useGlobalSearch(typed: string): GlobalSearch {
  const organizationId = useOrgId();
  const { can } = useMembership();
  const language = useLanguage();
  const settled = useDebounced(typed.trim(), DEBOUNCE_MS);
  const [state, setState] = useState<{ key: string; value: GlobalSearch }>({
    key: '',
    value: { status: 'idle', hits: [] },
  });
  const searchable = settled.length >= SEARCH_MIN_CHARS && searchQueryToken(settled) !== null;
  // The viewable groups as a value, so a re-render does not search again.
  const groupKeys = viewableGroups(can)
    .map((group) => group.key)
    .join(',');

  useEffect(() => {
    if (!searchable) return undefined;
    let alive = true;
    setState((previous) => ({ key: settled, value: { status: 'loading', hits: previous.value.hits } }));
    const money = (amount: number) => formatMoney(amount, language);
    const groups = SEARCH_GROUPS.filter((group) => groupKeys.split(',').includes(group.key));
    Promise.all(
      groups.map((group) =>
        firstMatches(searchRequest(organizationId, group.queryId, settled), SEARCH_RESULTS_PER_TYPE),
      ),
    ).then(
      (results) => {
        if (!alive) return;
        const hits = groups.flatMap((group, i) => hitsOf(group, results[i], money));
        setState({ key: settled, value: { status: 'done', hits } });
      },
      () => alive && setState({ key: settled, value: { status: 'error', hits: [] } }),
    );
    return () => {
      alive = false;
    };
  }, [organizationId, groupKeys, searchable, settled, language]);

  if (!searchable) return { status: 'idle', hits: [] };
  // Typed but not yet searched (the pause): show the last hits as loading.
  if (state.key !== typed.trim()) {
    return state.value.status === 'error' ? state.value : { status: 'loading', hits: state.value.hits };
  }
  return state.value;
}
