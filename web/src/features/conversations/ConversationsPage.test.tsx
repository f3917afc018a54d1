// The inbox page (issue 33): two panes on a desktop (the list beside the open conversation); on a
// phone the list, then the conversation alone — its heading takes the focus, 'Conversaciones' goes
// back to the list (the filter kept) and the focus returns to the conversation's row.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { at, feedOf, path, resetWa, wa } from './test/waMock';

const screenSize = vi.hoisted(() => ({ wide: false }));
vi.mock('@mui/material/useMediaQuery', () => ({ default: () => screenSize.wide }));
vi.mock('@/firebase/dataApi', async () => (await import('./test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('./test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('./test/waMock')).waWritesMock());

const { default: ConversationsPage } = await import('./ConversationsPage');

const conversation = (id: string, name: string) => ({
  id,
  contactId: id,
  contactName: name,
  waId: '50499998888',
  profileName: null,
  lastMessageAt: at('2026-05-12T15:00:00Z'),
  lastMessageText: 'Hola',
  lastDirection: 'in',
  lastInboundAt: at('2026-05-12T15:00:00Z'),
  unreadCount: 0,
  assigneeId: null,
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const render = (entry: string, language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/conversaciones" element={<ConversationsPage />} />
        <Route path="/conversaciones/:id" element={<ConversationsPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  resetWa();
  screenSize.wide = false;
  const rows = [conversation('c1', 'Julia Pérez'), conversation('c2', 'Luis Mejía')];
  wa.feeds['waConversations.recent'] = feedOf(rows);
  wa.feeds['waConversations.unread'] = feedOf(rows);
  for (const row of rows) wa.docs[path('waConversations', row.id)] = row;
  wa.docs[path('channels', 'whatsapp')] = { id: 'whatsapp', status: 'connected', callingCode: '504' };
});

describe('ConversationsPage', { timeout: 30_000 }, () => {
  it('on a phone: the list, then the conversation alone, and back to the list', async () => {
    await render('/conversaciones?filtro=no-leidas');
    expect(screen.getByRole('heading', { level: 1, name: 'Conversaciones' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Conversaciones' });
    fireEvent.click(within(list).getByRole('link', { name: /Luis Mejía/ }));
    expect(screen.getByTestId('address').textContent).toBe('/conversaciones/c2?filtro=no-leidas');
    // The conversation alone, its heading focused.
    expect(screen.queryByRole('list', { name: 'Conversaciones' })).toBeNull();
    const heading = screen.getByRole('heading', { level: 1, name: 'Luis Mejía' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole('link', { name: 'Conversaciones' }));
    expect(screen.getByTestId('address').textContent).toBe('/conversaciones?filtro=no-leidas');
    // Back on the list, on the same filter, with the focus on the conversation's row.
    expect(screen.getByRole('button', { name: 'No leídas' }).getAttribute('aria-pressed')).toBe('true');
    const row = within(screen.getByRole('list', { name: 'Conversaciones' })).getByRole('link', {
      name: /Luis Mejía/,
    });
    await waitFor(() => expect(document.activeElement).toBe(row));
  });

  it('on a desktop: the list beside the open conversation, the open one marked', async () => {
    screenSize.wide = true;
    await render('/conversaciones/c1');
    const list = screen.getByRole('list', { name: 'Conversaciones' });
    expect(
      within(list)
        .getByRole('link', { name: /Julia Pérez/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: 'Julia Pérez' })).toBeTruthy();
    // No way 'back': the list is there.
    expect(screen.queryByRole('link', { name: 'Conversaciones' })).toBeNull();
    fireEvent.click(within(list).getByRole('link', { name: /Luis Mejía/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Luis Mejía' })).toBeTruthy();
  });

  it('on a desktop without a conversation open: says to choose one', async () => {
    screenSize.wide = true;
    await render('/conversaciones', 'en');
    expect(screen.getByText('Choose a conversation to see it here.')).toBeTruthy();
  });

  it('keeps the filter in the address', async () => {
    await render('/conversaciones');
    fireEvent.click(screen.getByRole('button', { name: 'No leídas' }));
    expect(screen.getByTestId('address').textContent).toBe('/conversaciones?filtro=no-leidas');
    expect(wa.requests.at(-1)?.id).toBe('waConversations.unread');
    fireEvent.click(screen.getByRole('button', { name: 'Todas' }));
    expect(screen.getByTestId('address').textContent).toBe('/conversaciones');
  });
});
