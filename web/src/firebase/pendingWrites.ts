// Changes made without a server answer yet (issue 35, docs/offline.md): what the sync indicator
// lists. A write joins when it is queued — made offline, or unconfirmed after
// WRITE_QUEUED_AFTER_MS — and leaves when the server confirms it. One the server refuses stays,
// with the reason and the fields as typed, until the user dismisses it (or retries it), so
// nothing typed is lost silently. Kept per member in localStorage: after a reload Firestore still
// sends the queued writes (they are in its IndexedDB queue), and the list is checked against the
// server once they have gone (verifyRestored).
import { useSyncExternalStore } from 'react';

export interface PendingChange {
  id: string;
  action: 'create' | 'update' | 'delete';
  /** The record's collection ('contacts', 'deals', …). */
  collection: string;
  /** The record's path: what verifyRestored reads. */
  path: string;
  /** Its name or title as typed, or ''. */
  title: string;
  /** The fields as typed (text, numbers, yes/no), for the user to copy. */
  fields: Record<string, string>;
  /** When it was made (ms). */
  at: number;
  status: 'pending' | 'refused';
  /** A refused change's error code ('permission-denied', 'not-found', …). */
  reason?: string;
  /** From before a reload: its outcome is learnt by reading the record (verifyRestored). */
  restored?: boolean;
}

type Retry = () => Promise<void>;

let uid: string | null = null;
let changes: PendingChange[] = [];
const retries = new Map<string, Retry>();
const listeners = new Set<() => void>();

const storageKey = (owner: string) => `trato.pendingChanges.${owner}`;

function publish(next: PendingChange[]) {
  changes = next;
  if (uid) {
    try {
      if (changes.length) localStorage.setItem(storageKey(uid), JSON.stringify(changes));
      else localStorage.removeItem(storageKey(uid));
    } catch {
      // Storage full or disabled: the list lives for this page only.
    }
  }
  listeners.forEach((listener) => listener());
}

/** The member whose changes these are; restores theirs from before a reload (null: signed out). */
export function setPendingOwner(owner: string | null): void {
  if (owner === uid) return;
  uid = owner;
  retries.clear();
  let restored: PendingChange[] = [];
  if (owner) {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(owner)) ?? '[]') as PendingChange[];
      restored = Array.isArray(saved)
        ? saved.map((c) => (c.status === 'pending' ? { ...c, restored: true } : c))
        : [];
    } catch {
      restored = [];
    }
  }
  changes = restored;
  listeners.forEach((listener) => listener());
}

/** Forgets a member's list (signing out: nothing of theirs stays on the device). */
export function forgetPendingChanges(owner: string): void {
  try {
    localStorage.removeItem(storageKey(owner));
  } catch {
    // Nothing stored.
  }
  if (owner === uid) publish([]);
}

const codeOf = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'unknown';

/**
 * Follows a queued write: listed as pending until `acked` settles, then gone (confirmed) or kept
 * as refused with the reason. `retry` writes it again (offered on a refused change).
 */
export function followQueuedWrite(
  change: Omit<PendingChange, 'id' | 'at' | 'status'>,
  acked: Promise<unknown>,
  retry?: Retry,
): void {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  if (retry) retries.set(id, retry);
  publish([...changes, { ...change, id, at: Date.now(), status: 'pending' }]);
  acked.then(
    () => {
      retries.delete(id);
      publish(changes.filter((c) => c.id !== id));
    },
    (error: unknown) =>
      publish(changes.map((c) => (c.id === id ? { ...c, status: 'refused', reason: codeOf(error) } : c))),
  );
}

export function dismissChange(id: string): void {
  retries.delete(id);
  publish(changes.filter((c) => c.id !== id));
}

/** Writes a refused change again; false when it cannot be (from before a reload). */
export async function retryChange(id: string): Promise<boolean> {
  const retry = retries.get(id);
  if (!retry) return false;
  dismissChange(id);
  await retry();
  return true;
}

export function canRetry(id: string): boolean {
  return retries.has(id);
}

/**
 * Changes from before a reload, once Firestore has sent what it had queued (`sent`), checked
 * against the record on the server (`read`): a create or update whose fields are there, or a
 * delete whose record is gone, was accepted; otherwise the change stays, as 'unconfirmed' with its
 * fields (refused, or changed again by a colleague since — the user compares).
 */
export async function verifyRestored(
  sent: Promise<void>,
  read: (path: string) => Promise<Record<string, unknown> | null>,
): Promise<void> {
  const restored = changes.filter((c) => c.restored && c.status === 'pending');
  if (!restored.length) return;
  await sent;
  const accepted = await Promise.all(
    restored.map(async (c): Promise<boolean | null> => {
      try {
        const record = await read(c.path);
        if (c.action === 'delete') return record === null;
        return record !== null && Object.entries(c.fields).every(([k, v]) => String(record[k]) === v);
      } catch {
        return null; // Unknown yet: checked again next time.
      }
    }),
  );
  const outcome = new Map(restored.map((c, i) => [c.id, accepted[i]]));
  publish(
    changes.flatMap((c) => {
      const ok = outcome.get(c.id);
      if (ok === undefined || ok === null) return [c];
      return ok ? [] : [{ ...c, status: 'refused' as const, reason: 'unconfirmed', restored: false }];
    }),
  );
}

export function subscribePendingChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPendingChanges(): PendingChange[] {
  return changes;
}

export function usePendingChanges(): PendingChange[] {
  return useSyncExternalStore(subscribePendingChanges, getPendingChanges, getPendingChanges);
}
