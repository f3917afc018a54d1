import { useState } from 'react';
import {
  orgRecordPath,
  orgRequest,
  orgTarget,
  useCount,
  useDocument,
  useMembership,
  usePagedList,
} from '@/firebase/dataApi';

export const formsTarget = (orgId: string) => orgTarget(orgId, 'forms');
export const formPath = (orgId: string, id: string) => orgRecordPath(orgId, 'forms', id);

/** /marketing/formularios: the forms, newest first, a server page at a time. */
export function useFormsPage(orgId: string) {
  return usePagedList(orgRequest(orgId, 'forms.list'));
}

export function useForm(orgId: string, id: string) {
  return useDocument(formPath(orgId, id));
}

/**
 * A form's submissions, newest first, a page at a time, and how many there are (a server count,
 * counted again when a new one tops the list); nothing is read for a member who may not view
 * contacts (submissions are part of the contacts' record).
 */
export function useSubmissions(orgId: string, formId: string) {
  const { can } = useMembership();
  const allowed = can('contacts', 'view');
  const list = usePagedList(allowed ? orgRequest(orgId, 'submissions.byForm', { formId }) : null);
  // The newest submission seen on the first page: a new one arriving counts again.
  const [newest, setNewest] = useState('');
  const top = list.page === 0 ? list.rows[0]?.id : undefined;
  if (top !== undefined && top !== newest) setNewest(top);
  const count = useCount(allowed ? orgRequest(orgId, 'submissions.countByForm', { formId }) : null, newest);
  return { list, count };
}
