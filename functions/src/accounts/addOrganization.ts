import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  ORGANIZATIONS_PER_USER_MAX,
  organizationsOf,
  paths,
  type CallableContract,
  type UserProfile,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, requireEmail, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { createOrganizationWithAdmin, readMember, readerOf } from '../common/store.js';
import { parseInput } from '../common/validation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type AddOrganizationResult = CallableContract['addOrganization']['out'];

/**
 * 'Nueva organización' (issue 30): an administrator of one of their organizations opens another,
 * in one transaction — the organization, their admin membership, and its place in their profile's
 * list. It has no subscription yet: its own trial starts from its Suscripción page.
 *
 * The id comes from the client, so a retried request (lost answer, double click) finds the
 * organization the first one created and returns it; an id someone else used is refused.
 */
export async function addOrganizationCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<AddOrganizationResult> {
  const { organizationId, companyName } = parseInput('addOrganization', data);
  const email = requireEmail(caller);

  return firestore.runTransaction(async (tx) => {
    const read = readerOf(tx);
    const userRef = firestore.doc(paths.user(caller.uid));
    const orgRef = firestore.doc(paths.organization(organizationId));
    const [userSnap, orgSnap] = await Promise.all([read(userRef), read(orgRef)]);
    const profile = userSnap.exists ? (userSnap.data() as UserProfile) : null;
    if (orgSnap.exists) {
      const mine =
        orgSnap.get('createdBy') === caller.uid &&
        (await readMember(firestore, read, organizationId, caller.uid)) !== null;
      if (mine) return { organizationId };
      fail('already-exists', 'That organization id is taken.', {
        reason: 'invalid-input',
        field: 'organizationId',
      });
    }

    const ids = organizationsOf(profile);
    const members = await Promise.all(ids.map((id) => readMember(firestore, read, id, caller.uid)));
    const live = ids.filter((_, index) => members[index] !== null);
    if (!profile || !members.some((member) => member?.role === 'admin')) {
      fail('permission-denied', 'Only administrators may open another organization.', {
        reason: 'not-admin',
      });
    }
    if (live.length >= ORGANIZATIONS_PER_USER_MAX) {
      fail('failed-precondition', 'This account already has the most organizations it may have.', {
        reason: 'organization-limit',
      });
    }

    const now = FieldValue.serverTimestamp();
    createOrganizationWithAdmin(
      tx,
      orgRef,
      { uid: caller.uid, email, fullName: profile.fullName, username: profile.username },
      companyName,
      now,
    );
    // The default organization of the profile stays: other devices keep opening the one they had.
    tx.update(userRef, { organizationIds: [...live, organizationId] });
    return { organizationId };
  });
}

export const addOrganization = onCall((request) =>
  addOrganizationCore(db, requireCaller(request.auth), request.data),
);
