// A conversation's messages (issue 33): oldest at the top, the contact's on the left and Trato's on
// the right, templates marked, each saying in words who wrote it and its state — the ticks
// (pending, sent, delivered, read) and a failure with its reason (one label per model reason, in
// both languages) and the platform's words.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WA_FAILURE_REASONS } from '@trato/model';
import { createAppTheme } from '@/app/theme';
import i18n from '@/i18n';
import { renderWithApp } from '@/test/render';
import { at, feedOf, resetWa, wa } from '../test/waMock';

vi.mock('@/firebase/dataApi', async () => (await import('../test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('../test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('../test/waMock')).waWritesMock());

const { MessageList } = await import('./MessageList');
const { MessageStatus } = await import('./MessageStatus');

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  contactId: 'c1',
  direction: 'out',
  kind: 'text',
  text: `Mensaje ${id}`,
  templateId: null,
  templateName: null,
  wamid: null,
  status: 'sent',
  failure: null,
  failureDetail: null,
  sentBy: 'u1',
  sequenceId: null,
  at: at('2026-05-12T15:00:00Z'),
  statusAt: null,
  createdAt: at('2026-05-12T15:00:00Z'),
  ...extra,
});

const render = (rows: unknown[], language: 'es' | 'en' = 'es', hasMore = false) =>
  renderWithApp(
    <MessageList
      feed={feedOf(rows, { hasMore }) as never}
      contactName="Julia Pérez"
      nameOf={(uid) => (uid === 'u2' ? 'Marta Díaz' : 'Ana López')}
      uid="u1"
      label="Mensajes con Julia Pérez"
    />,
    { language },
  );

beforeEach(() => resetWa());

describe('MessageList', { timeout: 30_000 }, () => {
  it('shows the messages oldest first as a list, each saying who wrote it', async () => {
    // The feed is newest first.
    await render([
      message('m3', {
        text: 'Le envío la plantilla',
        kind: 'template',
        templateName: 'seguimiento',
        status: 'read',
      }),
      message('m2', { direction: 'in', status: 'received', sentBy: null, text: '¿Tienen envío?' }),
      message('m1', { sentBy: 'u2', status: 'delivered', at: at('2026-05-11T15:00:00Z') }),
    ]);
    const list = screen.getByRole('list', { name: 'Mensajes con Julia Pérez' });
    const items = within(list).getAllByTestId('wa-message');
    expect(items.map((item) => item.getAttribute('data-direction'))).toEqual(['out', 'in', 'out']);
    expect(items[0]!.textContent).toContain('Enviado por Marta Díaz');
    expect(items[0]!.textContent).toContain('Entregado');
    expect(items[1]!.textContent).toContain('Julia Pérez escribió');
    expect(items[1]!.textContent).toContain('¿Tienen envío?');
    expect(within(items[1]!).queryByTestId('message-ticks')).toBeNull();
    expect(items[2]!.textContent).toContain('Enviado por ti');
    expect(items[2]!.textContent).toContain('Plantilla: seguimiento');
    expect(items[2]!.textContent).toContain('Leído');
  });

  it("announces the contact's new messages while it is open", async () => {
    const first = [message('m1', { direction: 'in', status: 'received', sentBy: null })];
    const list = (rows: unknown[]) => (
      <MessageList
        feed={feedOf(rows) as never}
        contactName="Julia Pérez"
        nameOf={() => 'Ana López'}
        uid="u1"
        label="Mensajes con Julia Pérez"
      />
    );
    const { rerender } = await renderWithApp(list(first));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    // One's own message is not announced.
    rerender(list([message('m2'), ...first]));
    expect(status.textContent).toBe('');
    rerender(
      list([message('m3', { direction: 'in', status: 'received', sentBy: null }), message('m2'), ...first]),
    );
    expect(status.textContent).toBe('Nuevo mensaje de Julia Pérez');
  });

  it("loads earlier messages with 'Cargar mensajes anteriores'", async () => {
    await render([message('m1')], 'es', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cargar mensajes anteriores' }));
    expect(wa.loadMore).toHaveBeenCalled();
  });

  it('says when there are no messages yet', async () => {
    await render([], 'en');
    expect(screen.getByText('No messages with this contact yet.')).toBeTruthy();
  });
});

describe('MessageStatus', { timeout: 30_000 }, () => {
  it.each([
    ['pending', 'clock', 'Enviando'],
    ['sent', 'one', 'Enviado'],
    ['delivered', 'two', 'Entregado'],
    ['read', 'two-read', 'Leído'],
  ] as const)('%s: its ticks, and its name for screen readers', async (status, ticks, words) => {
    await renderWithApp(<MessageStatus message={{ status, failure: null, failureDetail: null }} />);
    const mark = screen.getByTestId('message-ticks');
    expect(mark.getAttribute('data-ticks')).toBe(ticks);
    expect(mark.textContent).toBe(words);
  });

  it('a read message has coloured ticks, a delivered one not', async () => {
    const { unmount } = await renderWithApp(
      <MessageStatus message={{ status: 'read', failure: null, failureDetail: null }} />,
    );
    const read = getComputedStyle(screen.getByTestId('message-ticks')).color;
    unmount();
    await renderWithApp(
      <MessageStatus message={{ status: 'delivered', failure: null, failureDetail: null }} />,
    );
    expect(getComputedStyle(screen.getByTestId('message-ticks')).color).not.toBe(read);
  });

  it('a failure says its reason in red, with the platform words on focus', async () => {
    await renderWithApp(
      <MessageStatus
        message={{ status: 'failed', failure: 'window-closed', failureDetail: 'Re-engagement message' }}
      />,
    );
    const failed = screen.getByTestId('message-failed');
    expect(failed.textContent).toBe(
      'No enviado: la ventana de 24 horas está cerrada (Re-engagement message)',
    );
    expect(failed.tabIndex).toBe(0);
    // The theme's error red.
    const red = createAppTheme().palette.error.main;
    const rgb = [1, 3, 5].map((i) => parseInt(red.slice(i, i + 2), 16)).join(', ');
    expect(getComputedStyle(failed).color).toBe(`rgb(${rgb})`);
  });

  it('has one label per failure reason of the model, in both languages', async () => {
    for (const language of ['es', 'en'] as const) {
      await i18n.changeLanguage(language);
      const labels = new Set<string>();
      for (const failure of WA_FAILURE_REASONS) {
        const { unmount } = await renderWithApp(
          <MessageStatus message={{ status: 'failed', failure, failureDetail: null }} />,
          { language },
        );
        const text = screen.getByTestId('message-failed').textContent ?? '';
        expect(text).not.toContain('failure.');
        expect(text).toMatch(language === 'es' ? /^No enviado: / : /^Not sent: /);
        labels.add(text);
        unmount();
      }
      expect(labels.size).toBe(WA_FAILURE_REASONS.length);
    }
  });
});
