/**
 * @firebase/rules-unit-testing v5 storage contexts against the emulator. The rules engine is
 * someone else's: here a tiny hand-written "compiler" maps a few rule sources to authorizers, which
 * is exactly the onRulesUpdate hook contract the real engine plugs into.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import type { StorageAuthorizer } from '../../src/storage/access.js';
import type { RulesUpdateResult } from '../../src/storage/server.js';
import type { StorageServer } from '../../src/storage/server.js';
import { base, startTestServer, json } from './helpers.js';

const OPEN = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read, write: if true; } } }`;
const OWNER_ONLY = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o {
  match /users/{uid}/{file=**} { allow read, write: if request.auth.uid == uid; }
} }`;
const BROKEN = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { allow read: if ; } }`;

function miniCompile(source: string): RulesUpdateResult {
  if (source === OPEN) return { ok: true, authorizer: { authorize: () => ({ allowed: true }) } };
  if (source === OWNER_ONLY) {
    const authorizer: StorageAuthorizer = {
      authorize: (r) => {
        const m = /^users\/([^/]+)\//.exec(r.path + '/');
        return { allowed: !!m && r.auth?.uid === m[1] };
      },
    };
    return { ok: true, authorizer };
  }
  return { ok: false, error: { message: "Unexpected ';'.", line: 2, column: 68 } };
}

let server: StorageServer;
let env: RulesTestEnvironment | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  await server?.close();
});

async function setup(rules: string) {
  server = await startTestServer({ authorizer: null, onRulesUpdate: miniCompile });
  env = await initializeTestEnvironment({
    projectId: 'demo-rut',
    storage: { host: '127.0.0.1', port: server.port, rules },
  });
  return env;
}

describe('@firebase/rules-unit-testing storage', () => {
  it('loads rules through /internal/setRules and enforces them per context', async () => {
    const env = await setup(OWNER_ONLY);
    const alice = env.authenticatedContext('alice', { plan: 'pro' }).storage();
    const bob = env.authenticatedContext('bob').storage();
    const anon = env.unauthenticatedContext().storage();
    const bytes = new Uint8Array([1, 2, 3]);

    await assertSucceeds(alice.ref('users/alice/a.bin').put(bytes).then());
    await assertFails(bob.ref('users/alice/b.bin').put(bytes).then());
    await assertFails(anon.ref('users/alice/c.bin').put(bytes).then());
    await assertSucceeds(alice.ref('users/alice/a.bin').getMetadata());
    await assertFails(bob.ref('users/alice/a.bin').getMetadata());
    await assertFails(bob.ref('users/alice/a.bin').delete());
    await assertSucceeds(alice.ref('users/alice').listAll());
    await assertFails(anon.ref('users/alice').listAll());
    // The default bucket of rules-unit-testing contexts is the project id.
    expect(server.store.get('demo-rut', 'users/alice/a.bin')).toBeDefined();
  });

  it('withSecurityRulesDisabled bypasses rules, clearStorage empties the root', async () => {
    const env = await setup(OWNER_ONLY);
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage().ref('seed.txt').putString('seed');
      await ctx.storage().ref('users/zed/z.txt').putString('z');
    });
    const anon = env.unauthenticatedContext().storage();
    await assertFails(anon.ref('seed.txt').getDownloadURL());
    await env.clearStorage();
    // clearStorage deletes root items only (it does not recurse), as with the official emulator.
    expect(server.store.get('demo-rut', 'seed.txt')).toBeUndefined();
    expect(server.store.get('demo-rut', 'users/zed/z.txt')).toBeDefined();
  });

  it('open rules allow everything; reloading rules takes effect', async () => {
    const env = await setup(OPEN);
    const anon = env.unauthenticatedContext().storage();
    await assertSucceeds(anon.ref('any/where.txt').putString('hi').then());
    const url = await anon.ref('any/where.txt').getDownloadURL();
    expect(await (await fetch(url)).text()).toBe('hi');
    const resp = await fetch(`${base(server)}/internal/setRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: OWNER_ONLY }] } }),
    });
    expect(resp.status).toBe(200);
    await assertFails(anon.ref('any/where.txt').getMetadata());
  });

  it('reports rule compile errors with position and keeps the previous rules', async () => {
    await expect(setup(BROKEN)).rejects.toThrow(/Unexpected ';'.*line 2, column 68/);
    server.setAuthorizer({ authorize: () => ({ allowed: true }) });
    const resp = await fetch(`${base(server)}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: BROKEN }] } }),
    });
    expect(resp.status).toBe(400);
    const body = await json(resp);
    expect(body.error).toEqual({ code: 400, message: "Unexpected ';'.", line: 2, column: 68 });
    const still = await fetch(`${base(server)}/v0/b/x/o?name=a`, { method: 'POST', body: 'a' });
    expect(still.status).toBe(200);
    const bad = await fetch(`${base(server)}/internal/setRules`, { method: 'PUT', body: '{"rules":{}}' });
    expect(bad.status).toBe(400);
  });
});
