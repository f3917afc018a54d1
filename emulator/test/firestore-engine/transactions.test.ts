import { describe, expect, it } from 'vitest';
import type { FirestoreEngine } from '../../src/firestore/api.js';
import { Code, OWNER, type Write } from '../../src/firestore/model.js';
import { int } from '../../src/firestore/values.js';
import { DB, data, fakeClock, get, name, newEngine, query, ROOT, set, setWrite } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The admin SDK's loop: begin (keeping the aborted attempt's id), read, write, retry on ABORTED. */
async function runTransaction(
  engine: FirestoreEngine,
  body: (txn: Uint8Array) => Promise<Write[]>,
): Promise<number> {
  let retry: Uint8Array | undefined;
  for (let attempt = 1; attempt <= 30; attempt++) {
    const txn = await engine.beginTransaction(OWNER, DB, {
      readWrite: retry ? { retryTransaction: retry } : {},
    });
    try {
      await engine.commit(OWNER, DB, await body(txn), txn);
      return attempt;
    } catch (err) {
      if ((err as { code: number }).code !== Code.ABORTED) throw err;
      await engine.rollback(OWNER, DB, txn).catch(() => undefined);
      retry = txn;
      await sleep(Math.random() * 5);
    }
  }
  throw new Error('transaction did not converge');
}

async function readCounter(engine: FirestoreEngine, txn: Uint8Array): Promise<number> {
  const { results } = await engine.batchGet(OWNER, DB, [name('c/counter')], { transaction: txn });
  return Number((results[0].found!.fields.n as { integerValue: bigint }).integerValue);
}

describe('transactions', () => {
  it('converges: 10 concurrent read-modify-write increments end at +10', async () => {
    const engine = newEngine();
    await set(engine, 'c/counter', { n: 0 });
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        runTransaction(engine, async (txn) => {
          const n = await readCounter(engine, txn);
          await sleep(Math.random() * 3);
          return [setWrite('c/counter', { n: n + 1 })];
        }),
      ),
    );
    expect(data(await get(engine, 'c/counter'))).toEqual({ n: 10 });
    expect(Math.max(...attempts)).toBeGreaterThan(1); // there was contention
  });

  it('an older writer aborts a younger reader; the younger commit fails with ABORTED', async () => {
    const engine = newEngine();
    await set(engine, 'c/x', { n: 1 });
    const older = await engine.beginTransaction(OWNER, DB);
    const younger = await engine.beginTransaction(OWNER, DB);
    await engine.batchGet(OWNER, DB, [name('c/x')], { transaction: younger });
    await engine.batchGet(OWNER, DB, [name('c/x')], { transaction: older });
    await engine.commit(OWNER, DB, [setWrite('c/x', { n: 2 })], older);
    const err = await engine
      .commit(OWNER, DB, [setWrite('c/x', { n: 3 })], younger)
      .catch((e: { code: number }) => e);
    expect(err).toMatchObject({ code: Code.ABORTED });
    expect(data(await get(engine, 'c/x'))).toEqual({ n: 2 });
  });

  it('a plain write waits for an older transaction holding a read lock', async () => {
    const engine = newEngine();
    await set(engine, 'c/x', { n: 1 });
    const txn = await engine.beginTransaction(OWNER, DB);
    await engine.batchGet(OWNER, DB, [name('c/x')], { transaction: txn });
    let done = false;
    const write = set(engine, 'c/x', { n: 5 }).then(() => (done = true));
    await sleep(30);
    expect(done).toBe(false);
    await engine.commit(OWNER, DB, [setWrite('c/x', { n: 2 })], txn);
    await write;
    expect(data(await get(engine, 'c/x'))).toEqual({ n: 5 });
  });

  it('rollback releases locks; a rolled back id is no longer valid', async () => {
    const engine = newEngine();
    const txn = await engine.beginTransaction(OWNER, DB);
    await engine.batchGet(OWNER, DB, [name('c/x')], { transaction: txn });
    await engine.rollback(OWNER, DB, txn);
    await set(engine, 'c/x', { n: 1 });
    const err = await engine.commit(OWNER, DB, [], txn).catch((e: { code: number }) => e);
    expect(err).toMatchObject({ code: Code.INVALID_ARGUMENT });
  });

  it('the optimistic (browser) pattern: stale updateTime preconditions fail', async () => {
    const engine = newEngine();
    await set(engine, 'c/x', { n: 1 });
    const read1 = (await engine.batchGet(OWNER, DB, [name('c/x')])).results[0].found!;
    const read2 = (await engine.batchGet(OWNER, DB, [name('c/x')])).results[0].found!;
    await engine.commit(OWNER, DB, [
      { ...setWrite('c/x', { n: 2 }), currentDocument: { updateTime: read1.updateTime } },
    ]);
    const err = await engine
      .commit(OWNER, DB, [
        { ...setWrite('c/x', { n: 2 }), currentDocument: { updateTime: read2.updateTime } },
      ])
      .catch((e: { code: number }) => e);
    expect(err).toMatchObject({ code: Code.FAILED_PRECONDITION });
  });

  it('read-only transactions and readTime read a past version (documents and queries)', async () => {
    const engine = newEngine();
    const first = await set(engine, 'c/x', { n: 1 });
    await set(engine, 'c/x', { n: 2 });
    await set(engine, 'c/y', { n: 3 });
    const txn = await engine.beginTransaction(OWNER, DB, { readOnly: { readTime: first.commitTime } });
    const { results } = await engine.batchGet(OWNER, DB, [name('c/x'), name('c/y')], { transaction: txn });
    expect(data(results[0].found)).toEqual({ n: 1 });
    expect(results[1].missing).toBe(name('c/y'));
    const q = await engine.runQuery(OWNER, ROOT, query('c'), { readTime: first.commitTime });
    expect(q.documents.map((d) => data(d))).toEqual([{ n: 1 }]);
    const err = await engine
      .commit(OWNER, DB, [setWrite('c/x', { n: 0 })], txn)
      .catch((e: { code: number }) => e);
    expect(err).toMatchObject({ code: Code.INVALID_ARGUMENT });
  });

  it('newTransaction in a read returns the transaction id', async () => {
    const engine = newEngine();
    await set(engine, 'c/x', { n: 1 });
    const r = await engine.batchGet(OWNER, DB, [name('c/x')], { newTransaction: { readWrite: {} } });
    expect(r.transaction).toBeInstanceOf(Uint8Array);
    await engine.commit(
      OWNER,
      DB,
      [{ transform: { document: name('c/x'), fieldTransforms: [{ fieldPath: 'n', increment: int(1) }] } }],
      r.transaction,
    );
    expect(data(await get(engine, 'c/x'))).toEqual({ n: 2 });
  });

  it('expires after 60 s idle', async () => {
    const clock = fakeClock();
    const engine = newEngine({ clock: clock.clock });
    const txn = await engine.beginTransaction(OWNER, DB);
    clock.advance(61_000);
    const err = await engine
      .batchGet(OWNER, DB, [name('c/x')], { transaction: txn })
      .catch((e: { code: number }) => e);
    expect(err).toMatchObject({ code: Code.INVALID_ARGUMENT, message: expect.stringMatching(/expired/) });
  });
});
