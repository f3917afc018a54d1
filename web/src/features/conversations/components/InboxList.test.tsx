// The inbox (issue 33): the filters and the query each runs, a conversation's row (name, number,
// last message, time, unread count, assignee), the empty state of each filter, loading and
// failure, and 'Cargar más'.
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { at, feedOf, resetWa, wa } from '../test/waMock';
import type { InboxFilter } from '../utils/inbox';

vi.mock('@/firebase/dataApi', async () => (await import('../test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('../test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('../test/waMock')).waWritesMock());

const { InboxList } = await import('./InboxList');

const conversation = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  contactId: id,
  contactName: 'Julia Pérez',
  waId: '50499998888',
  profileName: 'Julia',
  lastMessageAt: at('2026-05-12T15:00:00Z'),
  lastMessageText: '¿Tienen envío a Tegucigalpa?',
  lastDirection: 'in',
  lastInboundAt: at('2026-05-12T15:00:00Z'),
  unreadCount: 0,
  assigneeId: null,
  ...extra,
});

const onFilter = vi.fn();
const render = (
  filter: InboxFilter = 'all',
  language: 'es' | 'en' = 'es',
  selectedId: string | null = null,
) =>
  renderWithApp(
    <MemoryRouter>
      <InboxList
        filter={filter}
        onFilter={onFilter}
        selectedId={selectedId}
        hrefOf={(id) => `/conversaciones/${id}`}
        nameOf={(uid) => (uid === 'u2' ? 'Marta Díaz' : 'Ana López')}
      />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  resetWa();
  onFilter.mockReset();
});

describe('InboxList', { timeout: 30_000 }, () => {
  it('shows the four filters, the chosen one pressed, and asks for another', async () => {
    await render('unread');
    const group = screen.getByRole('group', { name: 'Filtrar conversaciones' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Todas', 'false'],
      ['Mías', 'false'],
      ['Sin asignar', 'false'],
      ['No leídas', 'true'],
    ]);
    fireEvent.click(within(group).getByRole('button', { name: 'Mías' }));
    expect(onFilter).toHaveBeenCalledWith('mine');
  });

  it.each([
    ['all', { id: 'waConversations.recent' }],
    ['mine', { id: 'waConversations.byAssignee', values: { assigneeId: 'u1' } }],
    ['unassigned', { id: 'waConversations.byAssignee', values: { assigneeId: null } }],
    ['unread', { id: 'waConversations.unread', values: { unreadCount: 0 } }],
  ] as const)('the filter %s reads its declared query', async (filter, request) => {
    await render(filter);
    expect(wa.requests.at(-1)).toEqual({ orgId: 'org1', values: undefined, ...request });
  });

  it('shows each conversation: name, number, last message, unread count and assignee', async () => {
    wa.feeds['waConversations.recent'] = feedOf([
      conversation('c1', { unreadCount: 3, assigneeId: 'u2' }),
      conversation('c2', {
        contactName: 'Luis Mejía',
        waId: '50433334444',
        lastDirection: 'out',
        lastMessageText: 'Le envío la cotización',
        assigneeId: 'u1',
      }),
      conversation('c3', { contactName: 'Rosa Cruz', assigneeId: null }),
    ]);
    await render('all', 'es', 'c2');
    const list = screen.getByRole('list', { name: 'Conversaciones' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.getAttribute('href')).toBe('/conversaciones/c1');
    expect(rows[0]!.textContent).toContain('Julia Pérez');
    expect(rows[0]!.textContent).toContain('+504 9999 8888');
    expect(rows[0]!.textContent).toContain('¿Tienen envío a Tegucigalpa?');
    expect(rows[0]!.textContent).toContain('3 mensajes sin leer');
    expect(rows[0]!.textContent).toContain('Asignada a Marta Díaz');
    // One's own last message, the member's own conversation, the open one.
    expect(rows[1]!.textContent).toContain('Tú: Le envío la cotización');
    expect(rows[1]!.textContent).toContain('Asignada a ti');
    expect(rows[1]!.getAttribute('aria-current')).toBe('page');
    expect(rows[0]!.getAttribute('aria-current')).toBeNull();
    expect(rows[2]!.textContent).toContain('Sin asignar');
    expect(rows[2]!.textContent).not.toContain('sin leer');
  });

  it('in English', async () => {
    wa.feeds['waConversations.recent'] = feedOf([conversation('c1', { unreadCount: 1 })]);
    await render('all', 'en');
    expect(screen.getByRole('group', { name: 'Filter conversations' })).toBeTruthy();
    expect(screen.getByRole('link').textContent).toContain('1 unread message');
    expect(screen.getByRole('link').textContent).toContain('Unassigned');
  });

  it.each([
    ['all', 'Todavía no hay conversaciones'],
    ['mine', 'No tienes conversaciones asignadas'],
    ['unassigned', 'No hay conversaciones sin asignar'],
    ['unread', 'No hay mensajes sin leer'],
  ] as const)('says when %s has none', async (filter, title) => {
    await render(filter);
    expect(screen.getByTestId('empty-state').textContent).toContain(title);
  });

  it('shows loading and a failure', async () => {
    wa.feeds['waConversations.recent'] = feedOf([], { status: 'loading' });
    const { unmount } = await render();
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    unmount();
    wa.feeds['waConversations.recent'] = feedOf([], {
      status: 'error',
      error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' },
    });
    await render();
    expect(screen.getByRole('alert').textContent).toContain('No se pudieron cargar las conversaciones.');
    expect(screen.getByRole('alert').textContent).not.toContain('Missing');
  });

  it("loads older conversations with 'Cargar más'", async () => {
    wa.feeds['waConversations.recent'] = feedOf([conversation('c1')], { hasMore: true });
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(wa.loadMore).toHaveBeenCalled();
  });
});
