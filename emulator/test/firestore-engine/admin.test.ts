import { describe, expect, it } from 'vitest';
import type { FirestoreExport } from '../../src/firestore/api.js';
import { Code, OWNER, type Caller } from '../../src/firestore/model.js';
import { fieldsFromJs } from '../../src/firestore/values.js';
import { DB, get, name, newEngine, query, ROOT, run, seed, set } from './helpers.js';

describe('listing', () => {
  it('lists collection ids under the root and under documents (also missing ones)', async () => {
    const e = newEngine();
    await seed(e, { 'b/1': {}, 'a/1': {}, 'a/2/x/1': {}, 'a/2/y/1': {}, 'a/3/x/1': {}, 'c-d/1': {} });
    expect(await e.listCollectionIds(OWNER, ROOT)).toEqual(['a', 'b', 'c-d']);
    expect(await e.listCollectionIds(OWNER, `${ROOT}/a/2`)).toEqual(['x', 'y']);
    expect(await e.listCollectionIds(OWNER, `${ROOT}/a/1`)).toEqual([]);
    const user: Caller = { kind: 'user', auth: null };
    await expect(e.listCollectionIds(user, ROOT)).rejects.toMatchObject({ code: Code.PERMISSION_DENIED });
  });

  it('lists documents with paging and showMissing for documents that only have subcollections', async () => {
    const e = newEngine();
    await seed(e, { 'a/1': { v: 1 }, 'a/2/x/1': {}, 'a/3': { v: 3 }, 'a/3/x/1': {}, 'a/4/x/1/y/1': {} });
    const plain = await e.listDocuments(OWNER, ROOT, 'a');
    expect(plain.documents.map((d) => d.name)).toEqual([name('a/1'), name('a/3')]);
    const missing = await e.listDocuments(OWNER, ROOT, 'a', { showMissing: true });
    expect(missing.documents.map((d) => d.name)).toEqual([
      name('a/1'),
      name('a/2'),
      name('a/3'),
      name('a/4'),
    ]);
    expect(missing.documents[1].fields).toEqual({});
    expect(missing.documents[1].createTime).toEqual({ seconds: 0, nanos: 0 });
    const page1 = await e.listDocuments(OWNER, ROOT, 'a', { showMissing: true, pageSize: 3 });
    expect(page1.documents).toHaveLength(3);
    const page2 = await e.listDocuments(OWNER, ROOT, 'a', {
      showMissing: true,
      pageSize: 3,
      pageToken: page1.nextPageToken,
    });
    expect(page2.documents.map((d) => d.name)).toEqual([name('a/4')]);
    expect(page2.nextPageToken).toBeUndefined();
  });
});

describe('export, import, clear', () => {
  it('round-trips every value type in a sorted, typed JSON format', async () => {
    const e = newEngine();
    await seed(e, {
      'b/1': { z: 1, a: 'text' },
      'a/1': {
        int: 9223372036854775807n,
        dbl: 1.5,
        nan: NaN,
        inf: -Infinity,
        t: new Date('2024-05-06T07:08:09.123Z'),
        bytes: new Uint8Array([1, 2, 255]),
        ref: { $reference: name('b/1') },
        geo: { $latlng: { latitude: 1.5, longitude: -2 } },
        arr: [1, 'x', null, true],
        map: { nested: { deep: 1 } },
      },
      'a/1/sub/x': {},
    });
    const exported = e.exportData();
    const docs = exported.databases[DB].documents;
    expect(docs.map((d) => d.path)).toEqual(['a/1', 'a/1/sub/x', 'b/1']);
    expect(docs[2].fields).toEqual({ a: { stringValue: 'text' }, z: { integerValue: '1' } });
    expect(Object.keys(docs[0].fields)).toEqual([...Object.keys(docs[0].fields)].sort());
    expect(docs[0].fields.t).toEqual({ timestampValue: '2024-05-06T07:08:09.123000000Z' });
    expect(docs[0].fields.nan).toEqual({ doubleValue: 'NaN' });
    expect(docs[0].createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);

    const text = JSON.stringify(exported, null, 2);
    const copy = newEngine();
    copy.importData(JSON.parse(text) as FirestoreExport);
    expect(copy.exportData()).toEqual(exported);
    const original = await get(e, 'a/1');
    expect(await get(copy, 'a/1')).toEqual(original);
    // Commit times continue after the imported ones.
    const r = await set(copy, 'b/2', {});
    const last = docs
      .map((d) => d.updateTime)
      .sort()
      .pop()!;
    expect(new Date(r.commitTime.seconds * 1000).toISOString() >= last.slice(0, 19)).toBe(true);
    // Imported documents are queryable through the indexes.
    expect((await run(copy, query('b'))).map((d) => d.name)).toEqual([name('b/1'), name('b/2')]);
  });

  it('clear removes every document and tells listeners', async () => {
    const e = newEngine();
    await set(e, 'c/a', { v: 1 });
    const seen: string[] = [];
    const stream = e.listen(OWNER, DB, (r) => {
      if ('documentDelete' in r) seen.push(r.documentDelete.document);
    });
    stream.addTarget({ targetId: 1, query: { parent: ROOT, structuredQuery: query('c') } });
    e.clear();
    expect(seen).toEqual([name('c/a')]);
    expect(await get(e, 'c/a')).toBeUndefined();
    expect(await run(e, query('c'))).toEqual([]);
    await e.commit(OWNER, DB, [{ update: { name: name('c/b'), fields: fieldsFromJs({ v: 2 }) } }]);
    expect((await run(e, query('c'))).length).toBe(1);
  });
});
