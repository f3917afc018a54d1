import type { Action, Resource } from '@trato/model';
import type { RecordTab } from '@/components/data/RecordTabs';
import type { RelatedKind, RelatedProps } from './related';
import { RelatedDeals } from './RelatedDeals';
import { RelatedMeetings } from './RelatedMeetings';
import { RelatedTasks } from './RelatedTasks';

const RELATED = { tasks: RelatedTasks, deals: RelatedDeals, meetings: RelatedMeetings };

/** A record page's tabs of tasks, deals and meetings, in the order given, those the member may view. */
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
