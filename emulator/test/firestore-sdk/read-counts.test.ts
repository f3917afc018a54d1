/**
 * Document reads billed per request (`GET|DELETE /emulator/v1/projects/{p}:readCounts`), judged
 * through the unmodified SDKs. The full web SDK answers getDoc/getDocs with a one-shot listen, so
 * its gets and queries are billed as `listen`; firebase-admin and the lite SDK call
 * BatchGetDocuments / RunQuery.
 */
import { expect, it } from 'vitest';
import type { ReadCounts } from '../../src/firestore/api.js';
import type { Driver, Json } from './drivers/types.js';
import { clientSuite, hasListeners, waitFor, waitForSynced, type Ctx } from './harness.js';

async function readCounts(ctx: Ctx, project = ctx.projectId): Promise<ReadCounts> {
  const response = await fetch(
    `http://127.0.0.1:${ctx.server.port}/emulator/v1/projects/${project}:readCounts`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ReadCounts;
}

async function resetReadCounts(ctx: Ctx): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${ctx.server.port}/emulator/v1/projects/${ctx.projectId}:readCounts`,
    { method: 'DELETE' },
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    reads: 0,
    byKind: { get: 0, query: 0, listen: 0, aggregation: 0 },
  });
}

async function seed(d: Driver, collection: string, docs: Record<string, Json>): Promise<void> {
  await d.batch(
    Object.entries(docs).map(([id, data]) => ({ op: 'set' as const, path: `${collection}/${id}`, data })),
  );
}

const cities = { a: { n: 1, big: true }, b: { n: 2, big: true }, c: { n: 3, big: false } };

clientSuite(['web-node', 'admin', 'lite-node', 'browser'], (ctx, client) => {
  /** Where the client's gets and queries are billed (see the header). */
  const direct = client === 'admin' || client === 'lite-node';

  it('bills one read per document got, found or missing; writes cost nothing', async () => {
    const d = await ctx().driver();
    await seed(d, 'cities', cities);
    expect((await readCounts(ctx())).reads).toBe(0);
    await d.get('cities/a');
    await d.get('cities/nowhere');
    const counts = await readCounts(ctx());
    expect(counts.reads).toBe(2);
    expect(counts.byKind[direct ? 'get' : 'listen']).toBe(2);
  });

  it('bills one read per document a query returns, and 1 when it returns nothing', async () => {
    const d = await ctx().driver();
    await seed(d, 'cities', cities);
    await d.query({ collection: 'cities' });
    expect((await readCounts(ctx())).reads).toBe(3);
    await d.query({ collection: 'cities', orderBy: [['n', 'asc']], limit: 2 });
    expect((await readCounts(ctx())).reads).toBe(5);
    await d.query({ collection: 'cities', where: { field: 'n', op: '>', value: 10 } });
    const counts = await readCounts(ctx());
    expect(counts.reads).toBe(6);
    expect(counts.byKind[direct ? 'query' : 'listen']).toBe(6);
  });

  it('bills an aggregation one read per 1,000 index entries matched, at least 1', async () => {
    const d = await ctx().driver();
    for (let start = 0; start < 2_500; start += 500) {
      await d.batch(
        Array.from({ length: 500 }, (_, i) => ({
          op: 'set' as const,
          path: `many/d${start + i}`,
          data: { i: start + i },
        })),
      );
    }
    await resetReadCounts(ctx());
    expect(await d.aggregate({ collection: 'many' }, { n: ['count'] })).toEqual({ n: 2_500 });
    expect((await readCounts(ctx())).byKind.aggregation).toBe(3);
    await d.aggregate({ collection: 'many', where: { field: 'i', op: '<', value: 1_000 } }, { n: ['count'] });
    expect((await readCounts(ctx())).byKind.aggregation).toBe(4);
    await d.aggregate({ collection: 'many', where: { field: 'i', op: '<', value: 0 } }, { n: ['count'] });
    const counts = await readCounts(ctx());
    expect(counts.byKind.aggregation).toBe(5);
    expect(counts.reads).toBe(5);
  });

  it('keeps counts per project and zeroes them on DELETE', async () => {
    const d = await ctx().driver();
    await seed(d, 'cities', cities);
    await d.query({ collection: 'cities' });
    expect((await readCounts(ctx())).reads).toBe(3);
    expect(await readCounts(ctx(), 'another-project')).toEqual({
      reads: 0,
      byKind: { get: 0, query: 0, listen: 0, aggregation: 0 },
    });
    await resetReadCounts(ctx());
    expect((await readCounts(ctx())).reads).toBe(0);
  });

  if (hasListeners(client)) {
    it('bills a listener its initial snapshot, then each document added, updated or changed out', async () => {
      const d = await ctx().driver();
      await seed(d, 'cities', cities);
      const listens = async () => (await readCounts(ctx())).byKind.listen;

      await d.listenQuery('big', { collection: 'cities', where: { field: 'big', op: '==', value: true } });
      await waitForSynced(d, 'big', (ids) => ids.length === 2);
      expect(await listens()).toBe(2);

      await d.update('cities/a', { n: 10 }); // updated in the results: 1
      await waitForSynced(d, 'big', (_, r) => r.snapshots.length >= 2);
      await d.set('cities/d', { n: 4, big: true }); // added: 1
      await waitForSynced(d, 'big', (ids) => ids.length === 3);
      await d.set('cities/e', { n: 5, big: false }); // not in the results: 0
      await d.update('cities/b', { big: false }); // left the results because it changed: 1
      await waitForSynced(d, 'big', (ids) => ids.join() === 'a,d');
      await d.delete('cities/d'); // deleted: 0
      await waitForSynced(d, 'big', (ids) => ids.join() === 'a');
      expect(await waitFor(listens, (n) => n === 5, 'listen reads')).toBe(5);

      await d.listenQuery('none', { collection: 'cities', where: { field: 'n', op: '>', value: 100 } });
      await waitForSynced(d, 'none', (ids) => ids.length === 0);
      await d.listenDoc('one', 'cities/c');
      await waitForSynced(d, 'one', (ids) => ids.length === 1);
      const counts = await readCounts(ctx());
      expect(counts.byKind.listen).toBe(7);
      expect(counts.reads).toBe(7);
    });
  }
});
