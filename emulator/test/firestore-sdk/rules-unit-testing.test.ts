/**
 * @firebase/rules-unit-testing as the judge of the admin endpoints (PUT ...:securityRules,
 * DELETE .../documents) and of per-caller authentication over gRPC.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment } from '@firebase/rules-unit-testing';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { firestoreRules } from '../../src/rules/index.js';
import { startFirestoreServer } from '../../src/server.js';
import type { FirestoreServer } from '../../src/server.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{uid}/{rest=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /public/{id} {
      allow read: if true;
      allow write: if request.auth.token.admin == true;
    }
  }
}`;

let server: FirestoreServer;
let env: RulesTestEnvironment | undefined;

/** An emulator with the rules engine plugged in, as the CLI does it. */
beforeEach(async () => {
  const rules = firestoreRules({ noRuleset: 'allow' });
  server = await startFirestoreServer({
    port: 0,
    projectId: 'demo-rut',
    quiet: true,
    onRulesUpdate: rules.onRulesUpdate,
  });
  server.engine.setAuthorizer(rules.authorizer);
});

afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  await server.close();
});

it('loads rules, enforces them per caller and clears data', async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-rut',
    firestore: { host: '127.0.0.1', port: server.port, rules: RULES },
  });

  const alice = env.authenticatedContext('alice').firestore();
  const bob = env.authenticatedContext('bob').firestore();
  const anon = env.unauthenticatedContext().firestore();
  const admin = env.authenticatedContext('root', { admin: true }).firestore();

  await assertSucceeds(setDoc(doc(alice, 'notes/alice/items/1'), { text: 'mine' }));
  await assertSucceeds(getDoc(doc(alice, 'notes/alice/items/1')));
  await assertFails(getDoc(doc(bob, 'notes/alice/items/1')));
  await assertFails(setDoc(doc(anon, 'notes/alice/items/2'), { text: 'nope' }));
  await assertFails(setDoc(doc(alice, 'public/p'), { v: 1 }));
  await assertSucceeds(setDoc(doc(admin, 'public/p'), { v: 1 }));
  await assertSucceeds(getDoc(doc(anon, 'public/p')));

  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), 'notes/bob/items/9'), { seeded: true });
  });
  expect((await getDoc(doc(bob, 'notes/bob/items/9'))).data()).toEqual({ seeded: true });

  await env.clearFirestore();
  expect((await getDoc(doc(bob, 'notes/bob/items/9'))).exists()).toBe(false);
});

it('reports a rules error with its position', async () => {
  await expect(
    initializeTestEnvironment({
      projectId: 'demo-rut',
      firestore: {
        host: '127.0.0.1',
        port: server.port,
        rules: "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ; }\n}",
      },
    }),
  ).rejects.toThrow(/line 3/);
});

it('answers the official emulator endpoints', async () => {
  // Without a rules hook, rules cannot be loaded and the emulator says so.
  const bare = await startFirestoreServer({ port: 0, projectId: 'demo-rut', quiet: true });
  const base = `http://127.0.0.1:${bare.port}`;
  expect(await (await fetch(`${base}/`)).text()).toMatch(/^Ok/);
  const put = await fetch(`${base}/emulator/v1/projects/demo-rut:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content: RULES }] } }),
  });
  expect(put.status).toBe(501);
  const exported = (await (await fetch(`${base}/emulator/v1/projects/demo-rut:export`)).json()) as {
    format: string;
  };
  expect(exported.format).toBe('trato-firestore-export');
  await bare.close();
});
