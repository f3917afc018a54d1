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
import { planCell, type Cell } from '../src/targets.js';
import { seedWorld, writeAll, type Doc } from '../src/world.js';
import type { Firestore } from 'firebase/firestore';

let env: RulesTestEnvironment;

const cells = new Map<string, Cell>();
for (const target of TARGET_NAMES)
  for (const role of ROLES)
    for (const op of OPS) cells.set(`${target}|${role.key}|${op}`, planCell(role, target, op));

beforeAll(async () => {
  env = await createEnv('matrix');
  await seedWorld(env);
  const seeds: Array<[string, Doc]> = [...cells.values()].flatMap((c) => c.seeds);
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
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
          const request = cells.get(`${target}|${role.key}|${op}`)!.run(dbFor(env, role));
          if (allow) await assertSucceeds(request);
          else await assertFails(request);
        });
      }
  });
}
