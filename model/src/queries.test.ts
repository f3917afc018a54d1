import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { APP_QUERIES, indexSatisfies, indexesFor, requiredIndex, type CompositeIndex } from './queries.js';

const file = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as {
  indexes: CompositeIndex[];
};

describe('firestore.indexes.json serves every app query', () => {
  for (const spec of APP_QUERIES) {
    const need = requiredIndex(spec);
    it(`${spec.id}${need ? '' : ' (single-field)'}`, () => {
      if (need) expect(file.indexes.some((i) => indexSatisfies(i, need))).toBe(true);
    });
  }

  it('has no index no query needs', () => {
    const wanted = indexesFor(APP_QUERIES);
    expect(file.indexes).toHaveLength(wanted.length);
  });

  it('query ids are unique', () => {
    expect(new Set(APP_QUERIES.map((q) => q.id)).size).toBe(APP_QUERIES.length);
  });

  it('equality-only or single-field queries need no composite index', () => {
    expect(
      requiredIndex({
        id: 'x',
        collection: 'c',
        scope: 'COLLECTION',
        where: [{ field: 'a', op: '==' }],
        orderBy: [],
        by: '',
      }),
    ).toBeNull();
    expect(
      requiredIndex({
        id: 'x',
        collection: 'c',
        scope: 'COLLECTION',
        where: [],
        orderBy: [{ field: 'a', direction: 'desc' }],
        by: '',
      }),
    ).toBeNull();
  });
});
