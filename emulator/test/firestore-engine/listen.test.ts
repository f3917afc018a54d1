import { describe, expect, it } from 'vitest';
import type { Authorizer } from '../../src/firestore/access.js';
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { OWNER, type Caller, type ListenResponse, type StructuredQuery } from '../../src/firestore/model.js';
import { asc, DB, desc, name, newEngine, query, ROOT, set, where } from './helpers.js';

const USER: Caller = { kind: 'user', auth: { uid: 'u1', token: {} } };

/** A compact trace of listen responses for assertions. */
function describeResponse(r: ListenResponse): string {
  if ('targetChange' in r) {
    const t = r.targetChange;
    const extras = [
      t.resumeToken ? 'token' : '',
      t.readTime ? 'time' : '',
      t.cause ? `cause=${t.cause.code}` : '',
    ].filter(Boolean);
    return `${t.targetChangeType}[${t.targetIds.join(',')}]${extras.length ? ' ' + extras.join(' ') : ''}`;
  }
  const id = (n: string) => n.slice(n.lastIndexOf('/') + 1);
  if ('documentChange' in r) {
    const c = r.documentChange;
    return `change ${id(c.document.name)} +[${c.targetIds.join(',')}]${c.removedTargetIds.length ? ` -[${c.removedTargetIds.join(',')}]` : ''}`;
  }
  if ('documentDelete' in r)
    return `delete ${id(r.documentDelete.document)} -[${r.documentDelete.removedTargetIds.join(',')}]`;
  if ('documentRemove' in r)
    return `remove ${id(r.documentRemove.document)} -[${r.documentRemove.removedTargetIds.join(',')}]`;
  return 'filter';
}

function listen(engine: FirestoreEngine, caller: Caller = OWNER) {
  const log: string[] = [];
  const raw: ListenResponse[] = [];
  const stream = engine.listen(caller, DB, (r) => {
    raw.push(r);
    log.push(describeResponse(r));
  });
  const take = () => log.splice(0);
  return { stream, take, raw };
}

const queryTarget = (targetId: number, q: StructuredQuery, extra = {}) => ({
  targetId,
  query: { parent: ROOT, structuredQuery: q },
  ...extra,
});

describe('listen', () => {
  it('document targets: missing, created, updated, deleted', async () => {
    const e = newEngine();
    const l = listen(e);
    l.stream.addTarget({ targetId: 2, documents: { documents: [name('c/d')] } });
    expect(l.take()).toEqual(['ADD[2]', 'CURRENT[2] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/d', { a: 1 });
    expect(l.take()).toEqual(['change d +[2]', 'NO_CHANGE[2] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/d', { a: 2 });
    expect(l.take()).toEqual(['change d +[2]', 'NO_CHANGE[2] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/d', { a: 2 }); // no-op write: nothing to send
    expect(l.take()).toEqual([]);
    await e.commit(OWNER, DB, [{ delete: name('c/d') }]);
    expect(l.take()).toEqual(['delete d -[2]', 'NO_CHANGE[2] token time', 'NO_CHANGE[] token time']);
  });

  it('query targets: initial result, incremental changes, removals; unrelated writes send nothing', async () => {
    const e = newEngine();
    await set(e, 'c/a', { n: 1 });
    await set(e, 'c/b', { n: 5 });
    const l = listen(e);
    l.stream.addTarget(queryTarget(4, query('c', { where: where('n', '<', 3) })));
    expect(l.take()).toEqual(['ADD[4]', 'change a +[4]', 'CURRENT[4] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/b', { n: 2 });
    expect(l.take()).toEqual(['change b +[4]', 'NO_CHANGE[4] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/a', { n: 9 });
    expect(l.take()).toEqual(['remove a -[4]', 'NO_CHANGE[4] token time', 'NO_CHANGE[] token time']);
    await set(e, 'other/x', { n: 1 });
    await set(e, 'c/a/sub/x', { n: 1 });
    await set(e, 'c/z', { n: 100 });
    expect(l.take()).toEqual([]);
    // Global snapshots carry the commit time.
    const r = await set(e, 'c/y', { n: 0 });
    const last = l.raw[l.raw.length - 1] as { targetChange: { readTime: unknown } };
    expect(last.targetChange.readTime).toEqual(r.commitTime);
  });

  it('a document in two targets is sent once with both target ids', async () => {
    const e = newEngine();
    const l = listen(e);
    l.stream.addTarget(queryTarget(1, query('c', { where: where('n', '>', 0) })));
    l.stream.addTarget(queryTarget(3, query('c', { where: where('n', '<', 10) })));
    l.take();
    await set(e, 'c/a', { n: 5 });
    expect(l.take()).toEqual(['change a +[1,3]', 'NO_CHANGE[1,3] token time', 'NO_CHANGE[] token time']);
    await set(e, 'c/a', { n: 50 });
    expect(l.take()).toEqual(['change a +[1] -[3]', 'NO_CHANGE[1,3] token time', 'NO_CHANGE[] token time']);
  });

  it('limit windows: a document leaving is replaced by the next one, in order', async () => {
    const e = newEngine();
    for (const [id, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      await set(e, `c/${id}`, { n });
    const l = listen(e);
    l.stream.addTarget(queryTarget(2, query('c', { orderBy: [asc('n')], limit: 2 })));
    expect(l.take()).toEqual([
      'ADD[2]',
      'change a +[2]',
      'change b +[2]',
      'CURRENT[2] token time',
      'NO_CHANGE[] token time',
    ]);
    await e.commit(OWNER, DB, [{ delete: name('c/a') }]);
    expect(l.take()).toEqual([
      'delete a -[2]',
      'change c +[2]',
      'NO_CHANGE[2] token time',
      'NO_CHANGE[] token time',
    ]);
    await set(e, 'c/z', { n: 0 });
    expect(l.take()).toEqual([
      'remove c -[2]',
      'change z +[2]',
      'NO_CHANGE[2] token time',
      'NO_CHANGE[] token time',
    ]);
    await set(e, 'c/d', { n: 10 }); // outside the window, moving further out
    expect(l.take()).toEqual([]);
    // limitToLast as the SDK sends it: reversed order.
    l.stream.addTarget(queryTarget(6, query('c', { orderBy: [desc('n')], limit: 1 })));
    expect(l.take()).toEqual(['ADD[6]', 'change d +[6]', 'CURRENT[6] token time', 'NO_CHANGE[] token time']);
  });

  it('resume with a resume token or a read time: ADD, RESET, full result, CURRENT', async () => {
    const e = newEngine();
    await set(e, 'c/a', { n: 1 });
    const l = listen(e);
    l.stream.addTarget(queryTarget(2, query('c'), { resumeToken: new Uint8Array([1, 2]) }));
    expect(l.take()).toEqual([
      'ADD[2]',
      'RESET[2]',
      'change a +[2]',
      'CURRENT[2] token time',
      'NO_CHANGE[] token time',
    ]);
    l.stream.addTarget({
      targetId: 4,
      documents: { documents: [name('c/a')] },
      readTime: { seconds: 1, nanos: 0 },
    });
    expect(l.take()).toEqual([
      'ADD[4]',
      'RESET[4]',
      'change a +[4]',
      'CURRENT[4] token time',
      'NO_CHANGE[] token time',
    ]);
  });

  it('removeTarget is acknowledged and stops updates; close stops everything', async () => {
    const e = newEngine();
    const l = listen(e);
    l.stream.addTarget(queryTarget(2, query('c')));
    l.take();
    l.stream.removeTarget(2);
    expect(l.take()).toEqual(['REMOVE[2]']);
    await set(e, 'c/a', { n: 1 });
    expect(l.take()).toEqual([]);
    l.stream.addTarget(queryTarget(4, query('c')));
    l.stream.close();
    l.take();
    await set(e, 'c/b', { n: 1 });
    expect(l.take()).toEqual([]);
  });

  it('an invalid query is removed with a cause, the stream stays usable', async () => {
    const e = newEngine();
    const l = listen(e);
    l.stream.addTarget(queryTarget(2, query('c', { where: where('a', 'in', []) })));
    expect(l.take()).toEqual(['REMOVE[2] cause=3']);
    l.stream.addTarget(queryTarget(4, query('c')));
    expect(l.take()[0]).toBe('ADD[4]');
  });

  it('permission denied per target, and a revoked permission removes the target live', async () => {
    const e = newEngine();
    await set(e, 'orgs/o1/members/u1', { role: 'member' });
    await set(e, 'orgs/o1/deals/d1', { v: 1 });
    // Members of o1 may read its deals; membership is looked up like rules' get().
    const authorizer: Authorizer = {
      authorize: (req) => {
        if (req.method !== 'list' && req.method !== 'get') return { allowed: false };
        const uid = req.caller.kind === 'user' ? req.caller.auth?.uid : undefined;
        const member = req.lookup.get(`${ROOT}/orgs/o1/members/${uid}`);
        const inOrg =
          req.method === 'list' ? req.parent === `${ROOT}/orgs/o1` : req.name.startsWith(`${ROOT}/orgs/o1/`);
        return { allowed: inOrg && member !== null };
      },
    };
    e.setAuthorizer(authorizer);
    const l = listen(e, USER);
    l.stream.addTarget({
      targetId: 2,
      query: { parent: `${ROOT}/orgs/o1`, structuredQuery: query('deals') },
    });
    expect(l.take()).toEqual(['ADD[2]', 'change d1 +[2]', 'CURRENT[2] token time', 'NO_CHANGE[] token time']);
    l.stream.addTarget({
      targetId: 4,
      query: { parent: `${ROOT}/orgs/o2`, structuredQuery: query('deals') },
    });
    expect(l.take()).toEqual(['REMOVE[4] cause=7']);
    const denied = l.raw[l.raw.length - 1] as { targetChange: { cause: { message: string } } };
    expect(denied.targetChange.cause.message).toBe('Missing or insufficient permissions.');
    await e.commit(OWNER, DB, [{ delete: name('orgs/o1/members/u1') }]);
    expect(l.take()).toEqual(['REMOVE[2] cause=7']);
    await set(e, 'orgs/o1/deals/d2', { v: 2 });
    expect(l.take()).toEqual([]);
  });

  it('replacing the authorizer re-checks live targets', async () => {
    const e = newEngine();
    await set(e, 'c/a', { n: 1 });
    const l = listen(e, USER);
    l.stream.addTarget(queryTarget(2, query('c')));
    l.take();
    e.setAuthorizer({ authorize: () => ({ allowed: false }) });
    expect(l.take()).toEqual(['REMOVE[2] cause=7']);
  });
});
