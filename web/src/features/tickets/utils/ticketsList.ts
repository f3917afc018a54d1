import {
  matchesSearch,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
  type TicketPriority,
  type TicketStatus,
  type WithId,
} from '@trato/model';

/** The list's filters, as kept in the address (?status=…&priority=…). */
export const TICKET_FILTERS = ['status', 'priority'] as const;
export type TicketFilterName = (typeof TICKET_FILTERS)[number];

export type TicketFilters = {
  status: TicketStatus | '';
  priority: TicketPriority | '';
};

const oneOf = <V extends string>(values: readonly V[], value: string): V | '' =>
  (values as readonly string[]).includes(value) ? (value as V) : '';

/**
 * The filters in use: a value of the address that is not a status or priority of the model (an
 * old or mistyped link) filters nothing rather than listing nothing.
 */
export function ticketFilters(params: Record<TicketFilterName, string>): TicketFilters {
  return {
    status: oneOf(TICKET_STATUSES, params.status),
    priority: oneOf(TICKET_PRIORITIES, params.priority),
  };
}

/**
 * The rows to show: the server matched the longest word of the search; the other words are
 * checked here against the name, the contact, the company and the description.
 */
export function visibleTickets(rows: WithId<Ticket>[], search: string): WithId<Ticket>[] {
  return rows.filter((row) =>
    matchesSearch(search, row.ticketName, row.contactName, row.companyName, row.description),
  );
}
