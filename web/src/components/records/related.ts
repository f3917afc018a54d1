// What a contact's or company's tabs of tasks, deals, meetings and tickets list: one declared query per
// kind and parent (model/src/queries.ts), keyed by the field that links the record.
import { orgRequest, type QueryRequest, useOrgId } from '@/firebase/dataApi';
import type { RecordLinks } from './links';

export type RelatedKind = 'tasks' | 'deals' | 'meetings' | 'tickets';
export type RelatedParent = 'contact' | 'company';

/** The props of RelatedTasks, RelatedDeals, RelatedMeetings and RelatedTickets. */
export interface RelatedProps {
  by: RelatedParent;
  id: string;
  /** The parent's id and name, preset in a new record's dialog. */
  links: RecordLinks;
}

const RELATED_QUERIES: Record<RelatedKind, Record<RelatedParent, [queryId: string, field: string]>> = {
  tasks: { contact: ['tasks.byContact', 'contactId'], company: ['tasks.byCompany', 'companyId'] },
  deals: { contact: ['deals.byContact', 'primaryContactId'], company: ['deals.byCompany', 'companyId'] },
  meetings: { contact: ['meetings.byContact', 'contactId'], company: ['meetings.byCompany', 'companyId'] },
  tickets: { contact: ['tickets.byContact', 'contactId'], company: ['tickets.byCompany', 'companyId'] },
};

/** The request for the `kind` records of a contact or company (null until the membership is in). */
export function useRelatedRequest(kind: RelatedKind, by: RelatedParent, id: string): QueryRequest | null {
  const organizationId = useOrgId();
  const [queryId, field] = RELATED_QUERIES[kind][by];
  return orgRequest(organizationId, queryId, { [field]: id });
}
