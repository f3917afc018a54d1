// What a contact's or company's tabs of tasks, deals, meetings and tickets list: one declared query per
// kind and parent (model/src/queries.ts), keyed by the field that links the record.
import type { QueryId } from '@trato/model';
import { orgRequest, useOrgId, type QueryRequest } from '@/firebase/dataApi';
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

const RELATED_QUERIES = {
  tasks: { contact: ['tasks.byContact', 'contactId'], company: ['tasks.byCompany', 'companyId'] },
  deals: { contact: ['deals.byContact', 'primaryContactId'], company: ['deals.byCompany', 'companyId'] },
  meetings: { contact: ['meetings.byContact', 'contactId'], company: ['meetings.byCompany', 'companyId'] },
  tickets: { contact: ['tickets.byContact', 'contactId'], company: ['tickets.byCompany', 'companyId'] },
} as const satisfies Record<RelatedKind, Record<RelatedParent, readonly [queryId: QueryId, field: string]>>;

/** The queries of the `Kind` records of a contact or company. */
type RelatedQueryId<Kind extends RelatedKind> = (typeof RELATED_QUERIES)[Kind][RelatedParent][0];

/** The request for the `kind` records of a contact or company. */
export function useRelatedRequest<Kind extends RelatedKind>(
  kind: Kind,
  by: RelatedParent,
  id: string,
): QueryRequest<RelatedQueryId<Kind>> {
  const organizationId = useOrgId();
  // Indexing by a type parameter widens the pair; it is the one RELATED_QUERIES declares for Kind.
  const [queryId, field] = RELATED_QUERIES[kind][by] as readonly [RelatedQueryId<Kind>, string];
  return orgRequest(organizationId, queryId, { [field]: id });
}
