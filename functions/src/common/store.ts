// Small Firestore helpers shared by the callables. `Reader` lets the same lookup run inside a
// transaction (tx.get, so the read is part of the transaction's consistency) or outside it.
import type {
  DocumentReference,
  DocumentSnapshot,
  FieldValue,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';

import {
  paths,
  type Invitation,
  type InvitationToken,
  type Language,
  type Member,
  type UserProfile,
} from '@trato/model';

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

export interface ProfileClaim {
  userRef: DocumentReference;
  usernameRef: DocumentReference;
  /** users/{uid} and usernames/{username} as read in the same transaction. */
  profile: UserProfile | null;
  usernameSnap: DocumentSnapshot;
  uid: string;
  fullName: string;
  email: string;
  username: string;
  language: Language;
  organizationId: string;
  now: FieldValue;
}

/**
 * Joining an organization (creating one or accepting an invitation), inside the transaction and
 * after its reads: a new account reserves the requested username and gets its profile; an
 * existing profile keeps its name and username and only points at the organization. Returns the
 * name and username the membership copies.
 */
export function claimProfile(tx: Transaction, c: ProfileClaim): { fullName: string; username: string } {
  if (c.profile) {
    tx.update(c.userRef, { organizationId: c.organizationId });
    return { fullName: c.profile.fullName, username: c.profile.username };
  }
  if (c.usernameSnap.exists && c.usernameSnap.get('uid') !== c.uid) {
    fail('already-exists', 'That username is taken.', { reason: 'username-taken' });
  }
  if (!c.usernameSnap.exists) tx.create(c.usernameRef, { uid: c.uid, createdAt: c.now });
  const profile: UserProfile<FieldValue> = {
    fullName: c.fullName,
    email: c.email,
    username: c.username,
    language: c.language,
    organizationId: c.organizationId,
    createdAt: c.now,
  };
  tx.create(c.userRef, profile);
  return { fullName: c.fullName, username: c.username };
}
