import { WA_FAILURE_REASONS, type WaFailureReason, type WaMessageStatus } from '@trato/model';
import { orgRequest } from '@/firebase/dataApi';

/** The inbox's filters: every conversation, mine, nobody's, those with unread messages. */
export const INBOX_FILTERS = ['all', 'mine', 'unassigned', 'unread'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** The filter's value in the address (?filtro=), Spanish like the paths; 'all' is no parameter. */
export const FILTER_PARAM = 'filtro';
const ADDRESS_VALUES: Record<InboxFilter, string> = {
  all: '',
  mine: 'mias',
  unassigned: 'sin-asignar',
  unread: 'no-leidas',
};

export function filterFromAddress(value: string | null): InboxFilter {
  return INBOX_FILTERS.find((filter) => value && ADDRESS_VALUES[filter] === value) ?? 'all';
}

export function filterToAddress(filter: InboxFilter): string {
  return ADDRESS_VALUES[filter];
}

/** The declared query of a filter (model queries.ts: waConversations.recent | byAssignee | unread). */
export function inboxRequest(orgId: string, filter: InboxFilter, uid: string | null) {
  switch (filter) {
    case 'mine':
      return uid ? orgRequest(orgId, 'waConversations.byAssignee', { assigneeId: uid }) : null;
    case 'unassigned':
      return orgRequest(orgId, 'waConversations.byAssignee', { assigneeId: null });
    case 'unread':
      return orgRequest(orgId, 'waConversations.unread', { unreadCount: 0 });
    case 'all':
      return orgRequest(orgId, 'waConversations.recent');
  }
}

/** A failure the model names, else 'unknown' (a reason this version of the web does not know). */
export function failureReason(value: string | null | undefined): WaFailureReason {
  return (WA_FAILURE_REASONS as readonly string[]).includes(value ?? '')
    ? (value as WaFailureReason)
    : 'unknown';
}

/** What the ticks of an outbound message show. */
export type Ticks = 'clock' | 'one' | 'two' | 'two-read' | 'failed' | null;

export function ticksOf(status: WaMessageStatus): Ticks {
  switch (status) {
    case 'pending':
      return 'clock';
    case 'sent':
      return 'one';
    case 'delivered':
      return 'two';
    case 'read':
      return 'two-read';
    case 'failed':
      return 'failed';
    case 'received':
      return null;
  }
}

/** A member's initials for their round badge ('Ana López' → 'AL'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    (words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}
