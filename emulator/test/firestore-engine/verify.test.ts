/**
 * Verify writes (the firebase web SDKs send one per document a transaction read but did not
 * write) and preconditions that fail after an earlier write to the same document of a request.
 */
import { describe, expect, it } from 'vitest';
import type { AccessRequest, Authorizer } from '../../src/firestore/access.js';
import { Code, OWNER, type Caller, type Write } from '../../src/firestore/model.js';
import { fieldsFromJs } from '../../src/firestore/values.js';
import { DB, data, get, name, newEngine, set, setWrite } from './helpers.js';

const USER: Caller = { kind: 'user', auth: { uid: 'u1', token: {} } };

const verify = (path: string, currentDocument: Write['currentDocument']): Write => ({
  verify: name(path),
  currentDocument,
});
const update = (
  path: string,
  fields: Record<string, unknown>,
  currentDocument: Write['currentDocument'] = { exists: true },
): Write => ({
  update: { name: name(path), fields: fieldsFromJs(fields) },
  updateMask: { fieldPaths: Object.keys(fields) },
  currentDocument,
});
const del = (path: string, currentDocument?: Write['currentDocument']): Write => ({
  delete: name(path),
  ...(currentDocument ? { currentDocument } : {}),
});

async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e as { code: number; message: string },
  );
  expect(err, 'expected an error').toBeDefined();
  return err!;
}

describe('verify writes', () => {
  it('pass when the document is as it was read, change nothing and report its update time', async () => {
    const e = newEngine();
    await set(e, 'contacts/a', { name: 'Ada' });
    const a = (await get(e, 'contacts/a'))!;
    const r = await e.commit(OWNER, DB, [
      setWrite('deals/d', { contact: 'a' }),
      verify('contacts/a', { updateTime: a.updateTime }),
      verify('contacts/missing', { exists: false }),
    ]);
    expect(r.writeResults).toHaveLength(3);
    expect(r.writeResults[0].updateTime).toEqual(r.commitTime);
    // "If the write did not actually change the document, this will be the previous update_time";
    // a missing document has none.
    expect(r.writeResults[1]).toEqual({ updateTime: a.updateTime, transformResults: [] });
    expect(r.writeResults[2]).toEqual({ updateTime: undefined, transformResults: [] });
    expect(await get(e, 'contacts/a')).toEqual(a);
    expect(await get(e, 'contacts/missing')).toBeUndefined();
    expect(data(await get(e, 'deals/d'))).toEqual({ contact: 'a' });
  });

  it('fail the whole commit as production does when the document changed since it was read', async () => {
    const e = newEngine();
    await set(e, 'contacts/a', { v: 1 });
    const read = (await get(e, 'contacts/a'))!;
    await set(e, 'contacts/a', { v: 2 });
    const stale = await failure(
      e.commit(OWNER, DB, [
        setWrite('deals/d', { v: 1 }),
        verify('contacts/a', { updateTime: read.updateTime }),
      ]),
    );
    expect(stale.code).toBe(Code.FAILED_PRECONDITION);
    expect(stale.message).toMatch(
      /^the stored version \(\d+\) does not match the required base version \(\d+\)$/,
    );

    await e.commit(OWNER, DB, [del('contacts/a')]);
    const deleted = await failure(
      e.commit(OWNER, DB, [
        setWrite('deals/d', { v: 1 }),
        verify('contacts/a', { updateTime: read.updateTime }),
      ]),
    );
    expect(deleted.code).toBe(Code.FAILED_PRECONDITION);

    // Read as missing, created since.
    await set(e, 'contacts/new', { v: 1 });
    const created = await failure(
      e.commit(OWNER, DB, [setWrite('deals/d', { v: 1 }), verify('contacts/new', { exists: false })]),
    );
    expect(created.code).toBe(Code.ALREADY_EXISTS);
    expect(created.message).toBe(`Document already exists: ${name('contacts/new')}`);
    expect(await get(e, 'deals/d')).toBeUndefined();
  });

  it('are judged as a get of the document, never as a write', async () => {
    const e = newEngine();
    await set(e, 'contacts/a', { v: 1 });
    const a = (await get(e, 'contacts/a'))!;
    const seen: AccessRequest[] = [];
    const readOnlyContacts: Authorizer = {
      authorize: (r) => {
        seen.push(r);
        const contact = 'name' in r && r.name.startsWith(name('contacts/'));
        return { allowed: !contact || r.method === 'get' };
      },
    };
    e.setAuthorizer(readOnlyContacts);
    await e.commit(USER, DB, [
      setWrite('deals/d', { v: 1 }),
      verify('contacts/a', { updateTime: a.updateTime }),
    ]);
    expect(seen.map((r) => [r.method, 'name' in r ? r.name : ''])).toEqual([
      ['create', name('deals/d')],
      ['get', name('contacts/a')],
    ]);
    expect(seen[1]).toMatchObject({ resource: a });

    const denyAll: Authorizer = { authorize: () => ({ allowed: false }) };
    e.setAuthorizer(denyAll);
    expect((await failure(e.commit(USER, DB, [verify('contacts/a', { exists: true })]))).code).toBe(
      Code.PERMISSION_DENIED,
    );
  });

  it('send nothing to listeners', async () => {
    const e = newEngine();
    await set(e, 'contacts/a', { v: 1 });
    const a = (await get(e, 'contacts/a'))!;
    const responses: unknown[] = [];
    const stream = e.listen(OWNER, DB, (r) => responses.push(r));
    stream.addTarget({ targetId: 2, documents: { documents: [name('contacts/a')] } });
    const initial = responses.length;
    await e.commit(OWNER, DB, [
      setWrite('deals/d', { v: 1 }),
      verify('contacts/a', { updateTime: a.updateTime }),
    ]);
    expect(responses.length).toBe(initial);
    stream.close();
  });

  it('wait for no lock: a verify goes with a server transaction holding the document', async () => {
    const e = newEngine();
    await set(e, 'contacts/a', { v: 1 });
    const a = (await get(e, 'contacts/a'))!;
    // A firebase-admin style transaction reads (and so locks) contacts/a...
    const { transaction } = await e.batchGet(OWNER, DB, [name('contacts/a')], { newTransaction: {} });
    // ...and a web SDK transaction that read it too commits at once.
    const started = Date.now();
    await e.commit(OWNER, DB, [
      setWrite('deals/d', { v: 1 }),
      verify('contacts/a', { updateTime: a.updateTime }),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
    await e.commit(OWNER, DB, [setWrite('deals/e', { v: 1 })], transaction);
    expect(data(await get(e, 'deals/e'))).toEqual({ v: 1 });
  });
});

describe('preconditions after an earlier write to the same document', () => {
  it('fail as INVALID_ARGUMENT; against the stored document they keep their own codes', async () => {
    const e = newEngine();
    await set(e, 'c/a', { v: 1 });
    const a = (await get(e, 'c/a'))!;
    // The firebase web SDK's transaction table, as production answers it.
    const deleteThenUpdate = await failure(
      e.commit(OWNER, DB, [del('c/a', { updateTime: a.updateTime }), update('c/a', { v: 2 })]),
    );
    expect(deleteThenUpdate.code).toBe(Code.INVALID_ARGUMENT);
    expect(deleteThenUpdate.message).toContain(name('c/a'));
    // Even when the delete changed nothing (the document never existed).
    expect((await failure(e.commit(OWNER, DB, [del('c/none'), update('c/none', { v: 2 })]))).code).toBe(
      Code.INVALID_ARGUMENT,
    );
    expect(
      (await failure(e.commit(OWNER, DB, [del('c/none', { exists: false }), update('c/none', { v: 2 })])))
        .code,
    ).toBe(Code.INVALID_ARGUMENT);
    expect(data(await get(e, 'c/a'))).toEqual({ v: 1 });

    // A lone update of a missing document: NOT_FOUND, as before.
    expect(
      (await failure(e.commit(OWNER, DB, [update('c/none', { v: 1 }), update('c/none', { v: 2 })]))).code,
    ).toBe(Code.NOT_FOUND);

    // Preconditions that hold after the earlier write are fine.
    await e.commit(OWNER, DB, [setWrite('c/b', { v: 1 }), update('c/b', { v: 2 })]);
    expect(data(await get(e, 'c/b'))).toEqual({ v: 2 });
    await e.commit(OWNER, DB, [
      update('c/a', { v: 3 }, { updateTime: a.updateTime }),
      update('c/a', { w: 1 }),
    ]);
    expect(data(await get(e, 'c/a'))).toEqual({ v: 3, w: 1 });
    await e.commit(OWNER, DB, [del('c/a'), setWrite('c/a', { v: 4 })]);
    expect(data(await get(e, 'c/a'))).toEqual({ v: 4 });
  });
});
