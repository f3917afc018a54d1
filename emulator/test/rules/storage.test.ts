/** The Storage authorizer: request/resource binding, firestore.get()/exists(), list, reasons. */
import { describe, expect, it } from 'vitest';
import type { Document, Timestamp } from '../../src/firestore/model.js';
import { createStorageAuthorizer, type StorageDenialInfo } from '../../src/rules/storage.js';
import type { StorageAccessRequest, StorageResource } from '../../src/storage/access.js';
import { mustLoad } from './helpers.js';
import { toFields } from './vectors.js';

const T: Timestamp = { seconds: 1_700_000_000, nanos: 0 };
const BUCKET = 'demo-test.appspot.com';

const rs = mustLoad(
  `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth.uid == uid
        && request.resource.size < 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.owner == uid
        && request.resource.name == 'users/' + uid + '/' + file[0]
        && request.resource.bucket == bucket
        && resource == null;
      allow update: if resource.size <= request.resource.size
        && resource.timeCreated < request.time;
      allow delete: if request.resource == null || true;
    }
    match /team/{team}/{file} {
      allow read: if firestore.get(/databases/(default)/documents/teams/$(team)).data.members.hasAny([request.auth.uid]);
      allow write: if firestore.exists(/databases/(default)/documents/teams/$(team));
    }
    match /listing/{file} {
      allow list: if request.auth != null;
    }
  }
}`,
  'storage.rules',
);

function obj(name: string, extra: Partial<StorageResource> = {}): StorageResource {
  return {
    name,
    bucket: BUCKET,
    size: 10,
    contentType: 'image/png',
    metadata: {},
    timeCreated: { seconds: 1, nanos: 0 },
    ...extra,
  };
}

function req(
  method: StorageAccessRequest['method'],
  path: string,
  uid: string | null,
  resource: StorageResource | null = null,
  requestResource: StorageResource | null = null,
): StorageAccessRequest {
  return {
    method,
    bucket: BUCKET,
    path,
    auth: uid ? { uid, token: { sub: uid } } : null,
    time: T,
    resource,
    requestResource,
  };
}

const teams = new Map<string, Document>([
  [
    'projects/demo-test/databases/(default)/documents/teams/red',
    {
      name: 'projects/demo-test/databases/(default)/documents/teams/red',
      fields: toFields({ members: ['alice'] }),
      createTime: T,
      updateTime: T,
    },
  ],
]);

describe('storage authorizer', () => {
  const denials: StorageDenialInfo[] = [];
  const a = createStorageAuthorizer(() => rs, {
    firestore: { get: (n) => teams.get(n) ?? null },
    onDenied: (d) => denials.push(d),
  });

  it('reads: auth and path wildcards (recursive wildcard binds a path)', () => {
    expect(
      a.authorize(req('get', 'users/alice/pics/a.png', 'alice', obj('users/alice/pics/a.png'))).allowed,
    ).toBe(true);
    expect(a.authorize(req('get', 'users/alice/a.png', 'bob', obj('users/alice/a.png'))).allowed).toBe(false);
    expect(a.authorize(req('get', 'users/alice/a.png', null, obj('users/alice/a.png'))).allowed).toBe(false);
  });

  it('create: request.resource fields, bucket wildcard, resource == null', () => {
    const rr = obj('users/alice/a.png', { size: 100, metadata: { owner: 'alice' } });
    expect(a.authorize(req('create', 'users/alice/a.png', 'alice', null, rr)).allowed).toBe(true);
    expect(
      a.authorize(req('create', 'users/alice/a.png', 'alice', null, { ...rr, size: 5000 })).allowed,
    ).toBe(false);
    expect(
      a.authorize(req('create', 'users/alice/a.png', 'alice', null, { ...rr, contentType: 'text/plain' }))
        .allowed,
    ).toBe(false);
    expect(
      a.authorize(req('create', 'users/alice/a.png', 'alice', obj('users/alice/a.png'), rr)).allowed,
    ).toBe(false);
  });

  it('update compares resource and request.resource; timestamps are timestamps', () => {
    const before = obj('users/alice/a.png', { size: 10 });
    expect(
      a.authorize(req('update', 'users/alice/a.png', 'alice', before, { ...before, size: 20 })).allowed,
    ).toBe(true);
    expect(
      a.authorize(req('update', 'users/alice/a.png', 'alice', before, { ...before, size: 5 })).allowed,
    ).toBe(false);
  });

  it('delete has no request.resource (reading it is an error, absorbed by || true)', () => {
    expect(a.authorize(req('delete', 'users/alice/a.png', 'alice', obj('users/alice/a.png'))).allowed).toBe(
      true,
    );
  });

  it('firestore.get() and firestore.exists() read Firestore', () => {
    expect(a.authorize(req('get', 'team/red/x.png', 'alice', obj('team/red/x.png'))).allowed).toBe(true);
    expect(a.authorize(req('get', 'team/red/x.png', 'bob', obj('team/red/x.png'))).allowed).toBe(false);
    expect(a.authorize(req('create', 'team/red/x.png', 'bob', null, obj('team/red/x.png'))).allowed).toBe(
      true,
    );
    expect(a.authorize(req('create', 'team/blue/x.png', 'bob', null, obj('team/blue/x.png'))).allowed).toBe(
      false,
    );
  });

  it('firestore.get() without a connected Firestore is an error', () => {
    const b = createStorageAuthorizer(() => rs);
    const d = b.authorize(req('get', 'team/red/x.png', 'alice', obj('team/red/x.png')));
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/no Firestore emulator is connected/);
  });

  it('list of a prefix applies the rules of the objects under it', () => {
    expect(a.authorize(req('list', 'listing', 'alice')).allowed).toBe(true);
    expect(a.authorize(req('list', 'listing', null)).allowed).toBe(false);
    expect(a.authorize(req('list', 'users/alice', 'alice')).allowed).toBe(true);
    expect(a.authorize(req('list', 'users/alice', 'bob')).allowed).toBe(false);
  });

  it('denials carry a reason with the allow positions', () => {
    denials.length = 0;
    a.authorize(req('get', 'users/alice/a.png', 'bob', obj('users/alice/a.png')));
    expect(denials[0].reason).toContain('storage.rules:5:7');
    expect(denials[0].reason).toContain('"bob" == "alice"');
    expect(denials[0].path).toBe(`/b/${BUCKET}/o/users/alice/a.png`);
  });

  it('rejects a Firestore ruleset', () => {
    const fs = mustLoad(`service cloud.firestore { match /databases/{d}/documents { } }`);
    expect(createStorageAuthorizer(() => fs).authorize(req('get', 'a', 'u')).allowed).toBe(false);
  });
});
