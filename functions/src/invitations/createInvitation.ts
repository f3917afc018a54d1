import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  paths,
  permissionsForRole,
  type Invitation,
  type InvitationToken,
  type CallableContract,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { readerOf, requireAdmin } from '../common/store.js';
import { hashToken, invitationExpiry, invitationToken } from '../common/tokens.js';
import { parseInput } from '../common/validation.js';
import { invitationSecret, readInvitationSecret } from './secret.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type CreateInvitationResult = CallableContract['createInvitation']['out'];

/**
 * Equipo tab → invite. Admins only. Stores the invitation (pending, 7 days) with the hash of its
 * token and the invitationTokens/{hash} lookup, in one transaction with the admin check.
 */
export async function createInvitationCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  secret: string,
): Promise<CreateInvitationResult> {
  const input = parseInput('createInvitation', data);
  const { organizationId, email, role } = input;
  // Admins store {} whatever map was sent (spec section 5); absent means "view only everywhere".
  const permissions = permissionsForRole(role, input.permissions);

  return firestore.runTransaction(async (tx) => {
    const read = readerOf(tx);
    await requireAdmin(firestore, read, organizationId, caller.uid);
    // Inviting someone who is already in the team would only produce a link that cannot work.
    const existing = await tx.get(
      firestore.collection(paths.collection(organizationId, 'members')).where('email', '==', email).limit(1),
    );
    if (!existing.empty) {
      fail('already-exists', 'That person is already a member.', { reason: 'already-member' });
    }

    const ref = firestore.collection(paths.collection(organizationId, 'invitations')).doc();
    const token = invitationToken(secret, ref.id);
    const tokenHash = hashToken(token);
    const createdAtMs = Date.now();
    const expiresAt = Timestamp.fromMillis(invitationExpiry(createdAtMs));
    const invitation: Invitation<Timestamp> = {
      email,
      role,
      permissions,
      invitedBy: caller.uid,
      status: 'pending',
      expiresAt,
      createdAt: Timestamp.fromMillis(createdAtMs),
      tokenHash,
    };
    const lookup: InvitationToken = { organizationId, invitationId: ref.id };
    tx.create(ref, invitation);
    tx.create(firestore.doc(paths.invitationToken(tokenHash)), lookup);
    return { invitationId: ref.id, token, expiresAt: expiresAt.toDate().toISOString() };
  });
}

export const createInvitation = onCall({ secrets: [invitationSecret] }, (request) =>
  createInvitationCore(db, requireCaller(request.auth), request.data, readInvitationSecret()),
);
