import { describe, expect, it } from 'vitest';
import type { AccessRequest, Authorizer } from '../../src/firestore/access.js';
import { Code, OWNER, type Caller } from '../../src/firestore/model.js';
import { int } from '../../src/firestore/values.js';
import { DB, name, newEngine, query, ROOT, set, setWrite, where } from './helpers.js';

const USER: Caller = { kind: 'user', auth: { uid: 'u1', token: { email: 'a@b.c' } } };

function recording(decide: (r: AccessRequest) => boolean = () => true) {
  const requests: AccessRequest[] = [];
  const authorizer: Authorizer = {
    authorize: (r) => {
      requests.push(r);
      return { allowed: decide(r) };
    },
  };
  return { authorizer, requests };
}

const rejectsWith = async (p: Promise<unknown>, code: number) => {
  const err = await p.then(
    () => undefined,
    (e: { code: number; message: string }) => e,
  );
  expect(err?.code).toBe(code);
  if (code === Code.PERMISSION_DENIED) expect(err!.message).toBe('Missing or insufficient permissions.');
};

describe('authorization', () => {
  it('authorizes each document of a batchGet as get, with the stored resource', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: 1 });
    const { authorizer, requests } = recording();
    e.setAuthorizer(authorizer);
    await e.batchGet(USER, DB, [name('c/a'), name('c/missing')]);
    expect(
      requests.map((r) => [r.method, 'name' in r ? r.name : '', 'resource' in r ? r.resource?.fields : 'x']),
    ).toEqual([
      ['get', name('c/a'), { x: int(1) }],
      ['get', name('c/missing'), undefined],
    ]);
    expect(requests[0].caller).toBe(USER);
    expect(requests[0].database).toBe(DB);
  });

  it('denies the whole batchGet / query when one decision denies', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: 1 });
    await set(e, 'c/b', { x: 2 });
    e.setAuthorizer(recording((r) => r.method !== 'get' || !r.name.endsWith('/b')).authorizer);
    await rejectsWith(e.batchGet(USER, DB, [name('c/a'), name('c/b')]), Code.PERMISSION_DENIED);
    e.setAuthorizer(recording((r) => r.method !== 'list').authorizer);
    await rejectsWith(e.runQuery(USER, ROOT, query('c')), Code.PERMISSION_DENIED);
    await rejectsWith(
      e.runAggregationQuery(USER, ROOT, {
        structuredQuery: query('c'),
        aggregations: [{ alias: 'n', count: {} }],
      }),
      Code.PERMISSION_DENIED,
    );
  });

  it('authorizes queries and aggregations as list with the query and its results', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: 1 });
    await set(e, 'c/b', { x: 2 });
    const { authorizer, requests } = recording();
    e.setAuthorizer(authorizer);
    const q = query('c', { where: where('x', '>', 1) });
    await e.runQuery(USER, ROOT, q);
    await e.runAggregationQuery(USER, ROOT, {
      structuredQuery: q,
      aggregations: [{ alias: 'n', count: {} }],
    });
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.method).toBe('list');
      if (r.method !== 'list') continue;
      expect(r.parent).toBe(ROOT);
      expect(r.query).toBe(q);
      expect(r.results.map((d) => d.name)).toEqual([name('c/b')]);
    }
  });

  it('authorizes every write as create / update / delete with the document after the write', async () => {
    const e = newEngine();
    await set(e, 'c/old', { v: 1 });
    await set(e, 'c/gone', { v: 1 });
    const { authorizer, requests } = recording();
    e.setAuthorizer(authorizer);
    const r = await e.commit(USER, DB, [
      setWrite('c/new', { v: 1 }),
      {
        update: { name: name('c/old'), fields: { w: int(2) } },
        updateMask: { fieldPaths: ['w'] },
        updateTransforms: [{ fieldPath: 't', setToServerValue: 'REQUEST_TIME' }],
      },
      { delete: name('c/gone') },
    ]);
    expect(requests.map((x) => x.method)).toEqual(['create', 'update', 'delete']);
    const [create, update, del] = requests as Extract<
      AccessRequest,
      { method: 'create' | 'update' | 'delete' }
    >[];
    expect(create.resource).toBeNull();
    expect(create.requestResource?.fields).toEqual({ v: int(1) });
    expect(update.resource?.fields).toEqual({ v: int(1) });
    // Merged, transformed, and request.time is the server timestamp written.
    expect(update.requestResource?.fields).toEqual({
      v: int(1),
      w: int(2),
      t: { timestampValue: r.commitTime },
    });
    expect(update.time).toEqual(r.commitTime);
    expect(del.requestResource).toBeNull();
    // getAfter sees the whole batch; get sees the committed state.
    expect(create.lookup.getAfter(name('c/gone'))).toBeNull();
    expect(create.lookup.get(name('c/gone'))).not.toBeNull();
    expect(del.lookup.getAfter(name('c/new'))?.fields).toEqual({ v: int(1) });
    expect(del.lookup.get(name('c/new'))).toBeNull();
  });

  it('a denied write rejects the whole batch', async () => {
    const e = newEngine();
    e.setAuthorizer(recording((r) => r.method !== 'delete').authorizer);
    await rejectsWith(
      e.commit(USER, DB, [setWrite('c/a', { v: 1 }), { delete: name('c/b') }]),
      Code.PERMISSION_DENIED,
    );
    const { results } = await e.batchGet(OWNER, DB, [name('c/a')]);
    expect(results[0].missing).toBeDefined();
  });

  it('owner bypasses the authorizer everywhere', async () => {
    const e = newEngine();
    const { authorizer, requests } = recording(() => false);
    e.setAuthorizer(authorizer);
    await e.commit(OWNER, DB, [setWrite('c/a', { v: 1 })]);
    await e.batchGet(OWNER, DB, [name('c/a')]);
    await e.runQuery(OWNER, ROOT, query('c'));
    await e.runAggregationQuery(OWNER, ROOT, {
      structuredQuery: query('c'),
      aggregations: [{ alias: 'n', count: {} }],
    });
    const stream = e.listen(OWNER, DB, () => undefined);
    stream.addTarget({ targetId: 1, query: { parent: ROOT, structuredQuery: query('c') } });
    stream.close();
    expect(await e.listCollectionIds(OWNER, ROOT)).toEqual(['c']);
    expect(requests).toEqual([]);
  });

  it('authorizes listen targets: get per document, list per query', async () => {
    const e = newEngine();
    await set(e, 'c/a', { v: 1 });
    const { authorizer, requests } = recording();
    e.setAuthorizer(authorizer);
    const stream = e.listen(USER, DB, () => undefined);
    stream.addTarget({ targetId: 1, documents: { documents: [name('c/a'), name('c/b')] } });
    stream.addTarget({ targetId: 2, query: { parent: ROOT, structuredQuery: query('c') } });
    expect(requests.map((r) => r.method)).toEqual(['get', 'get', 'list']);
    requests.length = 0;
    await set(e, 'c/a', { v: 2 });
    // Both targets are re-checked on a change that affects them.
    expect(requests.map((r) => r.method).sort()).toEqual(['get', 'get', 'list']);
    stream.close();
  });
});
