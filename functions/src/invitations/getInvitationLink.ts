import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, type Invitation, type CallableContract } from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { directReader, requireAdmin } from '../common/store.js';
import { hashToken, invitationToken } from '../common/tokens.js';
import { parseInput } from '../common/validation.js';
import { invitationSecret, readInvitationSecret } from './secret.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type GetInvitationLinkResult = CallableContract['getInvitationLink']['out'];

/** Equipo tab → copy link: rebuilds the token of a stored invitation (admins only). */
export async function getInvitationLinkCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  secret: string,
): Promise<GetInvitationLinkResult> {
  const { organizationId, invitationId } = parseInput('getInvitationLink', data);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  const snapshot = await firestore.doc(paths.invitation(organizationId, invitationId)).get();
  if (!snapshot.exists) fail('not-found', 'Invitation not found.', { reason: 'invalid' });
  const token = invitationToken(secret, invitationId);
  // After a rotation of INVITATION_SECRET old invitations rebuild to a different token that
  // would lead nowhere: say so rather than hand out a dead link.
  if ((snapshot.data() as Invitation).tokenHash !== hashToken(token)) {
    fail('failed-precondition', 'This invitation was made with an older secret; invite again.', {
      reason: 'stale-link',
    });
  }
  return { token };
}

export const getInvitationLink = onCall({ secrets: [invitationSecret] }, (request) =>
  getInvitationLinkCore(db, requireCaller(request.auth), request.data, readInvitationSecret()),
);
