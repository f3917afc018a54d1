/**
 * Firestore and Storage paths as strings (framework-free: pass them to `doc(db, path)` /
 * `collection(db, path)` / `ref(storage, path)`). Every organization's data lives under
 * organizations/{orgId}; the tenant comes from the path, never from a field.
 */

/**
 * Firestore ids may not contain '/', be '.' or '..', look like __x__, or be anything but UTF-8
 * (a lone UTF-16 surrogate, which JSON can carry, has no UTF-8 form).
 */
export function isValidId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id) &&
    !/[\uD800-\uDFFF]/u.test(id)
  );
}

function seg(id: string): string {
  if (!isValidId(id)) throw new Error(`Invalid document id: ${JSON.stringify(id)}`);
  return id;
}

/** Top-level collections. */
export const TOP = {
  users: 'users',
  usernames: 'usernames',
  organizations: 'organizations',
  invitationTokens: 'invitationTokens',
  mailTokens: 'mailTokens',
  oauthStates: 'oauthStates',
  stripeEvents: 'stripeEvents',
  mailQuotas: 'mailQuotas',
  rateLimits: 'rateLimits',
  /** One per member and day: the daily digest's exactly-once claim (server-only). */
  digests: 'digests',
  /** WhatsApp (issue 33), server-only: an organization's encrypted access token, by org id … */
  whatsappTokens: 'whatsappTokens',
  /** … and which organization a phone number id's webhook events belong to. */
  whatsappNumbers: 'whatsappNumbers',
  /** The customer portal's sites by slug (issue 34): public to get, written by functions. */
  portals: 'portals',
} as const;

/** Collections under organizations/{orgId}. */
export const ORG_COLLECTIONS = [
  'members',
  'invitations',
  'billing',
  'companies',
  'contacts',
  'deals',
  'tasks',
  'meetings',
  'tickets',
  'portalAccess',
  'documentShares',
  'folders',
  'documents',
  'sequences',
  'sendLog',
  'optOuts',
  'lists',
  'campaigns',
  'campaignRuns',
  'forms',
  'submissions',
  'consents',
  'topics',
  'topicOptOuts',
  'mailConnections',
  'emailThreads',
  'emailMessages',
  'emailBodies',
  'channels',
  'waTemplates',
  'waConversations',
  'waMessages',
  'timeline',
] as const;
export type OrgCollection = (typeof ORG_COLLECTIONS)[number];

export const SUBSCRIPTION_DOC_ID = 'subscription';

export const paths = {
  user: (uid: string) => `users/${seg(uid)}`,
  username: (username: string) => `usernames/${seg(username)}`,
  invitationToken: (tokenHash: string) => `invitationTokens/${seg(tokenHash)}`,
  mailToken: (uid: string) => `mailTokens/${seg(uid)}`,
  /** Keyed by sha256 of the state (the state itself is never stored). */
  oauthState: (stateHash: string) => `${TOP.oauthStates}/${seg(stateHash)}`,
  organizations: () => TOP.organizations,
  organization: (orgId: string) => `organizations/${seg(orgId)}`,
  /** organizations/{orgId}/{collection} */
  collection: (orgId: string, name: OrgCollection) => `organizations/${seg(orgId)}/${name}`,
  /** organizations/{orgId}/{collection}/{id} */
  doc: (orgId: string, name: OrgCollection, id: string) => `organizations/${seg(orgId)}/${name}/${seg(id)}`,
  member: (orgId: string, uid: string) => paths.doc(orgId, 'members', uid),
  invitation: (orgId: string, id: string) => paths.doc(orgId, 'invitations', id),
  subscription: (orgId: string) => paths.doc(orgId, 'billing', SUBSCRIPTION_DOC_ID),
  billingCustomer: (orgId: string) => paths.doc(orgId, 'billing', 'customer'),
  stripeEvent: (eventId: string) => `${TOP.stripeEvents}/${seg(eventId)}`,
  mailConnection: (orgId: string, uid: string) => paths.doc(orgId, 'mailConnections', uid),
  /** The organization's WhatsApp number (channels/whatsapp). */
  whatsappChannel: (orgId: string) => paths.doc(orgId, 'channels', 'whatsapp'),
  whatsappToken: (orgId: string) => `${TOP.whatsappTokens}/${seg(orgId)}`,
  whatsappNumber: (phoneNumberId: string) => `${TOP.whatsappNumbers}/${seg(phoneNumberId)}`,
  sendLogEntry: (orgId: string, id: string) => paths.doc(orgId, 'sendLog', id),
  /** Keyed by `optOutId(email)` (sha256 hex of the lower-cased address). */
  optOut: (orgId: string, emailHash: string) => paths.doc(orgId, 'optOuts', emailHash),
  /** A member's mailbox: sequence e-mails sent today (server-only). */
  mailQuota: (uid: string) => `${TOP.mailQuotas}/${seg(uid)}`,
  /** Keyed by a keyed hash of what is counted (a caller's network address), never the value. */
  rateLimit: (keyHash: string) => `${TOP.rateLimits}/${seg(keyHash)}`,
  /** `{uid}_{yyyy-mm-dd}` (the member's local date). */
  digest: (uid: string, day: string) => `${TOP.digests}/${seg(`${uid}_${day}`)}`,
  notes: (orgId: string, contactId: string) => `${paths.doc(orgId, 'contacts', contactId)}/notes`,
  note: (orgId: string, contactId: string, noteId: string) =>
    `${paths.notes(orgId, contactId)}/${seg(noteId)}`,
  steps: (orgId: string, sequenceId: string) => `${paths.doc(orgId, 'sequences', sequenceId)}/steps`,
  step: (orgId: string, sequenceId: string, stepId: string) =>
    `${paths.steps(orgId, sequenceId)}/${seg(stepId)}`,
  enrollments: (orgId: string, sequenceId: string) =>
    `${paths.doc(orgId, 'sequences', sequenceId)}/enrollments`,
  /** An enrollment's id is the enrolled contact's id (one enrollment per contact and sequence). */
  enrollment: (orgId: string, sequenceId: string, contactId: string) =>
    `${paths.enrollments(orgId, sequenceId)}/${seg(contactId)}`,
  campaignRun: (orgId: string, campaignId: string) => paths.doc(orgId, 'campaignRuns', campaignId),
  form: (orgId: string, formId: string) => paths.doc(orgId, 'forms', formId),
  /** Keyed like the opt-outs: `optOutId(email)`. */
  topicOptOut: (orgId: string, emailHash: string) => paths.doc(orgId, 'topicOptOuts', emailHash),
  submission: (orgId: string, submissionId: string) => paths.doc(orgId, 'submissions', submissionId),
  consent: (orgId: string, consentId: string) => paths.doc(orgId, 'consents', consentId),
  recipients: (orgId: string, campaignId: string) =>
    `${paths.doc(orgId, 'campaigns', campaignId)}/recipients`,
  /** A recipient's id is `optOutId` of its address: one per address and campaign. */
  recipient: (orgId: string, campaignId: string, emailHash: string) =>
    `${paths.recipients(orgId, campaignId)}/${seg(emailHash)}`,
  /** organizations/{orgId}/timeline/{kind}_{recordId} (see `timelineEntryId`). */
  timelineEntry: (orgId: string, entryId: string) => paths.doc(orgId, 'timeline', entryId),
} as const;

/** Cloud Storage object of a document: organizations/{orgId}/documents/{documentId}/{fileName}. */
export function documentStoragePath(orgId: string, documentId: string, fileName: string): string {
  const name = fileName.replace(/[/\\]/g, '_').trim();
  if (!name) throw new Error('Empty file name');
  return `organizations/${seg(orgId)}/documents/${seg(documentId)}/${name}`;
}

/** The org id of any path under organizations/{orgId}, or null. */
export function orgIdOfPath(path: string): string | null {
  const m = /^organizations\/([^/]+)(\/|$)/.exec(path);
  return m ? m[1] : null;
}
