import type { MarketingList } from '@trato/model';
import { orgRequest, useGrowingList, useOrgId, type GrowingList } from '@/firebase/dataApi';

/** Lists read per page (static and segments together: lists.list has no kind filter). */
const PAGE = 50;

/**
 * The organization's static marketing lists, newest first, more on demand (`loadMore`): what a
 * contact's 'Listas' and the contacts list's 'Añadir a lista' offer. Segments are left out (they
 * hold contacts by their criteria); `hasMore` may be true while no static list has shown yet.
 */
export function useStaticLists(): GrowingList<MarketingList> {
  const organizationId = useOrgId();
  const lists = useGrowingList(orgRequest(organizationId, 'lists.list'), PAGE);
  return { ...lists, rows: lists.rows.filter((list) => list.kind === 'static') };
}
