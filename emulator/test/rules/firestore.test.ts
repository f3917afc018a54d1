/** The Firestore Authorizer: request/resource binding, lookups and their budget, matching,
 *  batches with getAfter, list provability ("rules are not filters"), denial reasons, coverage. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccessRequest, DataLookup, ListRequest } from '../../src/firestore/access.js';
import type { Document, Filter, StructuredQuery, Timestamp, Value } from '../../src/firestore/model.js';
import { CoverageRecorder } from '../../src/rules/coverage.js';
import { createFirestoreAuthorizer, type DenialInfo } from '../../src/rules/firestore.js';
import type { Ruleset } from '../../src/rules/loader.js';
import { mustLoad } from './helpers.js';
import { toFields, toValue } from './vectors.js';

const DB = 'projects/demo/databases/(default)';
const DOCS = `${DB}/documents`;
const T: Timestamp = { seconds: 1_700_000_000, nanos: 5 };

function doc(path: string, fields: Record<string, unknown>): Document {
  return { name: `${DOCS}/${path}`, fields: toFields(fields), createTime: T, updateTime: T };
}

function store(...docs: Document[]): DataLookup & { reads: string[] } {
  const m = new Map(docs.map((d) => [d.name, d]));
  const reads: string[] = [];
  return {
    reads,
    get: (n) => (reads.push(n), m.get(n) ?? null),
    getAfter: (n) => (reads.push(`after:${n}`), m.get(n) ?? null),
  };
}

const user = (uid: string | null, token: Record<string, unknown> = {}) => ({
  kind: 'user' as const,
  auth: uid === null ? null : { uid, token: { sub: uid, ...token } },
});

function rules(body: string, version = "rules_version = '2';"): Ruleset {
  return mustLoad(
    `${version}\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}`,
    'firestore.rules',
  );
}

function authz(rs: Ruleset, denials: DenialInfo[] = [], coverage?: CoverageRecorder) {
  return createFirestoreAuthorizer(() => rs, { onDenied: (d) => denials.push(d), coverage });
}

function get(
  path: string,
  uid: string | null,
  lookup: DataLookup = store(),
  token: Record<string, unknown> = {},
): AccessRequest {
  const name = `${DOCS}/${path}`;
  return {
    method: 'get',
    name,
    resource: lookup.get(name),
    caller: user(uid, token),
    time: T,
    database: DB,
    lookup,
  };
}

function write(
  method: 'create' | 'update' | 'delete',
  path: string,
  uid: string | null,
  data: Record<string, unknown> | null,
  lookup: DataLookup = store(),
): AccessRequest {
  const name = `${DOCS}/${path}`;
  return {
    method,
    name,
    resource: lookup.get(name),
    requestResource: data ? doc(path, data) : null,
    caller: user(uid),
    time: T,
    database: DB,
    lookup,
  };
}

const eq = (field: string, value: unknown): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: toValue(value) },
});
const op = (
  field: string,
  o: 'IN' | 'LESS_THAN' | 'GREATER_THAN' | 'ARRAY_CONTAINS' | 'NOT_EQUAL' | 'GREATER_THAN_OR_EQUAL',
  value: unknown,
): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: o, value: toValue(value) },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });

function list(
  collection: string,
  uid: string | null,
  q: Partial<StructuredQuery> = {},
  results: Document[] = [],
  parent = DOCS,
  allDescendants = false,
): ListRequest {
  return {
    method: 'list',
    parent,
    query: { from: [{ collectionId: collection, allDescendants }], ...q },
    results,
    caller: user(uid),
    time: T,
    database: DB,
    lookup: store(),
  };
}

describe('request and resource', () => {
  const rs = rules(`
    match /docs/{id} {
      allow get: if request.auth.uid == resource.data.owner
        && request.method == 'get'
        && request.path == /databases/$(database)/documents/docs/$(id)
        && resource.id == id
        && resource.__name__ == /databases/$(database)/documents/docs/$(id)
        && request.time == timestamp.value(1700000000000) + duration.value(5, 'ns')
        && request.auth.token.sub == request.auth.uid;
      allow create: if request.resource.data.owner == request.auth.uid && resource == null
        && request.resource.id == id;
      allow update: if resource.data.owner == request.auth.uid
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title']);
      allow delete: if resource != null && request.auth.token.admin == true;
    }`);
  const s = store(doc('docs/d1', { owner: 'alice', title: 'x', n: 1, f: 1.5 }));
  it('binds auth, method, path, time and resource with id and __name__', () => {
    expect(authz(rs).authorize(get('docs/d1', 'alice', s)).allowed).toBe(true);
    expect(authz(rs).authorize(get('docs/d1', 'bob', s)).allowed).toBe(false);
  });
  it('request.auth is null when signed out', () => {
    expect(authz(rs).authorize(get('docs/d1', null, s)).allowed).toBe(false);
    const r2 = rules(`    match /p/{id} { allow get: if request.auth == null; }`);
    expect(authz(r2).authorize(get('p/x', null)).allowed).toBe(true);
  });
  it('resource is null for a missing document', () => {
    const r2 = rules(`    match /p/{id} { allow get: if resource == null; }`);
    expect(authz(r2).authorize(get('p/missing', 'a')).allowed).toBe(true);
  });
  it('create/update/delete see request.resource and resource', () => {
    expect(authz(rs).authorize(write('create', 'docs/new', 'alice', { owner: 'alice' }, s)).allowed).toBe(
      true,
    );
    expect(authz(rs).authorize(write('create', 'docs/new', 'alice', { owner: 'bob' }, s)).allowed).toBe(
      false,
    );
    expect(
      authz(rs).authorize(
        write('update', 'docs/d1', 'alice', { owner: 'alice', title: 'y', n: 1, f: 1.5 }, s),
      ).allowed,
    ).toBe(true);
    expect(
      authz(rs).authorize(
        write('update', 'docs/d1', 'alice', { owner: 'alice', title: 'x', n: 2, f: 1.5 }, s),
      ).allowed,
    ).toBe(false);
    expect(authz(rs).authorize(write('delete', 'docs/d1', 'alice', null, s)).allowed).toBe(false);
  });
  it('converts every Firestore type', () => {
    const r2 = rules(`    match /p/{id} { allow get: if resource.data.i is int && resource.data.d is float
      && resource.data.t is timestamp && resource.data.g is latlng && resource.data.r is path
      && resource.data.b is bytes && resource.data.a is list && resource.data.m is map
      && resource.data.r == /databases/(default)/documents/x/y && resource.data.g.latitude() == 1.5
      && resource.data.t.nanos() == 7 && resource.data.b.size() == 2 && resource.data.n == null; }`);
    const fields: Record<string, Value> = {
      i: { integerValue: 5n },
      d: { doubleValue: 5 },
      t: { timestampValue: { seconds: 10, nanos: 7 } },
      g: { geoPointValue: { latitude: 1.5, longitude: 2 } },
      r: { referenceValue: `${DOCS}/x/y` },
      b: { bytesValue: Uint8Array.of(1, 2) },
      a: { arrayValue: { values: [] } },
      m: { mapValue: { fields: {} } },
      n: { nullValue: null },
    };
    const d: Document = { name: `${DOCS}/p/x`, fields, createTime: T, updateTime: T };
    expect(authz(r2).authorize(get('p/x', 'a', store(d))).allowed).toBe(true);
  });
  it('the owner bypasses rules', () => {
    const r = get('docs/d1', null, s);
    expect(authz(rs).authorize({ ...r, caller: { kind: 'owner' } }).allowed).toBe(true);
  });
});

describe('path matching', () => {
  it('read and write expand to their methods; overlapping matches OR together', () => {
    const rs = rules(`
    match /a/{id} { allow read: if false; allow write: if request.auth != null; }
    match /{coll}/{id} { allow get: if coll == 'a' && id == 'open'; }`);
    expect(authz(rs).authorize(get('a/open', null)).allowed).toBe(true);
    expect(authz(rs).authorize(get('a/closed', null)).allowed).toBe(false);
    expect(authz(rs).authorize(write('create', 'a/x', 'u', {})).allowed).toBe(true);
    expect(authz(rs).authorize(write('delete', 'a/x', 'u', null)).allowed).toBe(true);
  });

  it('v2 recursive wildcards match zero or more segments, anywhere', () => {
    const rs = rules(`
    match /cities/{city}/{rest=**} { allow get: if rest == path('') || rest[0] == 'landmarks'; }
    match /{path=**}/posts/{post} { allow get: if post == 'p1'; }`);
    expect(authz(rs).authorize(get('cities/SF', null)).allowed).toBe(true);
    expect(authz(rs).authorize(get('cities/SF/landmarks/x', null)).allowed).toBe(true);
    expect(authz(rs).authorize(get('cities/SF/other/x', null)).allowed).toBe(false);
    expect(authz(rs).authorize(get('users/u/posts/p1', null)).allowed).toBe(true);
    expect(authz(rs).authorize(get('posts/p1', null)).allowed).toBe(true);
  });

  it('v1 recursive wildcards match one or more trailing segments', () => {
    const rs = rules(`    match /cities/{city}/{rest=**} { allow get: if true; }`, '');
    expect(rs.version).toBe(1);
    expect(authz(rs).authorize(get('cities/SF', null)).allowed).toBe(false);
    expect(authz(rs).authorize(get('cities/SF/landmarks/x', null)).allowed).toBe(true);
  });

  it('partial matches only descend', () => {
    const rs = rules(`    match /parents/{p} { match /children/{c} { allow get: if true; } }`);
    expect(authz(rs).authorize(get('parents/p1', null)).allowed).toBe(false);
    expect(authz(rs).authorize(get('parents/p1/children/c1', null)).allowed).toBe(true);
  });
});

describe('get(), exists(), getAfter(), existsAfter()', () => {
  const rs = rules(`
    function role() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role; }
    match /posts/{id} {
      allow get: if exists(/databases/$(database)/documents/users/$(request.auth.uid)) && role() == 'admin';
      allow create: if getAfter(/databases/$(database)/documents/users/$(request.auth.uid)).data.posts == 1
        && existsAfter(request.path);
      allow update: if get(/databases/$(database)/documents/missing/x) == null
        && !exists(/databases/$(database)/documents/missing/x);
    }
    match /many/{id} {
      allow get: if ${Array.from({ length: 11 }, (_, i) => `exists(/databases/$(database)/documents/c/d${i})`).join(' || ')} || true;
      allow list: if ${Array.from({ length: 10 }, (_, i) => `!exists(/databases/$(database)/documents/c/d${i})`).join(' && ')}
        && !exists(/databases/$(database)/documents/c/d0);
    }
    match /bad/{id} { allow get: if exists(/databases/$(database)/documents/c); }`);
  it('read the DataLookup, cache per request (one read per document)', () => {
    const s = store(doc('users/alice', { role: 'admin' }), doc('posts/p', {}));
    const req = get('posts/p', 'alice', s);
    s.reads.length = 0;
    expect(authz(rs).authorize(req).allowed).toBe(true);
    expect(s.reads).toEqual([`${DOCS}/users/alice`]);
    expect(authz(rs).authorize(get('posts/p', 'bob', s)).allowed).toBe(false);
  });
  it('missing documents: get() is null and exists() is false', () => {
    const s = store(doc('posts/p', {}));
    expect(authz(rs).authorize(write('update', 'posts/p', 'a', {}, s)).allowed).toBe(true);
  });
  it('more than 10 distinct documents denies; repeated documents count once', () => {
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(get('many/x', 'a')).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/10 document access calls/);
    const l = list('many', 'a');
    expect(authz(rs).authorize(l).allowed).toBe(true);
  });
  it('paths must be fully specified documents', () => {
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(get('bad/x', 'a')).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/Invalid document path/);
  });

  it('batches: getAfter sees the whole commit, the batch budget is 20', () => {
    const committed = new Map<string, Document>();
    const after = new Map<string, Document>([
      [`${DOCS}/users/alice`, doc('users/alice', { posts: 1 })],
      [`${DOCS}/posts/p1`, doc('posts/p1', { title: 't' })],
    ]);
    const lookup: DataLookup = {
      get: (n) => committed.get(n) ?? null,
      getAfter: (n) => after.get(n) ?? null,
    };
    const a = authz(rs);
    expect(a.authorize(write('create', 'posts/p1', 'alice', { title: 't' }, lookup)).allowed).toBe(true);
    after.delete(`${DOCS}/users/alice`);
    expect(a.authorize(write('create', 'posts/p1', 'alice', { title: 't' }, lookup)).allowed).toBe(false);

    const batchRules = rules(`
    match /w/{id} {
      allow create: if ${Array.from({ length: 8 }, (_, i) => `!existsAfter(/databases/$(database)/documents/c/$(id)${i})`).join(' && ')};
    }`);
    const shared: DataLookup = { get: () => null, getAfter: () => null };
    const b = authz(batchRules);
    // 8 distinct documents per write: writes 1 and 2 fit in 20, the third exceeds the batch.
    expect(b.authorize(write('create', 'w/a', 'u', {}, shared)).allowed).toBe(true);
    expect(b.authorize(write('create', 'w/b', 'u', {}, shared)).allowed).toBe(true);
    expect(b.authorize(write('create', 'w/c', 'u', {}, shared)).allowed).toBe(false);
  });
});

describe('list: rules are not filters', () => {
  const rs = rules(`
    match /stories/{id} {
      allow list: if request.auth != null && resource.data.owner == request.auth.uid;
    }
    match /published/{id} {
      allow list: if resource.data.published == true || resource.data.author == request.auth.uid;
    }
    match /limited/{id} {
      allow list: if request.query.limit <= 10;
    }
    match /ranked/{id} {
      allow list: if resource.data.score > 10;
    }
    match /tagged/{id} {
      allow list: if request.auth.uid in resource.data.members;
    }
    match /visible/{id} {
      allow list: if resource.data.visibility in ['public', 'team'];
    }
    match /{path=**}/comments/{id} {
      allow list: if resource.data.owner == request.auth.uid;
    }
    match /users/{uid}/notes/{id} {
      allow list: if uid == request.auth.uid;
      allow get: if false;
    }`);

  it('allows a query constrained like the rule (owner == uid)', () => {
    expect(authz(rs).authorize(list('stories', 'alice', { where: eq('owner', 'alice') })).allowed).toBe(true);
  });
  it('refuses an unconstrained query and says why', () => {
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(list('stories', 'alice')).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/rules are not filters/);
    expect(denials[0].reason).toMatch(/resource\.data\.owner/);
    expect(denials[0].reason).toMatch(/firestore\.rules:6:7/);
  });
  it('refuses a query constrained to someone else', () => {
    expect(authz(rs).authorize(list('stories', 'alice', { where: eq('owner', 'bob') })).allowed).toBe(false);
  });
  it('in lists are checked per value', () => {
    expect(
      authz(rs).authorize(list('stories', 'alice', { where: op('owner', 'IN', ['alice']) })).allowed,
    ).toBe(true);
    expect(
      authz(rs).authorize(list('stories', 'alice', { where: op('owner', 'IN', ['alice', 'bob']) })).allowed,
    ).toBe(false);
    expect(
      authz(rs).authorize(list('visible', 'a', { where: op('visibility', 'IN', ['public', 'team']) }))
        .allowed,
    ).toBe(true);
    expect(
      authz(rs).authorize(list('visible', 'a', { where: op('visibility', 'IN', ['public', 'private']) }))
        .allowed,
    ).toBe(false);
  });
  it('OR queries are checked per disjunct', () => {
    const ok = or(eq('published', true), eq('author', 'alice'));
    expect(authz(rs).authorize(list('published', 'alice', { where: ok })).allowed).toBe(true);
    const bad = or(eq('published', true), eq('author', 'bob'));
    expect(authz(rs).authorize(list('published', 'alice', { where: bad })).allowed).toBe(false);
    const nested = and(
      eq('kind', 'x'),
      or(eq('published', true), and(eq('author', 'alice'), eq('published', false))),
    );
    expect(authz(rs).authorize(list('published', 'alice', { where: nested })).allowed).toBe(true);
  });
  it('request.query.limit', () => {
    expect(authz(rs).authorize(list('limited', 'a', { limit: 5 })).allowed).toBe(true);
    expect(authz(rs).authorize(list('limited', 'a', { limit: 50 })).allowed).toBe(false);
    expect(authz(rs).authorize(list('limited', 'a')).allowed).toBe(false);
  });
  it('range filters that imply the rule', () => {
    expect(authz(rs).authorize(list('ranked', 'a', { where: op('score', 'GREATER_THAN', 20) })).allowed).toBe(
      true,
    );
    expect(authz(rs).authorize(list('ranked', 'a', { where: op('score', 'GREATER_THAN', 10) })).allowed).toBe(
      true,
    );
    expect(
      authz(rs).authorize(list('ranked', 'a', { where: op('score', 'GREATER_THAN_OR_EQUAL', 10) })).allowed,
    ).toBe(false);
    expect(authz(rs).authorize(list('ranked', 'a', { where: op('score', 'LESS_THAN', 50) })).allowed).toBe(
      false,
    );
  });
  it('array-contains satisfies `uid in resource.data.members`', () => {
    expect(
      authz(rs).authorize(list('tagged', 'alice', { where: op('members', 'ARRAY_CONTAINS', 'alice') }))
        .allowed,
    ).toBe(true);
    expect(
      authz(rs).authorize(list('tagged', 'alice', { where: op('members', 'ARRAY_CONTAINS', 'bob') })).allowed,
    ).toBe(false);
  });
  it('collection-group queries need a recursive-wildcard rule', () => {
    const cg = (uid: string, f?: Filter) => list('comments', uid, f ? { where: f } : {}, [], DOCS, true);
    expect(authz(rs).authorize(cg('alice', eq('owner', 'alice'))).allowed).toBe(true);
    expect(authz(rs).authorize(cg('alice')).allowed).toBe(false);
    expect(
      authz(rs).authorize(list('stories', 'alice', { where: eq('owner', 'alice') }, [], DOCS, true)).allowed,
    ).toBe(false);
  });
  it('path wildcards bound by the query parent decide list rules', () => {
    expect(authz(rs).authorize(list('notes', 'alice', {}, [], `${DOCS}/users/alice`)).allowed).toBe(true);
    expect(authz(rs).authorize(list('notes', 'bob', {}, [], `${DOCS}/users/alice`)).allowed).toBe(false);
  });
  it('never returns a document the rule would refuse', () => {
    const mine = doc('stories/s1', { owner: 'alice' });
    const theirs = doc('stories/s2', { owner: 'bob' });
    const q = { where: eq('owner', 'alice') };
    expect(authz(rs).authorize(list('stories', 'alice', q, [mine])).allowed).toBe(true);
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(list('stories', 'alice', q, [mine, theirs])).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/stories\/s2 is not readable/);
  });
});

describe('list: the per-document check', () => {
  const member = doc('organizations/acme/members/alice', { role: 'seller' });
  const memberRule = `get(/databases/$(database)/documents/organizations/$(org)/members/$(request.auth.uid)).data.role == 'seller'`;
  const rs = rules(`
    match /organizations/{org}/deals/{id} {
      allow list: if ${memberRule};
    }
    match /posts/{id} {
      allow list: if resource.data.visibility == 'public';
    }
    match /notes/{id} {
      allow list: if resource.data.visibility == 'public' ? true : true;
    }
    match /files/{id} {
      allow list: if !request.values().hasAny([/databases/$(database)/documents/files/secret]);
    }
    match /groups/{g}/items/{id} {
      allow list: if g == request.auth.uid;
    }
    match /stories/locked {
      allow list: if ${Array.from({ length: 11 }, (_, i) => `exists(/databases/$(database)/documents/x/${i})`).join(' || ')};
    }
    match /stories/{id} {
      allow list: if true;
    }`);
  const deals = (n: number) => Array.from({ length: n }, (_, i) => doc(`organizations/acme/deals/d${i}`, {}));
  const listAs = (
    uid: string,
    collection: string,
    q: Partial<StructuredQuery>,
    results: Document[],
    parent = DOCS,
  ) => ({
    ...list(collection, uid, q, results, parent),
    lookup: store(member),
  });

  it('a rule that does not read the document is evaluated once for all of them', () => {
    const cov = new CoverageRecorder();
    const a = authz(rs, [], cov);
    const parent = `${DOCS}/organizations/acme`;
    expect(a.authorize(listAs('alice', 'deals', {}, deals(500), parent)).allowed).toBe(true);
    const counts = () => cov.report().expressions.find((e) => e.text === memberRule)!.counts;
    // The query-level check, then one evaluation standing for the 500 documents.
    expect(counts()).toMatchObject({ true: 2, false: 0 });
    expect(a.authorize(listAs('bob', 'deals', {}, deals(500), parent)).allowed).toBe(false);
  });
  it('a rule that reads the document is evaluated for each one', () => {
    const pub = doc('posts/p1', { visibility: 'public' });
    const priv = doc('posts/p2', { visibility: 'private' });
    const q = { where: eq('visibility', 'public') };
    expect(authz(rs).authorize(list('posts', 'a', q, [pub, pub])).allowed).toBe(true);
    // Results the query would not return (an engine bug) are still refused.
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(list('posts', 'a', q, [pub, priv])).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/posts\/p2 is not readable/);
  });
  it('... also when the query-level check is fooled', () => {
    // The query-level check accepts `unknown ? true : true`; a document without the field errors.
    const withField = doc('notes/n1', { visibility: 'private' });
    const without = doc('notes/n2', {});
    expect(authz(rs).authorize(list('notes', 'a', {}, [withField, withField])).allowed).toBe(true);
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(list('notes', 'a', {}, [withField, without])).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/notes\/n2 is not readable/);
  });
  it('reading request.path through the whole request map counts as reading the document', () => {
    // request.values() holds the path; the query-level check cannot see it (true).
    const denials: DenialInfo[] = [];
    const results = [doc('files/a', {}), doc('files/secret', {})];
    expect(authz(rs, denials).authorize(list('files', 'a', {}, results)).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/files\/secret is not readable/);
  });
  it('documents of another collection are judged by their own path', () => {
    const parent = `${DOCS}/groups/alice`;
    const own = doc('groups/alice/items/i1', {});
    const other = doc('groups/bob/items/i2', {});
    expect(authz(rs).authorize(list('items', 'alice', {}, [own, own], parent)).allowed).toBe(true);
    const denials: DenialInfo[] = [];
    expect(authz(rs, denials).authorize(list('items', 'alice', {}, [own, other], parent)).allowed).toBe(
      false,
    );
    expect(denials[0].reason).toMatch(/groups\/bob\/items\/i2 is not readable/);
  });
  it('a document whose id is a literal of a match path is evaluated on its own', () => {
    // stories/locked also matches `match /stories/locked`, whose 11 lookups exceed the budget.
    const denials: DenialInfo[] = [];
    const results = [doc('stories/a', {}), doc('stories/locked', {})];
    expect(authz(rs).authorize(list('stories', 'a', {}, [results[0]])).allowed).toBe(true);
    expect(authz(rs, denials).authorize(list('stories', 'a', {}, results)).allowed).toBe(false);
    expect(denials[0].reason).toMatch(/stories\/locked is not readable/);
  });
});

describe('denial reasons', () => {
  it('name the allow statements that applied and the first failing sub-expression with values', () => {
    const rs = rules(`
    match /docs/{id} {
      allow read: if request.auth != null && resource.data.owner == request.auth.uid;
      allow get: if resource.data.public;
    }`);
    const denials: DenialInfo[] = [];
    const s = store(doc('docs/d', { owner: 'bob', public: false }));
    const d = authz(rs, denials).authorize(get('docs/d', 'alice', s));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain('firestore.rules:6:7');
    expect(d.reason).toContain(
      'resource.data.owner == request.auth.uid (6:46) with "bob" == "alice" is false',
    );
    expect(d.reason).toContain('firestore.rules:7:7');
    expect(denials).toHaveLength(1);
    expect(denials[0].path).toBe('/databases/(default)/documents/docs/d');
  });
  it('report evaluation errors with their position', () => {
    const rs = rules(`    match /docs/{id} { allow get: if resource.data.missing == 1; }`);
    const d = authz(rs).authorize(get('docs/d', 'a', store(doc('docs/d', {}))));
    expect(d.reason).toContain('Property missing is undefined on object.');
    expect(d.reason).toContain('(4:38)');
  });
  it('say when nothing matched', () => {
    const rs = rules(`    match /docs/{id} { allow get: if true; }`);
    expect(authz(rs).authorize(get('other/d', 'a')).reason).toMatch(/no allow statement/);
  });
  it('deny when no ruleset is loaded (or allow, if asked to)', () => {
    expect(createFirestoreAuthorizer(() => null).authorize(get('a/b', 'u')).allowed).toBe(false);
    expect(
      createFirestoreAuthorizer(() => null, { noRuleset: 'allow' }).authorize(get('a/b', 'u')).allowed,
    ).toBe(true);
  });
});

describe('coverage', () => {
  it('records true/false/error per expression and writes JSON and HTML on demand', () => {
    const rs = rules(`    match /docs/{id} { allow get: if request.auth != null && resource.data.x == 1; }`);
    const cov = new CoverageRecorder();
    const a = authz(rs, [], cov);
    a.authorize(get('docs/d', 'a', store(doc('docs/d', { x: 1 }))));
    a.authorize(get('docs/d', null, store(doc('docs/d', { x: 1 }))));
    a.authorize(get('docs/d', 'a', store(doc('docs/d', {}))));
    const report = cov.report();
    const byText = (t: string) => report.expressions.find((e) => e.text === t)!.counts;
    expect(byText('request.auth != null')).toMatchObject({ true: 2, false: 1 });
    expect(byText('resource.data.x == 1')).toMatchObject({ true: 1, error: 1 });
    expect(report.summary.expressions).toBe(rs.exprs.length);
    const dir = mkdtempSync(join(tmpdir(), 'rules-cov-'));
    const out = cov.write(dir);
    expect(JSON.parse(readFileSync(out.json, 'utf8')).files[0].name).toBe('firestore.rules');
    const html = readFileSync(out.html, 'utf8');
    expect(html).toContain('<span class="true" title="true: 2, false: 1, error: 0, value: 0">');
  });
});
