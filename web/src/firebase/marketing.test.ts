// A list's contacts as declared queries (issue 31): a static list's members, a segment's criteria
// merged (one declared query per criterion), its date range; and 'Añadir contactos'.
import { arrayUnion } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_QUERIES, LIST_MEMBERSHIPS_MAX } from '@trato/model';

const fake = vi.hoisted(() => ({
  rows: [] as Record<string, unknown>[],
  updates: [] as [string, Record<string, unknown>][],
  commit: vi.fn(),
}));
vi.mock('./data', () => ({ getDataServices: () => ({ firestore: { name: 'firestore' } }) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const actual = await importOriginal<typeof import('firebase/firestore')>();
  return {
    ...actual,
    doc: (_firestore: unknown, path: string) => ({ path }),
    collection: (_firestore: unknown, path: string) => ({ withConverter: () => ({ path }) }),
    where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
    orderBy: (field: string, direction: string) => ({ orderBy: [field, direction] }),
    limit: (n: number) => ({ limit: n }),
    query: (ref: unknown, ...constraints: unknown[]) => ({ ref, constraints }),
    getDocs: async () => ({ docs: fake.rows.map((row) => ({ id: row.id, data: () => row })) }),
    writeBatch: () => ({
      update: (ref: { path: string }, patch: Record<string, unknown>) => fake.updates.push([ref.path, patch]),
      commit: fake.commit,
    }),
  };
});

const { buildQuery } = await import('./queries');
const { addContactsToList, audienceRequest } = await import('./marketing');

const declared = new Set(APP_QUERIES.map((q) => q.id));
type Built = { constraints: Record<string, unknown[]>[] };
const wheres = (request: Parameters<typeof buildQuery>[0]) =>
  (buildQuery(request) as unknown as Built).constraints.filter((c) => c.where).map((c) => c.where);

describe('audienceRequest', () => {
  it("a static list: the contacts whose listIds hold the list's id", () => {
    expect(audienceRequest('o1', { kind: 'static' }, 'l1')).toEqual({
      id: 'contacts.inList',
      parentPath: 'organizations/o1',
      values: { listIds: 'l1' },
    });
  });

  it('a segment: one declared query per criterion, merged, newest first', () => {
    const request = audienceRequest(
      'o1',
      { kind: 'segment', lifecycleStage: 'customer', contactStatus: null, city: 'León', isCustomer: false },
      'l1',
    );
    expect(request.id).toBe('contacts.segment+by-lifecycleStage');
    expect(request.and?.map((part) => part.id)).toEqual([
      'contacts.segment+by-isCustomer',
      'contacts.segment+by-city',
    ]);
    for (const id of [request.id, ...(request.and ?? []).map((p) => p.id)])
      expect(declared.has(id)).toBe(true);
    expect(wheres(request)).toEqual([
      ['lifecycleStage', '==', 'customer'],
      ['isCustomer', '==', false],
      ['city', '==', 'León'],
    ]);
    const built = buildQuery(request) as unknown as Built;
    expect(built.constraints.filter((c) => c.orderBy)).toEqual([{ orderBy: ['createdAt', 'desc'] }]);
  });

  it('a created-date range: both bounds on the declared range query, a missing one wide open', () => {
    const from = new Date('2026-03-01T06:00:00Z');
    const request = audienceRequest('o1', { kind: 'segment', ownerId: 'u1', createdFrom: from }, 'l1');
    expect([request.id, ...(request.and ?? []).map((p) => p.id)]).toEqual([
      'contacts.segment+by-ownerId',
      'contacts.segment',
    ]);
    const range = wheres(request).filter(([field]) => field === 'createdAt');
    expect(range).toEqual([
      ['createdAt', '>=', from],
      ['createdAt', '<', new Date(Date.UTC(9999, 11, 31))],
    ]);
  });

  it('a segment without criteria holds every contact', () => {
    const request = audienceRequest('o1', { kind: 'segment' }, 'l1');
    expect(request.id).toBe('contacts.segment');
    expect(request.and).toBeUndefined();
    expect(wheres(request)).toEqual([
      ['createdAt', '>=', new Date(0)],
      ['createdAt', '<', new Date(Date.UTC(9999, 11, 31))],
    ]);
  });

  it('refuses to merge a query of another collection or order', () => {
    expect(() =>
      buildQuery({
        id: 'contacts.inList',
        parentPath: 'organizations/o1',
        values: { listIds: 'l1' },
        and: [{ id: 'deals.list' }],
      }),
    ).toThrow(/cannot be merged/);
  });
});

describe('addContactsToList', () => {
  beforeEach(() => {
    fake.updates = [];
    fake.commit.mockReset().mockResolvedValue(undefined);
  });

  it('adds the list with arrayUnion to those who may join; leaves the full, the members and the missing', async () => {
    const full = Array.from({ length: LIST_MEMBERSHIPS_MAX }, (_, i) => `x${i}`);
    fake.rows = [
      { id: 'c1', name: 'Ana', listIds: [] },
      { id: 'c2', name: 'Luis', listIds: ['l1'] },
      { id: 'c3', name: 'Marta', listIds: full },
      { id: 'c4', name: 'Pedro' },
    ];
    const result = await addContactsToList('o1', 'l1', ['c1', 'c2', 'c3', 'c4', 'c5', 'c1'], 'listIds');
    expect(result).toEqual({ added: ['c1', 'c4'], already: ['c2'], full: ['c3'], missing: ['c5'] });
    expect(fake.updates.map(([path]) => path)).toEqual([
      'organizations/o1/contacts/c1',
      'organizations/o1/contacts/c4',
    ]);
    for (const [, patch] of fake.updates) {
      expect(Object.keys(patch)).toEqual(['listIds']);
      expect((patch.listIds as { isEqual(o: unknown): boolean }).isEqual(arrayUnion('l1'))).toBe(true);
    }
    expect(fake.commit).toHaveBeenCalledTimes(1);
  });

  it('nobody to add: nothing written', async () => {
    fake.rows = [{ id: 'c2', name: 'Luis', listIds: ['l1'] }];
    expect(await addContactsToList('o1', 'l1', ['c2'], 'listIds')).toEqual({
      added: [],
      already: ['c2'],
      full: [],
      missing: [],
    });
    expect(fake.commit).not.toHaveBeenCalled();
  });
});
