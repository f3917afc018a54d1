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
  ORGANIZATIONS_PER_USER_MAX,
  organizationNameKey,
  organizationsOf,
  paths,
  type Invitation,
  type InvitationToken,
  type Language,
  type Member,
  type Organization,
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
  /** The username a new account asks for (null: an existing account, which keeps its own). */
  usernameRef: DocumentReference | null;
  /** users/{uid} and usernames/{username} as read in the same transaction. */
  profile: UserProfile | null;
  usernameSnap: DocumentSnapshot | null;
  uid: string;
  fullName: string;
  email: string;
  username: string;
  language: Language;
  organizationId: string;
  /** The organizations the person keeps besides this one (roomForAnother's answer). */
  otherOrganizations: string[];
  now: FieldValue;
}

/**
 * The organizations a person keeps before joining or creating another, inside the transaction:
 * the profile's list, without those that no longer have them as a member once the list is full;
 * refused with 'organization-limit' when they are ORGANIZATIONS_PER_USER_MAX live ones.
 */
export async function roomForAnother(
  db: Firestore,
  read: Reader,
  uid: string,
  profile: UserProfile | null,
): Promise<string[]> {
  const ids = organizationsOf(profile);
  if (ids.length < ORGANIZATIONS_PER_USER_MAX) return ids;
  const members = await Promise.all(ids.map((id) => readMember(db, read, id, uid)));
  const live = ids.filter((_, index) => members[index] !== null);
  if (live.length >= ORGANIZATIONS_PER_USER_MAX) {
    fail('failed-precondition', 'This account already has the most organizations it may have.', {
      reason: 'organization-limit',
    });
  }
  return live;
}

/**
 * Joining an organization (creating one or accepting an invitation), inside the transaction and
 * after its reads: a new account reserves the requested username and gets its profile; an
 * existing profile keeps its name and username, adds the organization to its list and opens it
 * by default. Returns the
 * name and username the membership copies.
 */
export function claimProfile(tx: Transaction, c: ProfileClaim): { fullName: string; username: string } {
  const organizationIds = [...c.otherOrganizations.filter((id) => id !== c.organizationId), c.organizationId];
  if (c.profile) {
    tx.update(c.userRef, { organizationId: c.organizationId, organizationIds });
    return { fullName: c.profile.fullName, username: c.profile.username };
  }
  if (!c.usernameRef || !c.usernameSnap) {
    fail('invalid-argument', 'username is required for a new account.', {
      reason: 'invalid-input',
      field: 'username',
    });
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
    organizationIds,
    createdAt: c.now,
  };
  tx.create(c.userRef, profile);
  return { fullName: c.fullName, username: c.username };
}

/**
 * A new organization and its first administrator, inside the transaction (sign-up's
 * createOrganization and an administrator's addOrganization): no subscription yet, so its own
 * trial starts from its Suscripción page.
 */
export function createOrganizationWithAdmin(
  tx: Transaction,
  orgRef: DocumentReference,
  admin: { uid: string; email: string; fullName: string; username: string },
  companyName: string,
  now: FieldValue,
): void {
  const organization: Organization<FieldValue> = {
    name: companyName,
    nameKey: organizationNameKey(companyName),
    country: null,
    rtn: null,
    createdAt: now,
    createdBy: admin.uid,
  };
  tx.create(orgRef, organization);
  const member: Member<FieldValue> = {
    role: 'admin',
    fullName: admin.fullName,
    email: admin.email,
    username: admin.username,
    permissions: {},
    joinedAt: now,
    invitedBy: null,
  };
  tx.create(orgRef.firestore.doc(paths.member(orgRef.id, admin.uid)), member);
}
