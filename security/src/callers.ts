/** One Firestore (and Storage) client per caller, cached per environment. */
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';

import type { RoleDef } from './roles.js';

const contexts = new WeakMap<RulesTestEnvironment, Map<string, RulesTestContext>>();

export function contextFor(
  env: RulesTestEnvironment,
  r: Pick<RoleDef, 'uid' | 'superadmin'>,
  claims: Record<string, unknown> = {},
): RulesTestContext {
  let cache = contexts.get(env);
  if (!cache) contexts.set(env, (cache = new Map()));
  const key = `${r.uid ?? '-'}|${r.superadmin ? 'super' : ''}|${JSON.stringify(claims)}`;
  let ctx = cache.get(key);
  if (!ctx) {
    ctx = r.uid
      ? env.authenticatedContext(r.uid, { ...(r.superadmin ? { superadmin: true } : {}), ...claims })
      : env.unauthenticatedContext();
    cache.set(key, ctx);
  }
  return ctx;
}

export function dbFor(
  env: RulesTestEnvironment,
  r: Pick<RoleDef, 'uid' | 'superadmin'>,
  claims?: Record<string, unknown>,
): Firestore {
  return contextFor(env, r, claims).firestore() as unknown as Firestore;
}

export function storageFor(
  env: RulesTestEnvironment,
  r: Pick<RoleDef, 'uid' | 'superadmin'>,
): FirebaseStorage {
  return contextFor(env, r).storage() as unknown as FirebaseStorage;
}

/** A caller by uid only (attack cases). */
export const as = (env: RulesTestEnvironment, uid: string | null, claims?: Record<string, unknown>) =>
  dbFor(env, { uid }, claims);
