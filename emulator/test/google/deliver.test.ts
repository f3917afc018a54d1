/**
 * Mail from outside (POST /__control/deliver and the mailbox page's forms): new messages with
 * attachments, replies in the original's thread, Gmail's bounce; the control listing and
 * clearing; mailboxes and history across an export and import; the consent page's read scopes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { gmail_v1 } from 'googleapis';
import type { GoogleServer } from '../../src/google/index.js';
import {
  authUrl,
  bytesOf,
  connect,
  control,
  deliver,
  failure,
  GMAIL_METADATA,
  GMAIL_READONLY,
  gmailClient,
  header,
  oauthClient,
  rawMessage,
  SCOPES,
  startGoogle,
} from './helpers.js';

let server: GoogleServer;
const dir = mkdtempSync(path.join(tmpdir(), 'trato-google-read-'));

beforeAll(async () => {
  server = await startGoogle({ accounts: ['ana@example.com', 'carlos@example.com'] });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => server.reset());

const sendAs = async (gmail: gmail_v1.Gmail, mail: Parameters<typeof rawMessage>[0]) =>
  (await gmail.users.messages.send({ userId: 'me', requestBody: { raw: await rawMessage(mail) } })).data;

const rawOf = async (gmail: gmail_v1.Gmail, id: string) =>
  bytesOf((await gmail.users.messages.get({ userId: 'me', id, format: 'raw' })).data.raw);

describe('POST /__control/deliver', () => {
  it('delivers a real RFC 5322 message into the account’s inbox', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const d = await deliver(server, {
      to: 'Ana@Example.com',
      from: { name: 'Peña, Lucía', address: 'lucia@cliente.es' },
      subject: 'Consulta sobre el precio €',
      text: 'Buenos días:\n¿tenéis descuento por volumen?',
      html: '<p>Buenos días:</p><p>¿tenéis <b>descuento</b> por volumen?</p>',
      date: '2025-03-04T09:30:00.000Z',
    });
    expect(d.id).toMatch(/^[0-9a-f]{16}$/);
    expect(d.threadId).toBe(d.id);
    expect(d.historyId).toMatch(/^\d+$/);
    const m = (await gmail.users.messages.get({ userId: 'me', id: d.id })).data;
    expect(m).toMatchObject({
      labelIds: ['INBOX', 'UNREAD'],
      historyId: d.historyId,
      internalDate: String(Date.parse('2025-03-04T09:30:00.000Z')),
      snippet: 'Buenos días: ¿tenéis descuento por volumen?',
    });
    // Header values come decoded (RFC 2047), as Gmail gives them.
    expect(header(m.payload, 'From')).toBe('Peña, Lucía <lucia@cliente.es>');
    expect(header(m.payload, 'To')).toBe('ana@example.com');
    expect(header(m.payload, 'Subject')).toBe('Consulta sobre el precio €');
    expect(header(m.payload, 'Date')).toBe('Tue, 4 Mar 2025 09:30:00 +0000');
    expect(header(m.payload, 'Message-ID')).toMatch(/^<[^<>]+@cliente\.es>$/);
    expect(m.payload!.mimeType).toBe('multipart/alternative');
    expect(m.payload!.parts!.map((p) => p.mimeType)).toEqual(['text/plain', 'text/html']);
    expect(bytesOf(m.payload!.parts![0].body!.data).toString('utf8')).toBe(
      'Buenos días:\r\n¿tenéis descuento por volumen?',
    );

    // mailparser reads the raw the same way.
    const parsed = await simpleParser(await rawOf(gmail, d.id));
    expect(parsed.subject).toBe('Consulta sobre el precio €');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Peña, Lucía', address: 'lucia@cliente.es' });
    expect(parsed.html).toContain('<b>descuento</b>');
  });

  it('attachments: find the attachmentId in format full, fetch it, the bytes are equal', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const d = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'proveedor@example.org' },
      subject: 'Factura',
      text: 'Adjunto la factura.',
      attachments: [
        {
          filename: 'factura nº 7.pdf',
          contentType: 'application/pdf',
          contentBase64: bytes.toString('base64'),
        },
        {
          filename: 'nota.txt',
          contentType: 'text/plain',
          contentBase64: Buffer.from('hola').toString('base64'),
        },
      ],
    });
    const m = (await gmail.users.messages.get({ userId: 'me', id: d.id })).data;
    expect(m.payload!.mimeType).toBe('multipart/mixed');
    const [body, pdf, note] = m.payload!.parts!;
    expect(body).toMatchObject({ partId: '0', mimeType: 'text/plain', filename: '' });
    expect(pdf).toMatchObject({ partId: '1', mimeType: 'application/pdf', filename: 'factura nº 7.pdf' });
    expect(pdf.body).toEqual({ attachmentId: expect.any(String), size: 5000 });
    expect(note).toMatchObject({ filename: 'nota.txt', body: { size: 4 } });
    expect(header(pdf, 'Content-Disposition')).toMatch(/^attachment;/);
    const got = (
      await gmail.users.messages.attachments.get({
        userId: 'me',
        messageId: d.id,
        id: pdf.body!.attachmentId!,
      })
    ).data;
    expect(got.size).toBe(5000);
    expect(got.attachmentId).toBe(pdf.body!.attachmentId);
    expect(bytesOf(got.data).equals(bytes)).toBe(true);
    expect(await gmail.users.messages.list({ userId: 'me', q: 'has:attachment' })).toMatchObject({
      data: { resultSizeEstimate: 1 },
    });

    const wrong = await failure(
      gmail.users.messages.attachments.get({ userId: 'me', messageId: d.id, id: 'not-an-attachment' }),
    );
    expect(wrong.status).toBe(400);
    const other = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'x@example.org' },
      text: 'y',
    });
    const elsewhere = await failure(
      gmail.users.messages.attachments.get({
        userId: 'me',
        messageId: other.id,
        id: pdf.body!.attachmentId!,
      }),
    );
    expect(elsewhere.status).toBe(404);
  });

  it('inReplyTo: In-Reply-To and References carry the original’s Message-ID, Re: subject, same thread', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const sent = await sendAs(gmail, {
      from: 'Ana <ana@example.com>',
      to: 'Pedro <pedro@cliente.com>',
      subject: 'Propuesta',
      text: 'Adjunta.',
    });
    const original = (await gmail.users.messages.get({ userId: 'me', id: sent.id!, format: 'metadata' }))
      .data;
    const messageId = header(original.payload, 'Message-ID')!;
    const r = await deliver(server, { to: 'ana@example.com', inReplyTo: sent.id, text: 'Me parece bien.' });
    expect(r.threadId).toBe(sent.threadId);
    const reply = (await gmail.users.messages.get({ userId: 'me', id: r.id })).data;
    expect(header(reply.payload, 'In-Reply-To')).toBe(messageId);
    expect(header(reply.payload, 'References')).toBe(messageId);
    expect(header(reply.payload, 'Subject')).toBe('Re: Propuesta');
    // From the original's first recipient (the default), to the sender as she wrote herself.
    expect(header(reply.payload, 'From')).toBe('Pedro <pedro@cliente.com>');
    expect(header(reply.payload, 'To')).toBe('Ana <ana@example.com>');
    // A reply to the reply keeps the chain and does not stack Re:.
    const again = await deliver(server, {
      to: 'ana@example.com',
      inReplyTo: r.id,
      from: { address: 'otra@cliente.com' },
      subject: 'Otro asunto',
    });
    const second = (await gmail.users.messages.get({ userId: 'me', id: again.id, format: 'metadata' })).data;
    expect(header(second.payload, 'References')).toBe(`${messageId} ${header(reply.payload, 'Message-ID')}`);
    expect(header(second.payload, 'Subject')).toBe('Otro asunto');
    expect(again.threadId).toBe(sent.threadId);
    const third = await deliver(server, { to: 'ana@example.com', inReplyTo: r.id });
    const thirdMessage = (await gmail.users.messages.get({ userId: 'me', id: third.id, format: 'metadata' }))
      .data;
    expect(header(thirdMessage.payload, 'Subject')).toBe('Re: Propuesta');
  });

  it('bounce: Gmail’s delivery-status notification, in the original’s thread', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const sent = await sendAs(gmail, {
      from: 'ana@example.com',
      to: ['no-existe@cliente.com', 'otro@cliente.com'],
      subject: 'Boletín de mayo',
      text: 'Hola',
    });
    const originalRaw = await rawOf(gmail, sent.id!);
    const originalId = (await simpleParser(originalRaw)).messageId!;
    const b = await deliver(server, { to: 'ana@example.com', bounce: sent.id });
    expect(b.threadId).toBe(sent.threadId);

    const bounce = (await gmail.users.messages.get({ userId: 'me', id: b.id })).data;
    expect(bounce.labelIds).toEqual(['INBOX', 'UNREAD']);
    expect(bounce.payload!.mimeType).toBe('multipart/report');
    expect(header(bounce.payload, 'Content-Type')).toContain('report-type=delivery-status');
    expect(bounce.payload!.parts!.map((p) => p.mimeType)).toEqual([
      'text/plain',
      'message/delivery-status',
      'text/rfc822-headers',
    ]);
    expect(bounce.snippet).toContain('** Address not found **');
    const status = bytesOf(bounce.payload!.parts![1].body!.data).toString('utf8');
    expect(status).toContain('Final-Recipient: rfc822; no-existe@cliente.com');
    expect(status).toContain('Action: failed');
    expect(status).toContain('Status: 5.1.1');
    expect(status).toMatch(/Diagnostic-Code: smtp; 550/);

    const parsed = await simpleParser(await rawOf(gmail, b.id));
    expect(parsed.from?.value[0]).toEqual({
      name: 'Mail Delivery Subsystem',
      address: 'mailer-daemon@googlemail.com',
    });
    expect(parsed.subject).toBe('Delivery Status Notification (Failure)');
    expect(parsed.headers.get('x-failed-recipients')).toBe('no-existe@cliente.com');
    expect(parsed.inReplyTo).toBe(originalId);
    expect(parsed.references).toBe(originalId);
    expect(parsed.text).toContain("Your message wasn't delivered to no-existe@cliente.com");
    const headersPart = bytesOf(bounce.payload!.parts![2].body!.data).toString('utf8');
    expect(headersPart).toContain(`Message-ID: ${originalId}`);
    // The original's header section as sent (the composer encoded the subject).
    expect(headersPart).toContain('Subject: =?UTF-8?');
    expect(
      (await gmail.users.messages.list({ userId: 'me', q: 'from:mailer-daemon@googlemail.com' })).data
        .resultSizeEstimate,
    ).toBe(1);
  });

  it('refuses what cannot be delivered', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const received = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'x@example.org' },
      text: 'x',
    });
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { to: 'nadie@example.net', from: { address: 'x@example.org' } },
        400,
        'not an account of the local Google',
      ],
      [{ to: 'ana@example.com' }, 400, 'from.address'],
      [{ to: 'ana@example.com', from: { address: 'no es correo' } }, 400, 'from.address'],
      [{ to: 'ana@example.com', inReplyTo: 'ffffffffffffffff' }, 404, 'No message ffffffffffffffff'],
      [{ to: 'carlos@example.com', inReplyTo: received.id }, 404, 'No message'],
      [{ to: 'ana@example.com', bounce: received.id }, 400, 'only a sent message bounces'],
      [{ to: 'ana@example.com', from: 'x@example.org', date: 'ayer' }, 400, 'date'],
      [
        { to: 'ana@example.com', from: 'x@example.org', attachments: [{ filename: 'a' }] },
        400,
        'attachments[0]',
      ],
    ];
    for (const [body, status, message] of cases) {
      const r = await control(server, '/deliver', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect((r.body.error as { message: string }).message).toContain(message);
    }
    expect((await gmail.users.getProfile({ userId: 'me' })).data.messagesTotal).toBe(1);
  });
});

describe('control listing, clearing, reset', () => {
  it('DELETE /__control/messages empties every mailbox and drops the history; reset forgets the mailboxes', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const start = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    await sendAs(gmail, { from: 'ana@example.com', to: 'carlos@example.com', subject: 'Hola', text: 'x' });
    await deliver(server, { to: 'carlos@example.com', from: 'z@example.org', text: 'y' });
    const summary = await control(server, '/mailboxes', undefined, 'GET');
    expect(summary.body.mailboxes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'ana@example.com', messages: 1, records: 1 }),
        expect.objectContaining({ account: 'carlos@example.com', messages: 2, records: 2 }),
      ]),
    );
    expect((await control(server, '/messages', undefined, 'DELETE')).body).toEqual({ deleted: 3 });
    const profile = (await gmail.users.getProfile({ userId: 'me' })).data;
    expect(profile).toMatchObject({ messagesTotal: 0, threadsTotal: 0 });
    expect(Number(profile.historyId)).toBeGreaterThan(Number(start));
    expect((await failure(gmail.users.history.list({ userId: 'me', startHistoryId: start }))).status).toBe(
      404,
    );
    expect(
      (await gmail.users.history.list({ userId: 'me', startHistoryId: profile.historyId! })).data,
    ).toEqual({
      historyId: profile.historyId,
    });

    await deliver(server, { to: 'ana@example.com', from: 'z@example.org', text: 'y' });
    const lastBefore = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    server.reset();
    expect(server.state.mailboxes.size).toBe(0);
    expect(server.messages()).toEqual([]);
    // A mailbox made after the reset starts above every earlier id: a stored start is a 404.
    const again = await connect(server, 'ana@example.com');
    const fresh = (await again.gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    expect(Number(fresh)).toBeGreaterThan(Number(lastBefore));
    expect(
      (await failure(again.gmail.users.history.list({ userId: 'me', startHistoryId: lastBefore }))).status,
    ).toBe(404);
  });
});

describe('persistence', () => {
  it('export and import keep the mailboxes, their history and the attachments', async () => {
    const file = path.join(dir, 'google.json');
    const first = await startGoogle({
      accounts: ['ana@example.com', 'carlos@example.com'],
      exportFile: file,
    });
    let refreshToken: string;
    let start: string;
    let before: { records: gmail_v1.Schema$History[]; historyId: string };
    let attachmentId: string;
    let received: string;
    try {
      const ana = await connect(first, 'ana@example.com');
      refreshToken = ana.tokens.refresh_token!;
      start = (await ana.gmail.users.getProfile({ userId: 'me' })).data.historyId!;
      await sendAs(ana.gmail, {
        from: 'ana@example.com',
        to: 'carlos@example.com',
        subject: 'Antes',
        text: 'x',
      });
      received = (
        await deliver(first, {
          to: 'ana@example.com',
          from: 'c@example.org',
          subject: 'Con adjunto',
          attachments: [{ filename: 'a.bin', contentBase64: Buffer.from([1, 2, 3]).toString('base64') }],
        })
      ).id;
      const h = (await ana.gmail.users.history.list({ userId: 'me', startHistoryId: start })).data;
      before = { records: h.history!, historyId: h.historyId! };
      attachmentId = (await ana.gmail.users.messages.get({ userId: 'me', id: received })).data.payload!
        .parts![1].body!.attachmentId!;
    } finally {
      await first.close();
    }

    const second = await startGoogle({
      accounts: ['ana@example.com', 'carlos@example.com'],
      importFile: file,
    });
    try {
      const auth = oauthClient(second);
      auth.setCredentials({ refresh_token: refreshToken });
      const gmail = gmailClient(second, auth);
      const h = (await gmail.users.history.list({ userId: 'me', startHistoryId: start })).data;
      expect(h.history).toEqual(before.records);
      expect(h.historyId).toBe(before.historyId);
      const got = (
        await gmail.users.messages.attachments.get({ userId: 'me', messageId: received, id: attachmentId })
      ).data;
      expect([...bytesOf(got.data)]).toEqual([1, 2, 3]);
      const next = await deliver(second, { to: 'ana@example.com', from: 'd@example.org', text: 'después' });
      expect(Number(next.historyId)).toBeGreaterThan(Number(before.historyId));
      expect(second.messages().filter((m) => m.account === 'carlos@example.com')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('reads a version 1 google.json (sent messages without history)', async () => {
    const { GoogleState } = await import('../../src/google/state.js');
    const state = new GoogleState();
    state.load({
      format: 'trato-google-export',
      version: 1,
      codes: [],
      grants: [],
      accessTokens: [],
      messages: [
        {
          id: '0000000000001',
          threadId: '0000000000001',
          labelIds: ['SENT'],
          sentAt: '2025-01-01T00:00:00.000Z',
          account: 'ana@example.com',
          clientId: 'c',
          from: [],
          to: [],
          cc: [],
          bcc: [],
          replyTo: [],
          subject: 's',
          date: null,
          messageId: null,
          text: 'x',
          html: null,
          headers: [],
          attachments: [],
          sizeEstimate: 10,
          warnings: [],
          raw: Buffer.from('Subject: s\r\n\r\nx').toString('base64url'),
        } as never,
      ],
    });
    expect(state.messages[0]).toMatchObject({
      internalDate: Date.parse('2025-01-01T00:00:00.000Z'),
      copyOf: null,
    });
    expect(state.messages[0].historyId).toBe(String(state.mailbox('ana@example.com').historyId));
  });
});

describe('mailbox page', () => {
  const form = (action: string, fields: Record<string, string>) =>
    fetch(`${server.url}${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  it('shows each account’s mailbox with labels, and its forms reply, bounce and write', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const sent = await sendAs(gmail, {
      from: 'Ana <ana@example.com>',
      to: 'pedro@cliente.com',
      subject: 'Propuesta',
      text: 'Hola',
    });
    const es = await (await fetch(`${server.url}/?hl=es`)).text();
    expect(es).toContain('Buzón de ana@example.com');
    expect(es).toContain('<span class="label label-sent">Enviado</span>');
    expect(es).toContain('Responder como el destinatario (pedro@cliente.com)');
    expect(es).toContain('>Rebotar</button>');
    expect(es).toContain('Escribir a una cuenta');
    expect(es).toContain('<option value="carlos@example.com">');
    const en = await (await fetch(`${server.url}/?hl=en`)).text();
    expect(en).toContain('Reply as the recipient (pedro@cliente.com)');
    expect(en).toContain('>Bounce</button>');
    expect(en).toContain('Write to an account');
    expect(en).toContain('<span class="label label-sent">Sent</span>');

    const reply = await form('/mailbox/reply', { id: sent.id!, text: 'De acuerdo, gracias.', hl: 'es' });
    expect(reply.status).toBe(303);
    const location = reply.headers.get('location')!;
    expect(location).toMatch(/^\/\?hl=es#m-[0-9a-f]{16}$/);
    const replyId = location.split('#m-')[1];
    const replied = (await gmail.users.messages.get({ userId: 'me', id: replyId })).data;
    expect(replied.labelIds).toEqual(['INBOX', 'UNREAD']);
    expect(replied.threadId).toBe(sent.threadId);
    expect(header(replied.payload, 'From')).toBe('pedro@cliente.com');
    expect(header(replied.payload, 'Subject')).toBe('Re: Propuesta');
    expect(replied.snippet).toBe('De acuerdo, gracias.');

    const bounce = await form('/mailbox/bounce', { id: sent.id!, hl: 'en' });
    expect(bounce.status).toBe(303);
    const bounced = (
      await gmail.users.messages.get({ userId: 'me', id: bounce.headers.get('location')!.split('#m-')[1] })
    ).data;
    expect(header(bounced.payload, 'X-Failed-Recipients')).toBe('pedro@cliente.com');

    const write = await form('/mailbox/write', {
      from: 'nuevo@cliente.com',
      from_name: 'Nuevo Cliente',
      to: 'ana@example.com',
      subject: 'Primera consulta',
      text: '¿Hacéis envíos?',
      hl: 'es',
    });
    expect(write.status).toBe(303);
    const inbox = (await gmail.users.messages.list({ userId: 'me', q: 'in:inbox from:nuevo@cliente.com' }))
      .data;
    expect(inbox.resultSizeEstimate).toBe(1);

    const page = await (await fetch(`${server.url}/?hl=es`)).text();
    expect(page).toContain('<span class="label label-inbox">Recibido</span>');
    expect(page).toContain('Primera consulta');
    const bad = await form('/mailbox/write', { from: 'no-es-correo', to: 'ana@example.com', hl: 'en' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('from.address');
    expect((await form('/mailbox/reply', { id: 'ffffffffffffffff', hl: 'en' })).status).toBe(404);
  });

  it('escapes every value: a hostile subject, sender name and body never become markup', async () => {
    await deliver(server, {
      to: 'ana@example.com',
      from: { name: '"><img src=x onerror=alert(1)>', address: 'malo@example.org' },
      subject: '<script>alert("asunto")</script>',
      text: '</pre><script>alert(2)</script>',
      html: '<img src=x onerror=alert(3)>',
    });
    const html = await (await fetch(`${server.url}/?hl=en`)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;asunto&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});

describe('consent page and tokens for the read scopes', () => {
  it('describes gmail.readonly and gmail.metadata as Google does, and reports their full URLs', async () => {
    const auth = oauthClient(server);
    const url = authUrl(auth, { scope: [...SCOPES, GMAIL_READONLY, GMAIL_METADATA].join(' ') });
    const es = await (await fetch(url, { headers: { 'Accept-Language': 'es' } })).text();
    expect(es).toContain('Ver los mensajes y la configuración de tu correo electrónico');
    expect(es).toContain(
      'Ver los metadatos de tu correo electrónico, como etiquetas y encabezados, pero no el cuerpo del mensaje',
    );
    const en = await (await fetch(url, { headers: { 'Accept-Language': 'en' } })).text();
    expect(en).toContain('View your email messages and settings');
    expect(en).toContain(
      'View your email message metadata such as labels and headers, but not the email body',
    );
    const { tokens } = await connect(server, 'ana@example.com', {
      scopes: [...SCOPES, GMAIL_READONLY, GMAIL_METADATA],
    });
    expect(tokens.scope!.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/gmail.metadata',
      ]),
    );
    const info = await auth.getTokenInfo(tokens.access_token!);
    expect(info.scopes).toContain('https://www.googleapis.com/auth/gmail.readonly');
  });
});
