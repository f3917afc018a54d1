/**
 * The full access matrix: every role × every target × get, list, create, update, delete, with
 * the verdict taken from the single table in src/matrix.ts.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { dbFor } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { expected, OPS, TARGET_NAMES } from '../src/matrix.js';
import { ROLES } from '../src/roles.js';
import { perform } from '../src/targets.js';
import { seedWorld } from '../src/world.js';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await createEnv('matrix');
  await seedWorld(env);
});

afterAll(async () => {
  await env?.cleanup();
});

for (const target of TARGET_NAMES) {
  describe.concurrent(target, () => {
    for (const role of ROLES)
      for (const op of OPS) {
        const allow = expected(role, target, op);
        it(`${role.key} ${op} → ${allow ? 'allow' : 'deny'}`, async () => {
          const { request } = await perform(env, dbFor(env, role), role, target, op);
          if (allow) await assertSucceeds(request);
          else await assertFails(request);
        });
      }
  });
}
