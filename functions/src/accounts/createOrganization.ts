import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { TOP, organizationsOf, paths, type UserProfile, type CallableContract } from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, requireEmail, type Caller } from '../common/caller.js';
import { claimProfile, createOrganizationWithAdmin, readMember, readerOf } from '../common/store.js';
import { parseInput } from '../common/validation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type CreateOrganizationResult = CallableContract['createOrganization']['out'];

/**
 * Administrador sign-up: in ONE transaction reserves the username and creates the profile, the
 * organization and the caller's admin membership. Either all four exist or none does.
 *
 * Idempotent: a retry (lost response, double click) finds the profile of the first call and
 * returns its organization; two concurrent calls conflict on users/{uid} and the loser re-runs
 * and does the same. A profile whose organization no longer has the caller as a member (removed
 * member) does not count: that user gets a new organization and keeps their username.
 */
export async function createOrganizationCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<CreateOrganizationResult> {
  const { fullName, username, companyName, language } = parseInput('createOrganization', data);
  const email = requireEmail(caller);

  return firestore.runTransaction(async (tx) => {
    const read = readerOf(tx);
    const userRef = firestore.doc(paths.user(caller.uid));
    const usernameRef = firestore.doc(paths.username(username));
    const [userSnap, usernameSnap] = await Promise.all([read(userRef), read(usernameRef)]);
    const profile = userSnap.exists ? (userSnap.data() as UserProfile) : null;

    if (profile?.organizationId) {
      const member = await readMember(firestore, read, profile.organizationId, caller.uid);
      if (member) return { organizationId: profile.organizationId };
    }
    const now = FieldValue.serverTimestamp();
    const orgRef = firestore.collection(TOP.organizations).doc();
    const organizationId = orgRef.id;
    const joined = claimProfile(tx, {
      userRef,
      usernameRef,
      profile,
      usernameSnap,
      uid: caller.uid,
      fullName,
      email,
      username,
      language,
      organizationId,
      otherOrganizations: organizationsOf(profile),
      now,
    });
    createOrganizationWithAdmin(
      tx,
      orgRef,
      { uid: caller.uid, email, fullName: joined.fullName, username: joined.username },
      companyName,
      now,
    );
    return { organizationId };
  });
}

export const createOrganization = onCall((request) =>
  createOrganizationCore(db, requireCaller(request.auth), request.data),
);
