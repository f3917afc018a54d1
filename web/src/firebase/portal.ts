// The customer portal's data on the CRM side (issue 34): the organization's site, a ticket's
// conversation, a contact's access and the documents shared with contacts. Reads are the model's
// declared queries (model/src/queries.ts); the site, the replies and the accesses are written by
// the portal callables only; a document share is the one record members write themselves.
import { deleteDoc, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { documentShareId, paths, portalPaths, type DocumentShare, type PortalCallReason } from '@trato/model';
import { getCoreServices } from './app';
import { describeCallableError } from './callableErrors';
import { getDataServices } from './data';
import type { QueryRequest } from './queries';

/** The organization's site ('portals.byOrganization': at most one). */
export function portalSiteRequest(organizationId: string): QueryRequest<'portals.byOrganization'> {
  return { id: 'portals.byOrganization', parentPath: '', values: { organizationId } };
}

/** A ticket's conversation, oldest first: public replies and internal notes ('replies.byTicket'). */
export function repliesRequest(organizationId: string, ticketId: string): QueryRequest<'replies.byTicket'> {
  return { id: 'replies.byTicket', parentPath: `${paths.organization(organizationId)}/tickets/${ticketId}` };
}

/** A contact's portal access ('portalAccess.byContact': one, by the Auth user of their address). */
export function portalAccessRequest(
  organizationId: string,
  contactId: string,
): QueryRequest<'portalAccess.byContact'> {
  return {
    id: 'portalAccess.byContact',
    parentPath: paths.organization(organizationId),
    values: { contactId },
  };
}

/** The documents and folders shared with a contact, newest first. */
export function sharesOfContactRequest(
  organizationId: string,
  contactId: string,
): QueryRequest<'documentShares.byContact'> {
  return {
    id: 'documentShares.byContact',
    parentPath: paths.organization(organizationId),
    values: { contactId },
  };
}

/** The contacts a document or a folder is shared with, newest first. */
export function sharesOfTargetRequest(
  organizationId: string,
  targetId: string,
): QueryRequest<'documentShares.byTarget'> {
  return {
    id: 'documentShares.byTarget',
    parentPath: paths.organization(organizationId),
    values: { targetId },
  };
}

export type NewDocumentShare = Pick<
  DocumentShare,
  'contactId' | 'contactName' | 'targetType' | 'targetId' | 'targetName'
>;

/**
 * Shares a document or a folder with a contact: organizations/{orgId}/documentShares/
 * {contactId}_{targetId}, stamped with the server's time and the member's uid. Sharing the same
 * thing again with the same contact writes the same document (the rules refuse it as an update).
 */
export async function shareWithContact(organizationId: string, share: NewDocumentShare): Promise<string> {
  const uid = getCoreServices().auth.currentUser?.uid;
  if (!uid) throw Object.assign(new Error('Not signed in'), { code: 'unauthenticated' });
  const id = documentShareId(share.contactId, share.targetId);
  const data = {
    contactId: share.contactId,
    contactName: share.contactName,
    targetType: share.targetType,
    targetId: share.targetId,
    targetName: share.targetName,
    createdAt: serverTimestamp(),
    createdBy: uid,
  };
  await setDoc(
    doc(getDataServices().firestore, portalPaths.share(organizationId, share.contactId, share.targetId)),
    data,
  );
  return id;
}

/** Stops sharing (the contact no longer sees it on the portal). */
export function stopSharing(organizationId: string, shareId: string): Promise<void> {
  return deleteDoc(
    doc(getDataServices().firestore, `${paths.organization(organizationId)}/documentShares/${shareId}`),
  );
}

/**
 * The portal's refusals (model PORTAL_CALL_REASONS), spelled out here: importing the model's list
 * would split callables.ts, which the shell loads, into a file of its own (~0.2 KB on every page).
 * The type keeps the two alike.
 */
const PORTAL_REASONS: Record<PortalCallReason, true> = {
  'slug-taken': true,
  'slug-invalid': true,
  'portal-disabled': true,
  'portal-not-found': true,
  'no-email': true,
  'no-access': true,
  'email-unverified': true,
  'ticket-closed': true,
  'upload-missing': true,
  'upload-invalid': true,
  'field-not-settable': true,
  'language-not-offered': true,
};

/** A portal callable's refusal (`details.reason`) when it is one of the portal's own, else null. */
export function portalReasonOf(error: unknown): PortalCallReason | null {
  const { reason } = describeCallableError(error);
  return reason !== null && Object.hasOwn(PORTAL_REASONS, reason) ? (reason as PortalCallReason) : null;
}
