// Who may enter the customer portal (issue 34): a member invites a contact or revokes their
// access; a customer asks for a sign-in link on the portal; a signed-in customer opens their
// session. An access is organizations/{orgId}/portalAccess/{uid}, keyed by the Auth user of the
// contact's address, written only here; the rules read it on every portal read.
//
// THE LINK. The Admin SDK's generateSignInWithEmailLink makes the one-time code (the Auth
// emulator locally, Firebase Auth in production). Its link points at Firebase's action handler,
// which would redirect to our page; instead the e-mail carries our page itself with the code's
// parameters — `${origin}/portal/${slug}/entrar?mode=signIn&oobCode=…&apiKey=…&lang=…` — which
// is what the web SDK's isSignInWithEmailLink / signInWithEmailLink read (mode, oobCode, apiKey).
// One hop fewer, and the same link locally and in production (the emulator's own link would
// point at the Auth emulator's page).
import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { CallableRequest } from 'firebase-functions/v2/https';

import {
  hasEmailOf,
  organizationsOf,
  paths,
  PORTAL_LINKS_PER_HOUR,
  portalPaths,
  withDerivedFields,
  type Contact,
  type Language,
  type PortalAccess,
  type PortalAccessStatus,
  type PortalCallables,
  type UserProfile,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { requireMemberWith } from '../common/access.js';
import { fail } from '../common/errors.js';
import { allowedReturnOrigin } from '../common/origins.js';
import { clientAddress, takeRateLimit, type AddressSource } from '../common/rateLimit.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import type { SystemSendFn } from '../notifications/digest.js';
import { signInMail } from './mail.js';
import {
  readSite,
  requireEnabledSite,
  requirePortalUser,
  scopeOf,
  type StoredAccess,
  type StoredSite,
} from './site.js';

const HOUR_MS = 3_600_000;
/** Invitations one contact may be sent per hour (a member's repeated clicks send no more). */
export const PORTAL_INVITES_PER_HOUR = 3;
/** Sign-in links asked for from one network address in 10 minutes (any addresses, any portal). */
export const PORTAL_LINK_ADDRESS_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

export interface PortalDeps {
  /** The Admin SDK's Auth (the Auth emulator locally). */
  auth: Auth;
  /** Trato's system mailbox, or null when the deployment has none. */
  sendSystemMail: SystemSendFn | null;
  /** The app's origin (APP_URL): where an invitation's link leads. */
  appUrl: string;
  rateLimitSecret: string;
}

const authCode = (error: unknown) => (error as { code?: string }).code;

/** The Auth user of an address, or null. */
async function existingUid(auth: Auth, email: string): Promise<string | null> {
  try {
    return (await auth.getUserByEmail(email)).uid;
  } catch (error) {
    if (authCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * An existing account of the address with a password but an address nobody has proved: anyone
 * can sign up with someone else's address, and once the real owner signs in with the e-mail
 * link the address counts as verified for that password too. Before a customer's access is tied
 * to such an account, its password is replaced by a random one and its sessions are ended; the
 * owner signs in with the link (or '¿Olvidaste tu contraseña?', which also proves the inbox).
 */
async function distrustUnprovenPassword(auth: Auth, uid: string): Promise<void> {
  const user = await auth.getUser(uid);
  if (user.emailVerified || !user.providerData.some((p) => p.providerId === 'password')) return;
  console.warn(`portal: the unverified password of ${uid} was replaced before giving it portal access`);
  await auth.updateUser(uid, { password: randomBytes(32).toString('base64url') });
  await auth.revokeRefreshTokens(uid);
}

/**
 * The Auth user of an address, created (no password, not verified) when there is none; an
 * existing one with an unproven password loses it (distrustUnprovenPassword).
 */
export async function authUserFor(auth: Auth, email: string): Promise<string> {
  const uid = await existingUid(auth, email);
  if (uid) {
    await distrustUnprovenPassword(auth, uid);
    return uid;
  }
  try {
    return (await auth.createUser({ email })).uid;
  } catch (error) {
    // Created meanwhile (two calls at once).
    if (authCode(error) === 'auth/email-already-exists') return (await auth.getUserByEmail(email)).uid;
    throw error;
  }
}

/** The e-mail's sign-in link to the site's landing page (see THE LINK above). */
export async function signInLink(
  auth: Auth,
  email: string,
  origin: string,
  slug: string,
  language: Language,
): Promise<string> {
  const page = `${origin.replace(/\/$/, '')}/portal/${slug}/entrar`;
  const generated = new URL(
    await auth.generateSignInWithEmailLink(email, { url: page, handleCodeInApp: true }),
  );
  const oobCode = generated.searchParams.get('oobCode');
  if (!oobCode) throw new Error('generateSignInWithEmailLink gave a link without oobCode');
  const link = new URL(page);
  link.searchParams.set('mode', 'signIn');
  link.searchParams.set('oobCode', oobCode);
  link.searchParams.set('apiKey', generated.searchParams.get('apiKey') ?? '');
  link.searchParams.set('lang', language);
  return link.toString();
}

interface Grant {
  contactId: string;
  contact: Pick<Contact, 'name' | 'companyId'>;
  email: string;
  site: StoredSite;
  language: Language;
  /** The inviting member, or null for a customer's own sign-up. */
  invitedBy: string | null;
}

/**
 * Gives the contact's address access (inside `tx`, after its reads): 'invited', or still 'active'
 * when it was; a revoked access is invited again. Answers the status.
 */
function writeAccess(
  tx: Transaction,
  ref: FirebaseFirestore.DocumentReference,
  existing: StoredAccess | undefined,
  grant: Grant,
): PortalAccessStatus {
  const status: PortalAccessStatus = existing?.status === 'active' ? 'active' : 'invited';
  const access: PortalAccess<FirebaseFirestore.Timestamp | FieldValue> = {
    contactId: grant.contactId,
    companyId: grant.contact.companyId ?? null,
    email: grant.email,
    contactName: grant.contact.name,
    status,
    scope: scopeOf(grant.site),
    language: grant.language,
    invitedBy: grant.invitedBy,
    invitedAt: FieldValue.serverTimestamp(),
    activatedAt: existing?.activatedAt ?? null,
    lastVisitAt: existing?.lastVisitAt ?? null,
    revokedAt: null,
    revokedBy: null,
  };
  tx.set(ref, access);
  return status;
}

/** The site's language for `asked` (refused 'language-not-offered'), or its first. */
function siteLanguage(site: StoredSite, asked: Language | undefined): Language {
  if (asked === undefined) return site.languages[0] ?? 'es';
  if (!site.languages.includes(asked))
    fail('invalid-argument', 'The portal is not offered in this language.', {
      reason: 'language-not-offered',
      field: 'language',
    });
  return asked;
}

/**
 * contacts.edit (live subscription): gives the contact access to the enabled portal and e-mails
 * them a sign-in link in their language, from the system mailbox. At most
 * PORTAL_INVITES_PER_HOUR a contact.
 */
export async function invitePortalContactCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  deps: PortalDeps,
  nowMs = Date.now(),
): Promise<PortalCallables['invitePortalContact']['out']> {
  const { organizationId, contactId, language: asked } = parseInput('invitePortalContact', data);
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['contacts', 'edit']);
  const site = await requireEnabledSite(firestore, organizationId);
  const language = siteLanguage(site, asked);
  const contactSnap = await firestore.doc(paths.doc(organizationId, 'contacts', contactId)).get();
  if (!contactSnap.exists) fail('not-found', 'This contact does not exist.', { reason: 'not-found' });
  const contact = contactSnap.data() as Contact;
  if (!hasEmailOf(contact))
    fail('failed-precondition', 'This contact has no e-mail address.', { reason: 'no-email' });
  const email = contact.email!.trim().toLowerCase();
  if (!deps.sendSystemMail) {
    console.error('SYSTEM_MAIL_FROM or SYSTEM_MAIL_REFRESH_TOKEN is not set: no portal invitation is sent');
    fail('failed-precondition', 'The system mailbox is not configured.', { reason: 'not-configured' });
  }
  if (
    !(await takeRateLimit(
      firestore,
      deps.rateLimitSecret,
      'portalInvite',
      `${organizationId}/${contactId}`,
      { limit: PORTAL_INVITES_PER_HOUR, windowMs: HOUR_MS },
      nowMs,
    ))
  )
    fail('resource-exhausted', 'This contact was invited several times in the last hour; try later.', {
      reason: 'rate-limited',
    });

  const uid = await authUserFor(deps.auth, email);
  const ref = firestore.doc(portalPaths.access(organizationId, uid));
  const status = await firestore.runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data() as StoredAccess | undefined;
    return writeAccess(tx, ref, existing, {
      contactId,
      contact,
      email,
      site,
      language,
      invitedBy: caller.uid,
    });
  });
  const link = await signInLink(deps.auth, email, deps.appUrl, site.slug, language);
  // A failed send is the member's to retry (the access stands; a new invitation sends again).
  await deps.sendSystemMail({
    fromName: site.name,
    to: email,
    ...signInMail('invitation', language, site.name, contact.name, link),
  });
  return { uid, status };
}

/** Whether the person may keep their sessions: a member somewhere, or another active portal access. */
async function keepsSessions(
  firestore: Firestore,
  uid: string,
  email: string,
  revokedPath: string,
): Promise<boolean> {
  const profile = (await firestore.doc(paths.user(uid)).get()).data() as UserProfile | undefined;
  if (organizationsOf(profile ?? null).length > 0) return true;
  // Query 'portalAccess.byEmail' (collection group): the address's accesses everywhere.
  const accesses = await firestore.collectionGroup('portalAccess').where('email', '==', email).get();
  return accesses.docs.some((d) => d.ref.path !== revokedPath && d.get('status') === 'active');
}

/**
 * contacts.edit (live subscription): ends the contact's access at once — the rules refuse the
 * next read. The Auth user's refresh tokens are revoked too, unless they are a member anywhere or
 * have another active portal access (a CRM member is never locked out of the CRM).
 */
export async function revokePortalAccessCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  deps: Pick<PortalDeps, 'auth'>,
  nowMs = Date.now(),
): Promise<PortalCallables['revokePortalAccess']['out']> {
  const { organizationId, contactId } = parseInput('revokePortalAccess', data);
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['contacts', 'edit']);
  // Query 'portalAccess.byContact'.
  const accesses = await firestore
    .collection(paths.collection(organizationId, 'portalAccess'))
    .where('contactId', '==', contactId)
    .get();
  const open = accesses.docs.filter((d) => d.get('status') !== 'revoked');
  if (!open.length) return { revoked: false };
  const batch = firestore.batch();
  for (const doc of open)
    batch.update(doc.ref, {
      status: 'revoked',
      revokedAt: FieldValue.serverTimestamp(),
      revokedBy: caller.uid,
    });
  await batch.commit();
  for (const doc of open) {
    const email = doc.get('email') as string;
    if (await keepsSessions(firestore, doc.id, email, doc.ref.path)) continue;
    try {
      await deps.auth.revokeRefreshTokens(doc.id);
    } catch (error) {
      // The access is revoked (what the rules read); the sessions end with their ID tokens.
      if (authCode(error) !== 'auth/user-not-found')
        console.warn(`revokePortalAccess: revoking ${doc.id}'s sessions failed: ${(error as Error).message}`);
    }
  }
  return { revoked: true };
}

/** A lead's name from their address: its part before the @. */
const nameFromEmail = (email: string) => email.split('@')[0]!.slice(0, 200) || email;

/**
 * Sends the sign-in link when the address may enter: an access that is not revoked, or the site's
 * sign-up ('contacts': an existing contact with the address gets an access; 'anyone': a lead
 * contact is created too). Answers whether it sent.
 */
async function sendLinkIfAllowed(
  firestore: Firestore,
  site: StoredSite,
  email: string,
  typedEmail: string,
  language: Language,
  origin: string,
  deps: PortalDeps,
  nowMs: number,
): Promise<boolean> {
  const organizationId = site.organizationId;
  await requireLiveSubscription(firestore, organizationId, nowMs);
  if (!deps.sendSystemMail) {
    console.error('SYSTEM_MAIL_FROM or SYSTEM_MAIL_REFRESH_TOKEN is not set: no portal link is sent');
    return false;
  }
  let uid = await existingUid(deps.auth, email);
  const accessOf = async (id: string) =>
    (await firestore.doc(portalPaths.access(organizationId, id)).get()).data() as StoredAccess | undefined;
  const access = uid ? await accessOf(uid) : undefined;
  if (access?.status === 'revoked') return false;
  let contactName = access?.contactName ?? null;
  if (!access) {
    if (site.signup === 'closed') return false;
    // Query 'contacts.byEmail': contacts keep addresses as typed, the request's is lower-cased.
    const contacts = firestore.collection(paths.collection(organizationId, 'contacts'));
    const byEmail = contacts.where('email', 'in', [...new Set([email, typedEmail].filter(Boolean))]).limit(1);
    // No Auth user is made for an address that may not sign up.
    if (site.signup === 'contacts' && (await byEmail.get()).empty) return false;
    uid ??= await authUserFor(deps.auth, email);
    const ref = firestore.doc(portalPaths.access(organizationId, uid));
    // The contact (or the new lead) and the access, all or nothing.
    const granted = await firestore.runTransaction(async (tx) => {
      const [existing, matched] = await Promise.all([tx.get(ref), tx.get(byEmail)]);
      // Given meanwhile (an invitation, another request): that one stands.
      if (existing.exists)
        return existing.get('status') === 'revoked' ? null : (existing.get('contactName') as string);
      const match = matched.docs[0];
      let contactId: string;
      let contact: Pick<Contact, 'name' | 'companyId'>;
      if (match) {
        contactId = match.id;
        contact = match.data() as Contact;
      } else {
        if (site.signup !== 'anyone') return null;
        const leadRef = contacts.doc();
        const now = FieldValue.serverTimestamp();
        const lead = withDerivedFields('contacts', {
          name: nameFromEmail(email),
          email,
          companyId: null,
          status: 'active',
          isCustomer: false,
          lifecycleStage: 'lead',
          ownerId: site.updatedBy,
          createdAt: now,
          createdBy: site.updatedBy,
          updatedAt: now,
        });
        tx.create(leadRef, lead);
        contactId = leadRef.id;
        contact = { name: lead.name, companyId: null };
      }
      writeAccess(tx, ref, undefined, { contactId, contact, email, site, language, invitedBy: null });
      return contact.name;
    });
    if (granted === null) return false;
    contactName = granted;
  }
  const link = await signInLink(deps.auth, email, origin, site.slug, language);
  await deps.sendSystemMail({
    fromName: site.name,
    to: email,
    ...signInMail('link', language, site.name, contactName, link),
  });
  return true;
}

/**
 * Anyone, on the portal: e-mails a sign-in link if the address may enter. The answer is
 * `{sent: true}` either way (and when the address asked PORTAL_LINKS_PER_HOUR times already),
 * so nobody learns who is a customer; only a flood from one network address is refused.
 */
export async function requestPortalLinkCore(
  firestore: Firestore,
  data: unknown,
  request: AddressSource,
  deps: PortalDeps,
  nowMs = Date.now(),
): Promise<PortalCallables['requestPortalLink']['out']> {
  const input = parseInput('requestPortalLink', data);
  const origin = allowedReturnOrigin(input.continueUrl, 'continueUrl');
  if (
    !(await takeRateLimit(
      firestore,
      deps.rateLimitSecret,
      'portalLinkAddress',
      clientAddress(request),
      PORTAL_LINK_ADDRESS_LIMIT,
      nowMs,
    ))
  )
    fail('resource-exhausted', 'Too many requests from this network; try again in a few minutes.', {
      reason: 'rate-limited',
    });
  const site = await readSite(firestore, input.slug);
  if (!site?.enabled)
    fail('not-found', 'This portal does not exist or is not enabled.', { reason: 'portal-not-found' });
  const language = siteLanguage(site, input.language);
  const answer = { sent: true } as const;
  if (
    !(await takeRateLimit(
      firestore,
      deps.rateLimitSecret,
      'portalLinkEmail',
      input.email,
      { limit: PORTAL_LINKS_PER_HOUR, windowMs: HOUR_MS },
      nowMs,
    ))
  )
    return answer;
  const raw = (data as { email?: unknown }).email;
  const typedEmail = typeof raw === 'string' ? raw.trim() : '';
  try {
    await sendLinkIfAllowed(firestore, site, input.email, typedEmail, language, origin, deps, nowMs);
  } catch (error) {
    console.warn(`requestPortalLink on ${site.slug} failed: ${(error as Error).message}`);
  }
  return answer;
}

/**
 * A signed-in portal user (the link verified their address): the access becomes active (its first
 * activation noted) and the visit is noted. Says who they are on this portal.
 */
export async function openPortalSessionCore(
  firestore: Firestore,
  auth: CallableRequest['auth'],
  data: unknown,
  nowMs = Date.now(),
): Promise<PortalCallables['openPortalSession']['out']> {
  const { slug } = parseInput('openPortalSession', data);
  const user = await requirePortalUser(firestore, auth, slug, nowMs, { active: false });
  const access = await firestore.runTransaction(async (tx) => {
    const current = (await tx.get(user.accessRef)).data() as StoredAccess | undefined;
    // Revoked between the check and now.
    if (!current || current.status === 'revoked')
      fail('permission-denied', 'You have no access to this portal.', { reason: 'no-access' });
    const now = FieldValue.serverTimestamp();
    tx.update(user.accessRef, {
      status: 'active',
      ...(current.activatedAt ? {} : { activatedAt: now }),
      lastVisitAt: now,
    });
    return current;
  });
  return {
    organizationId: user.organizationId,
    contactId: access.contactId,
    contactName: access.contactName,
    companyId: access.companyId,
    scope: access.scope,
  };
}
