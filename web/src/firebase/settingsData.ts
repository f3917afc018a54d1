import { collection, deleteDoc, doc, updateDoc, writeBatch } from 'firebase/firestore';
import { TOP, organizationNameKey, paths, type Action, type Resource, type UserProfile } from '@trato/model';
import { getDataServices } from './data';

/**
 * users/{uid}.fullName and, in the same batch, the copy on the member document each team sees
 * (the rules accept a member change only when it equals the profile after the batch).
 */
export async function updateProfileName(
  uid: string,
  organizationIds: readonly string[],
  fullName: string,
): Promise<void> {
  const { firestore } = getDataServices();
  const batch = writeBatch(firestore);
  batch.update(doc(firestore, paths.user(uid)), { fullName });
  for (const organizationId of organizationIds) {
    batch.update(doc(firestore, paths.member(organizationId, uid)), { fullName });
  }
  await batch.commit();
}

/** An id for an organization about to be created (addOrganization takes it, so a retry is safe). */
export function newOrganizationId(): string {
  const { firestore } = getDataServices();
  return doc(collection(firestore, TOP.organizations)).id;
}

/** The member's preferences on users/{uid} (issue 30): what the rules let them change. */
export type ProfilePreferences = Partial<
  Pick<
    UserProfile,
    | 'language'
    | 'timeZone'
    | 'timeFormat'
    | 'meetingMinutes'
    | 'workStart'
    | 'workEnd'
    | 'workDays'
    | 'mutedNotifications'
    | 'emailNotifications'
    | 'digestHour'
  >
>;

export async function updateProfilePreferences(uid: string, preferences: ProfilePreferences): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.user(uid)), preferences);
}

/**
 * organizations/{orgId}: admins change name (with its search key), country, rtn and 'send
 * marketing only to contacts with consent' (marketingConsentRequired) only.
 */
export async function updateOrganization(
  orgId: string,
  values: { name: string; country: string | null; rtn: string | null; marketingConsentRequired?: boolean },
): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.organization(orgId)), {
    ...values,
    nameKey: organizationNameKey(values.name),
  });
}

/** One switch of the Permisos matrix: permissions.<resource>.<action> on another member's document. */
export async function setMemberPermission(
  orgId: string,
  uid: string,
  resource: Resource,
  action: Action,
  value: boolean,
): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.member(orgId, uid)), {
    [`permissions.${resource}.${action}`]: value,
  });
}

export async function deleteInvitation(orgId: string, invitationId: string): Promise<void> {
  await deleteDoc(doc(getDataServices().firestore, paths.invitation(orgId, invitationId)));
}
