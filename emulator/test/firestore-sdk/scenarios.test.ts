/**
 * One scenario suite, judged by the unmodified SDKs: the web SDK in Node (gRPC), firebase-admin
 * (gRPC) and the web SDK in Chromium (WebChannel + REST, streaming and long-polling).
 */
import { expect, it } from 'vitest';
import type { Driver, Json, QuerySpec } from './drivers/types.js';
import { ALL_CLIENTS, clientSuite, hasListeners, rejectsWith, waitFor, waitForSynced } from './harness.js';

const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

async function seed(d: Driver, collection: string, docs: Record<string, Json>): Promise<void> {
  await d.batch(
    Object.entries(docs).map(([id, data]) => ({ op: 'set' as const, path: `${collection}/${id}`, data })),
  );
}

clientSuite(ALL_CLIENTS, (ctx, client) => {
  it('creates, reads, updates, merges and deletes documents', async () => {
    const d = await ctx().driver();
    await d.set('people/ada', { name: 'Ada', born: 1815, address: { city: 'London', zip: 'W1' } });
    expect(await d.get('people/ada')).toEqual({
      exists: true,
      data: { name: 'Ada', born: 1815, address: { city: 'London', zip: 'W1' } },
    });

    await d.update('people/ada', { 'address.city': 'Oxford', died: 1852 });
    expect((await d.get('people/ada')).data).toEqual({
      name: 'Ada',
      born: 1815,
      died: 1852,
      address: { city: 'Oxford', zip: 'W1' },
    });

    await d.set('people/ada', { address: { zip: 'OX1' }, tags: ['math'] }, { merge: true });
    expect((await d.get('people/ada')).data).toEqual({
      name: 'Ada',
      born: 1815,
      died: 1852,
      address: { city: 'Oxford', zip: 'OX1' },
      tags: ['math'],
    });

    await d.set('people/ada', { name: 'Ada Lovelace' });
    expect((await d.get('people/ada')).data).toEqual({ name: 'Ada Lovelace' });

    const id = await d.add('people', { name: 'Grace' });
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await d.get(`people/${id}`)).data).toEqual({ name: 'Grace' });

    await d.delete('people/ada');
    expect(await d.get('people/ada')).toEqual({ exists: false });
    await rejectsWith(d.update('people/nobody', { x: 1 }), 'not-found');
    // Deleting a missing document succeeds.
    await d.delete('people/nobody');
    // Subcollections and odd ids.
    await d.set('people/ada/notes/n 1 é', { text: 'hello' });
    expect((await d.get('people/ada/notes/n 1 é')).data).toEqual({ text: 'hello' });
  });

  it('round-trips every value type', async () => {
    const d = await ctx().driver();
    const value: Json = {
      nul: null,
      t: true,
      f: false,
      int: 42,
      neg: -7,
      maxSafe: Number.MAX_SAFE_INTEGER,
      dbl: 3.5,
      tiny: 1e-300,
      nan: { $num: 'NaN' },
      inf: { $num: 'Infinity' },
      ninf: { $num: '-Infinity' },
      str: 'héllo 👋 \u0000 end',
      empty: '',
      bytes: { $bytes: Buffer.from([0, 1, 2, 250, 255]).toString('base64') },
      ts: { $timestamp: { seconds: 1700000000, nanos: 123456000 } },
      oldTs: { $timestamp: { seconds: -62135596800, nanos: 0 } },
      geo: { $geo: [48.8584, 2.2945] },
      ref: { $ref: 'people/ada' },
      arr: [1, 'two', null, { three: 3, inner: [true] }],
      emptyArr: [],
      map: { nested: { deeper: { x: 1 } }, 'with.dot': true, 'spa ce': 'ok' },
      emptyMap: {},
    };
    await d.set('types/all', value);
    expect((await d.get('types/all')).data).toEqual(value);
    const [fromQuery] = await d.query({ collection: 'types' });
    expect(fromQuery.data).toEqual(value);
  });

  it('applies field transforms', async () => {
    const d = await ctx().driver();
    const before = Date.now() / 1000;
    await d.set('t/x', { n: 1, f: 1.5, arr: ['a', 'b'], gone: 1 });
    await d.update('t/x', {
      at: { $serverTimestamp: true },
      n: { $increment: 2 },
      f: { $increment: 0.25 },
      missing: { $increment: 5 },
      arr: { $arrayUnion: ['b', 'c'] },
      gone: { $delete: true },
    });
    const data = (await d.get('t/x')).data as Record<string, Json>;
    const at = data.at as { $timestamp: { seconds: number } };
    expect(at.$timestamp.seconds).toBeGreaterThanOrEqual(Math.floor(before) - 1);
    expect(at.$timestamp.seconds).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(data).toMatchObject({ n: 3, f: 1.75, missing: 5, arr: ['a', 'b', 'c'] });
    expect('gone' in data).toBe(false);
    await d.update('t/x', { arr: { $arrayRemove: ['a', 'c'] } });
    expect(((await d.get('t/x')).data as Record<string, Json>).arr).toEqual(['b']);
  });

  it('commits batches atomically', async () => {
    const d = await ctx().driver();
    await d.batch([
      { op: 'set', path: 'b/1', data: { v: 1 } },
      { op: 'set', path: 'b/2', data: { v: 2 } },
      { op: 'set', path: 'b/3', data: { v: 3 } },
    ]);
    expect(ids(await d.query({ collection: 'b' }))).toEqual(['1', '2', '3']);
    await d.batch([
      { op: 'delete', path: 'b/1' },
      { op: 'update', path: 'b/2', data: { v: 20 } },
    ]);
    expect((await d.query({ collection: 'b' })).map((x) => x.data)).toEqual([{ v: 20 }, { v: 3 }]);
    // An update of a missing document fails the whole batch.
    await rejectsWith(
      d.batch([
        { op: 'set', path: 'b/4', data: { v: 4 } },
        { op: 'update', path: 'b/missing', data: { v: 0 } },
      ]),
      'not-found',
    );
    expect(await d.get('b/4')).toEqual({ exists: false });
  });

  it('runs transactions, retrying under contention', async () => {
    const d = await ctx().driver();
    await d.set('acct/a', { balance: 100 });
    await d.set('acct/b', { balance: 0 });
    await d.transfer('acct/a', 'acct/b', 'balance', 30);
    expect((await d.get('acct/a')).data).toEqual({ balance: 70 });
    expect((await d.get('acct/b')).data).toEqual({ balance: 30 });
    await expect(d.transfer('acct/a', 'acct/b', 'balance', 1000)).rejects.toThrow(/insufficient/);

    const other = await ctx().driver();
    const attempts = await Promise.all([
      ...Array.from({ length: 4 }, () => d.incrementInTransaction('counters/c', 'n', 1)),
      ...Array.from({ length: 4 }, () => other.incrementInTransaction('counters/c', 'n', 1)),
    ]);
    expect((await d.get('counters/c')).data).toEqual({ n: 8 });
    expect(attempts.every((n) => n >= 1)).toBe(true);
  });

  it('runs transactions that read a document without writing it', async () => {
    const d = await ctx().driver();
    await d.set('contacts/a', { deals: 1 });
    expect(await d.copyInTransaction('contacts/a', 'deals/x', 'deals')).toBe(1);
    expect((await d.get('deals/x')).data).toEqual({ deals: 1 });
    expect((await d.get('contacts/a')).data).toEqual({ deals: 1 });

    // The read document changes, or a document read as missing is created, before the commit:
    // the web SDKs' verify fails and they retry with the new value; firebase-admin's server
    // transaction holds a lock on what it read, so the change waits until it has committed.
    const optimistic = client !== 'admin';
    const changed = await d.copyInTransaction('contacts/a', 'deals/y', 'deals', { deals: 2 });
    expect(changed).toBe(optimistic ? 2 : 1);
    expect((await d.get('deals/y')).data).toEqual({ deals: optimistic ? 2 : 1 });
    expect((await d.get('contacts/a')).data).toEqual({ deals: 2 });
    const created = await d.copyInTransaction('contacts/new', 'deals/z', 'deals', { deals: 3 });
    expect(created).toBe(optimistic ? 2 : 1);
    expect((await d.get('deals/z')).data).toEqual({ deals: optimistic ? 3 : null });
    expect((await d.get('contacts/new')).data).toEqual({ deals: 3 });
  });

  it('supports every query operator and their combinations', async () => {
    const d = await ctx().driver();
    await seed(d, 'q', {
      a: { n: 1, s: 'x', tags: ['red', 'blue'], opt: null },
      b: { n: 2, s: 'y', tags: ['green'], opt: 1 },
      c: { n: 3, s: 'x', tags: [], opt: { $num: 'NaN' } },
      d: { n: 4.5, s: 'z', tags: ['red'] },
      e: { n: '5', s: 'y' },
    });
    const run = async (spec: Omit<QuerySpec, 'collection'>) =>
      ids(await d.query({ collection: 'q', ...spec })).sort();
    const w = (field: string, op: string, value: Json) => ({ where: { field, op, value } });
    expect(await run(w('n', '==', 2))).toEqual(['b']);
    expect(await run(w('n', '==', 2.0))).toEqual(['b']);
    expect(await run(w('n', '!=', 2))).toEqual(['a', 'c', 'd', 'e']);
    expect(await run(w('n', '<', 3))).toEqual(['a', 'b']);
    expect(await run(w('n', '<=', 3))).toEqual(['a', 'b', 'c']);
    expect(await run(w('n', '>', 3))).toEqual(['d']);
    expect(await run(w('n', '>=', 3))).toEqual(['c', 'd']);
    expect(await run(w('n', '>=', '0'))).toEqual(['e']);
    expect(await run(w('tags', 'array-contains', 'red'))).toEqual(['a', 'd']);
    expect(await run(w('tags', 'array-contains-any', ['green', 'blue']))).toEqual(['a', 'b']);
    expect(await run(w('s', 'in', ['x', 'z']))).toEqual(['a', 'c', 'd']);
    expect(await run(w('s', 'not-in', ['x', 'z']))).toEqual(['b', 'e']);
    expect(await run(w('opt', '==', null))).toEqual(['a']);
    expect(await run(w('opt', '!=', null))).toEqual(['b', 'c']);
    expect(await run(w('opt', '==', { $num: 'NaN' }))).toEqual(['c']);
    // != excludes documents whose field is null (as the SDKs' own matching does) or missing.
    expect(await run(w('opt', '!=', { $num: 'NaN' }))).toEqual(['b']);
    expect(
      await run({
        where: {
          op: 'and',
          filters: [
            { field: 's', op: '==', value: 'x' },
            { field: 'n', op: '>', value: 1 },
          ],
        },
      }),
    ).toEqual(['c']);
    expect(
      await run({
        where: {
          op: 'or',
          filters: [
            { field: 's', op: '==', value: 'z' },
            {
              op: 'and',
              filters: [
                { field: 'n', op: '<', value: 3 },
                { field: 's', op: '==', value: 'y' },
              ],
            },
          ],
        },
      }),
    ).toEqual(['b', 'd']);
    // Ordering: numbers before strings, descending, with a tie-break on a second field.
    expect(ids(await d.query({ collection: 'q', orderBy: [['n', 'desc']] }))).toEqual([
      'e',
      'd',
      'c',
      'b',
      'a',
    ]);
    expect(
      ids(
        await d.query({
          collection: 'q',
          orderBy: [
            ['s', 'asc'],
            ['n', 'desc'],
          ],
        }),
      ),
    ).toEqual(['c', 'a', 'e', 'b', 'd']);
    // orderBy excludes documents without the field; arrays compare element by element.
    expect(ids(await d.query({ collection: 'q', orderBy: [['tags', 'asc']] }))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('pages with cursors, limit and limitToLast', async () => {
    const d = await ctx().driver();
    await seed(
      d,
      'p',
      Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, { pos: i, group: i % 2 }])),
    );
    const q = (spec: Omit<QuerySpec, 'collection'>) =>
      d.query({ collection: 'p', orderBy: [['pos', 'asc']], ...spec }).then(ids);
    expect(await q({ startAt: [3], limit: 2 })).toEqual(['p3', 'p4']);
    expect(await q({ startAfter: [3], limit: 2 })).toEqual(['p4', 'p5']);
    expect(await q({ endAt: [2] })).toEqual(['p0', 'p1', 'p2']);
    expect(await q({ endBefore: [2] })).toEqual(['p0', 'p1']);
    expect(await q({ startAfter: [1], endBefore: [5] })).toEqual(['p2', 'p3', 'p4']);
    expect(await q({ limitToLast: 3 })).toEqual(['p5', 'p6', 'p7']);
    expect(await q({ endBefore: [6], limitToLast: 2 })).toEqual(['p4', 'p5']);
    expect(
      await d
        .query({
          collection: 'p',
          orderBy: [
            ['group', 'asc'],
            ['pos', 'desc'],
          ],
          startAt: [1, 5],
          limit: 3,
        })
        .then(ids),
    ).toEqual(['p5', 'p3', 'p1']);
  });

  it('queries collection groups', async () => {
    const d = await ctx().driver();
    await d.set('orgs/a/members/m1', { role: 'admin' });
    await d.set('orgs/a/members/m2', { role: 'user' });
    await d.set('orgs/b/members/m3', { role: 'admin' });
    await d.set('members/top', { role: 'admin' });
    await d.set('orgs/a/other/m4', { role: 'admin' });
    const all = await d.query({ collection: 'members', group: true });
    expect(all.map((x) => x.path).sort()).toEqual([
      'members/top',
      'orgs/a/members/m1',
      'orgs/a/members/m2',
      'orgs/b/members/m3',
    ]);
    const admins = await d.query({
      collection: 'members',
      group: true,
      where: { field: 'role', op: '==', value: 'admin' },
    });
    expect(ids(admins).sort()).toEqual(['m1', 'm3', 'top']);
  });

  it('aggregates with count, sum and average', async () => {
    const d = await ctx().driver();
    await seed(d, 'agg', {
      a: { v: 1, k: 'x' },
      b: { v: 2, k: 'x' },
      c: { v: 4.5, k: 'y' },
      d: { v: 'text', k: 'x' },
      e: { k: 'x' },
    });
    expect(
      await d.aggregate({ collection: 'agg' }, { n: ['count'], total: ['sum', 'v'], mean: ['avg', 'v'] }),
    ).toEqual({
      n: 5,
      total: 7.5,
      mean: 2.5,
    });
    expect(
      await d.aggregate(
        { collection: 'agg', where: { field: 'k', op: '==', value: 'x' } },
        { n: ['count'], total: ['sum', 'v'] },
      ),
    ).toEqual({ n: 4, total: 3 });
    expect(
      await d.aggregate({ collection: 'nothing' }, { n: ['count'], total: ['sum', 'v'], mean: ['avg', 'v'] }),
    ).toEqual({
      n: 0,
      total: 0,
      mean: null,
    });
    expect(
      await d.aggregate({ collection: 'agg', orderBy: [['v', 'asc']], limit: 2 }, { n: ['count'] }),
    ).toEqual({ n: 2 });
  });

  it.skipIf(!hasListeners(client))('keeps query listeners with limits up to date', async () => {
    const d = await ctx().driver();
    const writer = await ctx().driver();
    await seed(writer, 'live', { a: { n: 1 }, b: { n: 2 }, c: { n: 3 }, d: { n: 4 } });
    await d.listenQuery('top3', { collection: 'live', orderBy: [['n', 'asc']], limit: 3 });
    await waitForSynced(d, 'top3', (x) => x.join() === 'a,b,c', 'initial top 3');

    await writer.set('live/z', { n: 0 });
    await waitForSynced(d, 'top3', (x) => x.join() === 'z,a,b', 'new first document');
    await writer.delete('live/a');
    await waitForSynced(d, 'top3', (x) => x.join() === 'z,b,c', 'a window refill after a delete');
    await writer.update('live/z', { n: 10 });
    await waitForSynced(d, 'top3', (x) => x.join() === 'b,c,d', 'a document leaving the window');
    await writer.update('live/c', { n: 2.5, note: 'changed' });
    const r = await waitForSynced(
      d,
      'top3',
      (_x, rec) => JSON.stringify(rec.snapshots.at(-1)!.docs.c) === '{"n":2.5,"note":"changed"}',
    );
    expect(r.snapshots.at(-1)!.ids).toEqual(['b', 'c', 'd']);

    await d.listenQuery('last2', { collection: 'live', orderBy: [['n', 'asc']], limitToLast: 2 });
    await waitForSynced(d, 'last2', (x) => x.join() === 'd,z', 'limitToLast listener');
    await writer.set('live/y', { n: 5 });
    await waitForSynced(d, 'last2', (x) => x.join() === 'y,z', 'limitToLast update');

    await d.listenDoc('one', 'live/b');
    await waitForSynced(d, 'one', (x) => x.join() === 'b');
    await writer.delete('live/b');
    await waitForSynced(d, 'one', (x) => x.length === 0, 'document listener sees the delete');
    await d.unlisten('one');
  });

  it.skipIf(!hasListeners(client))(
    'resumes listeners after the emulator restarts on the same port',
    async () => {
      const d = await ctx().driver();
      const writer = await ctx().driver();
      await seed(writer, 'r', { a: { n: 1 }, b: { n: 2 } });
      await d.listenQuery('all', { collection: 'r', orderBy: [['n', 'asc']] });
      await waitForSynced(d, 'all', (x) => x.join() === 'a,b');

      await ctx().restartServer();
      // Changes made after the restart, including a delete, reach the resumed listener.
      await writer.delete('r/a');
      await writer.set('r/c', { n: 3 });
      await waitForSynced(d, 'all', (x) => x.join() === 'b,c', 'listener after restart');
      expect((await d.listenRecord('all')).error).toBeUndefined();
    },
  );

  it('delivers permission denials per operation and keeps the streams usable', async () => {
    const server = ctx().server;
    // A minimal authorizer standing in for security rules: nothing under secret/ is readable
    // or writable by users; the owner bypasses it.
    server.engine.setAuthorizer({
      authorize: (req) => {
        const path = 'name' in req ? req.name : req.parent + '/' + req.query.from[0]?.collectionId;
        const allowed = !/\/documents\/secret(\/|$)/.test(path);
        return { allowed, reason: allowed ? undefined : 'secret/ is closed' };
      },
    });
    const owner = await ctx().driver();
    await owner.set('secret/s', { v: 1 });
    await owner.set('open/o', { v: 1 });
    if (ctx().client.startsWith('admin')) {
      expect((await owner.get('secret/s')).data).toEqual({ v: 1 });
      return;
    }
    const user = await ctx().driver({ kind: 'user', uid: 'alice', claims: { email: 'alice@example.com' } });
    await rejectsWith(user.get('secret/s'), 'permission-denied');
    await rejectsWith(user.set('secret/t', { v: 2 }), 'permission-denied');
    await rejectsWith(user.query({ collection: 'secret' }), 'permission-denied');
    if (!hasListeners(client)) return;
    await user.listenQuery('denied', { collection: 'secret' });
    const denied = await waitFor(
      () => user.listenRecord('denied'),
      (r) => !!r.error,
      'listener error',
    );
    expect(denied.error!.code).toBe('permission-denied');
    // The same client still reads, writes and listens where it may.
    await user.set('open/p', { v: 2 });
    expect((await user.get('open/o')).data).toEqual({ v: 1 });
    await user.listenQuery('ok', { collection: 'open' });
    await waitForSynced(user, 'ok', (x) => x.join() === 'o,p');
    await owner.set('open/q', { v: 3 });
    await waitForSynced(user, 'ok', (x) => x.join() === 'o,p,q');
  });
});

clientSuite(['browser', 'browser-longpoll'], (ctx) => {
  it('shows each tab the writes of the other', async () => {
    const tab1 = await ctx().driver();
    const tab2 = await ctx().driver({ kind: 'user', uid: 'bob' });
    await tab1.listenQuery('chat', { collection: 'chat', orderBy: [['at', 'asc']] });
    await tab2.listenQuery('chat', { collection: 'chat', orderBy: [['at', 'asc']] });
    await waitForSynced(tab1, 'chat', (x) => x.length === 0);
    await tab1.set('chat/1', { at: 1, text: 'hi from tab 1' });
    await waitForSynced(tab2, 'chat', (x) => x.join() === '1', 'tab 2 sees tab 1');
    await tab2.set('chat/2', { at: 2, text: 'hello from tab 2' });
    await waitForSynced(tab1, 'chat', (x) => x.join() === '1,2', 'tab 1 sees tab 2');
  });

  it('recovers when the emulator forgets its WebChannel sessions (Unknown SID)', async () => {
    const d = await ctx().driver();
    const writer = await ctx().driver();
    await writer.set('s/a', { n: 1 });
    await d.listenQuery('all', { collection: 's' });
    await waitForSynced(d, 'all', (x) => x.join() === 'a');
    ctx().server.dropWebChannelSessions();
    await writer.set('s/b', { n: 2 });
    await writer.delete('s/a');
    await waitForSynced(d, 'all', (x) => x.join() === 'b', 'listener after session loss');
    // Writes on the recovered Write stream still work.
    await d.set('s/c', { n: 3 });
    await waitForSynced(d, 'all', (x) => x.join() === 'b,c');
  });
});
