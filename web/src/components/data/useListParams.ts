import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { searchQueryToken } from '@trato/model';
import { useDebounced } from '@/components/useDebounced';

/** Typing pauses this long before a list searches (spec §9: contact search 300 ms). */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search text and filters, kept in the address (?q=…&stage=…) so the back button and a
 * shared link return to the same view. The search reaches the query debounced, and only once it
 * has a searchable word (2+ letters).
 */
export function useListParams<F extends string>(filterNames: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const settled = useDebounced(search.trim(), LIST_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
    F,
    string
  >;
  /** Sets several filters at once ('' removes one). */
  const setFilters = (patch: Partial<Record<F, string>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch) as [F, string | undefined][]) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const setFilter = (name: F, value: string) => setFilters({ [name]: value } as Partial<Record<F, string>>);
  const clear = () => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const query = searchQueryToken(settled) ? settled : '';
  const active = Boolean(query) || filterNames.some((name) => filters[name]);
  return { search, setSearch, query, filters, setFilter, setFilters, clear, active };
}
