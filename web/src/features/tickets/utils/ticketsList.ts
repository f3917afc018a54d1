import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@trato/model';

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
