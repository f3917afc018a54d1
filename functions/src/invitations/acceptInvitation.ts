import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  paths,
  permissionsForRole,
  type Member,
  type UserProfile,
  type CallableContract,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, sameEmail, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import {
  claimProfile,
  findInvitationByToken,
  readMember,
  readerOf,
  roomForAnother,
} from '../common/store.js';
import { parseInput } from '../common/validation.js';
import { assertAcceptable } from './getInvitation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type AcceptInvitationResult = CallableContract['acceptInvitation']['out'];

/**
 * The invitee (signed up with the invited e-mail) joins. One transaction reads the lookup, the
 * invitation, the caller's profile and membership and the username, then writes the profile,
 * the username reservation, the member and the invitation's acceptance. Because the invitation
 * is read and written in the same transaction, two acceptances of one invitation conflict and
 * the one that re-runs finds it accepted: one invitation yields one member.
 *
 * Idempotent for the invitee: a caller already in the organization gets its id back. An existing
 * account joins with its own name and username (the ones sent are for a new account).
 */
export async function acceptInvitationCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<AcceptInvitationResult> {
  // The language is the one the invitee used on the page (Spanish when absent).
  const { token, fullName, username, language } = parseInput('acceptInvitation', data);

  return firestore.runTransaction(async (tx) => {
    const read = readerOf(tx);
    const invitation = await findInvitationByToken(firestore, read, token);
    const { organizationId } = invitation;
    const userRef = firestore.doc(paths.user(caller.uid));
    // An existing account keeps its username; a new one reserves the one it sent.
    const usernameRef = username ? firestore.doc(paths.username(username)) : null;
    const [membership, userSnap, usernameSnap] = await Promise.all([
      readMember(firestore, read, organizationId, caller.uid),
      read(userRef),
      usernameRef ? read(usernameRef) : null,
    ]);
    if (membership) return { organizationId };

    assertAcceptable(invitation.data, Date.now());
    if (!sameEmail(caller.email, invitation.data.email)) {
      fail('permission-denied', 'This invitation is for another e-mail address.', { reason: 'wrong-email' });
    }

    const profile = userSnap.exists ? (userSnap.data() as UserProfile) : null;
    if (!profile) {
      const missing = !fullName ? 'fullName' : !username ? 'username' : null;
      if (missing) {
        fail('invalid-argument', `${missing} is required for a new account.`, {
          reason: 'invalid-input',
          field: missing,
        });
      }
    }
    // Someone already in other organizations keeps them and adds this one (issue 30).
    const otherOrganizations = await roomForAnother(firestore, read, caller.uid, profile);
    const now = FieldValue.serverTimestamp();
    const email = caller.email as string;
    const joined = claimProfile(tx, {
      userRef,
      usernameRef,
      profile,
      usernameSnap,
      uid: caller.uid,
      fullName: fullName ?? '',
      email,
      username: username ?? '',
      language,
      organizationId,
      otherOrganizations,
      now,
    });
    const member: Member<FieldValue> = {
      role: invitation.data.role,
      fullName: joined.fullName,
      email,
      username: joined.username,
      permissions: permissionsForRole(invitation.data.role, invitation.data.permissions ?? {}),
      joinedAt: now,
      invitedBy: invitation.data.invitedBy,
    };
    tx.create(firestore.doc(paths.member(organizationId, caller.uid)), member);
    tx.update(invitation.ref, { status: 'accepted', acceptedBy: caller.uid, acceptedAt: now });
    return { organizationId };
  });
}

export const acceptInvitation = onCall((request) =>
  acceptInvitationCore(db, requireCaller(request.auth), request.data),
);
