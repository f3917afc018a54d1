import { describe, expect, it } from 'vitest';
import { firestoreRules, storageRulesHolder } from '../../src/rules/index.js';

const OPEN = `rules_version = '2';
service cloud.firestore { match /databases/{database}/documents { match /{d=**} { allow read: if true; } } }`;

describe('rules holder', () => {
  it('installs a ruleset, keeps the previous one on error, and rejects the wrong service', () => {
    const rules = firestoreRules();
    const req = {
      method: 'get' as const,
      name: 'projects/p/databases/(default)/documents/a/b',
      resource: null,
      caller: { kind: 'user' as const, auth: null },
      time: { seconds: 0, nanos: 0 },
      database: 'projects/p/databases/(default)',
      lookup: { get: () => null, getAfter: () => null },
    };
    expect(rules.authorizer.authorize(req).allowed).toBe(false);
    expect(rules.loadFiles([{ name: 'firestore.rules', content: OPEN }]).ok).toBe(true);
    expect(rules.authorizer.authorize(req).allowed).toBe(true);
    const bad = rules.load(
      "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if (; }\n}",
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors[0].line).toBe(3);
      expect(bad.message).toMatch(/^firestore\.rules:3:\d+: /);
    }
    expect(rules.authorizer.authorize(req).allowed).toBe(true);
    expect(rules.onRulesUpdate('service cloud.firestore {')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(rules.onRulesUpdate(OPEN)).toEqual({ ok: true });
    const wrong = storageRulesHolder().load(OPEN);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.message).toMatch(/Expected service firebase.storage/);
  });
});
