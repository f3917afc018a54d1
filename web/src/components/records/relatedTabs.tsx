import type { Action, Resource } from '@trato/model';
import type { RecordTab } from '@/components/data/RecordTabs';
import type { RelatedKind, RelatedProps } from './related';
import { RelatedDeals } from './RelatedDeals';
import { RelatedMeetings } from './RelatedMeetings';
import { RelatedTasks } from './RelatedTasks';
import { RelatedTickets } from './RelatedTickets';

const RELATED = {
  tasks: RelatedTasks,
  deals: RelatedDeals,
  meetings: RelatedMeetings,
  tickets: RelatedTickets,
};

/**
 * A record page's tabs of tasks, deals, meetings and tickets, in the order given, those the member
 * may view.
 */
export function relatedTabs(
  can: (resource: Resource, action: Action) => boolean,
  parent: RelatedProps,
  tabs: { kind: RelatedKind; key: string; label: string }[],
): RecordTab[] {
  return tabs
    .filter((tab) => can(tab.kind, 'view'))
    .map(({ kind, key, label }) => {
      const Related = RELATED[kind];
      return { key, label, render: () => <Related {...parent} /> };
    });
}
