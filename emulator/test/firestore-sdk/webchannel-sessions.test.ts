/**
 * WebChannel session lifetime, spoken at the wire level as the browser SDK speaks it: a session
 * whose client has gone must free its listeners and its hanging back-channel response, or a
 * browser (six HTTP/1.1 connections per host) and the server's listener fan-out keep paying for
 * pages that no longer exist.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createFirestoreEngine } from '../../src/firestore/engine.js';
import { OWNER } from '../../src/firestore/model.js';
import { fieldsFromJs } from '../../src/firestore/values.js';
import type { FirestoreEngine, ListenStream } from '../../src/firestore/api.js';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer } from '../../src/server.js';

const PROJECT = 'demo-wc';
const DATABASE = `projects/${PROJECT}/databases/(default)`;

/** The engine, counting Listen streams opened and closed. */
function countingEngine(): { engine: FirestoreEngine; open: () => number } {
  const engine = createFirestoreEngine({ projectId: PROJECT });
  let open = 0;
  const listen = engine.listen.bind(engine);
  engine.listen = (...args): ListenStream => {
    const stream = listen(...args);
    open++;
    const close = stream.close.bind(stream);
    let closed = false;
    stream.close = () => {
      if (!closed) open--;
      closed = true;
      close();
    };
    return stream;
  };
  return { engine, open: () => open };
}

let server: FirestoreServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function channelUrl(params: Record<string, string>): string {
  const q = new URLSearchParams({ database: DATABASE, VER: '8', ...params });
  return `http://127.0.0.1:${server!.port}/google.firestore.v1.Firestore/Listen/channel?${q}`;
}

function request(method: string, url: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a Listen session with one document target; resolves with its SID. */
async function openSession(): Promise<string> {
  const listen = {
    database: DATABASE,
    addTarget: { documents: { documents: [`${DATABASE}/documents/c/d`] }, targetId: 2 },
  };
  const form = new URLSearchParams({ count: '1', ofs: '0', req0___data__: JSON.stringify(listen) });
  const reply = await request('POST', channelUrl({ RID: '1', CVER: '22', t: '1' }), form.toString());
  const sid = /\["c","([0-9a-f]+)"/.exec(reply.text)?.[1];
  if (!sid) throw new Error(`no session in ${reply.text}`);
  return sid;
}

interface BackChannel {
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server ends the response (or the socket closes). */
  ended: Promise<void>;
  /** The client goes away without a word (tab closed). */
  abandon(): void;
}

/** A streaming back channel (CI=0), as the SDK holds it open. */
function openBackChannel(sid: string, aid = 0): Promise<BackChannel> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = http.get(
      channelUrl({ RID: 'rpc', SID: sid, AID: String(aid), CI: '0', TYPE: 'xmlhttp' }),
      (res) => {
        res.setEncoding('utf8');
        const ended = new Promise<void>((done) => {
          res.on('end', done);
          res.on('close', done);
        });
        // Resolve once the first chunk (the immediate payload) arrived.
        res.once('data', (c: string) => {
          text += c;
          res.on('data', (more: string) => (text += more));
          resolve({ text: () => text, ended, abandon: () => req.destroy() });
        });
      },
    );
    req.on('error', reject);
  });
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

describe('WebChannel sessions', () => {
  it('a session the client terminates frees its listener and ends its open back channel', async () => {
    const { engine, open } = countingEngine();
    server = await startFirestoreServer({ port: 0, projectId: PROJECT, quiet: true, engine });
    const sid = await openSession();
    const back = await openBackChannel(sid);
    await until(() => back.text().includes('CURRENT'), 2_000);
    expect(open()).toBe(1);

    // What the SDK's close() sends (navigator.sendBeacon, empty body).
    const reply = await request('POST', channelUrl({ SID: sid, RID: '2', TYPE: 'terminate' }));
    expect(reply.status).toBe(200);
    await back.ended;
    expect(open()).toBe(0);
    expect(server.webChannelSessionCount()).toBe(0);
    // Later requests of that session are refused as the SDK expects.
    const late = await request('POST', channelUrl({ SID: sid, RID: '3' }), 'count=0&ofs=1');
    expect(late.status).toBe(400);
    expect(late.text).toContain('Unknown SID');
  });

  it('a session whose client closed its back channel and went away is reaped after the idle timeout', async () => {
    const { engine, open } = countingEngine();
    server = await startFirestoreServer({
      port: 0,
      projectId: PROJECT,
      quiet: true,
      engine,
      webChannel: { idleSessionMs: 300 },
    });
    const sid = await openSession();
    const back = await openBackChannel(sid);
    expect(open()).toBe(1);
    back.abandon();
    expect(await until(() => server!.webChannelSessionCount() === 0, 3_000)).toBe(true);
    expect(open()).toBe(0);
  });

  it('a session whose client never opened a back channel is reaped too', async () => {
    const { engine, open } = countingEngine();
    server = await startFirestoreServer({
      port: 0,
      projectId: PROJECT,
      quiet: true,
      engine,
      webChannel: { idleSessionMs: 300 },
    });
    await openSession();
    expect(open()).toBe(1);
    expect(await until(() => server!.webChannelSessionCount() === 0, 3_000)).toBe(true);
    expect(open()).toBe(0);
  });

  it('a Listen stream left without targets is closed cleanly, its back channel released', async () => {
    const { engine, open } = countingEngine();
    server = await startFirestoreServer({
      port: 0,
      projectId: PROJECT,
      quiet: true,
      engine,
      webChannel: { idleStreamMs: 300 },
    });
    const sid = await openSession();
    const back = await openBackChannel(sid);
    const form = new URLSearchParams({
      count: '1',
      ofs: '1',
      req0___data__: JSON.stringify({ removeTarget: 2 }),
    });
    await request('POST', channelUrl({ SID: sid, RID: '2', AID: '0' }), form.toString());
    await back.ended;
    expect(back.text()).toContain('["close"]');
    expect(open()).toBe(0);
    expect(server.webChannelSessionCount()).toBe(0);
  });

  it('a streaming back channel is ended once enough awaits acknowledgement, and the next one prunes it', async () => {
    server = await startFirestoreServer({
      port: 0,
      projectId: PROJECT,
      quiet: true,
      webChannel: { maxUnackedBytes: 4_000 },
    });
    const sid = await openSession();
    const back = await openBackChannel(sid);
    // A listener that only receives: document changes, no forward POST carrying AID.
    for (let i = 0; i < 20; i++) {
      const fields = fieldsFromJs({ i, text: 'x'.repeat(400) });
      await server.engine.commit(OWNER, DATABASE, [
        { update: { name: `${DATABASE}/documents/c/d`, fields } },
      ]);
    }
    await back.ended;
    const ids = [...back.text().matchAll(/\[(\d+),\[/g)].map((m) => Number(m[1]));
    const last = Math.max(...ids);
    // The client re-opens with AID = the last array it saw: nothing is left to re-send.
    const next = await openBackChannel(sid, last);
    const reply = await request('POST', channelUrl({ SID: sid, RID: '2' }), 'count=0&ofs=1');
    const [, , outstanding] = JSON.parse(reply.text.slice(reply.text.indexOf('\n') + 1)) as number[];
    expect(outstanding).toBeLessThan(100);
    next.abandon();
  });

  it('a live client, polling its back channel and listening, is never closed', async () => {
    server = await startFirestoreServer({
      port: 0,
      projectId: PROJECT,
      quiet: true,
      webChannel: { idleSessionMs: 300, idleStreamMs: 300, heartbeatMs: 100 },
    });
    const sid = await openSession();
    const back = await openBackChannel(sid);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(server.webChannelSessionCount()).toBe(1);
    // Heartbeats kept flowing on the open back channel.
    expect(back.text().split('"noop"').length).toBeGreaterThan(3);
    back.abandon();
  });
});
