import { useCallback, useEffect, useState } from 'react';
import { NOTIFICATIONS_MAX } from '@trato/model';
import { useMembership, useNotificationSources, useSubscription, useOrgId } from '@/firebase/dataApi';
import {
  DAYS_MS,
  MINUTE_MS,
  mergeNotifications,
  minuteOf,
  queryBounds,
  type NotificationItem,
} from './notifications';

export interface Notifications {
  status: 'loading' | 'success' | 'error';
  items: NotificationItem[];
  /** When the items were last worked out (labels are relative to it); moves every minute. */
  now: number;
  /** Hides a task at once while it is being completed (false shows it again). */
  hide(id: string, hidden: boolean): void;
}

/** The current time, updated at the start of every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(Date.now());
    const timeout = setTimeout(
      () => {
        tick();
        interval = setInterval(tick, MINUTE_MS);
      },
      minuteOf(Date.now()) + MINUTE_MS - Date.now(),
    );
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}

/**
 * The signed-in member's notifications, live: the listeners stay on while the shell is shown (the
 * badge counts them); their time bounds move by the hour, the exact window and labels by the minute.
 */
export function useNotifications(): Notifications {
  const organizationId = useOrgId();
  const { uid, can, profile } = useMembership();
  // Kinds the member left out of the bell (Ajustes → Perfil → Notificaciones).
  const muted = profile?.mutedNotifications ?? [];
  // Without a live subscription the rules refuse every CRM read (the paywall shows): no queries.
  const live = useSubscription(organizationId).live;
  const now = useMinuteClock();
  const { from, until } = queryBounds(minuteOf(now));
  const sources = useNotificationSources({
    organizationId,
    uid,
    tasks: live && can('tasks', 'view') && !muted.includes('tasks'),
    meetings: live && can('meetings', 'view') && !muted.includes('meetings'),
    sends: live && can('marketing', 'view'),
    replies: live && can('contacts', 'view'),
    tickets: live && can('tickets', 'view'),
    since: from - DAYS_MS,
    from,
    until,
    size: NOTIFICATIONS_MAX,
  });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const hide = useCallback(
    (id: string, hide: boolean) =>
      setHidden((previous) => {
        const next = new Set(previous);
        if (hide) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const items = mergeNotifications(
    sources.tasks,
    sources.meetings,
    now,
    hidden,
    sources.sends,
    sources.replies,
    sources.tickets,
  );
  return { status: sources.status, items, now, hide };
}
