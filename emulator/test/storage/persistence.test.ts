/** Export/import to a directory, /internal/reset, and the store's listing order. */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getBytes, getMetadata, ref, uploadString } from 'firebase/storage';
import { blobPaths, INDEX_FILE } from '../../src/storage/persistence.js';
import type { StorageServer } from '../../src/storage/server.js';
import { compareNames, StorageStore } from '../../src/storage/store.js';
import { newObjectMetadata } from '../../src/storage/metadata.js';
import { base, sdkFor, startTestServer, json } from './helpers.js';

const servers: StorageServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir() {
  const d = await mkdtemp(path.join(tmpdir(), 'storage-export-'));
  dirs.push(d);
  return d;
}

const OWNER = { Authorization: 'Firebase owner' };

describe('export / import', () => {
  it('exports real files plus an index via /internal/export and imports them into a new server', async () => {
    const a = await startTestServer();
    servers.push(a);
    const sdk = sdkFor(a);
    const names = ['x/a.txt', 'x', 'x/b/c.txt', 'ñ con espacio.txt', 'weird:*?|~.txt', 'dir//empty-seg'];
    for (const n of names)
      await uploadString(ref(sdk.storage, n), `content of ${n}`, 'raw', {
        contentType: 'text/plain',
        customMetadata: { n },
      });
    await sdk.close();
    await fetch(`${base(a)}/upload/storage/v1/b/other-bucket/o?uploadType=media&name=o.bin`, {
      method: 'POST',
      body: new Uint8Array([0, 1, 2]),
    });
    const md = await json(
      await fetch(`${base(a)}/v0/b/demo-test.appspot.com/o/x%2Fa.txt`, { headers: OWNER }),
    );

    const root = await tempDir();
    const target = path.join(root, 'export');
    const resp = await fetch(`${base(a)}/internal/export`, {
      method: 'POST',
      body: JSON.stringify({ path: target }),
    });
    expect(resp.status).toBe(200);
    expect(await json(resp)).toMatchObject({ objects: names.length + 1 });
    // Only the final directory remains (the temp dir was renamed into place).
    expect(await readdir(root)).toEqual(['export']);
    const index = JSON.parse(await readFile(path.join(target, INDEX_FILE), 'utf8'));
    expect(index.format).toBe('trato-storage-export');
    const entry = index.objects.find((o: { name: string }) => o.name === 'x/a.txt');
    expect(await readFile(path.join(target, entry.file), 'utf8')).toBe('content of x/a.txt');
    expect(entry.file).toBe('blobs/demo-test.appspot.com/x/a.txt');
    // "x" is both an object and a folder: the object file gets a suffix.
    expect(index.objects.find((o: { name: string }) => o.name === 'x').file).toBe(
      'blobs/demo-test.appspot.com/x~object',
    );

    // Exporting again over the same path replaces it atomically.
    await a.exportTo(target);
    expect((await readdir(root)).sort()).toEqual(['export']);

    const b = await startTestServer({ importFrom: target });
    servers.push(b);
    expect(b.store.count()).toBe(names.length + 1);
    const sdkB = sdkFor(b);
    for (const n of names) {
      expect(new TextDecoder().decode(await getBytes(ref(sdkB.storage, n)))).toBe(`content of ${n}`);
      expect((await getMetadata(ref(sdkB.storage, n))).customMetadata).toEqual({ n });
    }
    const mdB = await json(
      await fetch(`${base(b)}/v0/b/demo-test.appspot.com/o/x%2Fa.txt`, { headers: OWNER }),
    );
    expect(mdB).toEqual(md); // tokens, generation, hashes, times all preserved
    await sdkB.close();

    // /internal/reset empties; /internal/import restores.
    expect((await fetch(`${base(b)}/internal/reset`, { method: 'POST' })).status).toBe(200);
    expect(b.store.count()).toBe(0);
    const imp = await fetch(`${base(b)}/internal/import`, {
      method: 'POST',
      body: JSON.stringify({ path: target }),
    });
    expect(await json(imp)).toMatchObject({ objects: names.length + 1 });
  });

  it('refuses damaged exports and bad requests', async () => {
    const s = await startTestServer();
    servers.push(s);
    await fetch(`${base(s)}/v0/b/b/o?name=f`, { method: 'POST', headers: OWNER, body: 'hello' });
    const dir = path.join(await tempDir(), 'e');
    await s.exportTo(dir);
    await writeFile(path.join(dir, 'blobs/b/f'), 'tampered');
    const r = await fetch(`${base(s)}/internal/import`, {
      method: 'POST',
      body: JSON.stringify({ path: dir }),
    });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(/does not match/);
    expect(s.store.count()).toBe(1); // nothing replaced
    expect((await fetch(`${base(s)}/internal/export`, { method: 'POST', body: '{}' })).status).toBe(400);
    await expect(startTestServer({ importFrom: path.join(dir, 'missing') })).rejects.toThrow();
  });

  it('blob paths never collide', () => {
    const mk = (name: string) => newObjectMetadata('b', name, Buffer.alloc(0), {});
    const mds = ['a', 'a/b', 'a~object', '.', '..', 'a/', '%2F', 'long/' + 'z'.repeat(300)].map(mk);
    const paths = [...blobPaths(mds).values()];
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) for (const q of paths) if (p !== q) expect(q.startsWith(p + '/')).toBe(false);
  });
});

describe('store ordering', () => {
  it('sorts by code point like GCS and pages across prefixes', () => {
    expect(['b', '\u{1F600}', '\uFF21', 'a'].sort(compareNames)).toEqual(['a', 'b', '\uFF21', '\u{1F600}']);
    const store = new StorageStore();
    for (const n of ['a.txt', 'a/1', 'a/2', 'a0', 'b/1'])
      store.put({ metadata: newObjectMetadata('k', n, Buffer.alloc(0), {}), data: Buffer.alloc(0) });
    const page1 = store.list('k', { delimiter: '/', maxResults: 2 });
    expect(page1.items.map((i) => i.name)).toEqual(['a.txt']);
    expect(page1.prefixes).toEqual(['a/']);
    const page2 = store.list('k', { delimiter: '/', maxResults: 2, pageToken: page1.nextPageToken });
    expect(page2.items.map((i) => i.name)).toEqual(['a0']);
    expect(page2.prefixes).toEqual(['b/']);
    expect(page2.nextPageToken).toBeUndefined();
  });
});
