/**
 * The Graph API basics: tokens (190), ownership (200) and unknown objects (100/33), the phone
 * number's fields, the WABA and its phone_numbers, subscribed_apps, version prefixes and the
 * accounts control.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCESS_TOKEN,
  DEFAULT_APP_ID,
  DEFAULT_DISPLAY_PHONE_NUMBER,
  DEFAULT_PHONE_NUMBER_ID,
  DEFAULT_VERIFIED_NAME,
  DEFAULT_WABA_ID,
  GRAPH_VERSION,
} from '../../src/whatsapp/index.js';
import { control, graph, startHarness, text, type GraphErrorJson, type Harness, prepare } from './helpers.js';

let t: Harness;
beforeAll(async () => {
  t = await startHarness();
});
afterAll(() => t.close());
beforeEach(() => prepare(t));

describe('the default account', () => {
  it('has the exported ids, number, name and token', () => {
    expect([
      DEFAULT_WABA_ID,
      DEFAULT_PHONE_NUMBER_ID,
      DEFAULT_DISPLAY_PHONE_NUMBER,
      DEFAULT_VERIFIED_NAME,
    ]).toEqual(['100000000000010', '100000000000011', '+504 2200-0000', 'Trato Demo']);
    expect(DEFAULT_ACCESS_TOKEN).toBe('EAATRATOLOCAL000000000000000000000');
    expect(DEFAULT_APP_ID).toBe('100000000000001');
    expect(t.server.graphUrl).toBe(`${t.server.url}/${GRAPH_VERSION}`);
  });
});

describe('tokens', () => {
  it('no token → 401 OAuthException 190 in Graph’s envelope', async () => {
    const r = await graph<GraphErrorJson>(t.server, `/${DEFAULT_PHONE_NUMBER_ID}`, { token: null });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(r.body.error.fbtrace_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(r.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('an unknown token → 401 190, on every endpoint (before the object is looked at)', async () => {
    for (const path of [
      `/${DEFAULT_PHONE_NUMBER_ID}/messages`,
      '/123456/messages',
      `/${DEFAULT_WABA_ID}/message_templates`,
    ]) {
      const r = await graph<GraphErrorJson>(t.server, path, {
        token: 'EAAwrong',
        body: text('50499998888', 'x'),
      });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe(190);
      expect(r.body.error.message).toBe('Invalid OAuth access token - Cannot parse access token');
    }
  });

  it('the token is checked before the body: a body that does not parse is a 190 without a token, a 100 with one', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${t.server.graphUrl}/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{"messaging_product":',
      });
    const anonymous = await post({});
    expect([anonymous.status, ((await anonymous.json()) as GraphErrorJson).error.code]).toEqual([401, 190]);
    const signed = await post({ Authorization: `Bearer ${DEFAULT_ACCESS_TOKEN}` });
    expect([signed.status, ((await signed.json()) as GraphErrorJson).error.code]).toEqual([400, 100]);
  });

  it('the token may come as access_token= too', async () => {
    const res = await fetch(
      `${t.server.graphUrl}/${DEFAULT_PHONE_NUMBER_ID}?access_token=${DEFAULT_ACCESS_TOKEN}`,
    );
    expect(res.status).toBe(200);
  });

  it("another account's token → 403 (#200) Permissions error; an unknown id → 400 100/33", async () => {
    const other = await control<{ accessToken: string; phoneNumberId: string; wabaId: string }>(
      t.server,
      '/accounts',
      {},
    );
    const r = await graph<GraphErrorJson>(t.server, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
      token: other.body.accessToken,
      body: text('50499998888', 'x'),
    });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({
      code: 200,
      type: 'OAuthException',
      message: '(#200) Permissions error',
    });
    const templates = await graph<GraphErrorJson>(t.server, `/${DEFAULT_WABA_ID}/message_templates`, {
      token: other.body.accessToken,
    });
    expect(templates.body.error.code).toBe(200);

    const unknown = await graph<GraphErrorJson>(t.server, '/999999999999999/messages', {
      body: text('504', 'x'),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect(unknown.body.error.message).toContain("Object with ID '999999999999999' does not exist");
  });
});

describe('GET /{phone-number-id}', () => {
  it('answers the asked fields (and id); without fields: id, display number and verified name', async () => {
    const r = await graph(
      t.server,
      `/${DEFAULT_PHONE_NUMBER_ID}?fields=display_phone_number,verified_name,quality_rating`,
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: DEFAULT_PHONE_NUMBER_ID,
      display_phone_number: '+504 2200-0000',
      verified_name: 'Trato Demo',
      quality_rating: 'GREEN',
    });
    const plain = await graph(t.server, `/${DEFAULT_PHONE_NUMBER_ID}`);
    expect(plain.body).toEqual({
      id: DEFAULT_PHONE_NUMBER_ID,
      display_phone_number: '+504 2200-0000',
      verified_name: 'Trato Demo',
    });
  });

  it('an unknown field → 100 "Tried accessing nonexisting field"', async () => {
    const r = await graph<GraphErrorJson>(t.server, `/${DEFAULT_PHONE_NUMBER_ID}?fields=verified_name,color`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(100);
    expect(r.body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (color) on node type (WhatsAppBusinessPhoneNumber)',
    );
  });

  it('takes any vN.M prefix (and none)', async () => {
    for (const prefix of ['/v19.0', '/v22.0', '']) {
      const res = await fetch(`${t.server.url}${prefix}/${DEFAULT_PHONE_NUMBER_ID}`, {
        headers: { Authorization: `Bearer ${DEFAULT_ACCESS_TOKEN}` },
      });
      expect(res.status).toBe(200);
    }
    const bad = await fetch(`${t.server.url}/v21.0/${DEFAULT_PHONE_NUMBER_ID}/a/b`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as GraphErrorJson).error.code).toBe(2500);
  });
});

describe('the WABA', () => {
  it('GET /{waba-id} and /{waba-id}/phone_numbers', async () => {
    const waba = await graph(t.server, `/${DEFAULT_WABA_ID}?fields=name,currency`);
    expect(waba.body).toEqual({ id: DEFAULT_WABA_ID, name: 'Trato Demo', currency: 'USD' });
    const numbers = await graph<{ data: Record<string, unknown>[] }>(
      t.server,
      `/${DEFAULT_WABA_ID}/phone_numbers?fields=display_phone_number,verified_name`,
    );
    expect(numbers.body.data).toEqual([
      { id: DEFAULT_PHONE_NUMBER_ID, display_phone_number: '+504 2200-0000', verified_name: 'Trato Demo' },
    ]);
  });

  it('subscribed_apps: POST subscribes, GET lists the app, DELETE unsubscribes', async () => {
    const path = `/${DEFAULT_WABA_ID}/subscribed_apps`;
    expect((await graph(t.server, path)).body).toEqual({
      data: [
        {
          whatsapp_business_api_data: {
            link: `https://www.facebook.com/games/?app_id=${DEFAULT_APP_ID}`,
            name: 'Trato (local)',
            id: DEFAULT_APP_ID,
          },
        },
      ],
    });
    expect((await graph(t.server, path, { method: 'DELETE' })).body).toEqual({ success: true });
    expect((await graph(t.server, path)).body).toEqual({ data: [] });
    expect((await graph(t.server, path, { method: 'POST' })).body).toEqual({ success: true });
    expect(t.server.state.accounts.get(DEFAULT_WABA_ID)!.subscribed).toBe(true);
  });

  it('a method an edge does not have → 100/33', async () => {
    const r = await graph<GraphErrorJson>(t.server, `/${DEFAULT_WABA_ID}/phone_numbers`, {
      method: 'DELETE',
    });
    expect(r.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(r.body.error.message).toMatch(/^Unsupported delete request/);
  });
});

describe('POST /__control/accounts', () => {
  it('creates a WABA, a number and a token that owns only them; reset removes it (ids are never reused)', async () => {
    const r = await control<Record<string, string>>(t.server, '/accounts', {
      displayPhoneNumber: '+504 2200-1111',
      verifiedName: 'Ferretería López',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ displayPhoneNumber: '+504 2200-1111', verifiedName: 'Ferretería López' });
    expect(r.body.wabaId).toMatch(/^1000000000\d{4}0$/);
    expect(Number(r.body.phoneNumberId)).toBe(Number(r.body.wabaId) + 1);
    expect(r.body.accessToken).toMatch(/^EAATRATOLOCAL[0-9A-F]{21}$/);
    const own = await graph(t.server, `/${r.body.phoneNumberId}?fields=verified_name`, {
      token: r.body.accessToken,
    });
    expect(own.body).toEqual({ id: r.body.phoneNumberId, verified_name: 'Ferretería López' });
    const second = await control<Record<string, string>>(t.server, '/accounts', {});
    const n = (Number(r.body.wabaId) - 100_000_000_000_000) / 10 + 1;
    expect(second.body).toMatchObject({
      wabaId: String(Number(r.body.wabaId) + 10),
      phoneNumberId: String(Number(r.body.wabaId) + 11),
      displayPhoneNumber: `+504 2200-${String(n).padStart(4, '0')}`,
      verifiedName: `Trato Demo ${n}`,
    });
    expect((await control<{ accounts: unknown[] }>(t.server, '/accounts')).body.accounts).toHaveLength(3);
    await control(t.server, '/reset', {});
    const after = await control<{ accounts: { wabaId: string; subscribed: boolean }[] }>(
      t.server,
      '/accounts',
    );
    expect(after.body.accounts).toEqual([
      expect.objectContaining({ wabaId: DEFAULT_WABA_ID, subscribed: false }),
    ]);
    const gone = await graph<GraphErrorJson>(t.server, `/${r.body.phoneNumberId}`, {
      token: r.body.accessToken,
    });
    expect(gone.status).toBe(401);
    const third = await control<Record<string, string>>(t.server, '/accounts', {});
    expect(Number(third.body.wabaId)).toBe(Number(r.body.wabaId) + 20);
  });

  it('unknown control endpoints and bad JSON are refused', async () => {
    expect((await control(t.server, '/nothing', {})).status).toBe(404);
    const res = await fetch(`${t.server.url}/__control/inbound`, { method: 'POST', body: '{' });
    expect(res.status).toBe(400);
  });
});
