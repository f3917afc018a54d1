/** Wire-level behaviour: resumable protocol edges, bad input, limits, CORS, GCS chunked uploads. */
import { afterEach, describe, expect, it } from 'vitest';
import { crc32c, crc32cBase64 } from '../../src/storage/crc32c.js';
import type { StorageServer } from '../../src/storage/server.js';
import { base, denyAll, md5, randomData, startTestServer, unsignedJwt, json } from './helpers.js';

let server: StorageServer;
afterEach(async () => {
  await server?.close();
});

const OWNER = { Authorization: 'Firebase owner' };

async function startResumable(name: string, size: number, headers: Record<string, string> = OWNER) {
  const resp = await fetch(`${base(server)}/v0/b/bkt/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      ...headers,
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'X-Goog-Upload-Header-Content-Type': 'application/octet-stream',
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ name, contentType: 'application/octet-stream' }),
  });
  return resp;
}

function chunk(url: string, command: string, offset: number | undefined, body?: Uint8Array) {
  const headers: Record<string, string> = { 'X-Goog-Upload-Command': command };
  if (offset !== undefined) headers['X-Goog-Upload-Offset'] = String(offset);
  return fetch(url, { method: 'POST', headers, body: body as RequestInit['body'] });
}

describe('crc32c', () => {
  it('matches the Castagnoli check value and GCS encoding', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32c(Buffer.alloc(0))).toBe(0);
    // Incremental computation equals one-shot.
    const data = Buffer.from(randomData(1000));
    expect(crc32c(data.subarray(500), crc32c(data.subarray(0, 500)))).toBe(crc32c(data));
    // GCS documents crc32c("") as "AAAAAA==".
    expect(crc32cBase64(0)).toBe('AAAAAA==');
  });
});

describe('Firebase resumable protocol', () => {
  it('start, chunks with offsets, query, finalize, replayed finalize', async () => {
    server = await startTestServer();
    const data = randomData(1000);
    const start = await startResumable('r/one.bin', 1000);
    expect(start.status).toBe(200);
    expect(start.headers.get('x-goog-upload-status')).toBe('active');
    const url = start.headers.get('x-goog-upload-url')!;
    expect(url).toContain(`127.0.0.1:${server.port}/v0/b/bkt/o?`);

    let r = await chunk(url, 'upload', 0, data.subarray(0, 400));
    expect(r.status).toBe(200);
    expect(r.headers.get('x-goog-upload-status')).toBe('active');

    r = await chunk(url, 'query', undefined);
    expect(r.headers.get('x-goog-upload-size-received')).toBe('400');
    expect(r.headers.get('x-goog-upload-status')).toBe('active');

    // Wrong offset: clear 400 telling the expected offset; nothing stored.
    r = await chunk(url, 'upload', 300, data.subarray(300, 600));
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/must start at offset 400/);
    expect(server.store.get('bkt', 'r/one.bin')).toBeUndefined();

    // Finalize before all announced bytes arrived: 400.
    r = await chunk(url, 'finalize', 400);
    expect(r.status).toBe(400);
    expect(server.store.get('bkt', 'r/one.bin')).toBeUndefined();

    r = await chunk(url, 'upload, finalize', 400, data.subarray(400));
    expect(r.status).toBe(200);
    expect(r.headers.get('x-goog-upload-status')).toBe('final');
    const md = await json(r);
    expect(md.size).toBe('1000');
    expect(md.md5Hash).toBe(md5(data));

    // A retried finalize gets the same answer; a query reports final.
    r = await chunk(url, 'upload, finalize', 400, data.subarray(400));
    expect(r.status).toBe(200);
    expect((await json(r)).md5Hash).toBe(md5(data));
    r = await chunk(url, 'query', undefined);
    expect(r.headers.get('x-goog-upload-status')).toBe('final');
  });

  it('unknown upload ids and cancelled uploads give clear 4xx and store nothing', async () => {
    server = await startTestServer();
    let r = await chunk(`${base(server)}/v0/b/bkt/o?name=x&upload_id=nope`, 'upload', 0, new Uint8Array(5));
    expect(r.status).toBe(404);
    expect((await json(r)).error.message).toMatch(/Unknown upload id/);

    const start = await startResumable('c.bin', 10);
    const url = start.headers.get('x-goog-upload-url')!;
    await chunk(url, 'upload', 0, new Uint8Array(5));
    r = await chunk(url, 'cancel', undefined);
    expect(r.status).toBe(200);
    r = await chunk(url, 'upload, finalize', 5, new Uint8Array(5));
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/cancelled/);
    expect(server.store.get('bkt', 'c.bin')).toBeUndefined();

    r = await chunk(url, 'bogus', 0, new Uint8Array(1));
    expect(r.status).toBe(400);
  });

  it('enforces maxObjectSize on every upload path without leaving partial objects', async () => {
    server = await startTestServer({ maxObjectSize: 1000 });
    // Announced too big at start.
    let r = await startResumable('big.bin', 5000);
    expect(r.status).toBe(413);
    expect((await json(r)).error.message).toMatch(/maximum object size/);
    // Announced size lies: chunks exceed the limit.
    const start = await startResumable('big.bin', 900);
    const url = start.headers.get('x-goog-upload-url')!;
    r = await chunk(url, 'upload', 0, new Uint8Array(1500));
    expect(r.status).toBe(413);
    expect(server.store.get('bkt', 'big.bin')).toBeUndefined();
    // Multipart too big.
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json\r\n\r\n{"name":"mp.bin"}\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.alloc(2000),
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=mp.bin`, {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': `multipart/related; boundary=${boundary}`,
      },
      body,
    });
    expect(r.status).toBe(413);
    // Raw media too big.
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=raw.bin`, {
      method: 'POST',
      headers: OWNER,
      body: new Uint8Array(1001),
    });
    expect(r.status).toBe(413);
    expect(server.store.count()).toBe(0);
    // At the limit is fine.
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=raw.bin`, {
      method: 'POST',
      headers: OWNER,
      body: new Uint8Array(1000),
    });
    expect(r.status).toBe(200);
  });
});

describe('bad input on the Firebase API', () => {
  it('rejects malformed multipart bodies and missing names with 400', async () => {
    server = await startTestServer();
    const post = (query: string, contentType: string, body: string) =>
      fetch(`${base(server)}/v0/b/bkt/o${query}`, {
        method: 'POST',
        headers: { ...OWNER, 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': contentType },
        body,
      });
    let r = await post('?name=a', 'multipart/related', '--x\r\n\r\n{}\r\n--x--');
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/boundary/);
    r = await post(
      '?name=a',
      'multipart/related; boundary=x',
      '--x\r\nContent-Type: application/json\r\n\r\n{}\r\n--x\r\n\r\nabc',
    );
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/truncated/);
    r = await post(
      '?name=a',
      'multipart/related; boundary=x',
      '--x\r\nContent-Type: application/json\r\n\r\nnot json\r\n--x\r\n\r\nabc\r\n--x--',
    );
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/JSON/);
    r = await post(
      '?name=a',
      'multipart/related; boundary=x',
      '--x\r\nContent-Type: application/json\r\n\r\n{}\r\n--x--',
    );
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/exactly 2 parts/);
    r = await post(
      '',
      'multipart/related; boundary=x',
      '--x\r\nContent-Type: application/json\r\n\r\n{}\r\n--x\r\n\r\nabc\r\n--x--',
    );
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/Missing object name/);
    // Name from the metadata part works.
    r = await post(
      '',
      'multipart/related; boundary=x',
      '--x\r\nContent-Type: application/json\r\n\r\n{"name":"from-meta.txt","contentType":"text/plain"}\r\n--x\r\nContent-Type: text/plain\r\n\r\nabc\r\n--x--',
    );
    expect(r.status).toBe(200);
    expect((await json(r)).name).toBe('from-meta.txt');
    expect(server.store.get('bkt', 'from-meta.txt')!.data.toString()).toBe('abc');
    expect(server.store.count()).toBe(1);
  });

  it('rejects uploads without a name on every path', async () => {
    server = await startTestServer();
    let r = await startResumable('', 3);
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/name is required/);
    r = await fetch(`${base(server)}/v0/b/bkt/o`, { method: 'POST', headers: OWNER, body: 'abc' });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=media`, {
      method: 'POST',
      body: 'abc',
    });
    expect(r.status).toBe(400);
    expect((await json(r)).error.errors[0].reason).toBe('invalid');
    r = await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=resumable`, {
      method: 'POST',
      body: '{}',
    });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=weird&name=a`, {
      method: 'POST',
      body: '',
    });
    expect(r.status).toBe(400);
    expect(server.store.count()).toBe(0);
  });

  it('rejects bad metadata, bad list params and bad tokens', async () => {
    server = await startTestServer();
    await fetch(`${base(server)}/v0/b/bkt/o?name=f`, { method: 'POST', headers: OWNER, body: 'x' });
    let r = await fetch(`${base(server)}/v0/b/bkt/o/f`, {
      method: 'PATCH',
      headers: OWNER,
      body: '{"contentType": 5}',
    });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/v0/b/bkt/o/f`, { method: 'PATCH', headers: OWNER, body: '{nope' });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/v0/b/bkt/o?maxResults=0`, { headers: OWNER });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/v0/b/bkt/o?pageToken=%%%`, { headers: OWNER });
    expect(r.status).toBe(400);
    r = await fetch(`${base(server)}/v0/b/bkt/o/f`, { headers: { Authorization: 'Firebase not-a-jwt' } });
    expect(r.status).toBe(401);
    r = await fetch(`${base(server)}/v0/b/bkt/o/missing`, { headers: OWNER });
    expect(r.status).toBe(404);
    expect(await json(r)).toMatchObject({ error: { code: 404 } });
    r = await fetch(`${base(server)}/v0/b/bkt/o/f`, {
      method: 'PATCH',
      headers: OWNER,
      body: '{"metadata":{"a":"1"}}',
    });
    expect(r.status).toBe(200);
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=${'x'.repeat(1100)}`, {
      method: 'POST',
      headers: OWNER,
      body: 'x',
    });
    expect(r.status).toBe(400);
  });

  it('answers 403 "no loaded ruleset" without an authorizer, but lets the owner through', async () => {
    server = await startTestServer({ authorizer: null });
    let r = await fetch(`${base(server)}/v0/b/bkt/o?name=f`, { method: 'POST', body: 'x' });
    expect(r.status).toBe(403);
    expect(await json(r)).toEqual({
      error: { code: 403, message: 'Permission denied. Storage Emulator has no loaded ruleset.' },
    });
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=f`, {
      method: 'POST',
      body: 'x',
      headers: { Authorization: `Firebase ${unsignedJwt({ sub: 'u1' })}` },
    });
    expect(r.status).toBe(403);
    r = await fetch(`${base(server)}/v0/b/bkt/o?name=f`, { method: 'POST', body: 'x', headers: OWNER });
    expect(r.status).toBe(200);
    r = await fetch(`${base(server)}/v0/b/bkt/o/f`, { headers: { Authorization: 'Bearer owner' } });
    expect(r.status).toBe(200);
  });

  it('creates and deletes download tokens (admin only)', async () => {
    server = await startTestServer({ authorizer: denyAll });
    const up = await json(
      await fetch(`${base(server)}/v0/b/bkt/o?name=t`, { method: 'POST', headers: OWNER, body: 'x' }),
    );
    const first = up.downloadTokens as string;
    let r = await fetch(`${base(server)}/v0/b/bkt/o/t?create_token=true`, { method: 'POST', headers: OWNER });
    const tokens = ((await json(r)).downloadTokens as string).split(',');
    expect(tokens).toHaveLength(2);
    r = await fetch(`${base(server)}/v0/b/bkt/o/t?delete_token=${first}`, { method: 'POST', headers: OWNER });
    expect((await json(r)).downloadTokens).toBe(tokens[1]);
    expect((await fetch(`${base(server)}/v0/b/bkt/o/t?alt=media&token=${first}`)).status).toBe(403);
    expect((await fetch(`${base(server)}/v0/b/bkt/o/t?alt=media&token=${tokens[1]}`)).status).toBe(200);
    r = await fetch(`${base(server)}/v0/b/bkt/o/t?create_token=true`, { method: 'POST' });
    expect(r.status).toBe(403);
  });
});

describe('CORS', () => {
  it('answers preflights and exposes the upload headers', async () => {
    server = await startTestServer();
    let r = await fetch(`${base(server)}/v0/b/bkt/o?name=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,x-goog-upload-protocol,x-goog-upload-command,content-type',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(r.headers.get('access-control-allow-headers')).toContain('x-goog-upload-command');
    expect(r.headers.get('access-control-allow-methods')).toContain('PATCH');
    r = await startResumable('x', 1, { ...OWNER, Origin: 'http://localhost:5173' });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const exposed = r.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const h of ['x-goog-upload-url', 'x-goog-upload-status', 'x-goog-upload-size-received'])
      expect(exposed).toContain(h);
  });
});

describe('GCS JSON API resumable uploads', () => {
  it('accepts chunked Content-Range PUTs with 308 and status queries', async () => {
    server = await startTestServer();
    const data = Buffer.from(randomData(3000));
    let r = await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=resumable&name=g.bin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Upload-Content-Type': 'application/x-g' },
      body: '{}',
    });
    expect(r.status).toBe(200);
    const session = r.headers.get('location')!;
    r = await fetch(session, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 0-999/*' },
      body: data.subarray(0, 1000),
    });
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe('bytes=0-999');
    r = await fetch(session, { method: 'PUT', headers: { 'Content-Range': 'bytes */*' } });
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe('bytes=0-999');
    // Overlapping retry of part of the first chunk plus new bytes is accepted.
    r = await fetch(session, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 500-1999/*' },
      body: data.subarray(500, 2000),
    });
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe('bytes=0-1999');
    r = await fetch(session, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 2500-2999/3000' },
      body: data.subarray(2500),
    });
    expect(r.status).toBe(400);
    r = await fetch(session, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 2000-2999/3000' },
      body: data.subarray(2000),
    });
    expect(r.status).toBe(200);
    const md = await json(r);
    expect(md.kind).toBe('storage#object');
    expect(md.contentType).toBe('application/x-g');
    expect(md.md5Hash).toBe(md5(data));
    expect(md.crc32c).toBe(crc32cBase64(crc32c(data)));
    expect(server.store.get('bkt', 'g.bin')!.data.equals(data)).toBe(true);
    r = await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=resumable&upload_id=nope`, {
      method: 'PUT',
      body: 'x',
    });
    expect(r.status).toBe(404);
    expect((await json(r)).error.errors[0].reason).toBe('notFound');
  });

  it('serves GCS-shaped 404s and list pages', async () => {
    server = await startTestServer();
    let r = await fetch(`${base(server)}/storage/v1/b/bkt/o/nope`);
    expect(r.status).toBe(404);
    expect((await json(r)).error.errors[0].reason).toBe('notFound');
    await fetch(`${base(server)}/upload/storage/v1/b/bkt/o?uploadType=media&name=a%2Fb.txt`, {
      method: 'POST',
      body: 'hi',
      headers: { 'Content-Type': 'text/plain' },
    });
    r = await fetch(`${base(server)}/b/bkt/o?prefix=a%2F`);
    const listing = await json(r);
    expect(listing.items.map((i: { name: string }) => i.name)).toEqual(['a/b.txt']);
    r = await fetch(`${base(server)}/download/storage/v1/b/bkt/o/a%2Fb.txt?alt=media`);
    expect(await r.text()).toBe('hi');
    expect(r.headers.get('x-goog-hash')).toContain('md5=');
    r = await fetch(
      `${base(server)}/upload/storage/v1/b/bkt/o?uploadType=media&name=a%2Fb.txt&ifGenerationMatch=0`,
      { method: 'POST', body: 'again' },
    );
    expect(r.status).toBe(412);
  });
});
