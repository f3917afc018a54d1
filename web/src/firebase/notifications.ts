// The top bar's notifications, live: the declared notification queries (model/src/queries.ts,
// 'tasks.notifications.*', 'meetings.notifications.*', the member's failed sequence sends
// 'sendLog.failuresOf', the replies their mailbox received 'emailMessages.receivedBy' and the
// tickets they own that a customer answered 'tickets.customerReplied'), each limited, for the
// signed-in member.
import { onSnapshot, query, where, type Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import {
  OPEN_TASK_STATUSES,
  type EmailMessage,
  type Meeting,
  type SendLogEntry,
  type Task,
  type Ticket,
  type WithId,
} from '@trato/model';
import { buildQuery, orgRequest } from './queries';

export interface NotificationSourcesInput {
  organizationId: string | null;
  uid: string | null;
  /** The member may view tasks / meetings (else those queries are not made: the rules refuse them). */
  tasks: boolean;
  meetings: boolean;
  /** The member may view marketing: their sequence e-mails that failed. */
  sends: boolean;
  /** The member may view contacts: the e-mails their own mailbox received since `since`. */
  replies: boolean;
  /** The member may view tickets: the tickets they own that a customer answered since `since`. */
  tickets: boolean;
  since: number;
  /** Meetings starting from here (ms). */
  from: number;
  /** Tasks due and meetings starting up to here (ms). */
  until: number;
  /** Each query's limit. */
  size: number;
}

export interface NotificationSources {
  status: 'loading' | 'success' | 'error';
  /** Each task query's documents (a task can be in both). */
  tasks: WithId<Task>[][];
  /** Each meeting query's documents (a meeting can be in both). */
  meetings: WithId<Meeting>[][];
  /** The member's failed sends, newest first. */
  sends: WithId<SendLogEntry>[][];
  /** The e-mails the member's mailbox received, newest first. */
  replies: WithId<EmailMessage>[][];
  /** The member's tickets the customer answered last, newest answer first. */
  tickets: WithId<Ticket>[][];
}

type Row = WithId<Task> | WithId<Meeting> | WithId<SendLogEntry> | WithId<EmailMessage> | WithId<Ticket>;
type Feed = { id: string; query: Query<Row> };

const TASK_FEEDS = ['tasks.notifications.assigned', 'tasks.notifications.created'];
const MEETING_FEEDS = ['meetings.notifications.participant', 'meetings.notifications.created'];
const SEND_FEEDS = ['sendLog.failuresOf'];
const REPLY_FEEDS = ['emailMessages.receivedBy'];
const TICKET_FEEDS = ['tickets.customerReplied'];

/** The queries a member makes (none without an organization; none of a section they may not view). */
function feedIdsOf(input: NotificationSourcesInput): string {
  if (!input.organizationId || !input.uid) return '';
  return [
    ...(input.tasks ? TASK_FEEDS : []),
    ...(input.meetings ? MEETING_FEEDS : []),
    ...(input.sends ? SEND_FEEDS : []),
    ...(input.replies ? REPLY_FEEDS : []),
    ...(input.tickets ? TICKET_FEEDS : []),
  ].join(',');
}

function feedsOf(input: NotificationSourcesInput): Feed[] {
  const { organizationId: orgId, uid, size } = input;
  if (!orgId || !uid) return [];
  const until = new Date(input.until);
  const feeds: Feed[] = [];
  if (input.tasks) {
    const values = { status: [...OPEN_TASK_STATUSES], dueDate: until };
    for (const [id, who] of [
      ['tasks.notifications.assigned', { assigneeIds: uid }],
      ['tasks.notifications.created', { createdBy: uid }],
    ] as const) {
      feeds.push({
        id,
        query: buildQuery(orgRequest(orgId, id, { ...values, ...who }), { size }) as Query<Row>,
      });
    }
  }
  if (input.meetings) {
    const values = { status: 'scheduled', startTime: until };
    for (const [id, who] of [
      ['meetings.notifications.participant', { participantIds: uid }],
      ['meetings.notifications.created', { createdBy: uid }],
    ] as const) {
      const declared = buildQuery(orgRequest(orgId, id, { ...values, ...who }), { size });
      // A lower bound on the same field (same index): past meetings still 'scheduled' would
      // otherwise fill the limit ahead of the coming ones.
      feeds.push({
        id,
        query: query(declared, where('startTime', '>=', new Date(input.from))) as Query<Row>,
      });
    }
  }
  if (input.sends) {
    const values = { senderUid: uid, status: 'failed' };
    feeds.push({
      id: 'sendLog.failuresOf',
      query: buildQuery(orgRequest(orgId, 'sendLog.failuresOf', values), {
        size,
      }) as Query<Row>,
    });
  }
  if (input.replies) {
    const declared = buildQuery(
      orgRequest(orgId, 'emailMessages.receivedBy', { ownerUid: uid, direction: 'in' }),
      { size },
    );
    // A lower bound on the ordered field (same index): only the recent ones.
    feeds.push({
      id: 'emailMessages.receivedBy',
      query: query(declared, where('date', '>=', new Date(input.since))) as Query<Row>,
    });
  }
  if (input.tickets) {
    const values = { ownerId: uid, conversationState: 'customer-replied' };
    const declared = buildQuery(orgRequest(orgId, 'tickets.customerReplied', values), { size });
    feeds.push({
      id: 'tickets.customerReplied',
      query: query(declared, where('lastReplyAt', '>=', new Date(input.since))) as Query<Row>,
    });
  }
  return feeds;
}

/**
 * The documents of the member's notification queries, live. A new time bound (a new key) keeps
 * showing the last documents until the new listeners answer, so the badge does not blink.
 */
export function useNotificationSources(input: NotificationSourcesInput): NotificationSources {
  const key = JSON.stringify(input);
  const [state, setState] = useState<{ feeds: string; data: Record<string, unknown[] | 'error'> }>({
    feeds: '',
    data: {},
  });

  useEffect(() => {
    const parsed = JSON.parse(key) as NotificationSourcesInput;
    const feeds = feedsOf(parsed);
    const feedIds = feedIdsOf(parsed);
    // Another member, organization or permission: start over; a moved time bound: keep the last.
    setState((previous) => (previous.feeds === feedIds ? previous : { feeds: feedIds, data: {} }));
    const unsubscribes = feeds.map((feed) =>
      onSnapshot(
        feed.query,
        (snapshot) =>
          setState((previous) => ({
            feeds: feedIds,
            data: { ...previous.data, [feed.id]: snapshot.docs.map((d) => d.data()) },
          })),
        (error) => {
          console.error(`Notifications (${feed.id})`, error);
          setState((previous) => ({ feeds: feedIds, data: { ...previous.data, [feed.id]: 'error' } }));
        },
      ),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [key]);

  const expected = feedIdsOf(input);
  if (state.feeds !== expected)
    return {
      status: expected ? 'loading' : 'success',
      tasks: [],
      meetings: [],
      sends: [],
      replies: [],
      tickets: [],
    };
  const feeds = expected ? expected.split(',') : [];
  const listed = (kind: string) =>
    feeds
      .filter((id) => id.startsWith(`${kind}.`))
      .map((id) => state.data[id])
      .filter((data): data is unknown[] => Array.isArray(data));
  const answered = feeds.filter((id) => state.data[id] !== undefined);
  const failed = feeds.filter((id) => state.data[id] === 'error');
  return {
    status:
      failed.length > 0 && failed.length === feeds.length
        ? 'error'
        : answered.length < feeds.length
          ? 'loading'
          : 'success',
    tasks: listed('tasks') as WithId<Task>[][],
    meetings: listed('meetings') as WithId<Meeting>[][],
    sends: listed('sendLog') as WithId<SendLogEntry>[][],
    replies: listed('emailMessages') as WithId<EmailMessage>[][],
    tickets: listed('tickets') as WithId<Ticket>[][],
  };
}
