// Small Firestore helpers shared by the callables. `Reader` lets the same lookup run inside a
// transaction (tx.get, so the read is part of the transaction's consistency) or outside it.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';

import { paths, type Invitation, type InvitationToken, type Member } from '@trato/model';

import { fail } from './errors.js';
import { hashToken, isWellFormedToken } from './tokens.js';

export type Reader = (ref: DocumentReference) => Promise<DocumentSnapshot>;

export const readerOf =
  (tx: Transaction): Reader =>
  (ref) =>
    tx.get(ref);
export const directReader: Reader = (ref) => ref.get();

export interface FoundInvitation {
  organizationId: string;
  invitationId: string;
  ref: DocumentReference;
  data: Invitation<FirebaseFirestore.Timestamp>;
}

/**
 * The invitation a link points to, or not-found {reason: 'invalid'} for anything that is not one:
 * malformed or forged tokens (no lookup), deleted invitations (lookup left behind), and lookups
 * whose invitation carries another hash.
 */
function notFound(): never {
  fail('not-found', 'Invitation not found.', { reason: 'invalid' });
}

export async function findInvitationByToken(
  db: Firestore,
  read: Reader,
  token: unknown,
): Promise<FoundInvitation> {
  if (!isWellFormedToken(token)) notFound();
  const tokenHash = hashToken(token);
  const lookup = await read(db.doc(paths.invitationToken(tokenHash)));
  if (!lookup.exists) notFound();
  const { organizationId, invitationId } = lookup.data() as InvitationToken;
  const ref = db.doc(paths.invitation(organizationId, invitationId));
  const snapshot = await read(ref);
  if (!snapshot.exists) notFound();
  const data = snapshot.data() as FoundInvitation['data'];
  if (data.tokenHash !== tokenHash) notFound();
  return { organizationId, invitationId, ref, data };
}

export async function readMember(
  db: Firestore,
  read: Reader,
  organizationId: string,
  uid: string,
): Promise<Member<FirebaseFirestore.Timestamp> | null> {
  const snapshot = await read(db.doc(paths.member(organizationId, uid)));
  return snapshot.exists ? (snapshot.data() as Member<FirebaseFirestore.Timestamp>) : null;
}

/** The caller must be an admin of the organization (a non-member gets the same answer). */
export async function requireAdmin(
  db: Firestore,
  read: Reader,
  organizationId: string,
  uid: string,
): Promise<Member> {
  const member = await readMember(db, read, organizationId, uid);
  if (member?.role !== 'admin') {
    fail('permission-denied', 'Only administrators of this organization may do this.', {
      reason: 'not-admin',
    });
  }
  return member;
}
