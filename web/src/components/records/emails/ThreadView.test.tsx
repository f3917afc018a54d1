// One conversation (issue 32): its messages oldest first, each body as far as the member may read
// it (the owner's privacy: shared, headers only, private), bounces said so, attachments downloaded
// through getEmailAttachment, and 'Responder' only on what the member's own mailbox received.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const julia = { name: 'Julia Pérez', address: 'julia@cliente.hn' };
const ana = { name: 'Ana López', address: 'ana@trato.demo' };

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  ownerUid: 'u1',
  mailbox: 'ana@trato.demo',
  gmailId: id,
  gmailThreadId: 't1',
  threadKey: 'u1_t1',
  direction: 'in',
  visibility: 'shared',
  from: julia,
  to: [ana],
  cc: [],
  subject: 'Re: Propuesta',
  snippet: 'Gracias por la propuesta',
  attachments: [],
  date: at('2026-05-12T15:00:00Z'),
  contactIds: ['c1'],
  companyIds: [],
  hasBody: true,
  isBounce: false,
  messageIdHeader: null,
  inReplyTo: null,
  createdAt: at('2026-05-12T15:00:00Z'),
  ...extra,
});

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  messages: [] as unknown[],
  bodies: {} as Record<string, unknown>,
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const { describeCallableError } = await import('@/firebase/callableErrors');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    describeCallableError,
    orgRecordPath: (orgId: string, collection: string, id: string) =>
      `organizations/${orgId}/${collection}/${id}`,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ orgId, id, values }),
    useDocument: (path: string | null) => {
      if (!path) return { status: 'loading', data: null, error: null };
      if (path.includes('/emailThreads/'))
        return {
          status: 'success',
          error: null,
          data: {
            id: 'u1_t1',
            ownerUid: 'u1',
            mailbox: 'ana@trato.demo',
            subject: 'Propuesta',
            participants: ['ana@trato.demo', 'julia@cliente.hn'],
          },
        };
      const body = state.bodies[path.split('/').pop()!];
      if (body === 'denied')
        return { status: 'error', data: null, error: { code: 'permission-denied', message: '' } };
      return { status: 'success', data: body ?? null, error: null };
    },
    usePagedList: () => ({
      status: 'success',
      rows: state.messages,
      error: null,
      total: { value: state.messages.length, more: false },
      page: 0,
      pageSize: 50,
      hasNext: false,
      hasPrevious: false,
      next() {},
      previous() {},
    }),
  };
});

const { ThreadView } = await import('./ThreadView');

const onReply = vi.fn();
const render = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <ThreadView
      threadKey="u1_t1"
      focusKey={null}
      nameOf={(uid) => (uid === 'u1' ? 'Ana López' : 'Marta Díaz')}
      canReply
      onReply={onReply}
      onBack={() => {}}
    />,
    { language },
  );
const items = () =>
  within(screen.getByRole('list', { name: /Mensajes|Messages/ })).getAllByTestId('email-message');
const open = (item: HTMLElement) => fireEvent.click(within(item).getAllByRole('button')[0]!);

beforeEach(() => {
  state.callFunction.mockReset();
  onReply.mockReset();
  state.messages = [];
  state.bodies = {};
});

describe('ThreadView', { timeout: 40_000 }, () => {
  it('shows the last message open: headers, the HTML body in the frame, its attachments, Responder', async () => {
    state.messages = [
      message('u1_g1', {
        direction: 'out',
        from: ana,
        to: [julia],
        subject: 'Propuesta',
        snippet: 'Te envío',
      }),
      message('u1_g2', {
        attachments: [{ index: 0, filename: 'propuesta.pdf', mimeType: 'application/pdf', size: 1536 }],
      }),
    ];
    state.bodies.u1_g2 = {
      ownerUid: 'u1',
      visibility: 'shared',
      from: julia,
      to: [ana],
      cc: [],
      subject: 'Re: Propuesta',
      text: 'Gracias',
      html: '<p>Gracias por la propuesta</p>',
      attachments: [{ index: 0, filename: 'propuesta.pdf', mimeType: 'application/pdf', size: 1536 }],
      truncated: true,
    };
    await render();
    expect(screen.getByRole('heading', { name: 'Propuesta' })).toBeTruthy();
    expect(screen.getByText('Buzón de Ana López · julia@cliente.hn')).toBeTruthy();
    const [first, last] = items();
    // The first, closed: who, when and its first words.
    expect(first!.textContent).toContain('Ana López');
    expect(first!.textContent).toContain('Enviado');
    expect(first!.textContent).toContain('Te envío');
    expect(within(first!).queryByTitle(/Contenido del email/)).toBeNull();
    // The last, open.
    expect(last!.textContent).toContain('De: Julia Pérez <julia@cliente.hn>');
    expect(last!.textContent).toContain('Para: Ana López <ana@trato.demo>');
    expect(last!.textContent).toContain('Asunto: Re: Propuesta');
    const frame = within(last!).getByTitle('Contenido del email: Re: Propuesta');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Gracias por la propuesta</p>');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(last!.textContent).toContain('Este email era muy largo: se muestra recortado.');
    expect(within(last!).getByRole('button', { name: /^Descargar propuesta\.pdf/ }).textContent).toMatch(
      /1[.,]50 KB/,
    );
    fireEvent.click(within(last!).getByRole('button', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledWith(state.messages[1], 'julia@cliente.hn', 'Re: Propuesta');
  });

  it("a private mailbox's message: another member reads neither headers nor body", async () => {
    state.messages = [
      message('u2_g1', {
        ownerUid: 'u2',
        visibility: 'private',
        from: null,
        to: null,
        cc: null,
        subject: null,
        snippet: null,
        attachments: null,
      }),
    ];
    await render();
    const [item] = items();
    expect(item!.textContent).toContain('Email privado de Marta Díaz');
    expect(item!.textContent).toContain('El contenido de este email es privado');
    expect(within(item!).queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('headers only: no body is kept, and a body refused since is private', async () => {
    state.messages = [
      message('u2_g1', { ownerUid: 'u2', visibility: 'metadata', hasBody: false }),
      message('u2_g2', { ownerUid: 'u2' }),
    ];
    state.bodies.u2_g2 = 'denied';
    await render();
    const [metadata, refused] = items();
    open(metadata!);
    expect(metadata!.textContent).toContain(
      'Solo se comparten los datos del email (remitente, fecha, asunto)',
    );
    expect(metadata!.textContent).toContain('De: Julia Pérez <julia@cliente.hn>');
    expect(refused!.textContent).toContain('El contenido de este email es privado');
    // Another member's mailbox: no 'Responder'.
    expect(within(refused!).queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('in English: private, headers only, and a bounce', async () => {
    state.messages = [
      message('u2_g1', { ownerUid: 'u2', visibility: 'metadata', hasBody: false }),
      message('u1_g2', {
        from: { name: 'Mail Delivery Subsystem', address: 'mailer-daemon@googlemail.com' },
        isBounce: true,
        subject: 'Delivery Status Notification (Failure)',
      }),
    ];
    state.bodies.u1_g2 = {
      ownerUid: 'u1',
      visibility: 'shared',
      from: null,
      to: [],
      cc: [],
      subject: '',
      text: 'Address not found',
      html: null,
      attachments: [],
      truncated: false,
    };
    await render('en');
    const [metadata, bounce] = items();
    open(metadata!);
    expect(metadata!.textContent).toContain("Only the email's details are shared (sender, date, subject)");
    expect(bounce!.textContent).toContain('Bounce: the message was not delivered');
    expect(within(bounce!).getByTestId('email-body-text').textContent).toBe('Address not found');
  });

  it('downloads an attachment through getEmailAttachment, and says why when it cannot', async () => {
    const attachment = { index: 1, filename: 'precios.csv', mimeType: 'text/csv', size: 20 };
    state.messages = [message('u1_g2', { attachments: [attachment] })];
    state.bodies.u1_g2 = {
      ownerUid: 'u1',
      visibility: 'shared',
      from: julia,
      to: [ana],
      cc: [],
      subject: 'Re: Propuesta',
      text: 'Adjunto',
      html: null,
      attachments: [attachment],
      truncated: false,
    };
    const createObjectURL = vi.fn(() => 'blob:precios');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let answer: (value: unknown) => void = () => {};
    state.callFunction.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await render();
    const button = screen.getByRole('button', { name: /^Descargar precios\.csv/ });
    fireEvent.click(button);
    expect(state.callFunction).toHaveBeenCalledWith('getEmailAttachment', {
      organizationId: 'org1',
      messageKey: 'u1_g2',
      index: 1,
    });
    // While it comes: busy, and no second download.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Descargando precios\.csv/ })).toBeTruthy(),
    );
    expect((screen.getByRole('button', { name: /^Descargando/ }) as HTMLButtonElement).disabled).toBe(true);
    answer({ filename: 'precios.csv', mimeType: 'text/csv', dataBase64: btoa('a,b\n1,2') });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('a,b\n1,2');
    expect(blob.type).toBe('text/csv');

    state.callFunction.mockRejectedValueOnce({
      code: 'functions/failed-precondition',
      details: { reason: 'attachment-too-large' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Descargar precios\.csv/ }));
    expect(await screen.findByText('No se pudo descargar el adjunto')).toBeTruthy();
    expect(
      screen.getByText('Este adjunto es demasiado grande para descargarlo desde Trato: ábrelo en Gmail.'),
    ).toBeTruthy();
    click.mockRestore();
  });
});
