/** firebase-admin's storage (@google-cloud/storage over the GCS JSON API) against the emulator. */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { getBytes, getMetadata, ref, uploadString } from 'firebase/storage';
import type { StorageServer } from '../../src/storage/server.js';
import { denyAll, md5, randomData, sdkFor, startTestServer } from './helpers.js';

const BUCKET = 'demo-admin.appspot.com';
let server: StorageServer;
let app: App | undefined;
let counter = 0;

/** A fresh admin app per test: @google-cloud/storage reads STORAGE_EMULATOR_HOST when created. */
async function setup() {
  server = await startTestServer({ authorizer: denyAll }); // admin bypasses the rules
  delete process.env.STORAGE_EMULATOR_HOST;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  app = initializeApp({ projectId: 'demo-admin', storageBucket: BUCKET }, `admin-${++counter}`);
  return getStorage(app).bucket();
}

afterEach(async () => {
  if (app) await deleteApp(app);
  app = undefined;
  delete process.env.STORAGE_EMULATOR_HOST;
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  await server?.close();
});

describe('firebase-admin storage', () => {
  it('save / download / getMetadata / exists / delete (resumable save)', async () => {
    const bucket = await setup();
    const file = bucket.file('reports/2026/q1 report.pdf');
    const data = Buffer.from(randomData(300 * 1024));
    await file.save(data, { contentType: 'application/pdf', metadata: { metadata: { author: 'ana' } } });
    const [downloaded] = await file.download(); // validates crc32c from x-goog-hash
    expect(md5(downloaded)).toBe(md5(data));
    const [md] = await file.getMetadata();
    expect(md.name).toBe('reports/2026/q1 report.pdf');
    expect(md.contentType).toBe('application/pdf');
    expect(Number(md.size)).toBe(data.length);
    expect(md.md5Hash).toBe(md5(data));
    expect(md.metadata?.author).toBe('ana');
    expect((await file.exists())[0]).toBe(true);
    await file.delete();
    expect((await file.exists())[0]).toBe(false);
    await expect(file.download()).rejects.toMatchObject({ code: 404 });
  });

  it('save with resumable: false (multipart) and validation via md5', async () => {
    const bucket = await setup();
    const file = bucket.file('small.json');
    await file.save(JSON.stringify({ ok: true }), { resumable: false, contentType: 'application/json' });
    const [buf] = await file.download({ validation: 'md5' });
    expect(JSON.parse(buf.toString())).toEqual({ ok: true });
    const [md] = await file.getMetadata();
    expect(md.contentType).toBe('application/json');
  });

  it('saves an empty file and a 5 MB file', async () => {
    const bucket = await setup();
    await bucket.file('empty').save(Buffer.alloc(0));
    const [empty] = await bucket.file('empty').download();
    expect(empty.length).toBe(0);
    const big = Buffer.from(randomData(5 * 1024 * 1024));
    await bucket.file('big.bin').save(big);
    const [back] = await bucket.file('big.bin').download();
    expect(md5(back)).toBe(md5(big));
    const [part] = await bucket.file('big.bin').download({ start: 10, end: 19 });
    expect(part.equals(big.subarray(10, 20))).toBe(true);
  });

  it('multi-chunk resumable uploads (chunkSize) go through 308 responses', async () => {
    const bucket = await setup();
    const data = Buffer.from(randomData(1024 * 1024 + 123));
    await bucket.file('chunked.bin').save(data, { chunkSize: 256 * 1024 });
    const [back] = await bucket.file('chunked.bin').download();
    expect(md5(back)).toBe(md5(data));
    await bucket.deleteFiles({ prefix: 'chunk' });
    expect((await bucket.file('chunked.bin').exists())[0]).toBe(false);
  });

  it('stores gzip uploads and transcodes for clients that do not accept gzip', async () => {
    const bucket = await setup();
    const text = 'compress me '.repeat(1000);
    await bucket.file('z.txt').save(text, { gzip: true, contentType: 'text/plain' });
    const [md] = await bucket.file('z.txt').getMetadata();
    expect(md.contentEncoding).toBe('gzip');
    expect(Number(md.size)).toBeLessThan(text.length);
    const [back] = await bucket.file('z.txt').download();
    expect(back.toString()).toBe(text);
    const raw = await new Promise<{ enc?: string; body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${server.port}/b/${BUCKET}/o/z.txt?alt=media`, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ enc: res.headers['content-encoding'], body: Buffer.concat(chunks).toString() }),
          );
        })
        .on('error', reject);
    });
    expect(raw.enc).toBeUndefined();
    expect(raw.body).toBe(text);
  });

  it('getFiles with prefix, delimiter and pagination', async () => {
    const bucket = await setup();
    for (const n of ['a/1', 'a/2', 'a/b/3', 'c', 'd/4']) await bucket.file(n).save(n);
    const [all] = await bucket.getFiles();
    expect(all.map((f) => f.name)).toEqual(['a/1', 'a/2', 'a/b/3', 'c', 'd/4']);
    const [underA] = await bucket.getFiles({ prefix: 'a/' });
    expect(underA.map((f) => f.name)).toEqual(['a/1', 'a/2', 'a/b/3']);
    const [, , apiResponse] = await bucket.getFiles({ prefix: 'a/', delimiter: '/', autoPaginate: false });
    expect((apiResponse as { prefixes?: string[] }).prefixes).toEqual(['a/b/']);
    const [page1, next] = await bucket.getFiles({ maxResults: 2, autoPaginate: false });
    expect(page1.map((f) => f.name)).toEqual(['a/1', 'a/2']);
    const [page2] = await bucket.getFiles({ ...(next as object), autoPaginate: false });
    expect(page2.map((f) => f.name)).toEqual(['a/b/3', 'c']);
  });

  it('setMetadata, copy and makePublic', async () => {
    const bucket = await setup();
    const file = bucket.file('m.txt');
    await file.save('hello', { contentType: 'text/plain' });
    const [md] = await file.setMetadata({ cacheControl: 'no-cache', metadata: { k: 'v' } });
    expect(md.cacheControl).toBe('no-cache');
    expect(md.metadata?.k).toBe('v');
    expect(md.metageneration).toBe('2');
    await file.copy(bucket.file('copy/m.txt'));
    const [copy] = await bucket.file('copy/m.txt').download();
    expect(copy.toString()).toBe('hello');
    await file.makePublic();
  });

  it('interoperates with the web SDK: admin upload, SDK read; admin getDownloadURL', async () => {
    const bucket = await setup();
    await bucket.file('shared/x.txt').save('from admin', { contentType: 'text/plain' });
    const url = await getDownloadURL(bucket.file('shared/x.txt'));
    expect(url).toContain(`/v0/b/${BUCKET}/o/shared%2Fx.txt?alt=media&token=`);
    const resp = await fetch(url);
    expect(await resp.text()).toBe('from admin');

    server.setAuthorizer(null);
    const sdk = sdkFor(server, { bucket: BUCKET });
    try {
      // No ruleset: the web SDK is refused, the admin is not.
      await expect(getMetadata(ref(sdk.storage, 'shared/x.txt'))).rejects.toMatchObject({
        code: 'storage/unauthorized',
      });
      server.setAuthorizer({ authorize: () => ({ allowed: true }) });
      expect(new TextDecoder().decode(await getBytes(ref(sdk.storage, 'shared/x.txt')))).toBe('from admin');
      await uploadString(ref(sdk.storage, 'shared/y.txt'), 'from sdk');
      const [y] = await bucket.file('shared/y.txt').download();
      expect(y.toString()).toBe('from sdk');
    } finally {
      await sdk.close();
    }
  });
});
