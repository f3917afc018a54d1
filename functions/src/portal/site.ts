// The customer portal's site (issue 34): portals/{slug}, one per organization, written only here.
// An administrator sets it (setPortalSettings); anyone reads what the portal shows (getPortal).
// The helpers the other portal callables share: the site of a slug or of an organization, and a
// portal user's access to it (portalUser).
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';

import {
  checkCallableInput,
  paths,
  portalPaths,
  TOP,
  type PortalAccess,
  type PortalCallables,
  type PortalScope,
  type PortalSite,
} from '@trato/model';

import { requireCaller, sameEmail, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { directReader, requireAdmin } from '../common/store.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';

type TS = FirebaseFirestore.Timestamp;
export type StoredSite = PortalSite<TS>;
export type StoredAccess = PortalAccess<TS>;

/** Accesses rewritten in one batch when the site's company scope changes. */
const SCOPE_BATCH = 400;

export const scopeOf = (site: Pick<PortalSite, 'companyTickets'>): PortalScope =>
  site.companyTickets ? 'company' : 'contact';

const notFound = (): never =>
  fail('not-found', 'This portal does not exist or is not enabled.', { reason: 'portal-not-found' });

/** The site of a slug, or null. */
export async function readSite(firestore: Firestore, slug: string): Promise<StoredSite | null> {
  const snap = await firestore.doc(portalPaths.site(slug)).get();
  return snap.exists ? (snap.data() as StoredSite) : null;
}

/** The organization's site (query 'portals.byOrganization'), or null when it has none. */
export async function siteOfOrganization(
  firestore: Firestore,
  organizationId: string,
): Promise<StoredSite | null> {
  const page = await firestore
    .collection(TOP.portals)
    .where('organizationId', '==', organizationId)
    .limit(1)
    .get();
  return page.empty ? null : (page.docs[0]!.data() as StoredSite);
}

/** The organization's enabled site, or failed-precondition 'portal-disabled'. */
export async function requireEnabledSite(firestore: Firestore, organizationId: string): Promise<StoredSite> {
  const site = await siteOfOrganization(firestore, organizationId);
  if (!site?.enabled)
    fail('failed-precondition', 'The customer portal is not enabled.', { reason: 'portal-disabled' });
  return site;
}

/**
 * Ajustes → Portal (administrators, live subscription): creates or changes the organization's
 * site in one transaction. A slug another organization holds is 'slug-taken'; a new slug frees
 * the old one (its document is deleted). When "company tickets" changes, every access of the
 * organization gets the new scope.
 */
export async function setPortalSettingsCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<PortalCallables['setPortalSettings']['out']> {
  // A slug the model refuses has its own reason (the page says why), after the fields before it.
  const checked = checkCallableInput('setPortalSettings', data);
  if (!checked.ok && checked.refusal.field === 'slug')
    fail('invalid-argument', 'This address cannot be used for a portal.', {
      reason: 'slug-invalid',
      field: 'slug',
    });
  const input = parseInput('setPortalSettings', data);
  const { organizationId, slug } = input;
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  await requireLiveSubscription(firestore, organizationId, nowMs);

  const siteRef = firestore.doc(portalPaths.site(slug));
  const mine = firestore.collection(TOP.portals).where('organizationId', '==', organizationId);
  const scopeChanged = await firestore.runTransaction(async (tx: Transaction) => {
    const [target, current] = await Promise.all([tx.get(siteRef), tx.get(mine)]);
    if (target.exists && target.get('organizationId') !== organizationId)
      fail('already-exists', 'Another organization already uses this address.', { reason: 'slug-taken' });
    const before = (target.exists ? target : current.docs[0])?.data() as StoredSite | undefined;
    for (const doc of current.docs) if (doc.id !== slug) tx.delete(doc.ref);
    const site: PortalSite<FieldValue> = {
      organizationId,
      slug,
      enabled: input.enabled,
      name: input.name,
      logo: input.logo ?? null,
      languages: input.languages,
      fields: input.fields,
      signup: input.signup,
      companyTickets: input.companyTickets,
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: caller.uid,
    };
    tx.set(siteRef, site);
    return (before?.companyTickets ?? false) !== input.companyTickets;
  });

  if (scopeChanged) {
    const scope = scopeOf(input);
    const accesses = await firestore.collection(paths.collection(organizationId, 'portalAccess')).get();
    for (let i = 0; i < accesses.docs.length; i += SCOPE_BATCH) {
      const batch = firestore.batch();
      for (const doc of accesses.docs.slice(i, i + SCOPE_BATCH)) batch.update(doc.ref, { scope });
      await batch.commit();
    }
  }
  return { slug };
}

/** Anyone: the enabled site as the portal shows it, or not-found 'portal-not-found'. */
export async function getPortalCore(
  firestore: Firestore,
  data: unknown,
): Promise<PortalCallables['getPortal']['out']> {
  const { slug } = parseInput('getPortal', data);
  const site = await readSite(firestore, slug);
  if (!site?.enabled) return notFound();
  return {
    slug: site.slug,
    name: site.name,
    logo: site.logo,
    languages: site.languages,
    fields: site.fields,
    signup: site.signup,
  };
}

export interface PortalUser {
  caller: Caller;
  site: StoredSite;
  organizationId: string;
  accessRef: FirebaseFirestore.DocumentReference;
  access: StoredAccess;
}

/**
 * A signed-in portal user of the slug's site: the site exists ('portal-not-found') and is enabled
 * ('portal-disabled'); the caller has a non-revoked access there for the ID token's own address
 * ('no-access'), verified ('email-unverified'); the organization's subscription is live. With
 * `active`, the access must have been opened (openPortalSession) — what the rules ask too.
 */
export async function requirePortalUser(
  firestore: Firestore,
  auth: CallableRequest['auth'],
  slug: string,
  nowMs: number,
  { active }: { active: boolean },
): Promise<PortalUser> {
  const caller = requireCaller(auth);
  const site = await readSite(firestore, slug);
  if (!site) return notFound();
  if (!site.enabled)
    fail('failed-precondition', 'The customer portal is not enabled.', { reason: 'portal-disabled' });
  const organizationId = site.organizationId;
  const accessRef = firestore.doc(portalPaths.access(organizationId, caller.uid));
  const access = (await accessRef.get()).data() as StoredAccess | undefined;
  if (
    !access ||
    access.status === 'revoked' ||
    (active && access.status !== 'active') ||
    !sameEmail(access.email, caller.email)
  )
    fail('permission-denied', 'You have no access to this portal.', { reason: 'no-access' });
  // Anyone may create a password account with a customer's address, but not verify it.
  if (auth?.token?.email_verified !== true)
    fail('permission-denied', 'Sign in with the link sent to your address.', { reason: 'email-unverified' });
  await requireLiveSubscription(firestore, organizationId, nowMs);
  return { caller, site, organizationId, accessRef, access };
}
