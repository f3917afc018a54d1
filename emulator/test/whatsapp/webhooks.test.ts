/**
 * The app's webhooks: X-Hub-Signature-256 over the raw body, the verification handshake (at start
 * in the background, and "Verify and save"), at-least-once delivery with retries and back-off,
 * independent deliveries, order, only subscribed WABAs, and the delivery log.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_APP_SECRET,
  DEFAULT_VERIFY_TOKEN,
  DEFAULT_WABA_ID,
  signatureHeader,
} from '../../src/whatsapp/index.js';
import {
  control,
  graph,
  inbound,
  prepare,
  startHarness,
  startReceiver,
  startWhatsApp,
  type Harness,
} from './helpers.js';

interface Delivery {
  id: string;
  field: string;
  summary: string;
  state: string;
  reason?: string;
  attempts: { attempt: number; at: string; status: number | null; error?: string; durationMs: number }[];
  payload: { entry: { changes: { value: { messages?: { text: { body: string } }[] } }[] }[] };
}
const deliveries = async (server: Harness['server']) =>
  (await control<{ deliveries: Delivery[] }>(server, '/deliveries')).body.deliveries;
const bodies = (t: Harness) =>
  t.receiver
    .changes('messages')
    .flatMap((c) => (c.value.messages as { text?: { body: string } }[] | undefined) ?? [])
    .map((m) => m.text?.body);

describe('signatures and delivery', () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness();
  });
  afterAll(() => t.close());
  beforeEach(() => prepare(t));

  it('X-Hub-Signature-256 is sha256=HMAC(app secret, exact raw body)', async () => {
    await inbound(t.server, { from: '50499998888', name: 'José Ñúñez', text: 'Â ✓ 😀 "comillas"' });
    await t.receiver.waitFor((r) => r.events.length === 1);
    const [e] = t.receiver.events;
    const expected = `sha256=${createHmac('sha256', DEFAULT_APP_SECRET).update(Buffer.from(e.raw, 'utf8')).digest('hex')}`;
    expect(e.signature).toBe(expected);
    expect(signatureHeader(e.raw, DEFAULT_APP_SECRET)).toBe(expected);
    expect(e.headers['x-hub-signature']).toMatch(/^sha1=[0-9a-f]{40}$/);
    expect(e.headers['user-agent']).toBe('facebookexternalua');
    expect(t.receiver.rejected).toEqual([]);
  });

  it('a receiver with another secret rejects every event', async () => {
    t.receiver.appSecret = 'otra-clave';
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    await t.drain();
    expect(t.receiver.events).toEqual([]);
    expect(t.receiver.rejected.length).toBeGreaterThan(0);
  });

  it('retries a failing receiver with back-off until it answers 200; every attempt is logged', async () => {
    t.receiver.failNext.push(500, 503);
    await inbound(t.server, { from: '50499998888', text: 'reintento' });
    await t.receiver.waitFor((r) => r.events.length === 1);
    await t.drain();
    const [d] = await deliveries(t.server);
    expect(d.state).toBe('succeeded');
    expect(d.field).toBe('messages');
    expect(d.attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    // Back-off: 20 ms then 40 ms between attempts (baseMs 20).
    const times = d.attempts.map((a) => Date.parse(a.at));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(18);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(38);
  });

  it('gives up after maxAttempts', async () => {
    t.receiver.respond = () => 500;
    await inbound(t.server, { from: '50499998888', text: 'nunca' });
    await t.drain();
    const [d] = await deliveries(t.server);
    expect(d.state).toBe('failed');
    expect(d.attempts).toHaveLength(4);
  });

  it('a network error is retried too', async () => {
    const down = await startReceiver();
    const url = down.url;
    await control(t.server, '/webhook', { url });
    await down.close();
    await inbound(t.server, { from: '50499998888', text: 'caído' });
    await new Promise((r) => setTimeout(r, 40));
    const [d] = await deliveries(t.server);
    expect(d.attempts[0].status).toBeNull();
    expect(d.attempts[0].error).toMatch(/ECONNREFUSED/);
    await t.drain();
  });

  it('events are independent: one failing event does not hold back the next ones', async () => {
    t.receiver.respond = (raw) => (raw.includes('primero') ? 500 : undefined);
    await inbound(t.server, { from: '50499998888', text: 'primero' });
    await inbound(t.server, { from: '50499998888', text: 'segundo' });
    await inbound(t.server, { from: '50499998888', text: 'tercero' });
    await t.receiver.waitFor(() => bodies(t).length === 2, 1000);
    expect(bodies(t)).toEqual(['segundo', 'tercero']);
    t.receiver.respond = undefined;
    await t.receiver.waitFor(() => bodies(t).length === 3);
    expect(bodies(t)).toEqual(['segundo', 'tercero', 'primero']);
  });

  it('a slow receiver holds the next event back at most orderWaitMs', async () => {
    t.receiver.delay = (raw) => (raw.includes('lento') ? 1200 : undefined);
    const started = Date.now();
    await inbound(t.server, { from: '50499998888', text: 'lento' });
    await inbound(t.server, { from: '50499998888', text: 'rápido' });
    await t.receiver.waitFor(() => bodies(t).includes('rápido'));
    expect(Date.now() - started).toBeLessThan(900);
    await t.receiver.waitFor(() => bodies(t).length === 2);
    expect(bodies(t)).toEqual(['rápido', 'lento']);
  });

  it('first attempts arrive in the order events happened', async () => {
    for (let i = 0; i < 12; i++) await inbound(t.server, { from: '50499998888', text: `m${i}` });
    await t.receiver.waitFor(() => bodies(t).length === 12);
    expect(bodies(t)).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`));
  });

  it('a WABA not subscribed to the app gets no events (logged as not sent)', async () => {
    await graph(t.server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'DELETE' });
    await inbound(t.server, { from: '50499998888', text: 'sin suscripción' });
    const other = await control<{ phoneNumberId: string; wabaId: string }>(t.server, '/accounts', {});
    await inbound(t.server, {
      from: '50499998888',
      text: 'otra cuenta',
      phoneNumberId: other.body.phoneNumberId,
    });
    await t.drain();
    expect(t.receiver.events).toEqual([]);
    const log = await deliveries(t.server);
    expect(log.map((d) => d.state)).toEqual(['skipped', 'skipped']);
    expect(log[0].reason).toContain('not subscribed');
    // Subscribed again: events flow.
    await graph(t.server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST' });
    await inbound(t.server, { from: '50499998888', text: 'con suscripción' });
    await t.receiver.waitFor((r) => r.events.length === 1);
    expect(t.receiver.events[0].payload.entry[0].id).toBe(DEFAULT_WABA_ID);
  });

  it('GET /__control/deliveries filters by field and shows the payload', async () => {
    await inbound(t.server, { from: '50499998888', text: 'hola' });
    await t.drain();
    const r = await control<{ deliveries: Delivery[] }>(t.server, '/deliveries?field=messages');
    expect(r.body.deliveries).toHaveLength(1);
    expect(r.body.deliveries[0].payload.entry[0].changes[0].value.messages![0].text.body).toBe('hola');
    expect(r.body.deliveries[0].summary).toMatch(/^text wamid\..+ from 50499998888$/);
    expect(
      (
        await control<{ deliveries: Delivery[] }>(
          t.server,
          '/deliveries?field=message_template_status_update',
        )
      ).body.deliveries,
    ).toEqual([]);
  });
});

describe('the verification handshake', () => {
  it('at start: retried in the background while the receiver answers 404, verified once it answers', async () => {
    const receiver = await startReceiver();
    receiver.handshake = { status: 404 };
    const server = await startWhatsApp({ webhook: { url: receiver.url } });
    try {
      await receiver.waitFor((r) => r.handshakes.length >= 2);
      expect(server.webhook()).toMatchObject({ url: receiver.url, verified: false });
      expect(server.webhook().lastVerification).toMatchObject({
        verified: false,
        status: 404,
        reason: 'answered HTTP 404',
      });
      const [first] = receiver.handshakes;
      expect(first.get('hub.mode')).toBe('subscribe');
      expect(first.get('hub.verify_token')).toBe(DEFAULT_VERIFY_TOKEN);
      expect(first.get('hub.challenge')).toMatch(/^\d+$/);
      // Events meanwhile are not sent.
      await graph(server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST' });
      await inbound(server, { from: '50499998888', text: 'antes' });
      receiver.handshake = 'echo';
      const deadline = Date.now() + 3000;
      while (!server.webhook().verified && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(server.webhook().verified).toBe(true);
      await inbound(server, { from: '50499998888', text: 'después' });
      await receiver.waitFor((r) => r.events.length === 1);
      const [skipped, sent] = (await control<{ deliveries: Delivery[] }>(server, '/deliveries')).body
        .deliveries;
      expect(skipped.state).toBe('skipped');
      expect(skipped.reason).toContain('not verified');
      expect(sent.state).toBe('succeeded');
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it('POST /__control/webhook: accepted with the right token and challenge; refused otherwise, keeping the old settings', async () => {
    const a = await startReceiver();
    const b = await startReceiver({ verifyToken: 'token-b', path: '/b' });
    const server = await startWhatsApp({ webhook: { url: a.url } });
    try {
      const ok = await control<{ verified: boolean; webhook: { url: string; verified: boolean } }>(
        server,
        '/webhook',
        {},
      );
      expect(ok.body.verified).toBe(true);
      // Wrong token: B answers 403.
      const wrongToken = await control<{
        verified: boolean;
        reason: string;
        webhook: { url: string; verifyToken: string; verified: boolean };
      }>(server, '/webhook', { url: b.url });
      expect(wrongToken.body).toMatchObject({ verified: false, reason: 'answered HTTP 403' });
      expect(wrongToken.body.webhook).toMatchObject({
        url: a.url,
        verifyToken: DEFAULT_VERIFY_TOKEN,
        verified: true,
      });
      // Wrong challenge: B echoes something else.
      b.handshake = { body: '12345' };
      const wrongChallenge = await control<{ verified: boolean; reason: string }>(server, '/webhook', {
        url: b.url,
        verifyToken: 'token-b',
      });
      expect(wrongChallenge.body.verified).toBe(false);
      expect(wrongChallenge.body.reason).toMatch(/instead of the challenge/);
      // Right: saved with the new token.
      b.handshake = 'echo';
      const right = await control<{ verified: boolean; webhook: { url: string; verifyToken: string } }>(
        server,
        '/webhook',
        {
          url: b.url,
          verifyToken: 'token-b',
        },
      );
      expect(right.body).toMatchObject({ verified: true, webhook: { url: b.url, verifyToken: 'token-b' } });
      // Removed: events are not sent.
      const removed = await control<{ verified: boolean; webhook: { url: string | null } }>(
        server,
        '/webhook',
        { url: null },
      );
      expect(removed.body).toMatchObject({ verified: false, webhook: { url: null } });
      expect((await control(server, '/webhook', { url: 'no es url' })).status).toBe(400);
      expect((await control<{ webhook: { url: null } }>(server, '/webhook')).body.webhook.url).toBeNull();
    } finally {
      await server.close();
      await a.close();
      await b.close();
    }
  });

  it('the app secret and verify token come from the options', async () => {
    const receiver = await startReceiver({ verifyToken: 'mi-token', appSecret: 'mi-secreto' });
    const server = await startWhatsApp({
      webhook: { url: receiver.url, verifyToken: 'mi-token', appSecret: 'mi-secreto' },
    });
    try {
      expect((await control<{ verified: boolean }>(server, '/webhook', {})).body.verified).toBe(true);
      await graph(server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST' });
      await inbound(server, { from: '50499998888', text: 'firmado' });
      await receiver.waitFor((r) => r.events.length === 1);
      expect(receiver.rejected).toEqual([]);
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});
