// A contact on a static list (issue 31): its listIds take the list's id with arrayUnion and lose it
// with arrayRemove (never the whole array: two members adding at once both count), alone for a
// marketer, stamped for whoever edits contacts; no contact joins more than LIST_MEMBERSHIPS_MAX.
import { arrayRemove, arrayUnion, serverTimestamp } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  can,
  LIST_MEMBERSHIPS_MAX,
  uniformPermissions,
  type Action,
  type MemberLike,
  type Resource,
} from '@trato/model';

const fake = vi.hoisted(() => ({ updateDoc: vi.fn() }));
vi.mock('./data', () => ({ getDataServices: () => ({ firestore: { name: 'firestore' } }) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const actual = await importOriginal<typeof import('firebase/firestore')>();
  return { ...actual, doc: (_firestore: unknown, path: string) => ({ path }), updateDoc: fake.updateDoc };
});

const { listAdditionOf, listChangeMode, listMembershipPatch, setListMembership } =
  await import('./listMembers');
const { getPendingChanges, setPendingOwner } = await import('./pendingWrites');

beforeEach(() => {
  fake.updateDoc.mockReset().mockResolvedValue(undefined);
});

describe('listMembershipPatch', () => {
  it('adds with arrayUnion, removes with arrayRemove, listIds alone', () => {
    const add = listMembershipPatch('l1', true);
    expect(Object.keys(add)).toEqual(['listIds']);
    expect(add.listIds.isEqual(arrayUnion('l1'))).toBe(true);
    const remove = listMembershipPatch('l1', false);
    expect(remove.listIds.isEqual(arrayRemove('l1'))).toBe(true);
    expect(remove.listIds.isEqual(arrayUnion('l1'))).toBe(false);
  });

  it('stamped: the contact’s updatedAt too (the contacts.edit way)', () => {
    const patch = listMembershipPatch('l1', true, true) as Record<string, { isEqual(o: unknown): boolean }>;
    expect(Object.keys(patch).sort()).toEqual(['listIds', 'updatedAt']);
    expect(patch.updatedAt!.isEqual(serverTimestamp())).toBe(true);
  });
});

describe('setListMembership', () => {
  it('updates the contact with arrayUnion / arrayRemove of the list id', async () => {
    await setListMembership('o1', { id: 'c1', name: 'Julia' }, { id: 'l1', name: 'Feria' }, true, 'listIds');
    await setListMembership('o1', { id: 'c1', name: 'Julia' }, { id: 'l2', name: 'VIP' }, false, 'listIds');
    const [[ref1, patch1], [ref2, patch2]] = fake.updateDoc.mock.calls as [
      { path: string },
      { listIds: { isEqual(o: unknown): boolean } },
    ][];
    expect(ref1.path).toBe('organizations/o1/contacts/c1');
    expect(patch1.listIds.isEqual(arrayUnion('l1'))).toBe(true);
    expect(ref2.path).toBe('organizations/o1/contacts/c1');
    expect(patch2.listIds.isEqual(arrayRemove('l2'))).toBe(true);
  });

  it('offline: returns at once, and the sync indicator follows it until the server answers', async () => {
    setPendingOwner('u1');
    let answer = () => {};
    fake.updateDoc.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await setListMembership(
      'o1',
      { id: 'c1', name: 'Julia Pérez' },
      { id: 'l1', name: 'Feria' },
      true,
      'listIds',
    );
    expect(getPendingChanges()).toMatchObject([
      { action: 'update', collection: 'contacts', title: 'Julia Pérez', fields: { listIds: 'Feria' } },
    ]);
    onLine.mockRestore();
    answer();
    await vi.waitFor(() => expect(getPendingChanges()).toEqual([]));
  });
});

describe('listAdditionOf', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `l${i}`);
  it('add, already, or full at LIST_MEMBERSHIPS_MAX', () => {
    expect(listAdditionOf(undefined, 'x')).toBe('add');
    expect(listAdditionOf(ids(LIST_MEMBERSHIPS_MAX - 1), 'x')).toBe('add');
    expect(listAdditionOf(ids(LIST_MEMBERSHIPS_MAX), 'x')).toBe('full');
    // Already on it: nothing to add, whatever the count.
    expect(listAdditionOf(ids(LIST_MEMBERSHIPS_MAX), 'l3')).toBe('already');
  });
});

describe('listChangeMode', () => {
  const as = (permissions: MemberLike['permissions']) => (resource: Resource, action: Action) =>
    can({ role: 'seller', permissions }, resource, action);
  it('a marketer who sees contacts writes listIds alone; a contacts editor stamps; others cannot', () => {
    expect(listChangeMode(as(uniformPermissions(true)))).toBe('listIds');
    expect(
      listChangeMode(
        as({
          marketing: { view: true, create: false, edit: false, delete: false },
          contacts: { view: true, create: false, edit: true, delete: false },
        }),
      ),
    ).toBe('stamped');
    expect(
      listChangeMode(
        as({
          marketing: { view: true, create: true, edit: true, delete: true },
          contacts: { view: false, create: false, edit: false, delete: false },
        }),
      ),
    ).toBeNull();
    expect(listChangeMode(as({}))).toBeNull();
  });
});
