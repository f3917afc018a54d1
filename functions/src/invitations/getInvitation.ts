import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, type CallableContract, type Organization } from '@trato/model';

import { db } from '../common/admin.js';
import { fail } from '../common/errors.js';
import { directReader, findInvitationByToken, type FoundInvitation } from '../common/store.js';
import { isExpired } from '../common/tokens.js';
import { parseInput } from '../common/validation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type GetInvitationResult = CallableContract['getInvitation']['out'];

/** Refuses what can no longer be accepted, in the order the invitation page reports it. */
export function assertAcceptable(invitation: FoundInvitation['data'], nowMs: number): void {
  if (invitation.status !== 'pending') {
    fail('failed-precondition', 'This invitation has already been used.', { reason: 'used' });
  }
  if (isExpired(invitation.expiresAt.toMillis(), nowMs)) {
    fail('failed-precondition', 'This invitation has expired.', { reason: 'expired' });
  }
}

/**
 * The invitation page ('Únete al equipo') before sign-up: no auth needed, the token is the
 * credential. Answers only for acceptable invitations, and nothing beyond what the page shows.
 */
export async function getInvitationCore(firestore: Firestore, data: unknown): Promise<GetInvitationResult> {
  const found = await findInvitationByToken(firestore, directReader, parseInput('getInvitation', data).token);
  assertAcceptable(found.data, Date.now());
  const organization = await firestore.doc(paths.organization(found.organizationId)).get();
  if (!organization.exists) fail('not-found', 'Invitation not found.', { reason: 'invalid' });
  return {
    organizationName: (organization.data() as Organization).name,
    role: found.data.role,
    email: found.data.email,
    expiresAt: found.data.expiresAt.toDate().toISOString(),
    permissions: found.data.permissions ?? {},
  };
}

export const getInvitation = onCall((request) => getInvitationCore(db, request.data));
