/**
 * Message templates: creation with Graph's checks and their errors, duplicates, the list (fields,
 * name filter, paging), delete, GET by id, and status changes through the control with their
 * `message_template_status_update` webhooks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WABA_ID } from '../../src/whatsapp/index.js';
import {
  control,
  graph,
  prepare,
  RECORDATORIO,
  startHarness,
  type GraphErrorJson,
  type Harness,
} from './helpers.js';

let t: Harness;
beforeAll(async () => {
  t = await startHarness();
});
afterAll(() => t.close());
beforeEach(() => prepare(t));

const path = `/${DEFAULT_WABA_ID}/message_templates`;
const create = <T = { id: string; status: string; category: string }>(body: unknown) =>
  graph<T>(t.server, path, { body });
const simple = (name: string, language = 'es', bodyText = 'Su pedido está listo.') => ({
  name,
  language,
  category: 'UTILITY',
  components: [{ type: 'BODY', text: bodyText }],
});

interface Listed {
  data: Record<string, unknown>[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

describe('POST /{waba-id}/message_templates', () => {
  it('answers {id, status: PENDING, category} and lists the template with its components', async () => {
    const r = await create(RECORDATORIO);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.stringMatching(/^\d{16}$/), status: 'PENDING', category: 'UTILITY' });
    const list = await graph<Listed>(
      t.server,
      `${path}?fields=name,status,language,category,components,rejected_reason`,
    );
    expect(list.body.data).toEqual([
      {
        id: r.body.id,
        name: 'recordatorio_cita',
        status: 'PENDING',
        language: 'es',
        category: 'UTILITY',
        components: RECORDATORIO.components,
        rejected_reason: 'NONE',
      },
    ]);
  });

  it('refuses what Graph refuses, with code 100 and a clear message', async () => {
    const body = (text: string, example?: unknown) => ({
      name: 'x_1',
      language: 'es',
      category: 'MARKETING',
      components: [{ type: 'BODY', text, ...(example ? { example } : {}) }],
    });
    const cases: [unknown, string, number?][] = [
      [{ ...simple('Mayúsculas') }, 'lowercase', 2388040],
      [{ ...simple('con espacio') }, 'lowercase', 2388040],
      [{ ...simple('a'.repeat(513)) }, 'lowercase', 2388040],
      [
        { language: 'es', category: 'UTILITY', components: [{ type: 'BODY', text: 'x' }] },
        'name is required',
      ],
      [{ ...simple('x'), language: 'klingon' }, 'not supported'],
      [{ ...simple('x'), category: 'PROMO' }, 'MARKETING, UTILITY or AUTHENTICATION'],
      [{ ...simple('x'), components: [] }, 'components is required'],
      [{ ...simple('x'), components: [{ type: 'FOOTER', text: 'pie' }] }, 'needs a BODY'],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'a' },
            { type: 'BODY', text: 'b' },
          ],
        },
        'at most one BODY',
      ],
      [body('x'.repeat(1025)), 'at most 1024', 2388019],
      [body('Hola {{1}}, su cita es el {{3}}.', { body_text: [['a', 'b']] }), 'consecutively', 2388072],
      [body('Hola {{2}} y adiós.', { body_text: [['a']] }), 'consecutively', 2388072],
      [body('Hola {{1}, y adiós.'), 'malformed', 2388072],
      [body('Hola {{1}} y {{2}}.'), 'example.body_text', 2388043],
      [body('Hola {{1}} y {{2}}.', { body_text: [['solo uno']] }), 'example.body_text', 2388043],
      [body('{{1}} es su código.', { body_text: [['123']] }), "can't start or end", 2388299],
      [body('Su código es {{1}}', { body_text: [['123']] }), "can't start or end", 2388299],
      [
        {
          ...simple('x'),
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'x'.repeat(61) },
            { type: 'BODY', text: 'b' },
          ],
        },
        'at most 60',
        2388019,
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'Hola {{1}}' },
            { type: 'BODY', text: 'b' },
          ],
        },
        'example.header_text',
        2388043,
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'HEADER', format: 'TEXT', text: '{{1}} y {{2}}', example: { header_text: ['a', 'b'] } },
            { type: 'BODY', text: 'b' },
          ],
        },
        'at most one variable',
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'HEADER', format: 'IMAGE' },
            { type: 'BODY', text: 'b' },
          ],
        },
        'only TEXT headers',
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'b' },
            { type: 'FOOTER', text: 'f'.repeat(61) },
          ],
        },
        'at most 60',
        2388019,
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'b' },
            { type: 'FOOTER', text: 'Pie {{1}}' },
          ],
        },
        'cannot have variables',
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'b' },
            {
              type: 'BUTTONS',
              buttons: Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `B${i}` })),
            },
          ],
        },
        'at most 10',
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'b' },
            { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'x'.repeat(26) }] },
          ],
        },
        'at most 25',
        2388019,
      ],
      [
        {
          ...simple('x'),
          components: [
            { type: 'BODY', text: 'b' },
            { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Web', url: 'https://x' }] },
          ],
        },
        'only QUICK_REPLY',
      ],
    ];
    for (const [request, mention, subcode] of cases) {
      const r = await create<GraphErrorJson>(request);
      const label = JSON.stringify(request).slice(0, 120);
      expect(r.status, label).toBe(400);
      expect(r.body.error.code, label).toBe(100);
      expect(r.body.error.message).toBe('Invalid parameter');
      expect(r.body.error.error_data!.details, label).toContain(mention);
      if (subcode) expect(r.body.error.error_subcode, label).toBe(subcode);
    }
    expect((await graph<Listed>(t.server, path)).body.data).toEqual([]);
  });

  it('accepts every variable with its examples, and a trailing variable followed by punctuation', async () => {
    const r = await create({
      name: 'codigo',
      language: 'en_US',
      category: 'AUTHENTICATION',
      components: [{ type: 'BODY', text: 'Your code is {{1}}.', example: { body_text: [['123456']] } }],
    });
    expect(r.status).toBe(200);
    expect(r.body.category).toBe('AUTHENTICATION');
  });

  it('template ids are never reused, even after a reset', async () => {
    const first = await create(simple('uno'));
    await control(t.server, '/reset', {});
    const second = await create(simple('uno'));
    expect(BigInt(second.body.id)).toBeGreaterThan(BigInt(first.body.id));
  });

  it('the same name and language twice → 100 / 2388024 "Message template already exists"', async () => {
    expect((await create(simple('pedido_listo'))).status).toBe(200);
    const dup = await create<GraphErrorJson>(simple('pedido_listo'));
    expect(dup.status).toBe(400);
    expect(dup.body.error).toMatchObject({
      code: 100,
      error_subcode: 2388024,
      error_user_title: 'Message template already exists',
    });
    // Another language, or another WABA, is fine.
    expect((await create(simple('pedido_listo', 'en'))).status).toBe(200);
    const other = await control<{ wabaId: string; accessToken: string }>(t.server, '/accounts', {});
    const there = await graph(t.server, `/${other.body.wabaId}/message_templates`, {
      body: simple('pedido_listo'),
      token: other.body.accessToken,
    });
    expect(there.status).toBe(200);
  });
});

describe('GET /{waba-id}/message_templates', () => {
  it('pages newest first with cursors and next / previous links; name filters by a part of the name', async () => {
    const names = ['aviso_a', 'aviso_b', 'aviso_c', 'aviso_d', 'aviso_e', 'otro'];
    for (const n of names) await create(simple(n));
    const first = await graph<Listed>(t.server, `${path}?fields=name,status&limit=2&name=aviso`);
    expect(first.body.data.map((x) => x.name)).toEqual(['aviso_e', 'aviso_d']);
    expect(first.body.data[0]).toEqual({ name: 'aviso_e', status: 'PENDING', id: expect.any(String) });
    expect(first.body.paging!.previous).toBeUndefined();
    const next = new URL(first.body.paging!.next!);
    expect(next.origin).toBe(t.server.url);
    expect(next.searchParams.get('after')).toBe(first.body.paging!.cursors.after);
    expect(next.searchParams.get('name')).toBe('aviso');
    // The next link works as is (it carries the token, like Graph's).
    const second = (await (await fetch(next)).json()) as Listed;
    expect(second.data.map((x) => x.name)).toEqual(['aviso_c', 'aviso_b']);
    const third = await graph<Listed>(
      t.server,
      `${path}?fields=name&limit=2&name=aviso&after=${second.paging!.cursors.after}`,
    );
    expect(third.body.data.map((x) => x.name)).toEqual(['aviso_a']);
    expect(third.body.paging!.next).toBeUndefined();
    const back = await graph<Listed>(
      t.server,
      `${path}?fields=name&limit=2&name=aviso&before=${third.body.paging!.cursors.before}`,
    );
    expect(back.body.data.map((x) => x.name)).toEqual(['aviso_c', 'aviso_b']);
    // Exact names match too; without fields Graph's default set comes.
    const exact = await graph<Listed>(t.server, `${path}?name=otro`);
    expect(exact.body.data).toEqual([
      {
        name: 'otro',
        parameter_format: 'POSITIONAL',
        components: [{ type: 'BODY', text: 'Su pedido está listo.' }],
        language: 'es',
        status: 'PENDING',
        category: 'UTILITY',
        id: expect.any(String),
      },
    ]);
    const none = await graph<Listed>(t.server, `${path}?name=nada`);
    expect(none.body).toEqual({ data: [] });
    const badField = await graph<GraphErrorJson>(t.server, `${path}?fields=name,colour`);
    expect(badField.body.error.code).toBe(100);
    const badCursor = await graph<GraphErrorJson>(t.server, `${path}?after=%%%`);
    expect(badCursor.body.error.code).toBe(100);
  });

  it('filters by status, language and category; rejected_reason when rejected', async () => {
    const a = await create(simple('uno'));
    await create(simple('dos', 'en'));
    await control(t.server, '/templates/status', {
      id: a.body.id,
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });
    const rejected = await graph<Listed>(t.server, `${path}?status=REJECTED&fields=name,rejected_reason`);
    expect(rejected.body.data).toEqual([{ name: 'uno', rejected_reason: 'INVALID_FORMAT', id: a.body.id }]);
    expect(
      (await graph<Listed>(t.server, `${path}?language=en&fields=name`)).body.data.map((x) => x.name),
    ).toEqual(['dos']);
    expect((await graph<Listed>(t.server, `${path}?category=MARKETING`)).body.data).toEqual([]);
  });

  it('GET /{template-id} answers the template (to its owner only)', async () => {
    const a = await create(simple('uno'));
    const r = await graph(t.server, `/${a.body.id}?fields=name,status`);
    expect(r.body).toEqual({ name: 'uno', status: 'PENDING', id: a.body.id });
    const other = await control<{ accessToken: string }>(t.server, '/accounts', {});
    expect((await graph(t.server, `/${a.body.id}`, { token: other.body.accessToken })).status).toBe(403);
  });
});

describe('DELETE /{waba-id}/message_templates', () => {
  it('by name deletes every language; with hsm_id only that one; PENDING_DELETION is delivered', async () => {
    const es = await create(simple('borrar'));
    const en = await create(simple('borrar', 'en'));
    const keep = await create(simple('guardar'));
    const one = await graph(t.server, `${path}?name=borrar&hsm_id=${en.body.id}`, { method: 'DELETE' });
    expect(one.body).toEqual({ success: true });
    expect(
      (await graph<Listed>(t.server, `${path}?fields=name,language`)).body.data.map(
        (x) => `${x.name}/${x.language}`,
      ),
    ).toEqual(['guardar/es', 'borrar/es']);
    expect((await graph(t.server, `${path}?name=borrar`, { method: 'DELETE' })).body).toEqual({
      success: true,
    });
    expect((await graph<Listed>(t.server, path)).body.data.map((x) => x.id)).toEqual([keep.body.id]);
    await t.receiver.waitFor((r) => r.changes('message_template_status_update').length === 2);
    expect(
      t.receiver
        .changes('message_template_status_update')
        .map((c) => [c.value.event, c.value.message_template_id]),
    ).toEqual([
      ['PENDING_DELETION', Number(en.body.id)],
      ['PENDING_DELETION', Number(es.body.id)],
    ]);
    const missing = await graph<GraphErrorJson>(t.server, `${path}?name=borrar`, { method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(100);
    const noName = await graph<GraphErrorJson>(t.server, path, { method: 'DELETE' });
    expect(noName.body.error.error_data!.details).toContain('name is required');
  });
});

describe('POST /__control/templates/status', () => {
  it('changes the status (by name and language, or id) and delivers message_template_status_update', async () => {
    const r = await create(RECORDATORIO);
    const approved = await control(t.server, '/templates/status', {
      name: 'recordatorio_cita',
      language: 'es',
      status: 'APPROVED',
    });
    expect(approved.body).toMatchObject({ id: r.body.id, status: 'APPROVED', reason: 'NONE' });
    await control(t.server, '/templates/status', { id: r.body.id, status: 'PAUSED' });
    await control(t.server, '/templates/status', {
      id: r.body.id,
      status: 'REJECTED',
      reason: 'ABUSIVE_CONTENT',
    });
    await control(t.server, '/templates/status', {
      wabaId: DEFAULT_WABA_ID,
      name: 'recordatorio_cita',
      status: 'DISABLED',
    });
    await t.receiver.waitFor((x) => x.changes('message_template_status_update').length === 4);
    const [first, paused, rejected, disabled] = t.receiver.events.map((e) => e.payload);
    expect(first).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DEFAULT_WABA_ID,
          time: expect.any(Number),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'APPROVED',
                message_template_id: Number(r.body.id),
                message_template_name: 'recordatorio_cita',
                message_template_language: 'es',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    });
    expect(paused.entry[0].changes[0].value).toMatchObject({
      event: 'PAUSED',
      other_info: { title: 'FIRST_PAUSE' },
    });
    expect(rejected.entry[0].changes[0].value).toMatchObject({
      event: 'REJECTED',
      reason: 'ABUSIVE_CONTENT',
    });
    expect(disabled.entry[0].changes[0].value).toMatchObject({ event: 'DISABLED', reason: 'NONE' });
    expect((await graph<Listed>(t.server, `${path}?fields=status`)).body.data[0].status).toBe('DISABLED');
  });

  it('refuses an unknown template, an ambiguous name and an unknown status', async () => {
    await create(simple('doble'));
    await create(simple('doble', 'en'));
    expect((await control(t.server, '/templates/status', { name: 'nada', status: 'APPROVED' })).status).toBe(
      404,
    );
    expect((await control(t.server, '/templates/status', { name: 'doble', status: 'APPROVED' })).status).toBe(
      409,
    );
    expect(
      (await control(t.server, '/templates/status', { name: 'doble', language: 'en', status: 'LISTO' }))
        .status,
    ).toBe(400);
    expect((await control(t.server, '/templates/status', { status: 'APPROVED' })).status).toBe(400);
  });
});
