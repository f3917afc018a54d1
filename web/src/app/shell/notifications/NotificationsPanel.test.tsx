// The bell's panel with a reply (issue 32): 'Respuesta de …' and the subject, not overdue, and a
// click that opens the conversation on the contact's e-mails page.
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import type { NotificationItem } from './notifications';

vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock);

const { default: NotificationsPanel } = await import('./NotificationsPanel');

const NOW = Date.UTC(2026, 10, 24, 12, 30);
const reply = (extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'u1_g2',
  type: 'reply',
  title: 'Re: Propuesta',
  contactName: 'Julia Pérez',
  dueDate: NOW - 2 * 3_600_000,
  isOverdue: false,
  contactId: 'c1',
  ...extra,
});

async function renderPanel(items: NotificationItem[], language: 'es' | 'en' = 'es') {
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <NotificationsPanel
            anchor={anchor}
            notifications={{ status: 'success', items, now: NOW, hide: () => {} }}
            onClose={onClose}
          />
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  await renderWithApp(<RouterProvider router={router} />, { language });
  return { router, onClose };
}

describe('NotificationsPanel: replies', { timeout: 30_000 }, () => {
  it('says who replied and about what, and opens the conversation', async () => {
    const { router, onClose } = await renderPanel([reply()]);
    const [item] = screen.getAllByTestId('notification-item');
    expect(item!.textContent).toContain('Respuesta de Julia Pérez');
    expect(item!.textContent).toContain('Re: Propuesta');
    expect(item!.textContent).toContain('hace 2 horas');
    expect(item!.textContent).not.toContain('Vencida');
    expect(screen.queryByRole('button', { name: /Completar/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Respuesta de Julia Pérez/ }));
    expect(onClose).toHaveBeenCalled();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/contactos/c1/emails?mensaje=u1_g2',
    );
  });

  it("a private mailbox's reply reads 'Respuesta' alone; in English 'Reply from …'", async () => {
    await renderPanel([reply({ contactName: null, title: '' })]);
    expect(screen.getByTestId('notification-item').textContent).toMatch(/^Respuesta/);
  });

  it('in English', async () => {
    await renderPanel([reply()], 'en');
    expect(screen.getByTestId('notification-item').textContent).toContain('Reply from Julia Pérez');
  });
});

describe("NotificationsPanel: a customer's reply on my ticket (issue 34)", { timeout: 30_000 }, () => {
  const answered: NotificationItem = {
    id: 'k1',
    type: 'ticket',
    title: 'Factura duplicada',
    contactName: 'María Hernández',
    dueDate: NOW - 5 * 60_000,
    isOverdue: false,
  };

  it("reads 'Respuesta del cliente: …' and opens the ticket", async () => {
    const { router, onClose } = await renderPanel([answered]);
    const item = screen.getByTestId('notification-item');
    expect(item.textContent).toContain('Respuesta del cliente: Factura duplicada');
    expect(item.textContent).toContain('María Hernández');
    expect(item.textContent).toContain('hace 5 minutos');
    fireEvent.click(screen.getByRole('button', { name: /Respuesta del cliente/ }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/tickets/k1');
  });

  it('in English', async () => {
    await renderPanel([answered], 'en');
    expect(screen.getByTestId('notification-item').textContent).toContain(
      'Customer reply: Factura duplicada',
    );
  });
});
