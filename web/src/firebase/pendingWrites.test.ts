import { afterEach, describe, expect, it } from 'vitest';
import {
  canRetry,
  dismissChange,
  followQueuedWrite,
  forgetPendingChanges,
  getPendingChanges,
  retryChange,
  setPendingOwner,
  verifyRestored,
} from './pendingWrites';

const change = {
  action: 'update' as const,
  collection: 'contacts',
  path: 'organizations/o1/contacts/c1',
  title: 'Ana López',
  fields: { city: 'La Ceiba' },
};

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  forgetPendingChanges('ana');
  forgetPendingChanges('beto');
  setPendingOwner(null);
  localStorage.clear();
});

describe('the pending changes', () => {
  it('list a queued write until the server confirms it', async () => {
    setPendingOwner('ana');
    const acked = deferred();
    followQueuedWrite(change, acked.promise);
    expect(getPendingChanges()).toMatchObject([{ ...change, status: 'pending' }]);
    acked.resolve();
    await settle();
    expect(getPendingChanges()).toEqual([]);
  });

  it('keep a refused write with its reason and text, retried or dismissed by the user', async () => {
    setPendingOwner('ana');
    const acked = deferred();
    let retried = 0;
    followQueuedWrite(change, acked.promise, async () => {
      retried++;
    });
    acked.reject(Object.assign(new Error('gone'), { code: 'not-found' }));
    await settle();
    const [refused] = getPendingChanges();
    expect(refused).toMatchObject({ status: 'refused', reason: 'not-found', fields: { city: 'La Ceiba' } });
    expect(canRetry(refused!.id)).toBe(true);
    expect(await retryChange(refused!.id)).toBe(true);
    expect(retried).toBe(1);
    expect(getPendingChanges()).toEqual([]);

    const again = deferred();
    followQueuedWrite(change, again.promise);
    again.reject({ code: 'permission-denied' });
    await settle();
    dismissChange(getPendingChanges()[0]!.id);
    expect(getPendingChanges()).toEqual([]);
  });

  it('are kept per member across a reload, and forgotten at sign-out', () => {
    setPendingOwner('ana');
    followQueuedWrite(change, new Promise(() => undefined));
    setPendingOwner(null);
    setPendingOwner('beto');
    expect(getPendingChanges()).toEqual([]);
    setPendingOwner('ana');
    expect(getPendingChanges()).toMatchObject([{ status: 'pending', restored: true }]);
    expect(canRetry(getPendingChanges()[0]!.id)).toBe(false);
    forgetPendingChanges('ana');
    expect(getPendingChanges()).toEqual([]);
    setPendingOwner(null);
    setPendingOwner('ana');
    expect(getPendingChanges()).toEqual([]);
  });

  it('from before a reload are checked against the server once the queue is sent', async () => {
    setPendingOwner('ana');
    followQueuedWrite(change, new Promise(() => undefined));
    followQueuedWrite(
      { ...change, path: 'organizations/o1/contacts/c2', title: 'Beto' },
      new Promise(() => undefined),
    );
    setPendingOwner(null);
    setPendingOwner('ana');
    const server: Record<string, Record<string, unknown> | null> = {
      'organizations/o1/contacts/c1': { city: 'La Ceiba' },
      'organizations/o1/contacts/c2': null,
    };
    await verifyRestored(Promise.resolve(), async (path) => server[path] ?? null);
    expect(getPendingChanges()).toMatchObject([{ title: 'Beto', status: 'refused', reason: 'unconfirmed' }]);
  });
});
