import { describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_MAX,
  type EmailMessage,
  type Meeting,
  type SendLogEntry,
  type Task,
  type Ticket,
  type WithId,
} from '@trato/model';
import {
  isOverdue,
  mergeNotifications,
  minuteOf,
  notificationPath,
  QUERY_STEP_MS,
  queryBounds,
  timeLabelKind,
  WINDOW_MS,
} from './notifications';

const NOW = Date.UTC(2026, 10, 24, 12, 30, 15);
const HOUR = 3_600_000;
const stamp = (ms: number) => ({
  toMillis: () => ms,
  toDate: () => new Date(ms),
  seconds: ms / 1000,
  nanoseconds: 0,
});

function task(id: string, dueIn: number | null, extra: Partial<Task> = {}): WithId<Task> {
  return {
    id,
    title: `Tarea ${id}`,
    status: 'pending',
    dueDate: dueIn === null ? null : stamp(NOW + dueIn),
    contactId: null,
    companyId: null,
    assigneeIds: [],
    searchTokens: [],
    ...extra,
  } as unknown as WithId<Task>;
}
function meeting(id: string, startsIn: number, extra: Partial<Meeting> = {}): WithId<Meeting> {
  return {
    id,
    title: `Reunión ${id}`,
    status: 'scheduled',
    startTime: stamp(NOW + startsIn),
    endTime: stamp(NOW + startsIn + HOUR),
    contactId: null,
    companyId: null,
    participantIds: [],
    searchTokens: [],
    ...extra,
  } as unknown as WithId<Meeting>;
}

describe('mergeNotifications', () => {
  it('merges the four queries, each task or meeting once, by time', () => {
    const both = task('both', 2 * HOUR, { contactName: 'Ana Pérez' });
    const items = mergeNotifications(
      [
        [task('late', -HOUR), both],
        [both, task('soon', 30 * 60_000)],
      ],
      [[meeting('m1', 3 * HOUR, { companyName: 'Finanzas del Valle' })], [meeting('m1', 3 * HOUR)]],
      NOW,
    );
    expect(items.map((item) => `${item.type}:${item.id}`)).toEqual([
      'task:late',
      'task:soon',
      'task:both',
      'meeting:m1',
    ]);
    expect(items[0]).toMatchObject({ isOverdue: true, status: 'pending', contactName: null });
    expect(items[2]).toMatchObject({ isOverdue: false, contactName: 'Ana Pérez', dueDate: NOW + 2 * HOUR });
    expect(items[2].task).toBe(both);
    expect(items[3]).toMatchObject({ type: 'meeting', contactName: 'Finanzas del Valle', isOverdue: false });
  });

  it('keeps open tasks due within the window or overdue, and meetings starting within it', () => {
    const items = mergeNotifications(
      [
        [
          task('no-date', null),
          task('done', HOUR, { status: 'completed' }),
          task('cancelled', HOUR, { status: 'cancelled' }),
          task('edge', WINDOW_MS),
          task('beyond', WINDOW_MS + 60_000),
          task('old', -30 * 24 * HOUR),
        ],
      ],
      [[meeting('started', -2 * 60_000), meeting('now', -10_000), meeting('tomorrow', WINDOW_MS + HOUR)]],
      NOW,
    );
    expect(items.map((item) => item.id)).toEqual(['old', 'now', 'cancelled', 'edge']);
  });

  it('leaves out the tasks being completed', () => {
    const items = mergeNotifications([[task('a', HOUR), task('b', 2 * HOUR)]], [], NOW, new Set(['a']));
    expect(items.map((item) => item.id)).toEqual(['b']);
  });

  it('cuts to NOTIFICATIONS_MAX, soonest first', () => {
    const tasks = Array.from({ length: 12 }, (_, i) => task(`t${i}`, (12 - i) * 60_000));
    const items = mergeNotifications([tasks], [], NOW);
    expect(items).toHaveLength(NOTIFICATIONS_MAX);
    expect(items[0].id).toBe('t11');
    expect(items.at(-1)?.id).toBe('t2');
  });
});

describe('labels and bounds', () => {
  it('reads overdue before now, upcoming from now on', () => {
    expect(isOverdue(NOW - 1, NOW)).toBe(true);
    expect(isOverdue(NOW, NOW)).toBe(false);
    expect(timeLabelKind({ dueDate: NOW - HOUR }, NOW)).toBe('overdue');
    expect(timeLabelKind({ dueDate: NOW + 45 * 60_000 }, NOW)).toBe('upcoming');
  });

  it('moves the query bounds by the hour, covering the whole window of every minute in it', () => {
    const minute = minuteOf(NOW);
    expect(minute).toBe(Date.UTC(2026, 10, 24, 12, 30));
    const bounds = queryBounds(minute);
    expect(bounds.from).toBe(Date.UTC(2026, 10, 24, 12));
    expect(bounds.until).toBe(bounds.from + QUERY_STEP_MS + WINDOW_MS);
    // Same listeners all hour long; the last minute of the hour still fits.
    expect(queryBounds(minute + 29 * 60_000)).toEqual(bounds);
    expect(bounds.until).toBeGreaterThanOrEqual(minute + 29 * 60_000 + WINDOW_MS);
    expect(queryBounds(minute + 30 * 60_000).from).toBe(bounds.from + QUERY_STEP_MS);
  });

  it('leads tasks to /tareas and meetings to /reuniones', () => {
    expect(notificationPath({ type: 'task' })).toBe('/tareas');
    expect(notificationPath({ type: 'meeting' })).toBe('/reuniones');
  });
});

describe('failed sequence e-mails in the bell', () => {
  const send = (id: string, agoMs: number, status = 'failed') =>
    ({
      id,
      kind: 'sequence',
      sequenceId: 'seq1',
      stepId: 's1',
      contactId: 'c1',
      senderUid: 'me',
      to: 'julia@cafe.hn',
      subject: 'Hola Julia',
      status,
      error: 'mail-broken',
      messageId: null,
      createdAt: stamp(NOW - agoMs - 1000),
      updatedAt: stamp(NOW - agoMs),
      sentAt: null,
    }) as unknown as WithId<SendLogEntry>;

  it('lists my failures of the last 7 days first, with the reason, leading to the sequence', () => {
    const items = mergeNotifications([[task('t1', HOUR)]], [], NOW, new Set(), [
      [send('f1', 2 * HOUR), send('old', 8 * 24 * HOUR), send('ok', HOUR, 'sent')],
    ]);
    expect(items.map((i) => `${i.type}:${i.id}`)).toEqual(['send:f1', 'task:t1']);
    expect(items[0]).toMatchObject({
      title: 'Hola Julia',
      contactName: 'julia@cafe.hn',
      reason: 'mail-broken',
    });
    expect(notificationPath(items[0]!)).toBe('/marketing?secuencia=seq1');
  });
});

describe('replies in the bell (issue 32)', () => {
  const reply = (id: string, agoMs: number, extra: Partial<EmailMessage> = {}) =>
    ({
      id,
      ownerUid: 'me',
      direction: 'in',
      from: { name: 'Julia Pérez', address: 'julia@cafe.hn' },
      subject: 'Re: Propuesta',
      date: stamp(NOW - agoMs),
      contactIds: ['c1', 'c2'],
      ...extra,
    }) as unknown as WithId<EmailMessage>;

  it('lists the replies of the last 7 days first, newest first, each leading to its conversation', () => {
    const items = mergeNotifications(
      [[task('late', -HOUR), task('soon', HOUR)]],
      [],
      NOW,
      new Set(),
      [],
      [[reply('me_g1', 3 * HOUR), reply('me_g2', HOUR), reply('me_old', 8 * 24 * HOUR)]],
    );
    expect(items.map((i) => `${i.type}:${i.id}`)).toEqual([
      'reply:me_g2',
      'reply:me_g1',
      'task:late',
      'task:soon',
    ]);
    expect(items[0]).toMatchObject({
      title: 'Re: Propuesta',
      contactName: 'Julia Pérez',
      dueDate: NOW - HOUR,
      isOverdue: false,
      contactId: 'c1',
    });
    expect(notificationPath(items[0]!)).toBe('/contactos/c1/emails?mensaje=me_g2');
  });

  it("names the sender by address when it has no name; a private mailbox's reply has neither", () => {
    const [byAddress, hidden] = mergeNotifications(
      [],
      [],
      NOW,
      new Set(),
      [],
      [
        [
          reply('me_a', HOUR, { from: { name: null, address: 'julia@cafe.hn' } }),
          reply('me_b', 2 * HOUR, { from: null, subject: null }),
        ],
      ],
    );
    expect(byAddress).toMatchObject({ contactName: 'julia@cafe.hn', title: 'Re: Propuesta' });
    expect(hidden).toMatchObject({ contactName: null, title: '' });
  });

  it(`shows at most ${NOTIFICATIONS_MAX} items in all`, () => {
    const many = Array.from({ length: NOTIFICATIONS_MAX + 2 }, (_, i) => reply(`me_${i}`, (i + 1) * HOUR));
    const items = mergeNotifications([[task('t1', HOUR)]], [], NOW, new Set(), [], [many]);
    expect(items).toHaveLength(NOTIFICATIONS_MAX);
    expect(items.every((i) => i.type === 'reply')).toBe(true);
    expect(items[0]!.id).toBe('me_0');
  });
});

describe("customers' replies on my tickets in the bell (issue 34)", () => {
  const ticket = (id: string, agoMs: number, extra: Partial<Ticket> = {}): WithId<Ticket> =>
    ({
      id,
      ticketName: `Ticket ${id}`,
      status: 'In Progress',
      contactName: 'María Hernández',
      companyName: null,
      ownerId: 'me',
      conversationState: 'customer-replied',
      lastReplyAt: stamp(NOW - agoMs),
      ...extra,
    }) as unknown as WithId<Ticket>;

  it('lists the answered tickets of the last days newest first, above tasks, each opening its ticket', () => {
    const items = mergeNotifications(
      [[task('t1', -HOUR)]],
      [],
      NOW,
      new Set(),
      [],
      [],
      [[ticket('k1', 3 * HOUR), ticket('k2', HOUR), ticket('k3', 8 * 24 * HOUR)]],
    );
    expect(items.map((i) => `${i.type}:${i.id}`)).toEqual(['ticket:k2', 'ticket:k1', 'task:t1']);
    expect(items[0]).toMatchObject({ title: 'Ticket k2', contactName: 'María Hernández', isOverdue: false });
    expect(notificationPath(items[0]!)).toBe('/tickets/k2');
  });

  it('leaves out a ticket answered since by the team', () => {
    const items = mergeNotifications(
      [],
      [],
      NOW,
      new Set(),
      [],
      [],
      [[ticket('k1', HOUR, { conversationState: 'waiting-on-customer' })]],
    );
    expect(items).toEqual([]);
  });
});
