/**
 * The yup document schemas of model/src/schemas.ts agree with firestore.rules: documents are
 * generated field by field from the field types of model/src/fields.ts (`fieldSamples`: values
 * at and around every limit, wrong types, the key absent), each is judged by the document schema
 * (with the write's context) and created through the local cloud, and the two verdicts must be
 * equal — a client-valid document is rules-valid and a rules-valid one is client-valid.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  documentSchemas,
  FIELD_CONTRACTS,
  FIELD_TYPES,
  fieldSamples,
  uniformPermissions,
  type ContractCollection,
  type WriteContext,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { show } from '../src/validation.js';
import {
  createAudit,
  crmBody,
  crmCollectionPath,
  freshId,
  memberDoc,
  NOW,
  ownSequenceId,
  seedWorld,
  sequencePath,
  sequenceSeeds,
  storedAudit,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const seeds: Array<[string, Doc]> = [];
/** A seller with every right (only the document is in question), and the admin for owners. */
const SELLER = 'agreer';
const ADMIN = 'adminA';
const collections = Object.keys(FIELD_CONTRACTS) as ContractCollection[];

interface Case {
  name: string;
  uid: string;
  path: string;
  body: Doc;
  client: boolean;
}

const cases = new Map<ContractCollection, Case[]>();

/** The rules' verdict on creating `body` at `path` as `uid`. */
async function rulesAccept(uid: string, path: string, body: Doc): Promise<boolean> {
  try {
    await setDoc(doc(as(env, uid), path), { ...body, ...createAudit(uid) });
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === 'permission-denied') return false;
    throw e;
  }
}

function plan(c: ContractCollection, uid: string, key: string | null, sampleIndex: number) {
  const id = freshId(`ag_${c}`);
  if (c === 'enrollments')
    seeds.push([
      `${crmCollectionPath('contacts')}/${id}`,
      { ...crmBody('contacts', ADMIN, id), ...storedAudit() },
    ]);
  const body: Doc = crmBody(c, uid, id);
  const ctx = {
    uid,
    orgId: 'orgA',
    id,
    authorName: `User ${uid}`,
    otherMember: 'sellerA',
    folderId: 'folder1',
    now: new Date(NOW),
    searchTokens: body.searchTokens as string[] | undefined,
  };
  let label = 'the valid document';
  if (key === '+organizationId') {
    body.organizationId = 'orgA';
    label = 'an unknown key (organizationId)';
  } else if (key !== null) {
    const value = fieldSamples(c, key, ctx)[sampleIndex];
    if (value === undefined) delete body[key];
    else body[key] = value;
    label = value === undefined ? `${key} absent` : `${key} = ${show(value)}`;
  }
  const context: WriteContext = {
    op: 'create',
    uid,
    orgId: 'orgA',
    id,
    isAdmin: uid === ADMIN,
    authorName: ctx.authorName,
  };
  const client = documentSchemas[c].isValidSync(body, { strict: true, context });
  const list = cases.get(c) ?? [];
  list.push({
    name: `${uid === ADMIN ? 'admin: ' : ''}${label} → ${client ? 'valid' : 'invalid'}`,
    uid,
    // Steps are written by their sequence's owner only: the caller's own sequence.
    path: c === 'steps' ? `${sequencePath(ownSequenceId(uid))}/steps/${id}` : `${crmCollectionPath(c)}/${id}`,
    body,
    client,
  });
  cases.set(c, list);
}

const probe = {
  uid: 'x',
  orgId: 'orgA',
  id: 'x',
  authorName: 'x',
  otherMember: 'x',
  folderId: 'x',
  now: new Date(),
  // As many samples as a document with tokens (every searchable crmBody has some).
  searchTokens: ['ab'],
};
for (const c of collections) {
  const callers = c === 'contacts' || c === 'deals' ? [SELLER, ADMIN] : [SELLER];
  for (const uid of callers) {
    plan(c, uid, null, 0);
    plan(c, uid, '+organizationId', 0);
    for (const key of Object.keys(FIELD_TYPES[c]))
      fieldSamples(c, key, probe).forEach((_, i) => plan(c, uid, key, i));
  }
}

beforeAll(async () => {
  env = await createEnv('agreement');
  await seedWorld(env);
  seeds.push([`organizations/orgA/members/${SELLER}`, memberDoc('seller', uniformPermissions(true), SELLER)]);
  seeds.push(...sequenceSeeds(ownSequenceId(SELLER), SELLER));
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});

describe('the generated documents exercise both verdicts', () => {
  for (const c of collections)
    it(c, () => {
      const list = cases.get(c)!;
      expect(list[0]!.client).toBe(true);
      expect(list.some((x) => !x.client)).toBe(true);
    });
});

for (const c of collections) {
  describe.concurrent(`${c}: document schema and rules agree`, () => {
    for (const x of cases.get(c)!)
      it(x.name, async () => {
        expect(await rulesAccept(x.uid, x.path, x.body)).toBe(x.client);
      });
  });
}
