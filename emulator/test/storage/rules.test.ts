/** The authorization seam: what the authorizer sees for each operation, and allow/deny through the SDK. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import type { StorageAccessRequest } from '../../src/storage/access.js';
import type { StorageServer } from '../../src/storage/server.js';
import {
  base,
  randomData,
  recordingAuthorizer,
  sdkFor,
  startTestServer,
  type SdkHandle,
  json,
} from './helpers.js';

let server: StorageServer;
const handles: SdkHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  await server?.close();
});

function sdk(user?: { sub: string; [k: string]: unknown }) {
  const h = sdkFor(server, { user });
  handles.push(h);
  return h.storage;
}

describe('authorizer requests', () => {
  it('passes method, path, auth, resource and request.resource for each operation', async () => {
    const authz = recordingAuthorizer(() => true);
    server = await startTestServer({ authorizer: authz });
    const storage = sdk({ sub: 'alice', email: 'a@x.io', role: 'admin' });
    const r = ref(storage, 'users/alice/pic.png');

    await uploadString(r, 'abc', 'raw', { contentType: 'image/png', customMetadata: { k: 'v' } });
    let req = authz.seen.at(-1)!;
    expect(req.method).toBe('create');
    expect(req.bucket).toBe('demo-test.appspot.com');
    expect(req.path).toBe('users/alice/pic.png');
    expect(req.auth?.uid).toBe('alice');
    expect(req.auth?.token.email).toBe('a@x.io');
    expect(req.auth?.token.role).toBe('admin');
    expect(req.resource).toBeNull();
    expect(req.requestResource).toMatchObject({
      name: 'users/alice/pic.png',
      size: 3,
      contentType: 'image/png',
      metadata: { k: 'v' },
    });
    expect(req.time.seconds).toBeGreaterThan(1_700_000_000);

    // An overwrite is a create, with resource = the object it replaces (production's model).
    await uploadString(r, 'abcd', 'raw', { customMetadata: { k: 'v' } });
    req = authz.seen.at(-1)!;
    expect(req.method).toBe('create');
    expect(req.resource?.size).toBe(3);
    expect(req.requestResource?.size).toBe(4);

    await updateMetadata(r, { customMetadata: { k: 'w' } });
    req = authz.seen.at(-1)!;
    expect(req.method).toBe('update');
    expect(req.resource?.metadata).toEqual({ k: 'v' });
    expect(req.requestResource?.metadata).toEqual({ k: 'w' });

    await getMetadata(r);
    expect(authz.seen.at(-1)).toMatchObject({
      method: 'get',
      requestResource: null,
      resource: { name: 'users/alice/pic.png' },
    });
    await getBytes(r);
    expect(authz.seen.at(-1)!.method).toBe('get');

    await list(ref(storage, 'users/alice'));
    expect(authz.seen.at(-1)).toMatchObject({
      method: 'list',
      path: 'users/alice',
      resource: null,
      requestResource: null,
    });

    await deleteObject(r);
    expect(authz.seen.at(-1)).toMatchObject({
      method: 'delete',
      requestResource: null,
      resource: { size: 4 },
    });

    const anon = sdk();
    await expect(getMetadata(ref(anon, 'users/alice/pic.png'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
    expect(authz.seen.at(-1)!.auth).toBeNull();
  });

  it('checks a resumable upload at start (announced size) and at finalize (real bytes)', async () => {
    const sizes: [string, number][] = [];
    const authz = recordingAuthorizer((r) => {
      if (r.requestResource) sizes.push([r.method, r.requestResource.size]);
      return true;
    });
    server = await startTestServer({ authorizer: authz });
    const storage = sdk({ sub: 'u' });
    await uploadBytesResumable(ref(storage, 'big.bin'), randomData(600 * 1024));
    expect(sizes).toEqual([
      ['create', 600 * 1024],
      ['create', 600 * 1024],
    ]);
  });
});

/** A tiny "rules" program: users own users/{uid}/**, public/** is world-readable, uploads < 1 MB. */
function ownerRules(r: StorageAccessRequest): boolean {
  const m = /^users\/([^/]+)(\/|$)/.exec(r.path);
  if (r.path.startsWith('public/') && (r.method === 'get' || r.method === 'list')) return true;
  if (!m || r.auth?.uid !== m[1]) return false;
  if (r.requestResource && r.requestResource.size >= 1024 * 1024) return false;
  return true;
}

describe('allow and deny through the web SDK', () => {
  it('allows the owner and denies others for every operation with storage/unauthorized', async () => {
    server = await startTestServer({ authorizer: recordingAuthorizer(ownerRules) });
    const alice = sdk({ sub: 'alice' });
    const bob = sdk({ sub: 'bob' });
    const anon = sdk();
    const path = 'users/alice/notes.txt';

    await expect(uploadString(ref(bob, path), 'x')).rejects.toMatchObject({
      code: 'storage/unauthorized',
      status: 403,
    });
    await expect(uploadString(ref(anon, path), 'x')).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(uploadBytesResumable(ref(bob, path), randomData(300 * 1024))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    expect(server.store.get('demo-test.appspot.com', path)).toBeUndefined();

    await uploadString(ref(alice, path), 'mine');
    await expect(getMetadata(ref(bob, path))).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(getBytes(ref(bob, path))).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(getDownloadURL(ref(bob, path))).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(updateMetadata(ref(bob, path), { contentType: 'x/y' })).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(list(ref(bob, 'users/alice'))).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(deleteObject(ref(bob, path))).rejects.toMatchObject({ code: 'storage/unauthorized' });
    // A denied read of a missing object is 403, not 404 (existence is not leaked).
    await expect(getMetadata(ref(bob, 'users/alice/none.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });

    expect(new TextDecoder().decode(await getBytes(ref(alice, path)))).toBe('mine');
    expect((await updateMetadata(ref(alice, path), { contentType: 'text/plain' })).contentType).toBe(
      'text/plain',
    );
    expect((await list(ref(alice, 'users/alice'))).items).toHaveLength(1);

    // request.resource.size limit: a 2 MB resumable upload is refused at start.
    await expect(
      uploadBytesResumable(ref(alice, 'users/alice/huge.bin'), randomData(2 * 1024 * 1024)),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    expect(server.store.get('demo-test.appspot.com', 'users/alice/huge.bin')).toBeUndefined();

    // The download URL works for anyone (token), even though bob's rules deny.
    const url = await getDownloadURL(ref(alice, path));
    expect(await (await fetch(url)).text()).toBe('mine');

    await deleteObject(ref(alice, path));
    await expect(getMetadata(ref(alice, path))).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });

  it('denial bodies are JSON errors with code 403', async () => {
    server = await startTestServer({ authorizer: { authorize: () => ({ allowed: false }) } });
    const r = await fetch(`${base(server)}/v0/b/b/o/x`);
    expect(r.status).toBe(403);
    expect(await json(r)).toEqual({
      error: { code: 403, message: 'Permission denied. No READ permission.' },
    });
  });

  it('a throwing authorizer denies instead of crashing', async () => {
    server = await startTestServer({
      authorizer: {
        authorize: () => {
          throw new Error('boom');
        },
      },
    });
    const storage = sdk({ sub: 'u' });
    await expect(uploadBytes(ref(storage, 'x'), new Uint8Array(1))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  it('setAuthorizer swaps the rules at run time', async () => {
    server = await startTestServer({ authorizer: null });
    const storage = sdk({ sub: 'u' });
    await expect(uploadString(ref(storage, 'a'), 'x')).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    server.setAuthorizer({ authorize: () => ({ allowed: true }) });
    await uploadString(ref(storage, 'a'), 'x');
  });
});
