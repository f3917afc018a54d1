/**
 * The developer page: es / en, the numbers, webhook and deliveries, templates with their review
 * buttons, chats as a phone shows them (ticks, templates filled in, quick replies, read when
 * opened), and its forms submitted as a browser would (reply as the contact, a quick reply, write
 * from a new number, approve / reject a template, verify and save the webhook).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_TOKEN, DEFAULT_PHONE_NUMBER_ID } from '../../src/whatsapp/index.js';
import {
  approvedTemplate,
  bodyParams,
  control,
  graph,
  inbound,
  prepare,
  startHarness,
  startReceiver,
  templateMessage,
  text,
  type Harness,
} from './helpers.js';

let t: Harness;
beforeAll(async () => {
  t = await startHarness();
});
afterAll(() => t.close());
beforeEach(() => prepare(t));

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Form {
  action: string;
  fields: Record<string, string>;
  /** Names of the fields a person fills in (visible inputs and textareas). */
  visible: string[];
  button: string;
  html: string;
}

/** Every `<form method="post">` of a page, with its hidden and visible fields, as a browser sees them. */
function forms(html: string): Form[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => {
    const action = unescape(/action="([^"]*)"/.exec(m[1])?.[1] ?? '');
    const fields: Record<string, string> = {};
    const visible: string[] = [];
    for (const input of m[2].matchAll(/<input\b([^>]*)>/g)) {
      const name = /name="([^"]*)"/.exec(input[1])?.[1];
      if (!name) continue;
      fields[name] = unescape(/value="([^"]*)"/.exec(input[1])?.[1] ?? '');
      if (!/type="hidden"/.test(input[1])) visible.push(name);
    }
    for (const area of m[2].matchAll(/<textarea\b[^>]*name="([^"]*)"/g)) {
      fields[area[1]] = '';
      visible.push(area[1]);
    }
    for (const select of m[2].matchAll(/<select\b[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
      fields[select[1]] = unescape(/<option value="([^"]*)"/.exec(select[2])?.[1] ?? '');
      visible.push(select[1]);
    }
    const button = unescape(
      (/<button[^>]*>([\s\S]*?)<\/button>/.exec(m[2])?.[1] ?? '').replace(/<[^>]+>/g, ''),
    );
    return { action, fields, visible, button, html: m[0] };
  });
}

async function page(path: string, lang?: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${t.server.url}${path}`, {
    headers: lang ? { 'Accept-Language': lang } : undefined,
  });
  return { status: res.status, html: await res.text() };
}

async function submit(form: Form, values: Record<string, string> = {}) {
  const res = await fetch(new URL(form.action, t.server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...values }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

const full = (to = '50499998888') =>
  templateMessage(to, 'recordatorio_cita', 'es', [
    { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
    bodyParams('Ana', 'lunes 3'),
  ]);

describe('the home page', () => {
  it('speaks Spanish (browser or ?hl=es) and English, with the numbers, token, webhook and controls', async () => {
    const es = await page('/', 'es-HN,es;q=0.9');
    expect(es.status).toBe(200);
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(es.html).toContain('WhatsApp local');
    expect(es.html).toContain('Números de la empresa');
    expect(es.html).toContain('+504 2200-0000');
    expect(es.html).toContain('Trato Demo');
    expect(es.html).toContain(`value="${DEFAULT_ACCESS_TOKEN}"`);
    expect(es.html).toContain('aria-label="Token de acceso +504 2200-0000"');
    expect(es.html).toContain('Suscrita a la app');
    expect(es.html).toContain('Anular la suscripción');
    expect(es.html).toContain('Webhook de la app');
    expect(es.html).toContain(`<code>${t.receiver.url}</code>`);
    expect(es.html).toContain('>Verificada</span>');
    expect(es.html).toContain('Verificar y guardar');
    expect(es.html).toContain('Todavía no hay conversaciones.');
    expect(es.html).toContain('Escribir desde un número nuevo');
    expect(es.html).toContain(`${t.server.url}/v21.0`);
    expect(es.html).toContain('@media (max-width:600px)');
    expect((await page('/?hl=es')).html).toContain('<html lang="es">');

    const en = await page('/?hl=en');
    expect(en.html).toContain('<html lang="en">');
    for (const s of [
      'Local WhatsApp',
      'Business numbers',
      'App webhook',
      'Verify and save',
      'Write from a new number',
      'Test controls',
    ])
      expect(en.html).toContain(s);
    expect(en.html).toContain('href="/?hl=es"');
  });

  it('lists the latest deliveries with their status codes and attempts', async () => {
    t.receiver.failNext.push(500);
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    await t.drain();
    const { html } = await page('/?hl=en');
    expect(html).toContain('Latest deliveries');
    expect(html).toMatch(/<span class="fail">#1 500<\/span>/);
    expect(html).toMatch(/<span class="good">#2 200<\/span>/);
    expect(html).toContain('<span class="st succeeded">delivered</span>');
  });

  it('lists templates per WABA with Approve / Reject (with a reason) / Pause', async () => {
    const created = await graph<{ id: string }>(t.server, '/100000000000010/message_templates', {
      body: {
        name: 'bienvenida',
        language: 'es',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Hola <b>amigo</b>' }],
      },
    });
    const { html } = await page('/?hl=es');
    expect(html).toContain('Plantillas de Trato Demo (WABA 100000000000010)');
    expect(html).toContain('<code>bienvenida</code>');
    expect(html).toContain('>Pendiente</span>');
    expect(html).toContain('Hola &lt;b&gt;amigo&lt;/b&gt;');
    const reviews = forms(html).filter(
      (f) => f.action === '/page/template-status' && f.fields.id === created.body.id,
    );
    expect(reviews.map((f) => [f.fields.status, f.button])).toEqual([
      ['APPROVED', 'Aprobar'],
      ['REJECTED', 'Rechazar'],
    ]);
    expect(reviews[1].visible).toEqual(['reason']);
    expect(reviews[1].html).toContain('Motivo del rechazo');
  });
});

describe('forms', () => {
  it('approve, then pause from the page: the status changes and the webhook is delivered', async () => {
    const created = await graph<{ id: string }>(t.server, '/100000000000010/message_templates', {
      body: {
        name: 'aviso',
        language: 'es',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Listo.' }],
      },
    });
    const approve = forms((await page('/?hl=es')).html).find(
      (f) => f.action === '/page/template-status' && f.fields.status === 'APPROVED',
    )!;
    const r = await submit(approve);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/?hl=es#template-${created.body.id}`);
    const after = (await page('/?hl=es')).html;
    expect(after).toContain('>Aprobada</span>');
    const pause = forms(after).find(
      (f) => f.action === '/page/template-status' && f.fields.status === 'PAUSED',
    )!;
    expect(pause.button).toBe('Pausar');
    await submit(pause);
    await t.receiver.waitFor((x) => x.changes('message_template_status_update').length === 2);
    expect(t.receiver.changes('message_template_status_update').map((c) => c.value.event)).toEqual([
      'APPROVED',
      'PAUSED',
    ]);
  });

  it('reject with a reason', async () => {
    await graph(t.server, '/100000000000010/message_templates', {
      body: {
        name: 'aviso',
        language: 'es',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Listo.' }],
      },
    });
    const reject = forms((await page('/?hl=en')).html).find(
      (f) => f.action === '/page/template-status' && f.fields.status === 'REJECTED',
    )!;
    await submit(reject, { reason: 'Falta el nombre de la empresa' });
    await t.receiver.waitFor((x) => x.events.length === 1);
    expect(t.receiver.changes()[0].value).toMatchObject({
      event: 'REJECTED',
      reason: 'Falta el nombre de la empresa',
    });
    expect((await page('/?hl=en')).html).toContain('Falta el nombre de la empresa');
  });

  it('write from a new number: the message is delivered and the browser goes to the chat', async () => {
    const write = forms((await page('/?hl=es')).html).find((f) => f.action === '/page/inbound')!;
    expect(write.visible).toEqual(['from', 'name', 'text', 'phone_number_id']);
    expect(write.fields.phone_number_id).toBe(DEFAULT_PHONE_NUMBER_ID);
    const r = await submit(write, { from: '+504 9777-6666', name: 'Marta', text: 'Quiero una cotización' });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/chat\?phone_number_id=100000000000011&wa_id=50497776666&hl=es#m-wamid\./);
    await t.receiver.waitFor((x) => x.events.length === 1);
    expect(t.receiver.changes()[0].value).toMatchObject({
      contacts: [{ profile: { name: 'Marta' }, wa_id: '50497776666' }],
      messages: [{ from: '50497776666', type: 'text', text: { body: 'Quiero una cotización' } }],
    });
    const home = (await page('/?hl=es')).html;
    expect(home).toContain('Marta');
    expect(home).toContain('Quiero una cotización');
    // A bad number re-shows the page with the reason.
    const bad = await submit(write, { from: 'Marta', text: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('role="alert"');
    expect(bad.html).toContain('from must be a phone number');
  });

  it('verify and save: a URL that answers the challenge is saved; one that does not is refused', async () => {
    const other = await startReceiver({ verifyToken: 'otro-token', path: '/otro' });
    try {
      const form = forms((await page('/?hl=es')).html).find((f) => f.action === '/page/webhook')!;
      expect(form.fields).toMatchObject({
        url: t.receiver.url,
        verify_token: 'trato-local-whatsapp-verify-token',
      });
      const refused = await submit(form, { url: other.url });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain('role="alert"');
      expect(refused.html).toContain(
        'No se pudo verificar la URL (answered HTTP 403). Se mantiene la configuración anterior.',
      );
      expect(t.server.webhook().url).toBe(t.receiver.url);
      const saved = await submit(form, { url: other.url, verify_token: 'otro-token' });
      expect(saved.status).toBe(200);
      expect(saved.html).toContain('URL verificada y guardada.');
      expect(t.server.webhook()).toMatchObject({ url: other.url, verifyToken: 'otro-token', verified: true });
    } finally {
      await other.close();
    }
  });
});

describe('a chat', () => {
  it('shows the business messages with ticks, the template filled in, and opening it reads them', async () => {
    await control(t.server, '/auto-statuses', { enabled: false });
    await inbound(t.server, {
      from: '50499998888',
      name: 'Lucía <Pérez>',
      text: 'Hola, ¿me confirman la cita?',
    });
    await approvedTemplate(t.server);
    const tpl = await graph<{ messages: { id: string }[] }>(
      t.server,
      `/${DEFAULT_PHONE_NUMBER_ID}/messages`,
      { body: full() },
    );
    const plain = await graph<{ messages: { id: string }[] }>(
      t.server,
      `/${DEFAULT_PHONE_NUMBER_ID}/messages`,
      {
        body: text('50499998888', 'Claro, ya le confirmo'),
      },
    );
    await control(t.server, '/statuses', { messageId: plain.body.messages[0].id, statuses: ['sent'] });
    await t.drain();
    t.receiver.clear();

    const home = (await page('/?hl=es')).html;
    expect(home).toContain('Lucía &lt;Pérez&gt;');
    const link = /href="(\/chat\?[^"]+)"/.exec(home)![1].replace(/&amp;/g, '&');
    const chat = await page(link);
    expect(chat.status).toBe(200);
    expect(chat.html).toContain('Chat con Lucía &lt;Pérez&gt;');
    expect(chat.html).toContain('+504 9999-8888');
    expect(chat.html).toContain('Hola, ¿me confirman la cita?');
    expect(chat.html).toContain('<p><strong>Cita con Acme</strong></p>');
    expect(chat.html).toContain('Hola Ana, te esperamos el lunes 3. ¿Confirmas?');
    expect(chat.html).toContain('<p class="tpl-footer">Trato CRM</p>');
    expect(chat.html).toContain('Ventana de servicio abierta hasta');
    // Rendered once the phone has read them; the user's own message is not read by the business yet.
    expect(chat.html.match(/aria-label="Leído"/g)).toHaveLength(2);
    expect(chat.html).toContain('aria-label="Entregado a la empresa"');
    // Opening it read both: sent / delivered first where missing, then read.
    await t.receiver.waitFor(() => t.receiver.changes().length === 5);
    const statuses = t.receiver.changes().map((c) => {
      const s = (c.value.statuses as { id: string; status: string }[])[0];
      return [s.id === tpl.body.messages[0].id ? 'template' : 'text', s.status];
    });
    expect(statuses).toEqual([
      ['template', 'sent'],
      ['template', 'delivered'],
      ['template', 'read'],
      ['text', 'delivered'],
      ['text', 'read'],
    ]);
    const again = await page(`${link.replace(/&hl=es/, '')}&hl=en`);
    expect(again.html).toContain('<html lang="en">');
    expect(again.html.match(/aria-label="Read"/g)).toHaveLength(2);
    expect(again.html).toContain('class="ticks read"');
  });

  it('reply as the contact, and press a quick reply of the template', async () => {
    await inbound(t.server, { from: '50499998888', name: 'Lucía', text: 'hola' });
    await approvedTemplate(t.server);
    const sent = await graph<{ messages: { id: string }[] }>(
      t.server,
      `/${DEFAULT_PHONE_NUMBER_ID}/messages`,
      {
        body: templateMessage('50499998888', 'recordatorio_cita', 'es', [
          { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
          bodyParams('Ana', 'lunes 3'),
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'NO-42' }],
          },
        ]),
      },
    );
    const wamid = sent.body.messages[0].id;
    await t.drain();
    t.receiver.clear();
    const chat = (await page('/chat?phone_number_id=100000000000011&wa_id=50499998888&hl=es')).html;
    const all = forms(chat);
    const reply = all.find((f) => f.action === '/page/inbound' && f.visible.includes('text'))!;
    expect(reply.fields).toMatchObject({
      from: '50499998888',
      phone_number_id: DEFAULT_PHONE_NUMBER_ID,
      name: 'Lucía',
    });
    expect(reply.html).toContain('Responder como el contacto');
    const r = await submit(reply, { text: 'Perfecto, gracias' });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/chat\?phone_number_id=100000000000011&wa_id=50499998888&hl=es#m-/);

    const quick = all.filter((f) => f.fields.button_text);
    expect(quick.map((f) => [f.button, f.fields.button_payload, f.fields.context_id])).toEqual([
      ['↩ Sí, confirmo', 'Sí, confirmo', wamid],
      ['↩ No puedo', 'NO-42', wamid],
    ]);
    await submit(quick[1]);
    await t.receiver.waitFor((x) => x.changes().filter((c) => c.value.messages).length === 2);
    const messages = t.receiver
      .changes()
      .filter((c) => c.value.messages)
      .map((c) => (c.value.messages as Record<string, unknown>[])[0]);
    expect(messages[0]).toMatchObject({ type: 'text', text: { body: 'Perfecto, gracias' } });
    expect(messages[1]).toMatchObject({
      type: 'button',
      button: { text: 'No puedo', payload: 'NO-42' },
      context: { from: '50422000000', id: wamid },
    });
    const after = (await page('/chat?phone_number_id=100000000000011&wa_id=50499998888&hl=en')).html;
    expect(after).toContain('↩ No puedo');
    expect(after).toContain('Perfecto, gracias');
  });

  it('a failed message shows its reason; a number not on WhatsApp is flagged; the window closed', async () => {
    await approvedTemplate(t.server);
    await control(t.server, '/recipients', { phone: '50433334444', onWhatsApp: false });
    await graph(t.server, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, { body: full('50433334444') });
    await t.receiver.waitFor(() => t.receiver.changes().some((c) => c.value.statuses));
    const chat = (await page('/chat?phone_number_id=100000000000011&wa_id=%2B504%203333-4444&hl=en')).html;
    expect(chat).toContain('aria-label="Not delivered"');
    expect(chat).toContain('Not delivered: 131026 Message undeliverable');
    expect(chat).toContain('This number is not on WhatsApp');
    expect(chat).toContain('Customer-service window closed');
    expect(chat).not.toContain('button_text');
  });

  it("the user's messages show when the business marked them read", async () => {
    const id = await inbound(t.server, { from: '50499998888', text: 'hola' });
    const url = '/chat?phone_number_id=100000000000011&wa_id=50499998888&hl=en';
    expect((await page(url)).html).toContain('aria-label="Delivered to the business"');
    await graph(t.server, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
      body: { messaging_product: 'whatsapp', status: 'read', message_id: id },
    });
    expect((await page(url)).html).toContain('aria-label="Read by the business"');
  });

  it('an unknown business number answers 404', async () => {
    const r = await page('/chat?phone_number_id=1&wa_id=50499998888&hl=en');
    expect(r.status).toBe(404);
    expect(r.html).toContain('role="alert"');
  });
});
