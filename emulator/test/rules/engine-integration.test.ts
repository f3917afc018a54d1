/** The rules engine plugged into the Firestore engine through its Authorizer seam. */
import { describe, expect, it } from 'vitest';
import { createFirestoreEngine } from '../../src/firestore/engine.js';
import { OWNER, type Caller, type Filter } from '../../src/firestore/model.js';
import { firestoreRules } from '../../src/rules/index.js';
import { toFields, toValue } from './vectors.js';

const DB = 'projects/demo-rules/databases/(default)';
const DOCS = `${DB}/documents`;
const user = (uid: string): Caller => ({ kind: 'user', auth: { uid, token: { sub: uid } } });
const eq = (field: string, value: unknown): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: toValue(value) },
});

describe('rules through the Firestore engine', () => {
  it('enforces get, list (rules are not filters), and batched writes with getAfter', async () => {
    const engine = createFirestoreEngine({ projectId: 'demo-rules' });
    const denials: string[] = [];
    const rules = firestoreRules({ onDenied: (d) => denials.push(d.reason) });
    engine.setAuthorizer(rules.authorizer);
    const loaded = rules.load(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /stories/{id} {
      allow read: if resource.data.owner == request.auth.uid;
      allow create: if request.resource.data.owner == request.auth.uid
        && getAfter(/databases/$(database)/documents/counters/$(request.auth.uid)).data.n
           == get(/databases/$(database)/documents/counters/$(request.auth.uid)).data.n + 1;
    }
    match /counters/{uid} {
      allow update: if uid == request.auth.uid
        && existsAfter(/databases/$(database)/documents/stories/$(request.resource.data.last));
    }
  }
}`);
    expect(loaded.ok).toBe(true);

    await engine.commit(OWNER, DB, [
      { update: { name: `${DOCS}/stories/a1`, fields: toFields({ owner: 'alice' }) } },
      { update: { name: `${DOCS}/stories/b1`, fields: toFields({ owner: 'bob' }) } },
      { update: { name: `${DOCS}/counters/alice`, fields: toFields({ n: 1, last: 'a1' }) } },
    ]);

    const alice = user('alice');
    const got = await engine.batchGet(alice, DB, [`${DOCS}/stories/a1`]);
    expect(got.results[0].found?.name).toBe(`${DOCS}/stories/a1`);
    await expect(engine.batchGet(alice, DB, [`${DOCS}/stories/b1`])).rejects.toMatchObject({ code: 7 });

    const mine = await engine.runQuery(alice, DOCS, {
      from: [{ collectionId: 'stories' }],
      where: eq('owner', 'alice'),
    });
    expect(mine.documents.map((d) => d.name)).toEqual([`${DOCS}/stories/a1`]);
    await expect(engine.runQuery(alice, DOCS, { from: [{ collectionId: 'stories' }] })).rejects.toMatchObject(
      { code: 7 },
    );
    expect(denials.at(-1)).toMatch(/rules are not filters/);

    // A batch: the new story and the counter bump must be written together.
    const story = { update: { name: `${DOCS}/stories/a2`, fields: toFields({ owner: 'alice' }) } };
    const bump = { update: { name: `${DOCS}/counters/alice`, fields: toFields({ n: 2, last: 'a2' }) } };
    await expect(engine.commit(alice, DB, [story])).rejects.toMatchObject({ code: 7 });
    await engine.commit(alice, DB, [story, bump]);
    const after = await engine.batchGet(OWNER, DB, [`${DOCS}/stories/a2`]);
    expect(after.results[0].found).toBeDefined();
  });
});
