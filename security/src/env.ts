/**
 * The test environment: @firebase/rules-unit-testing against the local cloud. Hosts come from
 * FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST (set by the root `npm test`),
 * defaulting to the standard ports. Each test file uses its own project id, so its data and
 * rules never meet another file's.
 */
import { readFileSync } from 'node:fs';

import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';

const root = new URL('../../', import.meta.url);

function hostPort(value: string | undefined, fallbackPort: number): { host: string; port: number } {
  const v = (value ?? '').replace(/^https?:\/\//, '').replace(/\/$/, '');
  if (!v) return { host: '127.0.0.1', port: fallbackPort };
  const i = v.lastIndexOf(':');
  return { host: v.slice(0, i), port: Number(v.slice(i + 1)) };
}

export const firestoreHost = hostPort(process.env.FIRESTORE_EMULATOR_HOST, 8080);
export const storageHost = hostPort(process.env.FIREBASE_STORAGE_EMULATOR_HOST, 9199);

export const firestoreRules = readFileSync(new URL('firestore.rules', root), 'utf8');
export const storageRules = readFileSync(new URL('storage.rules', root), 'utf8');

/** A fresh environment: its project's data is cleared, so the suite reruns on a long-lived cloud. */
export async function createEnv(name: string, withStorage = false): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId: `demo-trato-security-${name}`,
    firestore: { ...firestoreHost, rules: firestoreRules },
    ...(withStorage ? { storage: { ...storageHost, rules: storageRules } } : {}),
  });
  await env.clearFirestore();
  if (withStorage) await clearBucket(env);
  return env;
}

/** Deletes every object of the project's bucket (clearStorage() only empties the top level). */
async function clearBucket(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    type Folder = ReturnType<ReturnType<typeof context.storage>['ref']>;
    const empty = async (folder: Folder): Promise<void> => {
      const { items, prefixes } = await folder.listAll();
      await Promise.all([...items.map((item) => item.delete()), ...prefixes.map(empty)]);
    };
    await empty(context.storage().ref());
  });
}
