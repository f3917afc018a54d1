import type { ListKind, SegmentCriteria } from '@trato/model';
import {
  orgRecordPath,
  orgRequest,
  orgTarget,
  useLiveList,
  useMembership,
  usePagedList,
} from '@/firebase/dataApi';
import { audienceRequest } from '@/firebase/marketing';

/** Lists offered by the campaign form's select (a team's lists; the newest first). */
export const MAX_LISTS = 200;

export const listsTarget = (orgId: string) => orgTarget(orgId, 'lists');
export const listPath = (orgId: string, id: string) => orgRecordPath(orgId, 'lists', id);

/** /marketing/listas: the lists, newest first, a server page at a time. */
export function useListsPage(orgId: string) {
  return usePagedList(orgRequest(orgId, 'lists.list'));
}

/** The lists to choose from (the campaign form). */
export function useAllLists(orgId: string) {
  return useLiveList(orgRequest(orgId, 'lists.list'), MAX_LISTS);
}

/**
 * A list's contacts, newest first, a page at a time, with their server count (`total`); nothing
 * is read for a member who may not view contacts.
 */
export function useAudience(
  orgId: string,
  list: ({ kind: ListKind; id: string } & SegmentCriteria<unknown>) | null,
) {
  const { can } = useMembership();
  return usePagedList(list && can('contacts', 'view') ? audienceRequest(orgId, list, list.id) : null);
}

/** The names of the companies some lists (or rows) name, by id (one `in` query of ≤ 30 ids). */
export function useCompanyNames(orgId: string, ids: readonly (string | null | undefined)[]) {
  const { can } = useMembership();
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort().slice(0, 30);
  const companies = useLiveList(
    wanted.length && can('companies', 'view')
      ? orgRequest(orgId, 'companies.byIds', { __name__: wanted })
      : null,
  );
  return new Map((companies.data ?? []).map((company) => [company.id, company.name]));
}
