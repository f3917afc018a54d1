/**
 * Gmail's read side through the real googleapis client (only its rootUrl pointed at the local
 * Google): messages.list / get in every format, the copy a send leaves in a local recipient's
 * inbox, history.list, the q subset, threads, labels, attachments, scope rules and failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { gmail_v1 } from 'googleapis';
import type { GoogleServer } from '../../src/google/index.js';
import {
  bytesOf,
  connect,
  control,
  deliver,
  failure,
  GMAIL_METADATA,
  GMAIL_READONLY,
  GMAIL_SEND,
  header,
  rawMessage,
  SCOPES,
  startGoogle,
} from './helpers.js';

let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogle({
    accounts: ['ana@example.com', 'carlos@example.com', 'lucia@example.com'],
  });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const send = async (gmail: gmail_v1.Gmail, mail: Parameters<typeof rawMessage>[0], threadId?: string) =>
  (
    await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: await rawMessage(mail, { keepBcc: true }), threadId },
    })
  ).data;

/** Every page of history.list from `start`. */
async function allHistory(gmail: gmail_v1.Gmail, start: string, extra: Record<string, unknown> = {}) {
  const records: gmail_v1.Schema$History[] = [];
  let pageToken: string | undefined;
  let pages = 0;
  let historyId = '';
  do {
    const r = await gmail.users.history.list({ userId: 'me', startHistoryId: start, pageToken, ...extra });
    records.push(...(r.data.history ?? []));
    historyId = r.data.historyId!;
    pageToken = r.data.nextPageToken ?? undefined;
    pages++;
  } while (pageToken);
  return { records, pages, historyId };
}

describe('messages: list and get in every format', () => {
  it('a sent message is in the sender’s mailbox (SENT) and reads back as Gmail’s Message resource', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const raw = await rawMessage({
      from: 'Ana <ana@example.com>',
      to: 'Cliente <cliente@example.org>',
      subject: 'Propuesta ✓ de mayo',
      text: 'Hola:\nte envío la propuesta. ¿Hablamos el lunes?',
      html: '<p>Hola:</p><p>te envío la <b>propuesta</b>.</p>',
      attachments: [
        { filename: 'propuesta.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' },
      ],
    });
    const before = Date.now();
    const sent = (await gmail.users.messages.send({ userId: 'me', requestBody: { raw } })).data;

    const list = (await gmail.users.messages.list({ userId: 'me' })).data;
    expect(list).toEqual({ messages: [{ id: sent.id, threadId: sent.threadId }], resultSizeEstimate: 1 });

    const full = (await gmail.users.messages.get({ userId: 'me', id: sent.id! })).data;
    expect(full).toMatchObject({ id: sent.id, threadId: sent.threadId, labelIds: ['SENT'] });
    expect(full.snippet).toBe('Hola: te envío la propuesta. ¿Hablamos el lunes?');
    expect(full.historyId).toMatch(/^\d{6,}$/);
    expect(Number(full.internalDate)).toBeGreaterThanOrEqual(before - 5);
    expect(full.sizeEstimate).toBe(bytesOf(raw).length);
    const payload = full.payload!;
    expect(payload.partId).toBe('');
    expect(payload.mimeType).toBe('multipart/mixed');
    expect(payload.filename).toBe('');
    expect(payload.body).toEqual({ size: 0 });
    expect(header(payload, 'Subject')).toBe('Propuesta ✓ de mayo');
    expect(header(payload, 'From')).toBe('Ana <ana@example.com>');
    const [alternative, file] = payload.parts!;
    expect(alternative).toMatchObject({ partId: '0', mimeType: 'multipart/alternative', filename: '' });
    const [plain, html] = alternative.parts!;
    expect(plain).toMatchObject({ partId: '0.0', mimeType: 'text/plain', filename: '' });
    expect(bytesOf(plain.body!.data).toString('utf8')).toBe(
      'Hola:\nte envío la propuesta. ¿Hablamos el lunes?',
    );
    expect(plain.body!.size).toBe(Buffer.byteLength('Hola:\nte envío la propuesta. ¿Hablamos el lunes?'));
    expect(html).toMatchObject({ partId: '0.1', mimeType: 'text/html' });
    expect(bytesOf(html.body!.data).toString('utf8')).toContain('<b>propuesta</b>');
    expect(file).toMatchObject({ partId: '1', mimeType: 'application/pdf', filename: 'propuesta.pdf' });
    expect(file.body!.data).toBeUndefined();
    expect(file.body!.size).toBe(13);
    const attachment = (
      await gmail.users.messages.attachments.get({
        userId: 'me',
        messageId: sent.id!,
        id: file.body!.attachmentId!,
      })
    ).data;
    expect(bytesOf(attachment.data).toString()).toBe('%PDF-1.4 fake');
    expect(attachment.size).toBe(13);

    const rawFormat = (await gmail.users.messages.get({ userId: 'me', id: sent.id!, format: 'raw' })).data;
    expect(rawFormat.payload).toBeUndefined();
    expect(bytesOf(rawFormat.raw).equals(bytesOf(raw))).toBe(true);
    expect(rawFormat).toMatchObject({
      labelIds: ['SENT'],
      historyId: full.historyId,
      internalDate: full.internalDate,
    });

    const metadata = (
      await gmail.users.messages.get({
        userId: 'me',
        id: sent.id!,
        format: 'metadata',
        metadataHeaders: ['Subject', 'to'],
      })
    ).data;
    expect(metadata.payload).toEqual({
      mimeType: 'multipart/mixed',
      headers: [
        { name: 'To', value: 'Cliente <cliente@example.org>' },
        { name: 'Subject', value: 'Propuesta ✓ de mayo' },
      ],
    });
    const allHeaders = (await gmail.users.messages.get({ userId: 'me', id: sent.id!, format: 'metadata' }))
      .data;
    expect(header(allHeaders.payload, 'Message-ID')).toMatch(/^<.+>$/);

    const minimal = (await gmail.users.messages.get({ userId: 'me', id: sent.id!, format: 'minimal' })).data;
    expect(Object.keys(minimal).sort()).toEqual(
      ['historyId', 'id', 'internalDate', 'labelIds', 'sizeEstimate', 'snippet', 'threadId'].sort(),
    );

    const missing = await failure(gmail.users.messages.get({ userId: 'me', id: '0000000000000000' }));
    expect(missing.status).toBe(404);
    expect(missing.api).toMatchObject({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
    });
    const badFormat = await failure(
      gmail.users.messages.get({ userId: 'me', id: sent.id!, format: 'pretty' }),
    );
    expect(badFormat.status).toBe(400);
  });

  it('mail to a local account lands in its inbox as a copy (own id, INBOX UNREAD, same Message-ID, no Bcc)', async () => {
    const ana = await connect(server, 'ana@example.com');
    const carlos = await connect(server, 'carlos@example.com');
    const lucia = await connect(server, 'lucia@example.com');
    const sent = await send(ana.gmail, {
      from: 'Ana <ana@example.com>',
      to: 'Carlos <carlos@example.com>',
      cc: 'externo@example.org',
      bcc: 'lucia@example.com',
      subject: 'Reunión',
      text: 'El martes a las 10.',
    });
    expect(sent.labelIds).toEqual(['SENT']);
    const original = (await ana.gmail.users.messages.get({ userId: 'me', id: sent.id! })).data;

    const inbox = (await carlos.gmail.users.messages.list({ userId: 'me', labelIds: ['INBOX'] })).data;
    expect(inbox.messages).toHaveLength(1);
    const copy = (await carlos.gmail.users.messages.get({ userId: 'me', id: inbox.messages![0].id! })).data;
    expect(copy.id).not.toBe(sent.id);
    expect(copy.threadId).toBe(copy.id);
    expect(copy.labelIds).toEqual(['INBOX', 'UNREAD']);
    expect(header(copy.payload, 'Message-ID')).toBe(header(original.payload, 'Message-ID'));
    expect(header(copy.payload, 'Delivered-To')).toBe('carlos@example.com');
    expect(header(copy.payload, 'Bcc')).toBeUndefined();
    expect(header(original.payload, 'Bcc')).toBe('lucia@example.com');
    expect(copy.snippet).toBe('El martes a las 10.');
    // The sender's copy is not reachable from another mailbox.
    expect((await failure(carlos.gmail.users.messages.get({ userId: 'me', id: sent.id! }))).status).toBe(404);
    // The Bcc recipient got hers too.
    expect(
      (await lucia.gmail.users.messages.list({ userId: 'me', q: 'in:inbox' })).data.resultSizeEstimate,
    ).toBe(1);

    // Carlos replies in his thread; the reply joins Ana's thread in her mailbox (threads are per mailbox).
    const reply = await send(
      carlos.gmail,
      {
        from: 'carlos@example.com',
        to: 'ana@example.com',
        subject: 'Re: Reunión',
        text: 'Perfecto.',
        inReplyTo: header(copy.payload, 'Message-ID'),
        references: header(copy.payload, 'Message-ID'),
      },
      copy.threadId!,
    );
    expect(reply.threadId).toBe(copy.threadId);
    const anaThread = (await ana.gmail.users.threads.get({ userId: 'me', id: sent.threadId! })).data;
    expect(anaThread.messages!.map((m) => m.labelIds)).toEqual([['SENT'], ['INBOX', 'UNREAD']]);

    // Writing to oneself: one message, sent and received.
    const self = await send(ana.gmail, {
      from: 'ana@example.com',
      to: 'ana@example.com',
      subject: 'Nota',
      text: 'x',
    });
    expect(self.labelIds).toEqual(['SENT', 'INBOX', 'UNREAD']);

    // The control listing: every mailbox, or one; `to` lists each mail once.
    const all = await control(server, '/messages', undefined, 'GET');
    expect((all.body.messages as unknown[]).length).toBe(6);
    const carlosBox = await control(server, '/messages?account=carlos@example.com', undefined, 'GET');
    expect((carlosBox.body.messages as { labelIds: string[] }[]).map((m) => m.labelIds)).toEqual([
      ['SENT'],
      ['INBOX', 'UNREAD'],
    ]);
    const toCarlos = await control(server, '/messages?to=carlos@example.com', undefined, 'GET');
    expect((toCarlos.body.messages as { id: string }[]).map((m) => m.id)).toEqual([sent.id]);
    const inboxes = await control(server, '/messages?label=INBOX', undefined, 'GET');
    expect((inboxes.body.messages as unknown[]).length).toBe(4);
  });

  it('profile and labels', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    await send(gmail, { from: 'ana@example.com', to: 'x@example.org', subject: 'Uno', text: '1' });
    await deliver(server, { to: 'ana@example.com', from: { address: 'y@example.org' }, subject: 'Dos' });
    const profile = (await gmail.users.getProfile({ userId: 'me' })).data;
    expect(profile).toMatchObject({ emailAddress: 'ana@example.com', messagesTotal: 2, threadsTotal: 2 });
    expect(profile.historyId).toMatch(/^\d+$/);
    const labels = (await gmail.users.labels.list({ userId: 'me' })).data.labels!;
    for (const id of [
      'INBOX',
      'SENT',
      'UNREAD',
      'DRAFT',
      'SPAM',
      'TRASH',
      'IMPORTANT',
      'STARRED',
      'CATEGORY_PERSONAL',
    ])
      expect(labels.find((l) => l.id === id)).toMatchObject({ id, name: id, type: 'system' });
    const inbox = (await gmail.users.labels.get({ userId: 'me', id: 'INBOX' })).data;
    expect(inbox).toMatchObject({ id: 'INBOX', messagesTotal: 1, messagesUnread: 1, threadsTotal: 1 });
  });
});

describe('history.list', () => {
  it('lists the records after startHistoryId, page by page, with the mailbox’s current historyId', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const start = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    const ids: { id: string; historyId: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await deliver(server, {
        to: 'ana@example.com',
        from: { address: `c${i}@example.org` },
        subject: `M${i}`,
      });
      ids.push({ id: d.id, historyId: d.historyId });
    }
    const sent = await send(gmail, {
      from: 'ana@example.com',
      to: 'x@example.org',
      subject: 'Enviado',
      text: 'x',
    });
    const current = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;

    const { records, pages, historyId } = await allHistory(gmail, start, { maxResults: 2 });
    expect(pages).toBe(3);
    expect(historyId).toBe(current);
    expect(records).toHaveLength(6);
    const recordIds = records.map((r) => Number(r.id));
    expect(recordIds).toEqual([...recordIds].sort((a, b) => a - b));
    expect(recordIds[0]).toBeGreaterThan(Number(start));
    expect(records[0]).toEqual({
      id: ids[0].historyId,
      messages: [{ id: ids[0].id, threadId: ids[0].id }],
      messagesAdded: [{ message: { id: ids[0].id, threadId: ids[0].id, labelIds: ['INBOX', 'UNREAD'] } }],
    });
    expect(records[5].messagesAdded![0].message).toMatchObject({ id: sent.id, labelIds: ['SENT'] });
    // A message's historyId is the record that added it.
    const m2 = (await gmail.users.messages.get({ userId: 'me', id: ids[2].id, format: 'minimal' })).data;
    expect(m2.historyId).toBe(ids[2].historyId);

    // Only records after the start: from the third message's historyId, the last three.
    const later = await allHistory(gmail, ids[2].historyId);
    expect(later.records.map((r) => r.messages![0].id)).toEqual([ids[3].id, ids[4].id, sent.id]);
    // Filters: a label the records carry, a label they do not, a history type that never happened.
    expect((await allHistory(gmail, start, { labelId: 'SENT' })).records).toHaveLength(1);
    expect((await allHistory(gmail, start, { labelId: 'STARRED' })).records).toHaveLength(0);
    const labelsOnly = (
      await gmail.users.history.list({ userId: 'me', startHistoryId: start, historyTypes: ['labelAdded'] })
    ).data;
    expect(labelsOnly).toEqual({ historyId: current });
    // Up to date, or from the future: no history, the current historyId.
    expect((await gmail.users.history.list({ userId: 'me', startHistoryId: current })).data).toEqual({
      historyId: current,
    });
    const future = String(Number(current) + 1000);
    expect((await gmail.users.history.list({ userId: 'me', startHistoryId: future })).data).toEqual({
      historyId: current,
    });
  });

  it('a startHistoryId older than the retained history answers 404; new changes are retained again', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const start = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    await deliver(server, { to: 'ana@example.com', from: { address: 'a@example.org' }, subject: 'Antes' });
    expect((await allHistory(gmail, start)).records).toHaveLength(1);

    const expired = await control(server, '/history/expire', { email: 'ana@example.com' });
    expect(expired.status).toBe(200);
    const gone = await failure(gmail.users.history.list({ userId: 'me', startHistoryId: start }));
    expect(gone.status).toBe(404);
    expect(gone.api).toMatchObject({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
    });
    expect(gone.api!.errors[0]).toMatchObject({ reason: 'notFound', domain: 'global' });
    // A full sync then starts again from the current historyId.
    const now = (await gmail.users.getProfile({ userId: 'me' })).data.historyId!;
    const after = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'b@example.org' },
      subject: 'Después',
    });
    const again = await allHistory(gmail, now);
    expect(again.records.map((r) => r.messages![0].id)).toEqual([after.id]);
    // The messages themselves are still there.
    expect((await gmail.users.messages.list({ userId: 'me' })).data.resultSizeEstimate).toBe(2);

    // Below the mailbox's first historyId is too old as well.
    expect((await failure(gmail.users.history.list({ userId: 'me', startHistoryId: '1' }))).status).toBe(404);
  });

  it('refuses a missing or malformed startHistoryId (400 invalidArgument)', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const missing = await failure(gmail.users.history.list({ userId: 'me' }));
    expect(missing.status).toBe(400);
    expect(missing.api).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'startHistoryId is required.' });
    expect(missing.api!.errors[0].reason).toBe('invalidArgument');
    const bad = await failure(gmail.users.history.list({ userId: 'me', startHistoryId: 'abc' }));
    expect(bad.status).toBe(400);
    const type = await failure(
      gmail.users.history.list({ userId: 'me', startHistoryId: '1', historyTypes: ['everything'] }),
    );
    expect(type.status).toBe(400);
  });
});

describe('q: the supported subset of Gmail search', () => {
  it('filters by sender, recipient, subject, dates, labels and message id, with OR, braces and negation', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const day = 86_400_000;
    const now = Date.now();
    const a = await deliver(server, {
      to: 'ana@example.com',
      from: { name: 'Pedro Gómez', address: 'pedro@cliente.com' },
      subject: 'Presupuesto anual',
      text: 'a',
      date: new Date(now - 10 * day).toISOString(),
    });
    const b = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'marta@otro.org' },
      subject: 'Factura de marzo',
      text: 'b',
      date: new Date(now - 2 * day).toISOString(),
    });
    const c = await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'old@archivo.net' },
      subject: 'Antiguo',
      text: 'c',
      date: '2020-01-15T12:00:00Z',
    });
    const s = await send(gmail, {
      from: 'ana@example.com',
      to: 'pedro@cliente.com',
      cc: 'jefe@cliente.com',
      subject: 'Re: Presupuesto anual',
      text: 's',
    });
    const ids = async (q: string) =>
      ((await gmail.users.messages.list({ userId: 'me', q })).data.messages ?? []).map((m) => m.id);

    expect(await ids('from:pedro@cliente.com')).toEqual([a.id]);
    expect(await ids('from:CLIENTE.com')).toEqual([a.id]);
    expect(await ids('from:gómez')).toEqual([a.id]);
    expect(await ids('to:pedro@cliente.com')).toEqual([s.id]);
    expect(await ids('cc:jefe')).toEqual([s.id]);
    expect(await ids('from:me')).toEqual([s.id]);
    expect(await ids('subject:presupuesto')).toEqual([s.id, a.id]);
    expect(await ids('subject:"Factura de marzo"')).toEqual([b.id]);
    expect(await ids('in:sent')).toEqual([s.id]);
    expect(await ids('in:inbox is:unread')).toEqual([b.id, a.id, c.id]);
    expect(await ids('in:anywhere')).toEqual([s.id, b.id, a.id, c.id]);
    expect(await ids('newer_than:5d')).toEqual([s.id, b.id]);
    expect(await ids('older_than:5d')).toEqual([a.id, c.id]);
    expect(await ids('newer_than:1y older_than:1d')).toEqual([b.id, a.id]);
    expect(await ids('before:2021/01/01')).toEqual([c.id]);
    expect(await ids('after:2020/01/15 before:2020/01/16')).toEqual([c.id]);
    expect(await ids(`after:${Math.floor((now - 3 * day) / 1000)}`)).toEqual([s.id, b.id]);
    expect(await ids('{from:marta@otro.org from:old@archivo.net}')).toEqual([b.id, c.id]);
    expect(await ids('from:marta@otro.org OR from:old@archivo.net')).toEqual([b.id, c.id]);
    expect(await ids('in:inbox -from:pedro')).toEqual([b.id, c.id]);
    expect(await ids('(in:inbox subject:antiguo) OR in:sent')).toEqual([s.id, c.id]);
    const received = (await gmail.users.messages.get({ userId: 'me', id: b.id, format: 'metadata' })).data;
    const msgId = header(received.payload, 'Message-ID')!;
    expect(await ids(`rfc822msgid:${msgId}`)).toEqual([b.id]);
    expect(await ids(`rfc822msgid:${msgId.slice(1, -1)}`)).toEqual([b.id]);
    // labelIds combine with q (all must match); paging keeps the order.
    expect(
      (
        (
          await gmail.users.messages.list({
            userId: 'me',
            labelIds: ['INBOX', 'UNREAD'],
            q: 'subject:factura',
          })
        ).data.messages ?? []
      ).map((m) => m.id),
    ).toEqual([b.id]);
    const first = (await gmail.users.messages.list({ userId: 'me', maxResults: 3 })).data;
    expect(first.messages).toHaveLength(3);
    expect(first.resultSizeEstimate).toBe(4);
    const second = (
      await gmail.users.messages.list({ userId: 'me', maxResults: 3, pageToken: first.nextPageToken! })
    ).data;
    expect(second.messages!.map((m) => m.id)).toEqual([c.id]);
    expect(second.nextPageToken).toBeUndefined();
    expect((await gmail.users.messages.list({ userId: 'me', q: 'from:nadie@example.net' })).data).toEqual({
      resultSizeEstimate: 0,
    });
  });

  it('refuses what it does not support (400 invalidArgument) instead of ignoring it', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    for (const q of [
      'larger:10M',
      'presupuesto',
      '"hola mundo"',
      'in:chats',
      'is:muted',
      'newer_than:3w',
      'after:ayer',
      'from:(a b)',
      '{from:a',
    ]) {
      const e = await failure(gmail.users.messages.list({ userId: 'me', q }));
      expect(e.status, q).toBe(400);
      expect(e.api!.status, q).toBe('INVALID_ARGUMENT');
      expect(e.api!.errors[0].reason, q).toBe('invalidArgument');
    }
    const op = await failure(gmail.users.messages.list({ userId: 'me', q: 'from:a larger:10M' }));
    expect(op.api!.message).toContain('Unsupported search operator "larger:"');
    expect(op.api!.message).toContain('from:');
  });
});

describe('threads', () => {
  it('threads.get gives a reply chain oldest first; threads.list one entry per thread', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    const first = await send(gmail, {
      from: 'ana@example.com',
      to: 'pedro@cliente.com',
      subject: 'Oferta',
      text: '1',
    });
    const r1 = await deliver(server, {
      to: 'ana@example.com',
      inReplyTo: first.id,
      text: 'Gracias, ¿y el precio?',
    });
    expect(r1.threadId).toBe(first.threadId);
    const r1Message = (await gmail.users.messages.get({ userId: 'me', id: r1.id, format: 'metadata' })).data;
    const second = await send(
      gmail,
      {
        from: 'ana@example.com',
        to: 'pedro@cliente.com',
        subject: 'Re: Oferta',
        text: '100 €',
        inReplyTo: header(r1Message.payload, 'Message-ID'),
        references: `${header(r1Message.payload, 'References')} ${header(r1Message.payload, 'Message-ID')}`,
      },
      first.threadId!,
    );
    const r2 = await deliver(server, { to: 'ana@example.com', inReplyTo: second.id, text: 'Trato hecho.' });
    await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'otro@example.org' },
      subject: 'Aparte',
    });

    const thread = (await gmail.users.threads.get({ userId: 'me', id: first.threadId! })).data;
    expect(thread.id).toBe(first.threadId);
    expect(thread.messages!.map((m) => m.id)).toEqual([first.id, r1.id, second.id, r2.id]);
    expect(thread.historyId).toBe(r2.historyId);
    expect(thread.messages!.map((m) => header(m.payload, 'Subject'))).toEqual([
      'Oferta',
      'Re: Oferta',
      'Re: Oferta',
      'Re: Oferta',
    ]);
    const last = thread.messages![3];
    expect(header(last.payload, 'References')!.split(' ')).toHaveLength(3);
    const minimal = (await gmail.users.threads.get({ userId: 'me', id: first.threadId!, format: 'minimal' }))
      .data;
    expect(minimal.messages!.every((m) => m.payload === undefined)).toBe(true);

    const threads = (await gmail.users.threads.list({ userId: 'me' })).data;
    expect(threads.resultSizeEstimate).toBe(2);
    expect(threads.threads![1]).toMatchObject({
      id: first.threadId,
      snippet: 'Trato hecho.',
      historyId: r2.historyId,
    });
    const inSent = (await gmail.users.threads.list({ userId: 'me', q: 'in:sent' })).data;
    expect(inSent.threads!.map((t) => t.id)).toEqual([first.threadId]);
    expect((await failure(gmail.users.threads.get({ userId: 'me', id: 'ffffffffffffffff' }))).status).toBe(
      404,
    );
    expect(
      (await failure(gmail.users.threads.get({ userId: 'me', id: first.threadId!, format: 'raw' }))).status,
    ).toBe(400);
  });
});

describe('scopes and credentials', () => {
  it('a token with only gmail.send may not read (403 insufficientPermissions)', async () => {
    const { gmail } = await connect(server, 'ana@example.com', { scopes: SCOPES });
    for (const call of [
      gmail.users.messages.list({ userId: 'me' }),
      gmail.users.history.list({ userId: 'me', startHistoryId: '1' }),
      gmail.users.getProfile({ userId: 'me' }),
      gmail.users.labels.list({ userId: 'me' }),
    ]) {
      const e = await failure(call);
      expect(e.status).toBe(403);
      expect(e.api).toMatchObject({
        code: 403,
        status: 'PERMISSION_DENIED',
        message: 'Request had insufficient authentication scopes.',
      });
      expect(e.api!.errors[0].reason).toBe('insufficientPermissions');
    }
  });

  it('gmail.metadata: no full or raw format, no q, no attachments — even next to a broader scope', async () => {
    await deliver(server, {
      to: 'ana@example.com',
      from: { address: 'p@example.org' },
      subject: 'Con adjunto',
      text: 'x',
      attachments: [
        {
          filename: 'a.txt',
          contentType: 'text/plain',
          contentBase64: Buffer.from('hola').toString('base64'),
        },
      ],
    });
    const reader = await connect(server, 'ana@example.com');
    const full = (await reader.gmail.users.messages.list({ userId: 'me' })).data.messages![0];
    const attachmentId = (await reader.gmail.users.messages.get({ userId: 'me', id: full.id! })).data.payload!
      .parts![1].body!.attachmentId!;

    const { gmail, tokens } = await connect(server, 'ana@example.com', {
      scopes: [...SCOPES, GMAIL_METADATA],
      untick: [GMAIL_SEND],
    });
    expect(tokens.scope!.split(' ')).toContain(GMAIL_METADATA);
    expect(tokens.scope!.split(' ')).not.toContain(GMAIL_SEND);
    const list = (await gmail.users.messages.list({ userId: 'me', labelIds: ['INBOX'] })).data;
    expect(list.resultSizeEstimate).toBe(1);
    const id = list.messages![0].id!;
    const metadata = (await gmail.users.messages.get({ userId: 'me', id, format: 'metadata' })).data;
    expect(header(metadata.payload, 'Subject')).toBe('Con adjunto');
    expect((await gmail.users.messages.get({ userId: 'me', id, format: 'minimal' })).data.id).toBe(id);
    expect(
      (await gmail.users.history.list({ userId: 'me', startHistoryId: metadata.historyId! })).status,
    ).toBe(200);

    const noFull = await failure(gmail.users.messages.get({ userId: 'me', id }));
    expect(noFull.status).toBe(403);
    expect(noFull.api).toMatchObject({
      message: "Metadata scope doesn't allow format FULL",
      status: 'PERMISSION_DENIED',
    });
    expect(noFull.api!.errors[0].reason).toBe('forbidden');
    const noRaw = await failure(gmail.users.messages.get({ userId: 'me', id, format: 'raw' }));
    expect(noRaw.api!.message).toBe("Metadata scope doesn't allow format RAW");
    const noThreadFull = await failure(
      gmail.users.threads.get({ userId: 'me', id: list.messages![0].threadId! }),
    );
    expect(noThreadFull.api!.message).toBe("Metadata scope doesn't allow format FULL");
    const noQ = await failure(gmail.users.messages.list({ userId: 'me', q: 'is:unread' }));
    expect(noQ.status).toBe(403);
    expect(noQ.api!.message).toBe("Metadata scope does not support 'q' parameter");
    const noAttachment = await failure(
      gmail.users.messages.attachments.get({ userId: 'me', messageId: id, id: attachmentId }),
    );
    expect(noAttachment.status).toBe(403);
    expect(noAttachment.api!.errors[0].reason).toBe('insufficientPermissions');

    // Gmail keeps the metadata limits when the token also has gmail.readonly.
    const both = await connect(server, 'ana@example.com', {
      scopes: [...SCOPES, GMAIL_READONLY, GMAIL_METADATA],
    });
    expect((await failure(both.gmail.users.messages.get({ userId: 'me', id }))).status).toBe(403);
    expect((await failure(both.gmail.users.messages.list({ userId: 'me', q: 'in:inbox' }))).status).toBe(403);
  });

  it('401 without or with a dead token, 403 for another mailbox', async () => {
    const { gmail, auth, tokens } = await connect(server, 'ana@example.com');
    const none = await fetch(`${server.url}/gmail/v1/users/me/messages`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { errors: { reason: string }[] } }).error.errors[0].reason).toBe(
      'required',
    );
    const other = await failure(gmail.users.messages.list({ userId: 'carlos@example.com' }));
    expect(other.status).toBe(403);
    expect(other.api!.message).toBe('Delegation denied for ana@example.com');
    expect((await gmail.users.messages.list({ userId: 'ANA@example.com' })).status).toBe(200);
    await auth.revokeToken(tokens.refresh_token!);
    const dead = await fetch(`${server.url}/gmail/v1/users/me/profile`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(dead.status).toBe(401);
    expect(dead.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('injected failures for reads', () => {
  it('the next reads answer 429 rateLimitExceeded or 503 after the token check; googleapis retries GETs', async () => {
    const { gmail } = await connect(server, 'ana@example.com');
    await control(server, '/failures', { status: 429, count: 1, target: 'read' });
    // A send is not a read: it goes through.
    await send(gmail, { from: 'ana@example.com', to: 'x@example.org', subject: 'Sigue', text: 'x' });
    const limited = await failure(gmail.users.messages.list({ userId: 'me' }, { retry: false }));
    expect(limited.status).toBe(429);
    expect(limited.api).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    expect(limited.api!.errors[0]).toMatchObject({ domain: 'usageLimits', reason: 'rateLimitExceeded' });
    expect(limited.api!.message).toMatch(/^User-rate limit exceeded\. {2}Retry after /);

    await control(server, '/failures', { status: 503, count: 1, target: 'read' });
    const unavailable = await failure(gmail.users.getProfile({ userId: 'me' }, { retry: false }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.api!.errors[0].reason).toBe('backendError');

    // With its default retry (GET is retried on 429/5xx), the client gets through a single failure.
    await control(server, '/failures', { status: 429, count: 1, target: 'read' });
    expect((await gmail.users.messages.list({ userId: 'me' })).data.resultSizeEstimate).toBe(1);
    expect((await control(server, '/failures', undefined, 'GET')).body.failures).toEqual([]);

    // The token is checked first: a request without one is a 401 and does not use the failure up.
    await control(server, '/failures', { status: 429, count: 1, target: 'read' });
    expect((await fetch(`${server.url}/gmail/v1/users/me/profile`)).status).toBe(401);
    expect((await control(server, '/failures', undefined, 'GET')).body.failures).toHaveLength(1);
  });
});
