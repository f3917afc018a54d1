import { orgRequest, useLiveList, useOrgId } from '@/firebase/dataApi';

/**
 * Members of the organization, live (a team, so the declared members query is small and whole).
 * Apart from the form fields, so that a page that only shows names does not load formik.
 */
export function useMembers() {
  const organizationId = useOrgId();
  return useLiveList(orgRequest(organizationId, 'members.list'));
}
