// A contact on static marketing lists (its `listIds`): what a contact's 'Listas' dialog
// (/contactos/:id) and a list's page write. Apart from marketing.ts so that the contact's page
// loads only this.
import { arrayRemove, arrayUnion, doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { LIST_MEMBERSHIPS_MAX, paths, type Action, type Resource } from '@trato/model';
import { getDataServices } from './data';
import { settleWrite, type RecordWrite } from './records';

/** Whether a contact may join a list: it already has, it is on LIST_MEMBERSHIPS_MAX lists, or it may. */
export function listAdditionOf(
  listIds: readonly string[] | null | undefined,
  listId: string,
): 'add' | 'already' | 'full' {
  if (listIds?.includes(listId)) return 'already';
  return (listIds?.length ?? 0) >= LIST_MEMBERSHIPS_MAX ? 'full' : 'add';
}

type Can = (resource: Resource, action: Action) => boolean;

/**
 * How a member changes a contact's lists (firestore.rules, `match /contacts`): a marketer
 * (marketing.edit, who sees contacts) writes `listIds` alone — the contact itself did not change;
 * whoever edits contacts may too, as any edit of the contact (`updatedAt` stamped). null: neither.
 */
export function listChangeMode(can: Can): 'listIds' | 'stamped' | null {
  if (can('marketing', 'edit') && can('contacts', 'view')) return 'listIds';
  return can('contacts', 'edit') ? 'stamped' : null;
}

/** The update that puts a contact on a list or takes it off (arrayUnion / arrayRemove of its id). */
export function listMembershipPatch(listId: string, member: boolean, stamped = false) {
  return {
    listIds: member ? arrayUnion(listId) : arrayRemove(listId),
    ...(stamped ? { updatedAt: serverTimestamp() } : {}),
  };
}

/**
 * Puts one contact on a list, or takes it off (the caller checks listAdditionOf first). Like a
 * record write (records.ts settleWrite): offline, or unconfirmed after a few seconds, it is queued
 * and the sync indicator follows it, as 'Editado · Contacto: {name}' with the list's name.
 */
export async function setListMembership(
  orgId: string,
  contact: { id: string; name?: string | null },
  list: { id: string; name: string },
  member: boolean,
  mode: 'listIds' | 'stamped',
): Promise<void> {
  const { firestore } = getDataServices();
  const acked = updateDoc(
    doc(firestore, paths.doc(orgId, 'contacts', contact.id)),
    listMembershipPatch(list.id, member, mode === 'stamped'),
  );
  const described: RecordWrite = {
    kind: 'update',
    target: { parentPath: paths.organization(orgId), collection: 'contacts' },
    id: contact.id,
    patch: { listIds: list.name },
    current: { name: contact.name ?? '' },
  };
  await settleWrite(acked, described, () => setListMembership(orgId, contact, list, member, mode));
}
