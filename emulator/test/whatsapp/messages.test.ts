/**
 * Messages: users writing (inbound webhooks, duplicates, quick-reply buttons), free-form text
 * inside and outside the 24-hour window, template messages and their refusals, statuses (the
 * automatic sent / delivered, the phone reading, any order through the control, failed 131026),
 * mark-as-read, injected failures and what the business sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_NUMBER_ID, DEFAULT_WABA_ID } from '../../src/whatsapp/index.js';
import {
  approvedTemplate,
  bodyParams,
  control,
  graph,
  inbound,
  prepare,
  startHarness,
  templateMessage,
  text,
  type GraphErrorJson,
  type Harness,
} from './helpers.js';

let t: Harness;
beforeAll(async () => {
  t = await startHarness();
});
afterAll(() => t.close());
beforeEach(() => prepare(t));

const send = <T = SendAnswer>(body: unknown) =>
  graph<T>(t.server, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, { body });

interface SendAnswer {
  messaging_product: string;
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

const statusesOf = (id: string) =>
  t.receiver
    .changes('messages')
    .flatMap((c) => (c.value.statuses as { id: string; status: string }[] | undefined) ?? [])
    .filter((s) => s.id === id);

async function noAutoStatuses() {
  await control(t.server, '/auto-statuses', { enabled: false });
}

describe('users write (POST /__control/inbound)', () => {
  it('delivers contacts and messages with the metadata of the number', async () => {
    const ts = Math.floor(Date.now() / 1000) - 60;
    const id = await inbound(t.server, {
      from: '+504 9999-8888',
      name: 'Lucía',
      text: 'Hola, ¿tienen stock?',
      timestamp: ts,
    });
    expect(id).toMatch(/^wamid\.[A-Za-z0-9+/]+=*$/);
    await t.receiver.waitFor((r) => r.events.length === 1);
    const [event] = t.receiver.events;
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.payload).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DEFAULT_WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '50422000000', phone_number_id: DEFAULT_PHONE_NUMBER_ID },
                contacts: [{ profile: { name: 'Lucía' }, wa_id: '50499998888' }],
                messages: [
                  {
                    from: '50499998888',
                    id,
                    timestamp: String(ts),
                    type: 'text',
                    text: { body: 'Hola, ¿tienen stock?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it('reusing an id delivers the same event again (and stores one message)', async () => {
    const id = await inbound(t.server, { from: '50499998888', text: 'uno', id: 'wamid.repetido' });
    const again = await control<{ id: string; duplicate: boolean }>(t.server, '/inbound', {
      from: '50499998888',
      text: 'uno',
      id: 'wamid.repetido',
    });
    expect(again.body).toMatchObject({ id, duplicate: true });
    await t.receiver.waitFor((r) => r.events.length === 2);
    expect(t.receiver.events[0].raw).toBe(t.receiver.events[1].raw);
    const listed = await control<{ messages: unknown[] }>(t.server, '/messages?wa_id=50499998888');
    expect(listed.body.messages).toHaveLength(1);
  });

  it('refuses a bad number, an empty text and an unknown phone number id', async () => {
    expect((await control(t.server, '/inbound', { from: 'ana', text: 'x' })).status).toBe(400);
    expect((await control(t.server, '/inbound', { from: '50499998888', text: ' ' })).status).toBe(400);
    expect(
      (await control(t.server, '/inbound', { from: '50499998888', text: 'x', phoneNumberId: '1' })).status,
    ).toBe(404);
    expect(
      (await control(t.server, '/inbound', { from: '50499998888', text: 'x', timestamp: 'ayer' })).status,
    ).toBe(400);
  });

  it('a quick-reply button arrives as type button with the template message as context', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    await approvedTemplate(t.server);
    const sent = await send(
      templateMessage('50499998888', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
        bodyParams('Ana', 'lunes 3'),
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '0',
          parameters: [{ type: 'payload', payload: 'CONFIRMAR-42' }],
        },
      ]),
    );
    expect(sent.status).toBe(200);
    const wamid = sent.body.messages[0].id;
    t.receiver.clear();
    // Without contextId: the latest template message with that button.
    await inbound(t.server, {
      from: '50499998888',
      button: { text: 'Sí, confirmo', payload: 'CONFIRMAR-42' },
    });
    await t.receiver.waitFor((r) => r.changes().some((c) => c.value.messages));
    const message = (t.receiver.changes().find((c) => c.value.messages)!.value.messages as unknown[])[0];
    expect(message).toMatchObject({
      context: { from: '50422000000', id: wamid },
      from: '50499998888',
      type: 'button',
      button: { payload: 'CONFIRMAR-42', text: 'Sí, confirmo' },
    });
    // The second button had no payload in the send: its text is the payload.
    const chat = t.server.state.message(wamid)!;
    expect(chat.template!.buttons).toEqual([
      { text: 'Sí, confirmo', payload: 'CONFIRMAR-42' },
      { text: 'No puedo', payload: 'No puedo' },
    ]);
  });
});

describe('text messages and the 24-hour window', () => {
  it('inside the window: 200 with contacts and a wamid; `to` may carry +, spaces and dashes', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    for (const to of ['50499998888', '+504 9999-8888', '+504-9999-8888']) {
      const r = await send(text(to, 'Claro, le ayudo'));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: '50499998888' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      });
    }
    const ids = (
      await control<{ messages: { id: string }[] }>(t.server, '/messages?direction=outbound')
    ).body.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('outside the window (last message 25 h ago, or never): 400 131047 Re-engagement message', async () => {
    await inbound(t.server, {
      from: '50499997777',
      text: 'viejo',
      timestamp: Math.floor(Date.now() / 1000) - 25 * 3600,
    });
    for (const to of ['50499997777', '50411112222']) {
      const r = await send<GraphErrorJson>(text(to, 'Hola'));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        message: 'Re-engagement message',
        type: 'OAuthException',
        code: 131047,
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      });
    }
    // "The second message never arrived": nothing stored, nothing delivered.
    const sent = await control<{ messages: unknown[] }>(
      t.server,
      '/messages?wa_id=50499997777&direction=outbound',
    );
    expect(sent.body.messages).toEqual([]);
    // 23 h ago is inside.
    await inbound(t.server, {
      from: '50499997777',
      text: 'reciente',
      timestamp: Math.floor(Date.now() / 1000) - 23 * 3600,
    });
    expect((await send(text('50499997777', 'Hola'))).status).toBe(200);
  });

  it('the window is per business number', async () => {
    const other = await control<{ phoneNumberId: string; accessToken: string }>(t.server, '/accounts', {});
    await inbound(t.server, { from: '50499998888', text: 'hola', phoneNumberId: other.body.phoneNumberId });
    expect((await send<GraphErrorJson>(text('50499998888', 'x'))).body.error.code).toBe(131047);
    const r = await graph(t.server, `/${other.body.phoneNumberId}/messages`, {
      body: text('50499998888', 'x'),
      token: other.body.accessToken,
    });
    expect(r.status).toBe(200);
  });

  it('missing or invalid fields → 100 Invalid parameter; an unsupported type → 131051', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    const cases: [unknown, number, string][] = [
      [{ to: '50499998888', type: 'text', text: { body: 'x' } }, 100, 'messaging_product'],
      [{ messaging_product: 'sms', to: '50499998888', text: { body: 'x' } }, 100, 'messaging_product'],
      [{ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 100, 'to'],
      [{ messaging_product: 'whatsapp', to: 'ana', text: { body: 'x' } }, 100, 'to'],
      [{ messaging_product: 'whatsapp', to: '50499998888', type: 'text' }, 100, 'text'],
      [{ messaging_product: 'whatsapp', to: '50499998888', text: { body: '' } }, 100, 'text.body'],
      [{ messaging_product: 'whatsapp', to: '50499998888', text: { body: 'x'.repeat(4097) } }, 100, '4096'],
      [
        { messaging_product: 'whatsapp', recipient_type: 'group', to: '50499998888', text: { body: 'x' } },
        100,
        'recipient_type',
      ],
      [{ messaging_product: 'whatsapp', to: '50499998888', type: 'fax' }, 100, 'type'],
      [
        { messaging_product: 'whatsapp', to: '50499998888', type: 'sticker', sticker: { id: '1' } },
        131051,
        'sticker',
      ],
      [{ messaging_product: 'whatsapp', to: '50499998888', type: 'template' }, 100, 'template'],
    ];
    for (const [body, code, mention] of cases) {
      const r = await send<GraphErrorJson>(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code, JSON.stringify(body)).toBe(code);
      expect(r.body.error.message).toBe(code === 100 ? 'Invalid parameter' : 'Unsupported message type');
      expect(r.body.error.error_data!.details).toContain(mention);
    }
    const notJson = await fetch(`${t.server.graphUrl}/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer EAATRATOLOCAL000000000000000000000',
        'Content-Type': 'application/json',
      },
      body: '{"messaging_product":',
    });
    expect(notJson.status).toBe(400);
  });

  it('mark read: {status: read, message_id} → {success: true}, marking it and earlier ones read', async () => {
    const first = await inbound(t.server, { from: '50499998888', text: 'uno' });
    const second = await inbound(t.server, { from: '50499998888', text: 'dos' });
    const r = await send({ messaging_product: 'whatsapp', status: 'read', message_id: second });
    expect(r.body).toEqual({ success: true });
    expect(t.server.state.message(first)!.readAt).toBeGreaterThan(0);
    expect(t.server.state.message(second)!.readAt).toBeGreaterThan(0);
    const bad = await send<GraphErrorJson>({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.nada',
    });
    expect(bad.body.error.code).toBe(100);
  });
});

describe('template messages', () => {
  const full = (to = '50499998888') =>
    templateMessage(to, 'recordatorio_cita', 'es', [
      { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
      bodyParams('Ana', 'lunes 3'),
    ]);

  it('an approved template goes out without a window, accepted, rendered with its parameters', async () => {
    await approvedTemplate(t.server);
    const r = await send(full());
    expect(r.status).toBe(200);
    expect(r.body.messages[0]).toEqual({ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' });
    const stored = t.server.state.message(r.body.messages[0].id)!;
    expect(stored.template).toMatchObject({
      name: 'recordatorio_cita',
      header: 'Cita con Acme',
      body: 'Hola Ana, te esperamos el lunes 3. ¿Confirmas?',
      footer: 'Trato CRM',
    });
  });

  it('unknown name or language → 132001 "Template name does not exist in the translation"', async () => {
    await approvedTemplate(t.server);
    for (const [name, lang] of [
      ['no_existe', 'es'],
      ['recordatorio_cita', 'en_US'],
    ]) {
      const r = await send<GraphErrorJson>(
        templateMessage('50499998888', name, lang, [bodyParams('a', 'b')]),
      );
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        code: 132001,
        message: 'Template name does not exist in the translation',
      });
      expect(r.body.error.error_data!.details).toBe(`template name (${name}) does not exist in ${lang}`);
    }
  });

  it('PENDING, REJECTED and DISABLED → 132001; PAUSED → 132015 "Template is paused"', async () => {
    const created = await graph<{ id: string }>(t.server, `/${DEFAULT_WABA_ID}/message_templates`, {
      body: {
        name: 'aviso',
        language: 'es',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Su pedido está listo.' }],
      },
    });
    const plain = templateMessage('50499998888', 'aviso', 'es');
    expect((await send<GraphErrorJson>(plain)).body.error.code).toBe(132001);
    for (const [status, code] of [
      ['REJECTED', 132001],
      ['DISABLED', 132001],
      ['PAUSED', 132015],
      ['APPROVED', 0],
    ] as const) {
      await control(t.server, '/templates/status', { id: created.body.id, status });
      const r = await send<GraphErrorJson>(plain);
      if (code === 0) expect(r.status).toBe(200);
      else {
        expect(r.body.error.code, status).toBe(code);
        if (code === 132015) expect(r.body.error.message).toBe('Template is paused');
      }
    }
  });

  it('parameter counts must match the BODY and HEADER variables → else 132000', async () => {
    await approvedTemplate(t.server);
    const cases = [
      [{ type: 'header', parameters: [{ type: 'text', text: 'Acme' }] }, bodyParams('Ana')],
      [{ type: 'header', parameters: [{ type: 'text', text: 'Acme' }] }, bodyParams('Ana', 'lunes', 'extra')],
      [bodyParams('Ana', 'lunes 3')],
      [],
    ];
    for (const components of cases) {
      const r = await send<GraphErrorJson>(
        templateMessage('50499998888', 'recordatorio_cita', 'es', components),
      );
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        code: 132000,
        message: 'Number of parameters does not match the expected number of params',
      });
    }
    const badIndex = await send<GraphErrorJson>(
      templateMessage('50499998888', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
        bodyParams('Ana', 'lunes'),
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '5',
          parameters: [{ type: 'payload', payload: 'x' }],
        },
      ]),
    );
    expect(badIndex.body.error.code).toBe(132000);
    const badParam = await send<GraphErrorJson>(
      templateMessage('50499998888', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'image', image: {} }] },
        bodyParams('Ana', 'lunes'),
      ]),
    );
    expect(badParam.body.error.code).toBe(100);
  });

  it('a template of another WABA does not exist for this one', async () => {
    const other = await control<{ wabaId: string; accessToken: string }>(t.server, '/accounts', {});
    await approvedTemplate(t.server, undefined, other.body.wabaId, other.body.accessToken);
    expect((await send<GraphErrorJson>(full())).body.error.code).toBe(132001);
  });
});

describe('statuses', () => {
  it('after a send: sent then delivered, with conversation and pricing', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    const r = await send(text('50499998888', 'Hola Lucía'));
    const id = r.body.messages[0].id;
    await t.receiver.waitFor(() => statusesOf(id).length === 2);
    const [sent, delivered] = statusesOf(id) as Record<string, unknown>[];
    expect(sent).toMatchObject({
      id,
      status: 'sent',
      recipient_id: '50499998888',
      timestamp: expect.stringMatching(/^\d{10}$/),
      conversation: { id: expect.stringMatching(/^[0-9a-f]{32}$/), origin: { type: 'service' } },
      pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
    });
    expect((sent.conversation as Record<string, string>).expiration_timestamp).toMatch(/^\d{10}$/);
    expect(delivered).toMatchObject({ id, status: 'delivered' });
    expect((delivered.conversation as Record<string, string>).id).toBe(
      (sent.conversation as Record<string, string>).id,
    );
    const listed = await control<{ messages: { status: string; statuses: { status: string }[] }[] }>(
      t.server,
      '/messages?phoneNumberId=100000000000011&wa_id=%2B504%209999-8888&direction=outbound',
    );
    expect(listed.body.messages[0].status).toBe('delivered');
    expect(listed.body.messages[0].statuses.map((s) => s.status)).toEqual(['sent', 'delivered']);
  });

  it('a template is billed in its category', async () => {
    await approvedTemplate(t.server);
    const r = await send(
      templateMessage('50499998888', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
        bodyParams('Ana', 'lunes'),
      ]),
    );
    const id = r.body.messages[0].id;
    await t.receiver.waitFor(() => statusesOf(id).length === 2);
    expect(statusesOf(id)[0]).toMatchObject({
      conversation: { origin: { type: 'utility' } },
      pricing: { billable: true, category: 'utility', type: 'regular' },
    });
  });

  it('with automatic statuses off nothing comes; the control sends any order, duplicates included', async () => {
    await noAutoStatuses();
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    const id = (await send(text('50499998888', 'x'))).body.messages[0].id;
    await new Promise((r) => setTimeout(r, 50));
    await t.drain();
    expect(statusesOf(id)).toEqual([]);
    const r = await control<{ deliveries: string[]; status: string }>(t.server, '/statuses', {
      messageId: id,
      statuses: ['read', 'delivered', 'sent'],
      duplicate: true,
    });
    expect(r.body.deliveries).toHaveLength(6);
    expect(r.body.status).toBe('read');
    await t.receiver.waitFor(() => statusesOf(id).length === 6);
    expect(statusesOf(id).map((s) => s.status)).toEqual([
      'read',
      'read',
      'delivered',
      'delivered',
      'sent',
      'sent',
    ]);
    expect((await control(t.server, '/statuses', { messageId: 'wamid.x', statuses: ['read'] })).status).toBe(
      404,
    );
    expect((await control(t.server, '/statuses', { messageId: id, statuses: ['seen'] })).status).toBe(400);
  });

  it('a failed status from the control carries the given error', async () => {
    await noAutoStatuses();
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    const id = (await send(text('50499998888', 'x'))).body.messages[0].id;
    await control(t.server, '/statuses', {
      messageId: id,
      statuses: ['failed'],
      error: {
        code: 131049,
        title: 'This message was not delivered to maintain healthy ecosystem engagement.',
      },
    });
    await t.receiver.waitFor(() => statusesOf(id).length === 1);
    expect(statusesOf(id)[0]).toMatchObject({
      status: 'failed',
      errors: [
        { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
      ],
    });
  });

  it('a recipient not on WhatsApp: accepted, then failed 131026', async () => {
    await approvedTemplate(t.server);
    expect(
      (await control(t.server, '/recipients', { phone: '+504 3333-4444', onWhatsApp: false })).status,
    ).toBe(200);
    const r = await send(
      templateMessage('50433334444', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
        bodyParams('Ana', 'lunes'),
      ]),
    );
    expect(r.status).toBe(200);
    const id = r.body.messages[0].id;
    await t.receiver.waitFor(() => statusesOf(id).length === 1);
    await t.drain();
    expect(statusesOf(id)).toEqual([
      {
        id,
        status: 'failed',
        timestamp: expect.any(String),
        recipient_id: '50433334444',
        errors: [
          {
            code: 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: expect.stringContaining('not a WhatsApp phone number') },
            href: expect.any(String),
          },
        ],
      },
    ]);
    // Back on WhatsApp: delivered as usual.
    await control(t.server, '/recipients', { phone: '50433334444', onWhatsApp: true });
    const again = await send(
      templateMessage('50433334444', 'recordatorio_cita', 'es', [
        { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
        bodyParams('Ana', 'lunes'),
      ]),
    );
    await t.receiver.waitFor(() => statusesOf(again.body.messages[0].id).length === 2);
  });

  it('the phone reads (control): read after the missing sent / delivered, once', async () => {
    await noAutoStatuses();
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    const id = (await send(text('50499998888', 'x'))).body.messages[0].id;
    const r = await control<{ read: number }>(t.server, '/read', { phone: '50499998888' });
    expect(r.body.read).toBe(1);
    await t.receiver.waitFor(() => statusesOf(id).length === 3);
    expect(statusesOf(id).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect((await control<{ read: number }>(t.server, '/read', { messageId: id })).body.read).toBe(0);
  });
});

describe('injected failures', () => {
  it('the next N sends answer 429 130429 "Rate limit hit"; then sends work again', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    await control(t.server, '/failures', { code: 130429, count: 2 });
    for (let i = 0; i < 2; i++) {
      const r = await send<GraphErrorJson>(text('50499998888', 'x'));
      expect(r.status).toBe(429);
      expect(r.body.error).toMatchObject({
        code: 130429,
        message: 'Rate limit hit',
        error_data: { details: 'Cloud API message throughput has been reached.' },
      });
    }
    expect((await send(text('50499998888', 'x'))).status).toBe(200);
    expect((await control<{ failures: unknown[] }>(t.server, '/failures')).body.failures).toEqual([]);
  });

  it('any code, with the given status and message', async () => {
    await control(t.server, '/failures', { code: 131000, count: 1 });
    await control(t.server, '/failures', { code: 99999, status: 503, message: 'Mantenimiento' });
    const a = await send<GraphErrorJson>(text('50499998888', 'x'));
    expect([a.status, a.body.error.code, a.body.error.message]).toEqual([
      500,
      131000,
      'Something went wrong',
    ]);
    const b = await send<GraphErrorJson>(text('50499998888', 'x'));
    expect([b.status, b.body.error.code, b.body.error.message]).toEqual([503, 99999, 'Mantenimiento']);
    await control(t.server, '/failures', { code: 131056 });
    await control(t.server, '/failures', undefined, 'DELETE');
    expect((await send<GraphErrorJson>(text('50499998888', 'x'))).body.error.code).toBe(131047);
  });
});
