import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  APP_QUERIES,
  indexSatisfies,
  indexesFor,
  requiredIndex,
  wordsQueryId,
  type CompositeIndex,
  type QueryCollection,
  type QueryId,
  type QuerySpec,
} from './queries.js';
import type { CollectionEntities } from './entities.js';
import { SEARCH_FIELDS } from './search.js';

const file = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as {
  indexes: CompositeIndex[];
  fieldOverrides: { collectionGroup: string; fieldPath: string; indexes: object[] }[];
};

/** The queries that need a composite index, and those single-field indexes serve. */
const composite = APP_QUERIES.filter((spec) => requiredIndex(spec) !== null);
const singleField = APP_QUERIES.filter((spec) => requiredIndex(spec) === null);

/** Ids of the queries the given index list does not serve. */
function unserved(indexes: CompositeIndex[], specs: QuerySpec[] = APP_QUERIES): string[] {
  return specs
    .filter((spec) => {
      const need = requiredIndex(spec);
      return need !== null && !indexes.some((index) => indexSatisfies(index, need));
    })
    .map((spec) => spec.id);
}

/** The entries of the given index list that serve no query. */
function unused(indexes: CompositeIndex[], specs: QuerySpec[] = APP_QUERIES): CompositeIndex[] {
  const needs = specs.map(requiredIndex).filter((need) => need !== null);
  return indexes.filter((index) => !needs.some((need) => indexSatisfies(index, need)));
}

/** Distinct fields a query filters or orders on. */
const fieldsOf = (spec: QuerySpec) =>
  new Set([...spec.where.map((f) => f.field), ...spec.orderBy.map((o) => o.field)]);

describe('firestore.indexes.json serves every app query', () => {
  it('there are queries, some of them needing a composite index', () => {
    expect(APP_QUERIES.length).toBeGreaterThan(0);
    expect(composite.length).toBeGreaterThan(0);
    expect(file.indexes.length).toBeGreaterThan(0);
  });

  // One test per query, so a failure names it; each asserts in every case.
  for (const spec of composite) {
    it(spec.id, () => {
      const need = requiredIndex(spec)!;
      expect(
        file.indexes.some((index) => indexSatisfies(index, need)),
        `firestore.indexes.json lacks ${JSON.stringify({ collectionGroup: need.collectionGroup, queryScope: need.queryScope, fields: need.fields })}`,
      ).toBe(true);
    });
  }

  for (const spec of singleField) {
    it(`${spec.id} (single-field)`, () => {
      // Checked independently of requiredIndex: Firestore serves a query from single-field
      // indexes when it touches one field, or has only equality/array-contains filters and no
      // order (merge join); collection-group queries on more than one field always need one.
      const fields = fieldsOf(spec);
      const equalityOnly =
        spec.orderBy.length === 0 &&
        spec.where.every((f) => ['==', 'in', 'array-contains', 'words'].includes(f.op));
      expect(
        fields.size <= 1 || (equalityOnly && spec.scope === 'COLLECTION'),
        `${spec.id} needs a composite index`,
      ).toBe(true);
    });
  }

  it('has no index no query needs, and no duplicates', () => {
    expect(unused(file.indexes)).toEqual([]);
    expect(file.indexes).toHaveLength(indexesFor(APP_QUERIES).length);
  });

  it('query ids are unique', () => {
    expect(APP_QUERIES.length).toBeGreaterThan(0);
    expect(new Set(APP_QUERIES.map((q) => q.id)).size).toBe(APP_QUERIES.length);
  });
});

describe('the index checks can fail', () => {
  it('every entry of firestore.indexes.json is needed: without it some query is unserved', () => {
    expect(unserved(file.indexes)).toEqual([]);
    file.indexes.forEach((_, i) => {
      const without = file.indexes.filter((__, j) => j !== i);
      expect(unserved(without).length, `index #${i} removed`).toBeGreaterThan(0);
    });
  });

  it('an index for another field order or collection does not count', () => {
    const spec = APP_QUERIES.find((q) => q.id === 'deals.byStage')!;
    const need = requiredIndex(spec)!;
    const reversed = { ...need, fields: [...need.fields].reverse() };
    const elsewhere = { ...need, collectionGroup: 'tickets' };
    expect(unserved([reversed], [spec])).toEqual(['deals.byStage']);
    expect(unserved([elsewhere], [spec])).toEqual(['deals.byStage']);
    expect(unserved([need], [spec])).toEqual([]);
  });

  it('an extra index is reported as unused', () => {
    const extra: CompositeIndex = {
      collectionGroup: 'deals',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'nothing', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    };
    expect(unused([...file.indexes, extra])).toEqual([extra]);
  });
});

describe('requiredIndex', () => {
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

  it('a filter plus an order on another field needs one', () => {
    expect(
      requiredIndex({
        id: 'x',
        collection: 'c',
        scope: 'COLLECTION',
        where: [{ field: 'a', op: '==' }],
        orderBy: [{ field: 'b', direction: 'desc' }],
        by: '',
      })?.fields,
    ).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'DESCENDING' },
    ]);
  });
});

describe('searches of several words', () => {
  const words = APP_QUERIES.filter((spec) => spec.where.some((f) => f.op === 'words'));
  const searches = APP_QUERIES.filter((spec) => spec.where.some((f) => f.field === 'searchTokens'));

  it('every one-word search has its several-word twin, except the ranged meetings lists and the phone look-up', () => {
    const missing = searches
      .filter((spec) => !APP_QUERIES.some((other) => other.id === wordsQueryId(spec.id)))
      .map((spec) => spec.id);
    // The WhatsApp webhook looks a phone up by one token (its compact digits), never by words.
    expect(missing).toEqual(['meetings.upcoming+search', 'meetings.past+search', 'contacts.byPhoneToken']);
    expect(words.length).toBe(searches.length - missing.length);
  });

  it('a twin has the same filters with the words instead of the token, no order, the same limit', () => {
    for (const spec of searches.filter((s) => APP_QUERIES.some((o) => o.id === wordsQueryId(s.id)))) {
      const twin = APP_QUERIES.find((other) => other.id === wordsQueryId(spec.id))!;
      expect(twin.orderBy).toEqual([]);
      expect(twin.limit).toBe(spec.limit);
      expect(twin.where.map((f) => (f.op === 'words' ? 'searchTokens' : f.field))).toEqual(
        spec.where.map((f) => f.field),
      );
      expect(requiredIndex(twin)).toBeNull();
    }
  });

  it('twin ids', () => {
    expect(wordsQueryId('deals.search')).toBe('deals.words');
    expect(wordsQueryId('contacts.search+by-companyId')).toBe('contacts.words+by-companyId');
    expect(wordsQueryId('tasks.pending+search')).toBe('tasks.pending+words');
    expect(wordsQueryId('contacts.pick')).toBe('contacts.pick+words');
  });

  it('an order or a range next to the words is refused: no index could serve it', () => {
    const base: QuerySpec = { id: 'x', collection: 'c', scope: 'COLLECTION', where: [], orderBy: [], by: '' };
    const wordsFilter = { field: 'searchIndex', op: 'words' } as const;
    expect(requiredIndex({ ...base, where: [wordsFilter, { field: 'a', op: '==' }] })).toBeNull();
    expect(() =>
      requiredIndex({ ...base, where: [wordsFilter], orderBy: [{ field: 'a', direction: 'asc' }] }),
    ).toThrow(/cannot be ordered/);
    expect(() => requiredIndex({ ...base, where: [wordsFilter, { field: 'a', op: '>=' }] })).toThrow(
      /cannot be ordered/,
    );
  });

  it('firestore.indexes.json keeps of each searchIndex only the ascending index the words need', () => {
    // An override of a map field applies to its keys: ~100 per document, each indexed once
    // instead of ascending, descending and (production's default) in collection-group scope.
    const collections = [...new Set(words.map((spec) => spec.collection))].sort();
    // The clients' searchable collections, and the conversations the mail sync tokenises.
    expect(collections).toEqual([...Object.keys(SEARCH_FIELDS), 'emailThreads'].sort());
    expect(file.fieldOverrides.filter((o) => o.fieldPath === 'searchIndex')).toEqual(
      collections.map((collectionGroup) => ({
        collectionGroup,
        fieldPath: 'searchIndex',
        indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
      })),
    );
  });
});

describe('query ids as types', () => {
  it('every id starts with the collection the query reads (QueryRow takes the entity from it)', () => {
    for (const spec of APP_QUERIES) expect(spec.id.split('.')[0], spec.id).toBe(spec.collection);
  });

  it('ids are unique', () => {
    const ids = APP_QUERIES.map((spec) => spec.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the names the types give generated ids are the ids declared', () => {
    // Typed as QueryId: these compile only if the types name them; the test checks they exist.
    const typed: QueryId[] = [
      'companies.list',
      'companies.search+by-size',
      'companies.words+by-industry+by-size',
      'contacts.list+by-companyId+by-lifecycleStage',
      'tickets.words+by-priority',
      'contacts.pick+words',
      'tasks.pending+words',
      'deals.words',
      wordsQueryId('meetings.search'),
    ];
    const declared = new Set<string>(APP_QUERIES.map((spec) => spec.id));
    for (const id of typed) expect(declared.has(id), id).toBe(true);
  });

  it('a collection read by a query has its entity type', () => {
    // A compile-time check: a query of a collection without an entity in CollectionEntities fails here.
    const collection: keyof CollectionEntities = 'contacts' as QueryCollection<QueryId>;
    expect(collection).toBe('contacts');
  });
});
