/** The firebase/storage web SDK (Node build) against the emulator. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import type { StorageServer } from '../../src/storage/server.js';
import { md5, randomData, sdkFor, startTestServer, type SdkHandle } from './helpers.js';

let server: StorageServer;
let sdk: SdkHandle;

async function setup(opts: Parameters<typeof sdkFor>[1] = {}) {
  server = await startTestServer();
  sdk = sdkFor(server, opts);
  return sdk.storage;
}

afterEach(async () => {
  await sdk?.close();
  await server?.close();
});

describe('firebase/storage (Node) uploads and downloads', () => {
  it('uploads a small file (multipart) and downloads identical bytes', async () => {
    const storage = await setup();
    const data = randomData(1000);
    const r = ref(storage, 'docs/small.bin');
    const res = await uploadBytes(r, data, { contentType: 'application/x-test' });
    expect(res.metadata.fullPath).toBe('docs/small.bin');
    expect(res.metadata.size).toBe(1000);
    expect(res.metadata.contentType).toBe('application/x-test');
    expect(res.metadata.md5Hash).toBe(md5(data));
    const bytes = new Uint8Array(await getBytes(r));
    expect(md5(bytes)).toBe(md5(data));
  });

  it('uploads 5 MB resumably with progress and downloads identical bytes', async () => {
    const storage = await setup();
    const data = randomData(5 * 1024 * 1024);
    const r = ref(storage, 'big/five-mb.bin');
    const task = uploadBytesResumable(r, data, { contentType: 'application/octet-stream' });
    const progress: number[] = [];
    task.on('state_changed', (snap) => progress.push(snap.bytesTransferred));
    const snap = await task;
    expect(snap.totalBytes).toBe(data.length);
    expect(snap.metadata.size).toBe(data.length);
    expect(snap.metadata.md5Hash).toBe(md5(data));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[progress.length - 1]).toBe(data.length);
    const bytes = new Uint8Array(await getBytes(r));
    expect(bytes.length).toBe(data.length);
    expect(md5(bytes)).toBe(md5(data));
  });

  it('uploads an empty file', async () => {
    const storage = await setup();
    const r = ref(storage, 'empty.txt');
    const res = await uploadBytes(r, new Uint8Array(0), { contentType: 'text/plain' });
    expect(res.metadata.size).toBe(0);
    expect((await getBytes(r)).byteLength).toBe(0);
    const viaResumable = await uploadBytesResumable(ref(storage, 'empty2.txt'), new Uint8Array(0));
    expect(viaResumable.metadata.size).toBe(0);
  });

  it('handles unicode names and paths with spaces', async () => {
    const storage = await setup();
    const name = 'carpeta con espacios/año 2026/résumé 📄 ñ+&?#.txt';
    const r = ref(storage, name);
    await uploadString(r, 'hola mundo ✓', 'raw', { contentType: 'text/plain; charset=utf-8' });
    const md = await getMetadata(r);
    expect(md.fullPath).toBe(name);
    expect(md.name).toBe('résumé 📄 ñ+&?#.txt');
    expect(new TextDecoder().decode(await getBytes(r))).toBe('hola mundo ✓');
    const listing = await list(ref(storage, 'carpeta con espacios/año 2026'));
    expect(listing.items.map((i) => i.fullPath)).toEqual([name]);
    const url = await getDownloadURL(r);
    const resp = await fetch(url);
    expect(resp.status).toBe(200);
    expect(await resp.text()).toBe('hola mundo ✓');
  });

  it('round-trips metadata (custom metadata, content type, cache control, ...)', async () => {
    const storage = await setup();
    const r = ref(storage, 'meta/file.txt');
    await uploadString(r, 'x', 'raw', {
      contentType: 'text/plain',
      cacheControl: 'public, max-age=60',
      contentLanguage: 'es',
      contentDisposition: 'attachment; filename="f.txt"',
      customMetadata: { owner: 'ana', stage: 'draft' },
    });
    const md = await getMetadata(r);
    expect(md.contentType).toBe('text/plain');
    expect(md.cacheControl).toBe('public, max-age=60');
    expect(md.contentLanguage).toBe('es');
    expect(md.contentDisposition).toBe('attachment; filename="f.txt"');
    expect(md.customMetadata).toEqual({ owner: 'ana', stage: 'draft' });
    expect(md.generation).toMatch(/^\d+$/);
    expect(md.metageneration).toBe('1');
    expect(md.size).toBe(1);
    expect(md.bucket).toBe('demo-test.appspot.com');

    const updated = await updateMetadata(r, {
      contentType: 'text/markdown',
      customMetadata: { stage: 'final', extra: '1' },
    });
    expect(updated.contentType).toBe('text/markdown');
    expect(updated.customMetadata).toEqual({ owner: 'ana', stage: 'final', extra: '1' });
    expect(updated.metageneration).toBe('2');
    expect(updated.cacheControl).toBe('public, max-age=60');

    // null removes a field
    const cleared = await updateMetadata(r, { cacheControl: null as unknown as undefined });
    expect(cleared.cacheControl).toBeUndefined();
  });

  it('serves Range requests through getBytes(maxDownloadSizeBytes) and raw fetch', async () => {
    const storage = await setup();
    const data = randomData(4096);
    const r = ref(storage, 'range.bin');
    await uploadBytes(r, data);
    const part = new Uint8Array(await getBytes(r, 100));
    expect(part.length).toBe(100);
    expect(Buffer.from(part).equals(Buffer.from(data.subarray(0, 100)))).toBe(true);

    const url = await getDownloadURL(r);
    const resp = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(resp.status).toBe(206);
    expect(resp.headers.get('content-range')).toBe('bytes 1000-1999/4096');
    expect(Buffer.from(await resp.arrayBuffer()).equals(Buffer.from(data.subarray(1000, 2000)))).toBe(true);
    const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(data.subarray(4086)))).toBe(true);
    const bad = await fetch(url, { headers: { Range: 'bytes=5000-6000' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */4096');
  });

  it('getDownloadURL gives a token URL that works without auth', async () => {
    const storage = await setup();
    const r = ref(storage, 'public/pic.png');
    await uploadBytes(r, new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
    const url = await getDownloadURL(r);
    expect(url).toMatch(
      /\/v0\/b\/demo-test\.appspot\.com\/o\/public%2Fpic\.png\?alt=media&token=[0-9a-f-]{36}$/,
    );
    server.setAuthorizer({ authorize: () => ({ allowed: false }) });
    const resp = await fetch(url);
    expect(resp.status).toBe(200);
    expect(resp.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await resp.arrayBuffer())]).toEqual([1, 2, 3]);
    // A wrong token falls back to the rules, which deny.
    const wrong = await fetch(url.replace(/token=.*/, 'token=00000000-0000-0000-0000-000000000000'));
    expect(wrong.status).toBe(403);
  });

  it('deletes objects and reports object-not-found afterwards', async () => {
    const storage = await setup();
    const r = ref(storage, 'gone.txt');
    await uploadString(r, 'bye');
    await deleteObject(r);
    await expect(getMetadata(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(getBytes(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(deleteObject(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });
});

describe('firebase/storage (Node) upload task control', () => {
  it('pauses and resumes a resumable upload, and cancels another without storing it', async () => {
    const storage = await setup();
    const data = randomData(3 * 1024 * 1024);
    const r = ref(storage, 'paused.bin');
    const task = uploadBytesResumable(r, data);
    let paused = false;
    task.on('state_changed', (snap) => {
      if (!paused && snap.bytesTransferred > 0) {
        paused = true;
        task.pause();
        setTimeout(() => task.resume(), 50);
      }
    });
    const snap = await task;
    expect(paused).toBe(true);
    expect(snap.metadata.md5Hash).toBe(md5(data));

    const other = uploadBytesResumable(ref(storage, 'cancelled.bin'), randomData(3 * 1024 * 1024));
    other.on('state_changed', (s) => {
      if (s.bytesTransferred > 0) other.cancel();
    });
    await expect(other).rejects.toMatchObject({ code: 'storage/canceled' });
    expect(server.store.get('demo-test.appspot.com', 'cancelled.bin')).toBeUndefined();
  });

  it('serves downloads whose metadata holds non-ASCII header values', async () => {
    const storage = await setup();
    const r = ref(storage, 'emoji.txt');
    await uploadString(r, 'ok', 'raw', {
      contentType: 'text/plain',
      contentDisposition: 'attachment; filename="📄 año.txt"',
      contentLanguage: 'es',
    });
    const resp = await fetch(await getDownloadURL(r));
    expect(resp.status).toBe(200);
    expect(await resp.text()).toBe('ok');
    expect(resp.headers.get('content-disposition')).toContain('attachment; filename=');
  });
});

describe('firebase/storage (Node) listing', () => {
  it('omits folder placeholder objects ("dir/") from items, as the official emulator does', async () => {
    const storage = await setup();
    await fetch(`http://127.0.0.1:${server.port}/v0/b/demo-test.appspot.com/o?name=dir%2F`, {
      method: 'POST',
      headers: { Authorization: 'Firebase owner' },
      body: '',
    });
    await uploadString(ref(storage, 'dir/a.txt'), 'a');
    expect((await list(ref(storage, 'dir'))).items.map((i) => i.fullPath)).toEqual(['dir/a.txt']);
  });

  it('lists nested prefixes with list() and listAll()', async () => {
    const storage = await setup();
    const names = ['a/1.txt', 'a/2.txt', 'a/b/3.txt', 'a/b/c/4.txt', 'a/d/5.txt', 'top.txt', 'z/6.txt'];
    for (const n of names) await uploadString(ref(storage, n), n);
    const root = await list(ref(storage));
    expect(root.items.map((i) => i.fullPath)).toEqual(['top.txt']);
    expect(root.prefixes.map((p) => p.fullPath)).toEqual(['a', 'z']);
    const a = await listAll(ref(storage, 'a'));
    expect(a.items.map((i) => i.fullPath)).toEqual(['a/1.txt', 'a/2.txt']);
    expect(a.prefixes.map((p) => p.fullPath)).toEqual(['a/b', 'a/d']);
    const ab = await listAll(ref(storage, 'a/b'));
    expect(ab.items.map((i) => i.name)).toEqual(['3.txt']);
    expect(ab.prefixes.map((p) => p.fullPath)).toEqual(['a/b/c']);
  });

  it('pages with maxResults and pageToken', async () => {
    const storage = await setup();
    for (let i = 0; i < 7; i++) await uploadString(ref(storage, `p/f${i}.txt`), String(i));
    await uploadString(ref(storage, 'p/sub/x.txt'), 'x');
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list(ref(storage, 'p'), { maxResults: 3, pageToken });
      pages++;
      seen.push(...page.items.map((i) => i.fullPath), ...page.prefixes.map((p) => p.fullPath + '/'));
      expect(page.items.length + page.prefixes.length).toBeLessThanOrEqual(3);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(
      ['p/f0.txt', 'p/f1.txt', 'p/f2.txt', 'p/f3.txt', 'p/f4.txt', 'p/f5.txt', 'p/f6.txt', 'p/sub/'].sort(),
    );
    const all = await listAll(ref(storage, 'p'));
    expect(all.items).toHaveLength(7);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual(['p/sub']);
  });
});
