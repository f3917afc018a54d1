/** The rules engine plugged into the Firestore engine through its Authorizer seam. */
import { describe, expect, it } from 'vitest';
import { createFirestoreEngine } from '../../src/firestore/engine.js';
import { OWNER, type Caller, type Filter } from '../../src/firestore/model.js';
import { CoverageRecorder, firestoreRules } from '../../src/rules/index.js';
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

  it('queries, aggregations and listen targets: one evaluation per collection unless the rule reads the document', async () => {
    const engine = createFirestoreEngine({ projectId: 'demo-rules' });
    const denials: string[] = [];
    const coverage = new CoverageRecorder();
    const rules = firestoreRules({ coverage, onDenied: (d) => denials.push(d.reason) });
    engine.setAuthorizer(rules.authorizer);
    const member = `get(/databases/$(database)/documents/organizations/$(org)/members/$(request.auth.uid)).data.role == 'seller'`;
    const loaded = rules.load(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /organizations/{org}/deals/{id} {
      allow list: if ${member};
    }
    match /notes/{id} {
      allow list: if resource.data.visibility == 'public' ? true : true;
    }
  }
}`);
    expect(loaded.ok).toBe(true);
    const org = `${DOCS}/organizations/acme`;
    await engine.commit(OWNER, DB, [
      { update: { name: `${org}/members/alice`, fields: toFields({ role: 'seller' }) } },
      ...Array.from({ length: 300 }, (_, i) => ({
        update: { name: `${org}/deals/d${i}`, fields: toFields({ amount: i }) },
      })),
      { update: { name: `${DOCS}/notes/n1`, fields: toFields({ visibility: 'public' }) } },
      { update: { name: `${DOCS}/notes/n2`, fields: toFields({}) } },
    ]);
    const alice = user('alice');
    const evaluations = () => coverage.report().expressions.find((e) => e.text === member)!.counts.true;

    const deals = { from: [{ collectionId: 'deals' }] };
    const sum = await engine.runAggregationQuery(alice, org, {
      structuredQuery: deals,
      aggregations: [
        { alias: 'n', count: {} },
        { alias: 's', sum: { field: { fieldPath: 'amount' } } },
      ],
    });
    expect(sum.aggregateFields).toEqual({ n: { integerValue: 300n }, s: { integerValue: 44850n } });
    expect(evaluations()).toBe(2); // the query, then one evaluation for the 300 documents
    expect((await engine.runQuery(alice, org, deals)).documents).toHaveLength(300);
    expect(evaluations()).toBe(4);
    const stream = engine.listen(alice, DB, () => undefined);
    stream.addTarget({ targetId: 1, query: { parent: org, structuredQuery: deals } });
    expect(evaluations()).toBe(6);
    stream.close();

    // The query-level check accepts `unknown ? true : true`; n2, without the field, errors.
    const notes = {
      structuredQuery: { from: [{ collectionId: 'notes' }] },
      aggregations: [{ alias: 'n', count: {} }],
    };
    await expect(engine.runAggregationQuery(alice, DOCS, notes)).rejects.toMatchObject({ code: 7 });
    expect(denials.at(-1)).toMatch(/notes\/n2 is not readable/);
  });
});
