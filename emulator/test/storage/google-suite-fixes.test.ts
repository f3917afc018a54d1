/**
 * Behaviours that firebase-tools' Storage conformance suite (written to pass against production;
 * `npm run conformance:google`) showed the emulator got wrong, checked through the unmodified
 * web SDK, firebase-admin (@google-cloud/storage) and plain HTTP where the SDKs hide the wire:
 * download tokens only for Firebase-API uploads; Content-Disposition defaults; GCS lists without
 * empty `prefixes`; GCS error texts; 403 on token endpoints; every upload judged as a `create`
 * with `resource` = the object it replaces; a resumable upload without a size judged at
 * finalize; no Content-Length on gzip transcoding; copy metadata; rewrite tokens; makePublic,
 * the public URL and signed POST-policy uploads.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { getDownloadURL, getMetadata, ref, uploadString } from 'firebase/storage';
import { storageRules } from '../../src/storage/rules.js';
import type { StorageServer } from '../../src/storage/server.js';
import { allowAll, base, json, sdkFor, startTestServer, type SdkHandle } from './helpers.js';

const BUCKET = 'demo-test.appspot.com';
let server: StorageServer;
let app: App | undefined;
let sdks: SdkHandle[] = [];
let counter = 0;

/** firebase-admin's bucket (its @google-cloud/storage build). */
type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

async function start(rules?: string): Promise<Bucket> {
  if (rules) {
    const r = storageRules();
    const loaded = r.load(rules);
    if (!loaded.ok) throw new Error(loaded.error.message);
    server = await startTestServer(r.serverOptions());
  } else {
    server = await startTestServer({ authorizer: allowAll });
  }
  delete process.env.STORAGE_EMULATOR_HOST;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  app = initializeApp({ projectId: 'demo-test', storageBucket: BUCKET }, `google-suite-${++counter}`);
  return getStorage(app).bucket();
}

function web(user = true): SdkHandle {
  const sdk = sdkFor(server, { bucket: BUCKET, user: user ? { sub: 'alice' } : undefined });
  sdks.push(sdk);
  return sdk;
}

afterEach(async () => {
  for (const s of sdks) await s.close();
  sdks = [];
  if (app) await deleteApp(app);
  app = undefined;
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  await server?.close();
});

/** A GET without `Accept-Encoding` (fetch always offers gzip). */
function rawGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const OWNER = { Authorization: 'Bearer owner' };
const v0 = (name: string) => `${base(server)}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;

describe('download tokens', () => {
  it('admin (GCS) uploads get none; the first Firebase read adds one (metageneration 2)', async () => {
    const bucket = await start();
    await bucket.file('a/admin.txt').save('hello', { resumable: false });
    let [md] = await bucket.file('a/admin.txt').getMetadata();
    expect(md.metadata).toBeUndefined();
    expect(md.metageneration).toBe('1');

    const seen = await getMetadata(ref(web().storage, 'a/admin.txt'));
    expect(seen.generation).toBe(md.generation);
    expect(seen.metageneration).toBe('2');
    [md] = await bucket.file('a/admin.txt').getMetadata();
    expect(String(md.metadata?.firebaseStorageDownloadTokens)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('web SDK uploads get one at once; tokens given by admin are kept as given', async () => {
    const bucket = await start();
    const r = ref(web().storage, 'a/web.txt');
    await uploadString(r, 'hi');
    const [md] = await bucket.file('a/web.txt').getMetadata();
    expect(md.metageneration).toBe('1');
    expect(String(md.metadata?.firebaseStorageDownloadTokens)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getDownloadURL(r)).toContain(`token=${String(md.metadata?.firebaseStorageDownloadTokens)}`);

    await bucket.file('a/given.txt').save('x', {
      resumable: false,
      metadata: { metadata: { firebaseStorageDownloadTokens: 'one,two' } },
    });
    const [given] = await bucket.file('a/given.txt').getMetadata();
    expect(given.metadata?.firebaseStorageDownloadTokens).toBe('one,two');
  });

  it('token endpoints answer 403 to a malformed credential, as to any non-owner', async () => {
    await start();
    await uploadString(ref(web().storage, 't.txt'), 'x');
    for (const q of ['create_token=true', 'delete_token=abc']) {
      const r = await fetch(`${v0('t.txt')}?${q}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer not-a-jwt' },
      });
      expect(r.status).toBe(403);
    }
    const ok = await fetch(`${v0('t.txt')}?create_token=true`, { method: 'POST', headers: OWNER });
    expect((await json(ok)).downloadTokens.split(',')).toHaveLength(2);
  });
});

describe('Content-Disposition', () => {
  it('web uploads store an inline disposition naming the file; admin uploads store none', async () => {
    const bucket = await start();
    const r = ref(web().storage, 'docs/informe.txt');
    await uploadString(r, 'hola');
    expect((await getMetadata(r)).contentDisposition).toBe("inline; filename*=utf-8''informe.txt");
    const dl = await rawGet(await getDownloadURL(r));
    expect(dl.headers['content-disposition']).toBe("inline; filename*=utf-8''informe.txt");

    await bucket.file('docs/plain.bin').save('bytes', { resumable: false });
    const adminRef = ref(web().storage, 'docs/plain.bin');
    const seen = await getMetadata(adminRef);
    expect(seen.contentDisposition).toBeUndefined();
    const wire = await json(await fetch(v0('docs/plain.bin'), { headers: OWNER }));
    expect(Object.keys(wire)).not.toContain('contentDisposition');
    // Downloaded without a stored disposition: an attachment named after the object, on both APIs.
    const viaFirebase = await rawGet(await getDownloadURL(adminRef));
    expect(viaFirebase.headers['content-disposition']).toBe('attachment; filename*=plain.bin');
    const viaGcs = await fetch(`${base(server)}/storage/v1/b/${BUCKET}/o/docs%2Fplain.bin?alt=media`, {
      headers: OWNER,
    });
    expect(viaGcs.headers.get('content-disposition')).toBe('attachment; filename*=plain.bin');
  });
});

describe('GCS JSON API answers', () => {
  it('lists leave out prefixes when there are none', async () => {
    const bucket = await start();
    await bucket.file('p/one.txt').save('1', { resumable: false });
    const [files, , empty] = (await bucket.getFiles({ autoPaginate: false, prefix: 'none/' })) as unknown as [
      unknown[],
      unknown,
      { prefixes?: string[] },
    ];
    expect(files).toEqual([]);
    expect(empty.prefixes).toBeUndefined();
    const [, , some] = (await bucket.getFiles({ autoPaginate: false, delimiter: '/' })) as unknown as [
      unknown[],
      unknown,
      { prefixes?: string[] },
    ];
    expect(some.prefixes).toEqual(['p/']);
  });

  it('404s say "No such object", a non-multipart body "Bad content type."', async () => {
    const bucket = await start();
    await expect(bucket.file('missing.txt').download()).rejects.toThrow(
      `No such object: ${BUCKET}/missing.txt`,
    );
    await expect(bucket.file('missing.txt').getMetadata()).rejects.toThrow(
      `No such object: ${BUCKET}/missing.txt`,
    );
    const r = await fetch(`${base(server)}/upload/storage/v1/b/${BUCKET}/o?name=x&uploadType=multipart`, {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'foo' },
      body: 'not multipart',
    });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toContain('Bad content type.');
  });

  it('copy keeps the source custom metadata and tokens unless new custom metadata replaces them', async () => {
    const bucket = await start();
    await bucket.file('src.txt').save('s', {
      resumable: false,
      metadata: { metadata: { hello: 'world', firebaseStorageDownloadTokens: 'tok' } },
    });
    const [kept] = await bucket.file('src.txt').copy(bucket.file('kept.txt'));
    expect((await kept.getMetadata())[0].metadata).toEqual({
      hello: 'world',
      firebaseStorageDownloadTokens: 'tok',
    });
    const [replaced] = await bucket
      .file('src.txt')
      .copy(bucket.file('replaced.txt'), { metadata: { foo: 'bar', gone: null } });
    expect((await replaced.getMetadata())[0].metadata).toEqual({ foo: 'bar', gone: '' });
    await expect(
      bucket.file('src.txt').copy(bucket.file('resumed.txt'), { token: 'foo-bar' }),
    ).rejects.toMatchObject({ code: 501 });
  });

  it('gzip transcoding streams without a Content-Length', async () => {
    const bucket = await start();
    await bucket.file('z.txt').save(gzipSync('hello world'), {
      resumable: false,
      metadata: { contentEncoding: 'gzip', contentType: 'text/plain' },
    });
    const r = await rawGet(`${base(server)}/download/storage/v1/b/${BUCKET}/o/z.txt?alt=media`);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe('hello world');
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers['x-goog-stored-content-length']).toBe(String(gzipSync('hello world').length));
  });
});

describe('XML API requests server code makes', () => {
  it('makePublic answers the ACL, and the public URL serves the bytes', async () => {
    const bucket = await start();
    await bucket.file('a/b').save('public bytes', { resumable: false });
    const [acl] = (await bucket.file('a/b').makePublic()) as unknown as [Record<string, unknown>];
    expect(acl).toMatchObject({
      kind: 'storage#objectAccessControl',
      object: 'a/b',
      entity: 'allUsers',
      role: 'READER',
      id: `${BUCKET}/a/b/${String(acl.generation)}/allUsers`,
    });
    const r = await fetch(
      bucket.file('a/b').publicUrl().replace('https://storage.googleapis.com', base(server)),
    );
    expect(await r.text()).toBe('public bytes');
  });

  it('a signed POST-policy form upload stores the file with its fields', async () => {
    const bucket = await start();
    const form = new FormData();
    form.append('key', 'forms/${filename}');
    form.append('Content-Type', 'text/plain');
    form.append('Cache-Control', 'public, max-age=60');
    form.append('x-goog-meta-color', 'blue');
    form.append('policy', 'unchecked');
    form.append('file', new Blob(['form bytes']), 'hello.txt');
    const r = await fetch(`${base(server)}/${BUCKET}`, { method: 'POST', body: form });
    expect(r.status).toBe(204);
    const [md] = await bucket.file('forms/hello.txt').getMetadata();
    expect(md).toMatchObject({
      contentType: 'text/plain',
      cacheControl: 'public, max-age=60',
      metadata: { color: 'blue' },
    });
    expect((await bucket.file('forms/hello.txt').download())[0].toString()).toBe('form bytes');
  });
});

describe('rules: what an upload is', () => {
  const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /once/{name} { allow read; allow create: if resource == null; }
    match /createOnly/{name} { allow read; allow create: if request.auth != null; allow update: if false; }
    match /updateOnly/{name} { allow read; allow update: if true; }
    match /nonEmpty/{name} { allow create: if request.resource.size > 0; }
  }
}`;

  it('an overwrite is a create with resource set: resource == null forbids it, update rules do not apply', async () => {
    const bucket = await start(RULES);
    const storage = web().storage;
    await uploadString(ref(storage, 'once/f.txt'), 'first');
    await expect(uploadString(ref(storage, 'once/f.txt'), 'second')).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await uploadString(ref(storage, 'createOnly/f.txt'), 'first');
    await uploadString(ref(storage, 'createOnly/f.txt'), 'second'); // allowed by create
    expect((await bucket.file('createOnly/f.txt').download())[0].toString()).toBe('second');
    await bucket.file('updateOnly/f.txt').save('seeded', { resumable: false });
    await expect(uploadString(ref(storage, 'updateOnly/f.txt'), 'over')).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  it('a resumable upload started without a size is judged at finalize, with the real bytes', async () => {
    await start(RULES);
    const startUpload = (name: string) =>
      fetch(`${base(server)}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      });
    const started = await startUpload('nonEmpty/a.txt');
    expect(started.status).toBe(200);
    const url = started.headers.get('x-goog-upload-url')!;
    const done = await fetch(url, {
      method: 'PUT',
      headers: { 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
      body: 'some bytes',
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('x-goog-upload-status')).toBe('final');

    const empty = await startUpload('nonEmpty/b.txt');
    expect(empty.status).toBe(200);
    const refused = await fetch(empty.headers.get('x-goog-upload-url')!, {
      method: 'PUT',
      headers: { 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
    });
    expect(refused.status).toBe(403);
    // An announced size is still judged at start.
    const announced = await fetch(`${base(server)}/v0/b/${BUCKET}/o?name=nonEmpty%2Fc.txt`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '0',
      },
    });
    expect(announced.status).toBe(403);
  });
});
