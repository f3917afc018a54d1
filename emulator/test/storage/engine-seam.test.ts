/**
 * The seam with the project's rules engine (src/rules) through src/storage/rules.ts: real
 * storage.rules text loaded via /internal/setRules (rules-unit-testing) and enforced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { storageRules } from '../../src/storage/rules.js';
import { startStorageServer, type StorageServer } from '../../src/storage/server.js';
import { base, json } from './helpers.js';

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow write: if request.auth != null && request.auth.uid == uid
        && request.resource.size < 1024 && request.resource.contentType.matches('text/.*');
    }
  }
}`;

let server: StorageServer;
let env: RulesTestEnvironment | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  await server?.close();
});

describe('storage rules engine seam', () => {
  it('enforces real rules loaded through setRules', async () => {
    const rules = storageRules();
    server = await startStorageServer({ port: 0, quiet: true, log: () => {}, ...rules.serverOptions() });
    // Nothing loaded yet: the official message.
    const before = await fetch(`${base(server)}/v0/b/demo-seam/o/users%2Fa%2Fx.txt`);
    expect((await json(before)).error.message).toBe(
      'Permission denied. Storage Emulator has no loaded ruleset.',
    );

    env = await initializeTestEnvironment({
      projectId: 'demo-seam',
      storage: { host: '127.0.0.1', port: server.port, rules: RULES },
    });
    const alice = env.authenticatedContext('alice').storage();
    const bob = env.authenticatedContext('bob').storage();
    await assertSucceeds(
      alice.ref('users/alice/a.txt').putString('hi', 'raw', { contentType: 'text/plain' }).then(),
    );
    await assertFails(
      alice.ref('users/alice/a.png').putString('hi', 'raw', { contentType: 'image/png' }).then(),
    );
    await assertFails(
      alice
        .ref('users/alice/big.txt')
        .putString('x'.repeat(2000), 'raw', { contentType: 'text/plain' })
        .then(),
    );
    await assertFails(bob.ref('users/alice/a.txt').getMetadata());
    await assertSucceeds(alice.ref('users/alice/a.txt').getMetadata());
    await assertSucceeds(alice.ref('users/alice').listAll());
    await assertFails(bob.ref('users/alice').listAll());
  });

  it('rejects a broken ruleset with its position', async () => {
    const rules = storageRules();
    server = await startStorageServer({ port: 0, quiet: true, log: () => {}, ...rules.serverOptions() });
    const r = await fetch(`${base(server)}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify({
        rules: {
          files: [{ name: 'storage.rules', content: "rules_version = '2';\nservice firebase.storage {" }],
        },
      }),
    });
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.error.line).toBe(2);
    expect(typeof body.error.column).toBe('number');
  });
});
