import { describe, expect, it } from 'vitest';
import { OWNER, type ListenResponse } from '../../src/firestore/model.js';
import { DB, data, get, ids, name, newEngine, query, run, set, where, asc } from './helpers.js';

describe('engine smoke', () => {
  it('writes, reads, queries and listens', async () => {
    const engine = newEngine();
    await set(engine, 'users/a', { n: 1, tag: 'x' });
    await set(engine, 'users/b', { n: 2, tag: 'y' });
    expect(data(await get(engine, 'users/a'))).toEqual({ n: 1, tag: 'x' });
    const docs = await run(engine, query('users', { where: where('n', '>=', 2) }));
    expect(ids(docs)).toEqual(['b']);
    const out: ListenResponse[] = [];
    const stream = engine.listen(OWNER, DB, (r) => out.push(r));
    stream.addTarget({
      targetId: 1,
      query: { parent: `${DB}/documents`, structuredQuery: query('users', { orderBy: [asc('n')] }) },
    });
    expect(out.length).toBe(5);
    await set(engine, 'users/c', { n: 3 });
    expect(out.length).toBe(8);
    expect(name('users/c')).toContain('users/c');
  });
});
