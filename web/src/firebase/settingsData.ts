import { deleteDoc, doc, updateDoc } from 'firebase/firestore';
import { paths, type Action, type Resource } from '@trato/model';
import { getDataServices } from './data';

/** users/{uid}: the rules let the user change fullName (and language) only. */
export async function updateProfileName(uid: string, fullName: string): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.user(uid)), { fullName });
}

export async function updateProfileLanguage(uid: string, language: 'es' | 'en'): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.user(uid)), { language });
}

/** organizations/{orgId}: admins change name, country and rtn only. */
export async function updateOrganization(
  orgId: string,
  values: { name: string; country: string | null; rtn: string | null },
): Promise<void> {
  await updateDoc(doc(getDataServices().firestore, paths.organization(orgId)), values);
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
