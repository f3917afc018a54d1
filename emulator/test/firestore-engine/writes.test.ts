import { describe, expect, it } from 'vitest';
import { Code, OWNER, type Write } from '../../src/firestore/model.js';
import { fieldsFromJs, fromJs, int, double, str, NULL } from '../../src/firestore/values.js';
import { DB, data, get, name, newEngine, set, setWrite } from './helpers.js';

const update = (
  path: string,
  fields: Record<string, unknown>,
  mask: string[],
  extra: Partial<Write> = {},
): Write => ({
  update: { name: name(path), fields: fieldsFromJs(fields) },
  updateMask: { fieldPaths: mask },
  ...extra,
});

async function expectError(p: Promise<unknown>, code: number, message?: string | RegExp) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e as { code: number; message: string },
  );
  expect(err, 'expected an error').toBeDefined();
  expect(err!.code).toBe(code);
  if (message) expect(err!.message).toMatch(message);
}

describe('writes', () => {
  it('sets, merges with an update mask (nested paths, deleting masked absent fields) and deletes', async () => {
    const e = newEngine();
    await set(e, 'c/d', { a: 1, m: { x: 1, y: 2 }, gone: true });
    await e.commit(OWNER, DB, [update('c/d', { b: 2, m: { x: 9 } }, ['b', 'm.x', 'gone', 'm.y'])]);
    expect(data(await get(e, 'c/d'))).toEqual({ a: 1, b: 2, m: { x: 9 } });
    await e.commit(OWNER, DB, [update('c/d', { 'we.ird': 1 }, ['`we.ird`'])]);
    expect(data(await get(e, 'c/d'))).toMatchObject({ 'we.ird': 1 });
    await e.commit(OWNER, DB, [{ delete: name('c/d') }]);
    expect(await get(e, 'c/d')).toBeUndefined();
  });

  it('keeps createTime, bumps updateTime, and keeps updateTime for a no-op write', async () => {
    const e = newEngine();
    const r1 = await set(e, 'c/d', { a: 1 });
    const d1 = (await get(e, 'c/d'))!;
    expect(d1.createTime).toEqual(r1.commitTime);
    const r2 = await set(e, 'c/d', { a: 2 });
    const d2 = (await get(e, 'c/d'))!;
    expect(d2.createTime).toEqual(d1.createTime);
    expect(d2.updateTime).toEqual(r2.commitTime);
    const r3 = await set(e, 'c/d', { a: 2 });
    expect(r3.writeResults[0].updateTime).toEqual(d2.updateTime);
    expect((await get(e, 'c/d'))!.updateTime).toEqual(d2.updateTime);
    const r4 = await e.commit(OWNER, DB, [{ delete: name('c/d') }]);
    expect(r4.writeResults[0].updateTime).toBeUndefined();
  });

  it('gives strictly increasing microsecond commit times', async () => {
    const e = newEngine({ clock: () => ({ seconds: 100, nanos: 0 }) });
    const a = await set(e, 'c/a', { n: 1 });
    const b = await set(e, 'c/b', { n: 1 });
    expect(b.commitTime.seconds * 1e9 + b.commitTime.nanos).toBeGreaterThan(
      a.commitTime.seconds * 1e9 + a.commitTime.nanos,
    );
    expect(b.commitTime.nanos % 1000).toBe(0);
  });

  it('applies preconditions with Firestore codes and messages', async () => {
    const e = newEngine();
    await expectError(
      e.commit(OWNER, DB, [update('c/missing', { a: 1 }, ['a'], { currentDocument: { exists: true } })]),
      Code.NOT_FOUND,
      `No document to update: ${name('c/missing')}`,
    );
    await set(e, 'c/d', { a: 1 });
    await expectError(
      e.commit(OWNER, DB, [{ ...setWrite('c/d', { a: 2 }), currentDocument: { exists: false } }]),
      Code.ALREADY_EXISTS,
      `Document already exists: ${name('c/d')}`,
    );
    const doc = (await get(e, 'c/d'))!;
    await e.commit(OWNER, DB, [
      { ...setWrite('c/d', { a: 3 }), currentDocument: { updateTime: doc.updateTime } },
    ]);
    await expectError(
      e.commit(OWNER, DB, [
        { ...setWrite('c/d', { a: 4 }), currentDocument: { updateTime: doc.updateTime } },
      ]),
      Code.FAILED_PRECONDITION,
    );
    expect(data(await get(e, 'c/d'))).toEqual({ a: 3 });
  });

  it('commits a batch atomically: one failing write applies none', async () => {
    const e = newEngine();
    await set(e, 'c/exists', { a: 1 });
    await expectError(
      e.commit(OWNER, DB, [
        setWrite('c/new', { a: 1 }),
        { ...setWrite('c/exists', { a: 2 }), currentDocument: { exists: false } },
      ]),
      Code.ALREADY_EXISTS,
    );
    expect(await get(e, 'c/new')).toBeUndefined();
    expect(data(await get(e, 'c/exists'))).toEqual({ a: 1 });
  });

  it('applies field transforms with transformResults', async () => {
    const e = newEngine();
    await set(e, 'c/d', { i: 5, f: 1.5, big: 9223372036854775800n, arr: [1, 2, 3, 2], s: 'x', lo: 3, hi: 3 });
    const r = await e.commit(OWNER, DB, [
      {
        ...update('c/d', {}, []),
        updateTransforms: [
          { fieldPath: 'i', increment: int(2) },
          { fieldPath: 'f', increment: int(1) },
          { fieldPath: 'big', increment: int(100) },
          { fieldPath: 's', increment: int(7) },
          { fieldPath: 'new', increment: double(0.5) },
          { fieldPath: 'arr', appendMissingElements: { values: [int(2), double(4), int(4)] } },
          { fieldPath: 'arr2', removeAllFromArray: { values: [int(1)] } },
          { fieldPath: 'lo', minimum: double(1.5) },
          { fieldPath: 'hi', maximum: double(3) },
          { fieldPath: 'm.at', setToServerValue: 'REQUEST_TIME' },
        ],
      },
    ]);
    const doc = (await get(e, 'c/d'))!;
    expect(doc.fields.i).toEqual(int(7));
    expect(doc.fields.f).toEqual(double(2.5));
    expect(doc.fields.big).toEqual(int(9223372036854775807n)); // saturates
    expect(doc.fields.s).toEqual(int(7));
    expect(doc.fields.new).toEqual(double(0.5));
    expect(data(doc)!.arr).toEqual([1, 2, 3, 2, 4]);
    expect(data(doc)!.arr2).toEqual([]);
    expect(doc.fields.lo).toEqual(double(1.5));
    expect(doc.fields.hi).toEqual(int(3)); // equivalent operand keeps the stored value
    const results = r.writeResults[0].transformResults;
    expect(results[0]).toEqual(int(7));
    expect(results[5]).toEqual(NULL);
    expect(results[6]).toEqual(NULL);
    expect(results[9]).toEqual({ timestampValue: r.commitTime });
    expect((doc.fields.m as { mapValue: { fields: Record<string, unknown> } }).mapValue.fields.at).toEqual({
      timestampValue: r.commitTime,
    });
  });

  it('removes every equivalent element and handles NaN in array transforms', async () => {
    const e = newEngine();
    await set(e, 'c/d', { a: [1, 1.0, NaN, 'x', null, 2] });
    await e.commit(OWNER, DB, [
      {
        transform: {
          document: name('c/d'),
          fieldTransforms: [
            { fieldPath: 'a', removeAllFromArray: { values: [double(1), double(NaN), NULL] } },
          ],
        },
      },
    ]);
    expect(data(await get(e, 'c/d'))!.a).toEqual(['x', 2]);
  });

  it('applies increment with int/double mixing and NaN in maximum/minimum', async () => {
    const e = newEngine();
    await set(e, 'c/d', { a: 1, n: NaN, m: 5 });
    await e.commit(OWNER, DB, [
      {
        transform: {
          document: name('c/d'),
          fieldTransforms: [
            { fieldPath: 'a', increment: double(0.25) },
            { fieldPath: 'n', maximum: int(3) },
            { fieldPath: 'm', minimum: double(NaN) },
          ],
        },
      },
    ]);
    const d = (await get(e, 'c/d'))!;
    expect(d.fields.a).toEqual(double(1.25));
    expect(Number.isNaN((d.fields.n as { doubleValue: number }).doubleValue)).toBe(true);
    expect(Number.isNaN((d.fields.m as { doubleValue: number }).doubleValue)).toBe(true);
  });

  it('rejects invalid writes', async () => {
    const e = newEngine();
    await expectError(e.commit(OWNER, DB, [setWrite('c', { a: 1 })]), Code.INVALID_ARGUMENT);
    await expectError(
      e.commit(OWNER, DB, [setWrite('c/__x__', { a: 1 })]),
      Code.INVALID_ARGUMENT,
      /reserved/,
    );
    await expectError(
      e.commit(OWNER, DB, [
        { update: { name: 'projects/other/databases/(default)/documents/c/d', fields: {} } },
      ]),
      Code.INVALID_ARGUMENT,
    );
    await expectError(
      e.commit(OWNER, DB, [setWrite('c/d', { big: 'x'.repeat(1_048_600) })]),
      Code.INVALID_ARGUMENT,
      /exceeds the maximum/,
    );
    await expectError(
      e.commit(OWNER, DB, [
        { ...update('c/d', {}, []), updateTransforms: [{ fieldPath: 'a', increment: str('1') }] },
      ]),
      Code.INVALID_ARGUMENT,
    );
    expect(fromJs(1)).toEqual(int(1));
  });
});
