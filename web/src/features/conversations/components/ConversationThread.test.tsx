// An open conversation (issue 33): opening it marks it read (only when it has unread messages),
// 'Asignar a' only with conversations.edit (and what it writes), the 24-hour window in words, and
// the composer's mode from the channel, the contact's consent and phone, and the last inbound
// message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { at, path, resetWa, wa } from '../test/waMock';

vi.mock('@/firebase/dataApi', async () => (await import('../test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('../test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('../test/waMock')).waWritesMock());

const { ConversationThread } = await import('./ConversationThread');

const HOUR = 3_600_000;
const conversation = (extra: Record<string, unknown> = {}) => ({
  contactId: 'c1',
  contactName: 'Julia Pérez',
  waId: '50499998888',
  profileName: 'Julia',
  lastMessageAt: at(new Date(Date.now() - HOUR).toISOString()),
  lastMessageText: 'Hola',
  lastDirection: 'in',
  lastInboundAt: { toMillis: () => Date.now() - HOUR },
  unreadCount: 0,
  assigneeId: null,
  ...extra,
});
const contact = (extra: Record<string, unknown> = {}) => ({
  name: 'Julia Pérez',
  phone: '9999-8888',
  companyName: 'Café Copán',
  whatsappConsent: 'granted',
  ...extra,
});

function store({
  conv = conversation() as Record<string, unknown> | null,
  person = contact() as Record<string, unknown> | null,
  channel = { status: 'connected', callingCode: '504' } as Record<string, unknown> | null,
} = {}) {
  if (conv) wa.docs[path('waConversations', 'c1')] = { id: 'c1', ...conv };
  if (person) wa.docs[path('contacts', 'c1')] = { id: 'c1', ...person };
  if (channel) wa.docs[path('channels', 'whatsapp')] = { id: 'whatsapp', ...channel };
}

const render = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter>
      <ConversationThread contactId="c1" variant="inbox" />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => resetWa());

describe('ConversationThread', { timeout: 30_000 }, () => {
  it('names the contact (a link to their page) and the number, and reads its messages', async () => {
    store();
    await render();
    const heading = screen.getByRole('heading', { name: 'Julia Pérez' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/contactos/c1');
    expect(screen.getByTestId('wa-number').textContent).toBe('+504 9999 8888');
    expect(wa.requests).toContainEqual({
      orgId: 'org1',
      id: 'waMessages.byContact',
      values: { contactId: 'c1' },
    });
  });

  it('opening it marks it read when it has unread messages, once', async () => {
    store({ conv: conversation({ unreadCount: 2 }) });
    const { rerender } = await render();
    await waitFor(() => expect(wa.markConversationRead).toHaveBeenCalledWith('org1', 'c1'));
    rerender(
      <MemoryRouter>
        <ConversationThread contactId="c1" variant="inbox" />
      </MemoryRouter>,
    );
    expect(wa.markConversationRead).toHaveBeenCalledTimes(1);
  });

  it('does not write when there is nothing unread', async () => {
    store();
    await render();
    expect(wa.markConversationRead).not.toHaveBeenCalled();
  });

  it("'Asignar a' writes the member chosen, or nobody", async () => {
    store({ conv: conversation({ assigneeId: 'u2' }) });
    await render();
    const select = screen.getByRole('combobox', { name: 'Asignar a' }) as HTMLSelectElement;
    expect(select.value).toBe('u2');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sin asignar', 'Ana López', 'Marta Díaz']);
    fireEvent.change(select, { target: { value: 'u1' } });
    await waitFor(() => expect(wa.assignConversation).toHaveBeenCalledWith('org1', 'c1', 'u1'));
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(wa.assignConversation).toHaveBeenLastCalledWith('org1', 'c1', null));
  });

  it('says when an assignment is refused', async () => {
    wa.assignConversation.mockRejectedValue({ code: 'permission-denied', message: 'denied' });
    store();
    await render();
    fireEvent.change(screen.getByRole('combobox', { name: 'Asignar a' }), { target: { value: 'u2' } });
    expect(await screen.findByText('No se pudo asignar la conversación')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });

  it('without conversations.edit there is no assigning, only whom it is assigned to', async () => {
    wa.denied.add('conversations.edit');
    store({ conv: conversation({ assigneeId: 'u2' }) });
    await render();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('wa-assignee').textContent).toBe('Asignada a Marta Díaz');
  });

  it('says the window is open and when it closes, with free text in the composer', async () => {
    store();
    await render();
    expect(screen.getByTestId('wa-window').textContent).toMatch(
      /^Ventana abierta — cierra (mañana )?a las \d/,
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('says the window is closed after 24 hours: templates only', async () => {
    store({ conv: conversation({ lastInboundAt: { toMillis: () => Date.now() - 25 * HOUR } }) });
    await render('en');
    expect(screen.getByTestId('wa-window').textContent).toBe('Window closed: approved templates only');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Send template' })).toBeTruthy();
  });

  it('a contact never written to: their number from their phone, templates with consent', async () => {
    store({ conv: null });
    await render();
    expect(screen.getByTestId('wa-number').textContent).toBe('+504 9999 8888');
    expect(screen.getByTestId('wa-window').textContent).toBe('Ventana cerrada: solo plantillas aprobadas');
    expect(screen.getByRole('button', { name: 'Enviar plantilla' })).toBeTruthy();
    // No conversation yet: nothing to assign.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a contact without a usable phone cannot be written to', async () => {
    store({ conv: null, person: contact({ phone: '123' }) });
    await render();
    expect(screen.getByText('Sin número de WhatsApp')).toBeTruthy();
    expect(screen.getByText(/no tiene un teléfono válido para WhatsApp/)).toBeTruthy();
  });

  it('not connected: the composer says so', async () => {
    store({ channel: null });
    await render();
    expect(screen.getByText(/WhatsApp no está conectado en esta organización/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('opted out: nothing can be sent, even inside the window', async () => {
    store({ person: contact({ whatsappConsent: 'withdrawn' }) });
    await render();
    expect(screen.getByText(/se dio de baja de WhatsApp/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when neither the conversation nor the contact exists', async () => {
    store({ conv: null, person: null });
    await render();
    expect(screen.getByText('Esta conversación no existe.')).toBeTruthy();
  });
});
