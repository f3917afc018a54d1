// The top bar's notifications (spec §2, §3 notification item, §6, §9): my open tasks due within
// the window or overdue, and meetings I created or attend starting within the window. Pure: the
// bell's hook does the listening, the panel the showing.
import {
  NOTIFICATIONS_MAX,
  NOTIFICATIONS_WINDOW_HOURS,
  type EmailMessage,
  type Meeting,
  type SendLogEntry,
  type Task,
  type TaskStatus,
  type Ticket,
  type WithId,
} from '@trato/model';
import { sectionHref } from '@/app/sections';

export const MINUTE_MS = 60_000;
export const WINDOW_MS = NOTIFICATIONS_WINDOW_HOURS * 60 * MINUTE_MS;
/**
 * The queries' time bounds move by this step (the hour), not every minute: a new bound is a new
 * listener (its documents read again). Results are ordered by time, so a query reaching a little
 * past the window loses nothing within it; the minute's exact window is applied here.
 */
export const QUERY_STEP_MS = 60 * MINUTE_MS;

/**
 * A failed sequence e-mail stays in its sender's bell this long (then the sequence page tells); so
 * does an e-mail a contact sent to the member's mailbox (then the contact's e-mails keep it).
 */
export const SEND_FAILURE_DAYS = 7;
export const DAYS_MS = SEND_FAILURE_DAYS * 24 * 60 * MINUTE_MS;

/**
 * The derived notification item (spec §3), a sequence e-mail of mine that failed, and an e-mail my
 * mailbox received from a contact (a reply).
 */
export interface NotificationItem {
  id: string;
  type: 'task' | 'meeting' | 'send' | 'reply' | 'ticket';
  /** A reply: its subject ('' when its mailbox is private). */
  title: string;
  /** The contact's name, else the company's; null when neither. A reply: its sender. */
  contactName: string | null;
  /** Due date (tasks), start time (meetings), when it failed or arrived, in milliseconds. */
  dueDate: number;
  isOverdue: boolean;
  /** Tasks only. */
  status?: TaskStatus;
  /** The task as read (its update needs it); tasks only. */
  task?: WithId<Task>;
  /** Failed sends: why (a SendFailureReason) and the sequence. */
  reason?: string | null;
  sequenceId?: string | null;
  /** Replies: the contact whose e-mails page shows it. */
  contactId?: string;
}

/** The items that are news (a reply, a customer's answer on a ticket): newest first, above the rest. */
const isNews = (item: Pick<NotificationItem, 'type'>) => item.type === 'reply' || item.type === 'ticket';

type Stamp = { toMillis(): number } | null | undefined;
const millis = (value: Stamp): number | null =>
  value && typeof value.toMillis === 'function' ? value.toMillis() : null;

/** The minute `now` falls in (labels and the exact window move with it). */
export function minuteOf(now: number): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS;
}

/**
 * The queries' bounds for a minute: tasks and meetings up to the end of the window rounded up to
 * the step; meetings from the start of the current step (the hour).
 */
export function queryBounds(minute: number): { from: number; until: number } {
  const from = Math.floor(minute / QUERY_STEP_MS) * QUERY_STEP_MS;
  return { from, until: from + QUERY_STEP_MS + WINDOW_MS };
}

/** Overdue when its date is before now (spec §4). */
export function isOverdue(dueDate: number, now: number): boolean {
  return dueDate < now;
}

/** Which label an item reads: 'Vencida · hace 2 horas' or 'en 45 minutos'. */
export function timeLabelKind(item: Pick<NotificationItem, 'dueDate'>, now: number): 'overdue' | 'upcoming' {
  return isOverdue(item.dueDate, now) ? 'overdue' : 'upcoming';
}

/**
 * The items shown: tasks (from both task queries, each task once) that are open, have a due date
 * and are overdue or due within the window; meetings (both meeting queries, each once) starting
 * within the window; by time, soonest (most overdue) first; before them the replies of the last
 * days, newest first; at most NOTIFICATIONS_MAX. `hidden` are tasks being completed (they leave
 * at once, before the write is confirmed).
 */
export function mergeNotifications(
  tasks: WithId<Task>[][],
  meetings: WithId<Meeting>[][],
  now: number,
  hidden: ReadonlySet<string> = new Set(),
  sends: WithId<SendLogEntry>[][] = [],
  replies: WithId<EmailMessage>[][] = [],
  tickets: WithId<Ticket>[][] = [],
): NotificationItem[] {
  const until = now + WINDOW_MS;
  const items = new Map<string, NotificationItem>();
  for (const task of tasks.flat()) {
    const due = millis(task.dueDate);
    const key = `task:${task.id}`;
    if (due === null || due > until || task.status === 'completed' || hidden.has(task.id)) continue;
    if (items.has(key)) continue;
    items.set(key, {
      id: task.id,
      type: 'task',
      title: task.title,
      contactName: task.contactName || task.companyName || null,
      dueDate: due,
      isOverdue: isOverdue(due, now),
      status: task.status,
      task,
    });
  }
  for (const meeting of meetings.flat()) {
    const start = millis(meeting.startTime);
    const key = `meeting:${meeting.id}`;
    // A meeting that has started leaves within the minute.
    if (start === null || start > until || start < minuteOf(now) || items.has(key)) continue;
    items.set(key, {
      id: meeting.id,
      type: 'meeting',
      title: meeting.title,
      contactName: meeting.contactName || meeting.companyName || null,
      dueDate: start,
      isOverdue: false,
    });
  }
  const since = now - DAYS_MS;
  for (const send of sends.flat()) {
    const at = millis(send.updatedAt) ?? millis(send.createdAt);
    if (at === null || at < since || send.status !== 'failed' || items.has(`send:${send.id}`)) continue;
    items.set(`send:${send.id}`, {
      id: send.id,
      type: 'send',
      title: send.subject,
      contactName: send.to || null,
      dueDate: at,
      isOverdue: true,
      reason: send.error,
      sequenceId: send.sequenceId,
    });
  }
  for (const reply of replies.flat()) {
    const at = millis(reply.date);
    if (at === null || at < since) continue;
    items.set(`reply:${reply.id}`, {
      id: reply.id,
      type: 'reply',
      title: reply.subject ?? '',
      contactName: reply.from && (reply.from.name || reply.from.address),
      dueDate: at,
      isOverdue: false,
      contactId: reply.contactIds[0],
    });
  }
  // A ticket I own that its customer answered (issue 34): 'Respuesta del cliente: {ticketName}'.
  for (const ticket of tickets.flat()) {
    const at = millis(ticket.lastReplyAt);
    if (at === null || at < since || ticket.conversationState !== 'customer-replied') continue;
    items.set(`ticket:${ticket.id}`, {
      id: ticket.id,
      type: 'ticket',
      title: ticket.ticketName,
      contactName: ticket.contactName ?? null,
      dueDate: at,
      isOverdue: false,
    });
  }
  // Replies and answered tickets first, newest first; then by time, soonest (most overdue) first.
  const order = (item: NotificationItem) => (isNews(item) ? -item.dueDate : item.dueDate);
  return [...items.values()]
    .sort((a, b) => order(a) - order(b) || a.type.localeCompare(b.type) || a.id.localeCompare(b.id))
    .slice(0, NOTIFICATIONS_MAX);
}

/** Where an item leads (a reply: its conversation on the contact's e-mails page; a ticket: the ticket). */
export function notificationPath(
  item: Pick<NotificationItem, 'type' | 'sequenceId' | 'contactId'> & { id?: string },
): string {
  if (item.type === 'ticket') return sectionHref('tickets', { id: item.id });
  if (item.type === 'reply')
    return `${sectionHref('contacts', { id: item.contactId, page: 'emails' })}?mensaje=${encodeURIComponent(item.id ?? '')}`;
  if (item.type === 'send') return sectionHref('marketing', { query: { secuencia: item.sequenceId } });
  return sectionHref(item.type === 'task' ? 'tasks' : 'meetings');
}
