// The customer portal's functions against the local cloud (issue 34): the real callables, the
// Auth emulator's e-mail links read from the local Google's mailbox and used with the web SDK's
// signInWithEmailLink (as the portal does), staged uploads in the Storage emulator, and the e-mail
// leg through a member's connected Gmail and the mail sync. Each test has its own organization.
import { randomBytes } from 'node:crypto';

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth as getClientAuth,
  isSignInWithEmailLink,
  signInWithEmailLink,
} from 'firebase/auth';
import { getApps } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getStorage } from 'firebase-admin/storage';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';

import { DEFAULT_PORTAL_FIELDS, type PortalFields } from '@trato/model';

import { withoutQuote } from '../src/portal/emailReplies.js';

import {
  adminWithOrganization,
  call,
  callError,
  callOk,
  db,
  giveLiveSubscription,
  projectId,
  sellerOf,
  signUp,
  uniqueEmail,
  uniqueName,
} from './cloud.js';
import { connectGmail, googleControl, messagesTo, RETURN_ORIGIN, type Member } from './google.js';

process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= '127.0.0.1:9199';
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const BUCKET = `${projectId}.appspot.com`;

/** A customer's address on an outside domain (the local Google keeps what is sent to it). */
const customerEmail = (name: string) => `${uniqueName(name)}@cliente.example`;

/** A fresh network address, so the per-address limit of requestPortalLink counts one test alone. */
const fromAddress = () => ({ 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` });

const clientApps: FirebaseApp[] = [];
afterAll(async () => {
  await Promise.all(clientApps.map((app) => deleteApp(app)));
});

interface Site {
  slug: string;
  admin: Member;
  org: string;
}

async function portalOrg(
  options: Partial<{ fields: PortalFields; signup: string; companyTickets: boolean; enabled: boolean }> = {},
): Promise<Site> {
  const admin = await adminWithOrganization('Portal Co');
  await giveLiveSubscription(admin.organizationId);
  const slug = uniqueName('soporte').replace(/_/g, '-');
  await callOk(
    'setPortalSettings',
    {
      organizationId: admin.organizationId,
      enabled: options.enabled ?? true,
      slug,
      name: 'Acme Soporte',
      logo: null,
      languages: ['es', 'en'],
      fields: options.fields ?? DEFAULT_PORTAL_FIELDS,
      signup: options.signup ?? 'closed',
      companyTickets: options.companyTickets ?? false,
    },
    admin.idToken,
  );
  return { slug, admin, org: admin.organizationId };
}

async function contact(
  org: string,
  uid: string,
  name: string,
  email: string | null,
  companyId: string | null = null,
) {
  const ref = db.collection(`organizations/${org}/contacts`).doc();
  const now = Timestamp.now();
  await ref.set({
    name,
    email,
    companyId,
    companyName: companyId ? 'Cliente SA' : null,
    status: 'active',
    isCustomer: true,
    lifecycleStage: 'customer',
    ownerId: uid,
    searchTokens: [],
    searchIndex: {},
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return ref.id;
}

/** A ticket written as a member's would be (for tickets the portal did not open). */
async function memberTicket(org: string, uid: string, contactId: string | null, companyId: string | null) {
  const ref = db.collection(`organizations/${org}/tickets`).doc();
  const now = Timestamp.now();
  await ref.set({
    ticketName: 'Factura duplicada',
    pipeline: 'Support Pipeline',
    status: 'New',
    ownerId: uid,
    priority: null,
    contactId,
    companyId,
    searchTokens: [],
    searchIndex: {},
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return ref.id;
}

/** The sign-in link of the newest e-mail the local Google has for `to`. */
async function linkFor(to: string): Promise<{ link: string; subject: string; text: string }> {
  const [mail] = await messagesTo(to);
  expect(mail, `no e-mail to ${to}`).toBeDefined();
  const link = /https?:\/\/\S+\/entrar\?\S+/.exec(mail!.text ?? '')?.[0];
  expect(link, mail!.text ?? '').toBeDefined();
  return { link: link!, subject: mail!.subject, text: mail!.text ?? '' };
}

/** Signs in with the e-mail link as the portal does (the web SDK, in Node), answering an ID token. */
async function signInWithLink(email: string, link: string): Promise<{ uid: string; idToken: string }> {
  const app = initializeApp({ apiKey: 'fake-api-key', projectId }, `portal-${uniqueName('app')}`);
  clientApps.push(app);
  const auth = getClientAuth(app);
  connectAuthEmulator(auth, `http://${AUTH_HOST}`, { disableWarnings: true });
  expect(isSignInWithEmailLink(auth, link)).toBe(true);
  const credential = await signInWithEmailLink(auth, email, link);
  return { uid: credential.user.uid, idToken: await credential.user.getIdToken() };
}

interface Customer {
  contactId: string;
  email: string;
  uid: string;
  idToken: string;
}

/** A contact invited by the admin, signed in with the link and with their session opened. */
async function customer(site: Site, name = 'Julia Ríos', companyId: string | null = null): Promise<Customer> {
  const email = customerEmail(name.split(' ')[0]!.toLowerCase());
  const contactId = await contact(site.org, site.admin.uid, name, email, companyId);
  await callOk('invitePortalContact', { organizationId: site.org, contactId }, site.admin.idToken);
  const { link } = await linkFor(email);
  const session = await signInWithLink(email, link);
  await callOk('openPortalSession', { slug: site.slug }, session.idToken);
  return { contactId, email, ...session };
}

/** Stages a file as the portal's upload would (the rules' path), through the admin SDK. */
async function stage(site: Site, uid: string, name: string, contentType = 'application/pdf', bytes = 1024) {
  const uploadId = uniqueName('up');
  await getStorage(getApps().find((a) => a.name === 'functions-tests')!)
    .bucket(BUCKET)
    .file(`organizations/${site.org}/portalUploads/${uid}/${uploadId}/${name}`)
    .save(Buffer.alloc(bytes, 1), { contentType, resumable: false });
  return uploadId;
}

/** When the Auth user's sessions were last revoked (or began). */
const validSince = async (uid: string) =>
  (await getAdminAuth(getApps().find((a) => a.name === 'functions-tests')!).getUser(uid))
    .tokensValidAfterTime;

const access = async (org: string, uid: string) =>
  (await db.doc(`organizations/${org}/portalAccess/${uid}`).get()).data();

describe('the portal site', () => {
  it('an admin sets it (slug checked, taken slugs refused, an old slug freed) and anyone reads it', async () => {
    const site = await portalOrg();
    expect(await callOk('getPortal', { slug: site.slug.toUpperCase() })).toEqual({
      slug: site.slug,
      name: 'Acme Soporte',
      logo: null,
      languages: ['es', 'en'],
      fields: DEFAULT_PORTAL_FIELDS,
      signup: 'closed',
    });
    expect((await db.doc(`portals/${site.slug}`).get()).data()).toMatchObject({
      organizationId: site.org,
      enabled: true,
      companyTickets: false,
      updatedBy: site.admin.uid,
    });

    // Another organization may not take it.
    const other = await portalOrg();
    const settings = {
      organizationId: other.org,
      enabled: true,
      slug: site.slug,
      name: 'Otra',
      logo: null,
      languages: ['es'],
      fields: DEFAULT_PORTAL_FIELDS,
      signup: 'closed',
      companyTickets: false,
    };
    expect(await callError('setPortalSettings', settings, other.admin.idToken)).toMatchObject({
      status: 'ALREADY_EXISTS',
      details: { reason: 'slug-taken' },
    });
    // A reserved or malformed slug, or other bad input: invalid-argument, never a 500.
    for (const slug of ['admin', 'a', 'Mal Slug', '-abc', 42])
      expect(await callError('setPortalSettings', { ...settings, slug }, other.admin.idToken)).toMatchObject({
        status: 'INVALID_ARGUMENT',
        details: { reason: 'slug-invalid', field: 'slug' },
      });
    for (const [field, bad] of [
      ['organizationId', 'a/b'],
      ['languages', []],
      ['fields', { description: 'settable' }],
      ['signup', 'everyone'],
      ['logo', 'data:image/svg+xml;base64,AAAA'],
    ] as const)
      expect(
        await callError(
          'setPortalSettings',
          { ...settings, slug: uniqueName('x'), [field]: bad },
          other.admin.idToken,
        ),
      ).toMatchObject({ status: 'INVALID_ARGUMENT', details: { reason: 'invalid-input', field } });

    // A new slug frees the old one; company tickets rewrite every access's scope.
    const julia = await customer(other);
    const renamed = uniqueName('nuevo');
    await callOk(
      'setPortalSettings',
      { ...settings, slug: renamed, companyTickets: true },
      other.admin.idToken,
    );
    expect((await db.doc(`portals/${other.slug}`).get()).exists).toBe(false);
    expect((await db.doc(`portals/${renamed}`).get()).get('organizationId')).toBe(other.org);
    expect(await access(other.org, julia.uid)).toMatchObject({ scope: 'company' });
    expect(await callError('getPortal', { slug: other.slug })).toMatchObject({
      status: 'NOT_FOUND',
      details: { reason: 'portal-not-found' },
    });

    // Disabled: not found, as unknown.
    await callOk('setPortalSettings', { ...settings, slug: renamed, enabled: false }, other.admin.idToken);
    expect(await callError('getPortal', { slug: renamed })).toMatchObject({
      details: { reason: 'portal-not-found' },
    });
    expect(await callError('getPortal', { slug: uniqueName('nadie') })).toMatchObject({
      details: { reason: 'portal-not-found' },
    });
    expect(await callError('getPortal', {})).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  it('only administrators of the organization with a live subscription set it', async () => {
    const site = await portalOrg();
    const seller = await sellerOf(site.admin);
    const stranger = await signUp(uniqueEmail('stranger'));
    const settings = {
      organizationId: site.org,
      enabled: true,
      slug: site.slug,
      name: 'X',
      logo: null,
      languages: ['es'],
      fields: DEFAULT_PORTAL_FIELDS,
      signup: 'closed',
      companyTickets: false,
    };
    expect(await callError('setPortalSettings', settings)).toMatchObject({ status: 'UNAUTHENTICATED' });
    for (const who of [seller, stranger])
      expect(await callError('setPortalSettings', settings, who.idToken)).toMatchObject({
        status: 'PERMISSION_DENIED',
        details: { reason: 'not-admin' },
      });
    await db.doc(`organizations/${site.org}/billing/subscription`).delete();
    expect(await callError('setPortalSettings', settings, site.admin.idToken)).toMatchObject({
      details: { reason: 'subscription-inactive' },
    });
  });
});

describe('portal access', () => {
  it('an invitation e-mails a sign-in link in the contact language; the link signs in and opens the session', async () => {
    const site = await portalOrg();
    const email = customerEmail('julia');
    const contactId = await contact(site.org, site.admin.uid, 'Julia Ríos', email, 'co1');
    const invited = await callOk<{ uid: string; status: string }>(
      'invitePortalContact',
      { organizationId: site.org, contactId, language: 'en' },
      site.admin.idToken,
    );
    expect(invited.status).toBe('invited');
    expect(await access(site.org, invited.uid)).toMatchObject({
      contactId,
      companyId: 'co1',
      email,
      contactName: 'Julia Ríos',
      status: 'invited',
      scope: 'contact',
      language: 'en',
      invitedBy: site.admin.uid,
      activatedAt: null,
      revokedAt: null,
    });
    // The e-mail, in the local Google (from the system mailbox, named after the portal).
    const [mail] = await messagesTo(email);
    expect(mail!.subject).toBe('Acme Soporte invites you to its customer portal');
    expect(mail!.from[0]).toMatchObject({ address: 'avisos@trato.local', name: 'Acme Soporte' });
    expect(mail!.html).toContain('Sign in to the portal');
    const { link } = await linkFor(email);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:5173/portal/${site.slug}/entrar`);
    expect(url.searchParams.get('mode')).toBe('signIn');
    expect(url.searchParams.get('oobCode')).toBeTruthy();
    expect(url.searchParams.get('lang')).toBe('en');

    // Before signing in with the link: no verified address.
    const session = await signInWithLink(email, link);
    expect(session.uid).toBe(invited.uid);
    const opened = await callOk('openPortalSession', { slug: site.slug }, session.idToken);
    expect(opened).toEqual({
      organizationId: site.org,
      contactId,
      contactName: 'Julia Ríos',
      companyId: 'co1',
      scope: 'contact',
    });
    const active = (await access(site.org, session.uid))!;
    expect(active.status).toBe('active');
    expect(active.activatedAt).toBeInstanceOf(Timestamp);
    expect(active.lastVisitAt).toBeInstanceOf(Timestamp);
    // A used link does not sign in again.
    await expect(signInWithLink(email, link)).rejects.toThrow();

    // Inviting again keeps the access active; Spanish is the site's first language.
    expect(
      await callOk('invitePortalContact', { organizationId: site.org, contactId }, site.admin.idToken),
    ).toEqual({ uid: invited.uid, status: 'active' });
    expect((await messagesTo(email))[0]!.subject).toBe('Acme Soporte te invita a su portal de clientes');
  });

  it('invitations: contacts.edit only, an enabled portal, an address, an offered language, a few an hour', async () => {
    const site = await portalOrg();
    const contactId = await contact(site.org, site.admin.uid, 'Ana', customerEmail('ana'));
    const noEmail = await contact(site.org, site.admin.uid, 'Sin Correo', null);
    const viewer = await sellerOf(site.admin);
    const stranger = await signUp(uniqueEmail('stranger'));
    const input = { organizationId: site.org, contactId };
    expect(await callError('invitePortalContact', input, viewer.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'no-right' },
    });
    expect(await callError('invitePortalContact', input, stranger.idToken)).toMatchObject({
      details: { reason: 'not-member' },
    });
    expect(
      await callError('invitePortalContact', { ...input, contactId: 'a/b' }, site.admin.idToken),
    ).toMatchObject({ status: 'INVALID_ARGUMENT', details: { field: 'contactId' } });
    expect(
      await callError('invitePortalContact', { ...input, contactId: noEmail }, site.admin.idToken),
    ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'no-email' } });
    expect(
      await callError('invitePortalContact', { ...input, contactId: 'nadie' }, site.admin.idToken),
    ).toMatchObject({ status: 'NOT_FOUND' });
    // Another organization's admin cannot reach this contact through their own portal.
    const other = await portalOrg();
    expect(
      await callError('invitePortalContact', { ...input, organizationId: other.org }, site.admin.idToken),
    ).toMatchObject({ details: { reason: 'not-member' } });
    expect(
      await callError('invitePortalContact', { organizationId: other.org, contactId }, other.admin.idToken),
    ).toMatchObject({ status: 'NOT_FOUND' });

    // Three an hour per contact.
    for (let i = 0; i < 3; i++) await callOk('invitePortalContact', input, site.admin.idToken);
    expect(await callError('invitePortalContact', input, site.admin.idToken)).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      details: { reason: 'rate-limited' },
    });

    // A site in Spanish only: English is not offered.
    const spanish = await portalOrg();
    await callOk(
      'setPortalSettings',
      {
        organizationId: spanish.org,
        enabled: true,
        slug: spanish.slug,
        name: 'Solo Español',
        logo: null,
        languages: ['es'],
        fields: DEFAULT_PORTAL_FIELDS,
        signup: 'closed',
        companyTickets: false,
      },
      spanish.admin.idToken,
    );
    const luis = await contact(spanish.org, spanish.admin.uid, 'Luis', customerEmail('luis'));
    expect(
      await callError(
        'invitePortalContact',
        { organizationId: spanish.org, contactId: luis, language: 'en' },
        spanish.admin.idToken,
      ),
    ).toMatchObject({ status: 'INVALID_ARGUMENT', details: { reason: 'language-not-offered' } });

    // A disabled portal invites nobody.
    const off = await portalOrg({ enabled: false });
    const eva = await contact(off.org, off.admin.uid, 'Eva', customerEmail('eva'));
    expect(
      await callError('invitePortalContact', { organizationId: off.org, contactId: eva }, off.admin.idToken),
    ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'portal-disabled' } });
  });

  it('a password account with the customer address is not verified: no session', async () => {
    const site = await portalOrg();
    const email = customerEmail('mallory');
    // Someone creates a password account with the customer's address before the invitation.
    const impostor = await signUp(email);
    const contactId = await contact(site.org, site.admin.uid, 'Marta', email);
    const { uid } = await callOk<{ uid: string }>(
      'invitePortalContact',
      { organizationId: site.org, contactId },
      site.admin.idToken,
    );
    expect(uid).toBe(impostor.uid);
    // The impostor's password no longer signs in: the real owner's link would verify the address.
    const signIn = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
      },
    );
    expect(signIn.ok).toBe(false);
    expect(await callError('openPortalSession', { slug: site.slug }, impostor.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'email-unverified' },
    });
    expect(
      await callError(
        'createPortalTicket',
        { slug: site.slug, subject: 'Hola', uploadIds: [] },
        impostor.idToken,
      ),
    ).toMatchObject({ status: 'PERMISSION_DENIED' });
    // Someone with no access at all, and nobody signed in.
    const stranger = await signUp(uniqueEmail('stranger'));
    expect(await callError('openPortalSession', { slug: site.slug }, stranger.idToken)).toMatchObject({
      details: { reason: 'no-access' },
    });
    expect(await callError('openPortalSession', { slug: site.slug })).toMatchObject({
      status: 'UNAUTHENTICATED',
    });
    expect(
      await callError('openPortalSession', { slug: uniqueName('nadie') }, stranger.idToken),
    ).toMatchObject({
      details: { reason: 'portal-not-found' },
    });
  });

  it('revoking ends the access at once (a member keeps their sessions); the portal refuses afterwards', async () => {
    const site = await portalOrg();
    const julia = await customer(site);
    const viewer = await sellerOf(site.admin);
    const input = { organizationId: site.org, contactId: julia.contactId };
    expect(await callError('revokePortalAccess', input, viewer.idToken)).toMatchObject({
      details: { reason: 'no-right' },
    });
    const before = await validSince(julia.uid);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await callOk('revokePortalAccess', input, site.admin.idToken)).toEqual({ revoked: true });
    expect(await access(site.org, julia.uid)).toMatchObject({
      status: 'revoked',
      revokedBy: site.admin.uid,
    });
    // The sessions of a person who is nothing else end too (their refresh tokens are revoked).
    expect(await validSince(julia.uid)).not.toBe(before);
    expect(await callOk('revokePortalAccess', input, site.admin.idToken)).toEqual({ revoked: false });
    for (const [name, data] of [
      ['openPortalSession', { slug: site.slug }],
      ['createPortalTicket', { slug: site.slug, subject: 'Otra vez', uploadIds: [] }],
    ] as const)
      expect(await callError(name, data, julia.idToken)).toMatchObject({
        status: 'PERMISSION_DENIED',
        details: { reason: 'no-access' },
      });
    // A revoked address asks for a link in vain.
    await call(
      'requestPortalLink',
      { slug: site.slug, email: julia.email, language: 'es', continueUrl: RETURN_ORIGIN },
      undefined,
      fromAddress(),
    );
    expect(await messagesTo(julia.email)).toHaveLength(1);
    // Invited again: invited, with a new link.
    expect(await callOk('invitePortalContact', input, site.admin.idToken)).toMatchObject({
      status: 'invited',
    });
    expect(await messagesTo(julia.email)).toHaveLength(2);

    // A member of an organization who is also another's customer keeps their CRM sessions.
    const member = site.admin;
    const other = await portalOrg();
    const asContact = await contact(other.org, other.admin.uid, 'Cliente Miembro', member.email);
    await callOk(
      'invitePortalContact',
      { organizationId: other.org, contactId: asContact },
      other.admin.idToken,
    );
    const memberBefore = await validSince(member.uid);
    await new Promise((r) => setTimeout(r, 1100));
    await callOk(
      'revokePortalAccess',
      { organizationId: other.org, contactId: asContact },
      other.admin.idToken,
    );
    expect(await validSince(member.uid)).toBe(memberBefore);
  });

  it('requestPortalLink answers the same to everyone and sends only to who may enter', async () => {
    const site = await portalOrg();
    const ask = (email: string, extra: Record<string, unknown> = {}) =>
      call(
        'requestPortalLink',
        { slug: site.slug, email, language: 'es', continueUrl: RETURN_ORIGIN, ...extra },
        undefined,
        fromAddress(),
      );
    // Unknown address, closed sign-up: the same answer, nothing sent.
    const unknown = customerEmail('nadie');
    expect(await ask(unknown)).toEqual({ ok: true, result: { sent: true } });
    expect(await messagesTo(unknown)).toEqual([]);
    // An existing contact, closed sign-up: nothing either.
    const pedroEmail = customerEmail('pedro');
    const pedro = await contact(site.org, site.admin.uid, 'Pedro', pedroEmail);
    expect(await ask(pedroEmail)).toEqual({ ok: true, result: { sent: true } });
    expect(await messagesTo(pedroEmail)).toEqual([]);

    // A customer with access gets the link on the continue URL's origin, in the asked language.
    const julia = await customer(site);
    expect(await ask(julia.email.toUpperCase(), { language: 'en' })).toEqual({
      ok: true,
      result: { sent: true },
    });
    const { link, subject } = await linkFor(julia.email);
    expect(subject).toBe("Your sign-in link for Acme Soporte's customer portal");
    expect(link.startsWith(`${RETURN_ORIGIN}/portal/${site.slug}/entrar?`)).toBe(true);
    const again = await signInWithLink(julia.email, link);
    expect(again.uid).toBe(julia.uid);

    // At most PORTAL_LINKS_PER_HOUR an address: more are answered the same and not sent.
    for (let i = 0; i < 6; i++) expect((await ask(julia.email)).ok).toBe(true);
    expect((await messagesTo(julia.email)).length).toBe(2 + 4);

    // Sign-up for contacts: an existing contact gets an access (invited by nobody) and the link.
    await callOk(
      'setPortalSettings',
      {
        organizationId: site.org,
        enabled: true,
        slug: site.slug,
        name: 'Acme Soporte',
        logo: null,
        languages: ['es', 'en'],
        fields: DEFAULT_PORTAL_FIELDS,
        signup: 'contacts',
        companyTickets: false,
      },
      site.admin.idToken,
    );
    await ask(pedroEmail);
    const pedroLink = await linkFor(pedroEmail);
    expect(pedroLink.subject).toBe('Tu enlace para entrar al portal de Acme Soporte');
    const pedroSession = await signInWithLink(pedroEmail, pedroLink.link);
    expect(await access(site.org, pedroSession.uid)).toMatchObject({ contactId: pedro, invitedBy: null });
    expect(await callOk('openPortalSession', { slug: site.slug }, pedroSession.idToken)).toMatchObject({
      contactId: pedro,
      contactName: 'Pedro',
    });
    // … but a stranger still gets nothing.
    const stranger = customerEmail('extrano');
    await ask(stranger);
    expect(await messagesTo(stranger)).toEqual([]);

    // Bad input, a foreign continue URL, a language the site does not offer: refused.
    expect(await ask('no-es-correo')).toMatchObject({ ok: false, error: { status: 'INVALID_ARGUMENT' } });
    expect(await ask(stranger, { continueUrl: 'https://evil.example' })).toMatchObject({
      ok: false,
      error: { status: 'INVALID_ARGUMENT', details: { reason: 'invalid-input', field: 'continueUrl' } },
    });
    expect(await ask(stranger, { slug: uniqueName('nadie') })).toMatchObject({
      ok: false,
      error: { status: 'NOT_FOUND', details: { reason: 'portal-not-found' } },
    });
  });

  it('sign-up for anyone creates a lead contact with the address and its access', async () => {
    const site = await portalOrg({ signup: 'anyone' });
    const email = customerEmail('nueva');
    expect(
      await call(
        'requestPortalLink',
        { slug: site.slug, email, language: 'es', continueUrl: RETURN_ORIGIN },
        undefined,
        fromAddress(),
      ),
    ).toEqual({ ok: true, result: { sent: true } });
    const { link } = await linkFor(email);
    const session = await signInWithLink(email, link);
    const opened = await callOk<{ contactId: string }>(
      'openPortalSession',
      { slug: site.slug },
      session.idToken,
    );
    const lead = (await db.doc(`organizations/${site.org}/contacts/${opened.contactId}`).get()).data()!;
    expect(lead).toMatchObject({
      email,
      lifecycleStage: 'lead',
      ownerId: site.admin.uid,
      createdBy: site.admin.uid,
      hasEmail: true,
    });
    expect(lead.searchTokens).toContain(email.split('@')[0]!.slice(0, 3));
  });

  it('a flood of link requests from one network address is refused', async () => {
    const site = await portalOrg();
    const from = fromAddress();
    const data = {
      slug: site.slug,
      email: customerEmail('flood'),
      language: 'es',
      continueUrl: RETURN_ORIGIN,
    };
    for (let i = 0; i < 10; i++)
      expect((await call('requestPortalLink', data, undefined, from)).ok).toBe(true);
    expect(await call('requestPortalLink', data, undefined, from)).toMatchObject({
      ok: false,
      error: { status: 'RESOURCE_EXHAUSTED', details: { reason: 'rate-limited' } },
    });
  });
});

describe('portal tickets', () => {
  it('a customer opens a ticket with an attachment, answers it and closes it', async () => {
    const site = await portalOrg();
    const julia = await customer(site, 'Julia Ríos', 'co1');
    const upload = await stage(site, julia.uid, 'captura.png', 'image/png', 2048);
    const { ticketId } = await callOk<{ ticketId: string }>(
      'createPortalTicket',
      {
        slug: site.slug,
        subject: '  No puedo descargar la factura  ',
        description: 'Da error 500',
        uploadIds: [upload],
      },
      julia.idToken,
    );
    const ticket = (await db.doc(`organizations/${site.org}/tickets/${ticketId}`).get()).data()!;
    expect(ticket).toMatchObject({
      ticketName: 'No puedo descargar la factura',
      pipeline: 'Support Pipeline',
      status: 'New',
      description: 'Da error 500',
      source: 'portal',
      ownerId: site.admin.uid,
      priority: null,
      contactId: julia.contactId,
      companyId: 'co1',
      contactName: 'Julia Ríos',
      companyName: 'Cliente SA',
      conversationState: 'customer-replied',
      createdBy: julia.uid,
      attachments: [
        {
          name: 'captura.png',
          path: `organizations/${site.org}/portalUploads/${julia.uid}/${upload}/captura.png`,
          size: 2048,
          contentType: 'image/png',
        },
      ],
    });
    // The file is marked taken (storage.rules then keep it from its uploader's delete), once.
    const [metadata] = await getStorage(getApps().find((a) => a.name === 'functions-tests')!)
      .bucket(BUCKET)
      .file(`organizations/${site.org}/portalUploads/${julia.uid}/${upload}/captura.png`)
      .getMetadata();
    expect(metadata.metadata).toMatchObject({ ticketId });
    expect(
      await callError(
        'createPortalTicket',
        { slug: site.slug, subject: 'Otra', uploadIds: [upload] },
        julia.idToken,
      ),
    ).toMatchObject({ details: { reason: 'upload-invalid' } });
    expect(ticket.searchTokens).toEqual(expect.arrayContaining(['factura', 'julia']));
    expect(ticket.searchIndex).toMatchObject({ factura: true });
    expect(ticket.lastReplyAt).toBeInstanceOf(Timestamp);

    // The owner answers publicly (no Gmail: the system mailbox, with the portal's address).
    await db.doc(`organizations/${site.org}/tickets/${ticketId}`).update({ status: 'Resolved' });
    const answer = await callOk<{ replyId: string; emailed: string }>(
      'addTicketReply',
      { organizationId: site.org, ticketId, body: 'Ya está corregido.', visibility: 'public' },
      site.admin.idToken,
    );
    expect(answer.emailed).toBe('system');
    const [mail] = await messagesTo(julia.email);
    expect(mail!.subject).toBe(`[#${ticketId.slice(0, 6)}] No puedo descargar la factura`);
    expect(mail!.text).toContain('Ya está corregido.');
    expect(mail!.text).toContain(`http://127.0.0.1:5173/portal/${site.slug}`);
    expect((await db.doc(`organizations/${site.org}/tickets/${ticketId}`).get()).data()).toMatchObject({
      conversationState: 'waiting-on-customer',
    });

    // The customer answers: the resolved ticket is back in progress, and waits for the team.
    const second = await stage(site, julia.uid, 'detalle.pdf');
    const { replyId } = await callOk<{ replyId: string }>(
      'replyPortalTicket',
      { slug: site.slug, ticketId, body: 'Sigue fallando', uploadIds: [second] },
      julia.idToken,
    );
    expect(
      (await db.doc(`organizations/${site.org}/tickets/${ticketId}/replies/${replyId}`).get()).data(),
    ).toMatchObject({
      visibility: 'public',
      body: 'Sigue fallando',
      authorType: 'customer',
      authorId: julia.contactId,
      authorName: 'Julia Ríos',
      via: 'portal',
      attachments: [{ name: 'detalle.pdf', contentType: 'application/pdf', size: 1024 }],
    });
    expect((await db.doc(`organizations/${site.org}/tickets/${ticketId}`).get()).data()).toMatchObject({
      status: 'In Progress',
      conversationState: 'customer-replied',
    });
    // The owner's bell: query 'tickets.customerReplied'.
    const bell = await db
      .collection(`organizations/${site.org}/tickets`)
      .where('ownerId', '==', site.admin.uid)
      .where('conversationState', '==', 'customer-replied')
      .orderBy('lastReplyAt', 'desc')
      .get();
    expect(bell.docs.map((d) => d.id)).toContain(ticketId);

    // An internal note: nothing e-mailed, the state unchanged.
    const note = await callOk<{ replyId: string; emailed: string }>(
      'addTicketReply',
      { organizationId: site.org, ticketId, body: 'Revisar el servidor', visibility: 'internal' },
      site.admin.idToken,
    );
    expect(note.emailed).toBe('none');
    expect(await messagesTo(julia.email)).toHaveLength(2); // the invitation and the public answer
    expect(
      (await db.doc(`organizations/${site.org}/tickets/${ticketId}`).get()).get('conversationState'),
    ).toBe('customer-replied');

    // Closing: the one status a customer sets; a closed ticket takes no replies.
    expect(await callOk('closePortalTicket', { slug: site.slug, ticketId }, julia.idToken)).toEqual({
      closed: true,
    });
    expect((await db.doc(`organizations/${site.org}/tickets/${ticketId}`).get()).get('status')).toBe(
      'Closed',
    );
    expect(
      await callError(
        'replyPortalTicket',
        { slug: site.slug, ticketId, body: 'Una más', uploadIds: [] },
        julia.idToken,
      ),
    ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'ticket-closed' } });
  });

  it('fields the site does not let customers set, and uploads that are not theirs or not allowed, are refused', async () => {
    const site = await portalOrg({
      fields: { description: 'hidden', priority: 'visible', attachments: 'settable' },
    });
    const julia = await customer(site);
    const base = { slug: site.slug, subject: 'Ayuda', uploadIds: [] as string[] };
    expect(await callError('createPortalTicket', { ...base, priority: 'High' }, julia.idToken)).toMatchObject(
      {
        status: 'INVALID_ARGUMENT',
        details: { reason: 'field-not-settable', field: 'priority' },
      },
    );
    expect(await callError('createPortalTicket', { ...base, description: 'x' }, julia.idToken)).toMatchObject(
      {
        details: { reason: 'field-not-settable', field: 'description' },
      },
    );
    expect(
      await callError('createPortalTicket', { ...base, priority: 'Urgent' }, julia.idToken),
    ).toMatchObject({
      details: { reason: 'invalid-input', field: 'priority' },
    });
    expect(await callError('createPortalTicket', { ...base, subject: '' }, julia.idToken)).toMatchObject({
      details: { reason: 'invalid-input', field: 'subject' },
    });
    // Another customer's upload (a guessed id): not in the caller's folder.
    const pedro = await customer(site, 'Pedro Gil');
    const pedros = await stage(site, pedro.uid, 'suyo.pdf');
    expect(
      await callError('createPortalTicket', { ...base, uploadIds: [pedros] }, julia.idToken),
    ).toMatchObject({
      details: { reason: 'upload-missing', field: 'uploadIds' },
    });
    expect(
      await callError('createPortalTicket', { ...base, uploadIds: ['../' + pedros] }, julia.idToken),
    ).toMatchObject({ details: { reason: 'invalid-input', field: 'uploadIds[0]' } });
    // A type the portal does not take, too large, or two files in one upload.
    const html = await stage(site, julia.uid, 'pagina.html', 'text/html');
    const huge = await stage(site, julia.uid, 'grande.pdf', 'application/pdf', 10 * 1024 * 1024 + 1);
    const twice = await stage(site, julia.uid, 'a.pdf');
    await getStorage(getApps().find((a) => a.name === 'functions-tests')!)
      .bucket(BUCKET)
      .file(`organizations/${site.org}/portalUploads/${julia.uid}/${twice}/b.pdf`)
      .save(Buffer.from('x'), { contentType: 'application/pdf', resumable: false });
    for (const id of [html, huge, twice])
      expect(
        await callError('createPortalTicket', { ...base, uploadIds: [id] }, julia.idToken),
      ).toMatchObject({
        details: { reason: 'upload-invalid' },
      });
    // Attachments hidden: no uploads at all.
    const noFiles = await portalOrg({
      fields: { description: 'settable', priority: 'settable', attachments: 'hidden' },
    });
    const ana = await customer(noFiles, 'Ana Paz');
    const mine = await stage(noFiles, ana.uid, 'ok.pdf');
    expect(
      await callError(
        'createPortalTicket',
        { slug: noFiles.slug, subject: 'x', uploadIds: [mine] },
        ana.idToken,
      ),
    ).toMatchObject({ details: { reason: 'field-not-settable', field: 'uploadIds' } });
    // Settable priority and description are taken.
    const { ticketId } = await callOk<{ ticketId: string }>(
      'createPortalTicket',
      { slug: noFiles.slug, subject: 'x', description: 'y', priority: 'High', uploadIds: [] },
      ana.idToken,
    );
    expect((await db.doc(`organizations/${noFiles.org}/tickets/${ticketId}`).get()).data()).toMatchObject({
      description: 'y',
      priority: 'High',
      attachments: [],
    });
  });

  it("a customer never reaches another contact's ticket, another organization's, or a company's unless allowed", async () => {
    const site = await portalOrg();
    const julia = await customer(site, 'Julia Ríos', 'co1');
    const colleague = await contact(site.org, site.admin.uid, 'Colega', customerEmail('colega'), 'co1');
    const theirs = await memberTicket(site.org, site.admin.uid, colleague, 'co1');
    const nobodys = await memberTicket(site.org, site.admin.uid, null, null);
    for (const ticketId of [theirs, nobodys, 'no-existe']) {
      expect(
        await callError(
          'replyPortalTicket',
          { slug: site.slug, ticketId, body: 'hola', uploadIds: [] },
          julia.idToken,
        ),
      ).toMatchObject({ status: 'NOT_FOUND', details: { reason: 'not-found' } });
      expect(
        await callError('closePortalTicket', { slug: site.slug, ticketId }, julia.idToken),
      ).toMatchObject({
        status: 'NOT_FOUND',
      });
    }
    expect((await db.doc(`organizations/${site.org}/tickets/${theirs}`).get()).get('status')).toBe('New');
    // Another organization's portal: no access there.
    const other = await portalOrg();
    expect(
      await callError('createPortalTicket', { slug: other.slug, subject: 'x', uploadIds: [] }, julia.idToken),
    ).toMatchObject({ status: 'PERMISSION_DENIED', details: { reason: 'no-access' } });
    // With company tickets on, the company's tickets are theirs too.
    await callOk(
      'setPortalSettings',
      {
        organizationId: site.org,
        enabled: true,
        slug: site.slug,
        name: 'Acme Soporte',
        logo: null,
        languages: ['es', 'en'],
        fields: DEFAULT_PORTAL_FIELDS,
        signup: 'closed',
        companyTickets: true,
      },
      site.admin.idToken,
    );
    await callOk(
      'replyPortalTicket',
      { slug: site.slug, ticketId: theirs, body: 'Yo también', uploadIds: [] },
      julia.idToken,
    );
    // A lapsed subscription closes the portal too.
    await db.doc(`organizations/${site.org}/billing/subscription`).delete();
    expect(
      await callError('createPortalTicket', { slug: site.slug, subject: 'x', uploadIds: [] }, julia.idToken),
    ).toMatchObject({ details: { reason: 'subscription-inactive' } });
  });

  it('addTicketReply: tickets.edit members only, bad input refused, no address → none', async () => {
    const site = await portalOrg();
    const noEmail = await contact(site.org, site.admin.uid, 'Sin Correo', null);
    const ticketId = await memberTicket(site.org, site.admin.uid, noEmail, null);
    const viewer = await sellerOf(site.admin, {
      tickets: { view: true, create: true, edit: false, delete: false },
    });
    const editor = await sellerOf(site.admin, {
      tickets: { view: true, create: true, edit: true, delete: false },
    });
    const stranger = await signUp(uniqueEmail('stranger'));
    const input = { organizationId: site.org, ticketId, body: 'Hola', visibility: 'public' };
    expect(await callError('addTicketReply', input, viewer.idToken)).toMatchObject({
      details: { reason: 'no-right' },
    });
    expect(await callError('addTicketReply', input, stranger.idToken)).toMatchObject({
      details: { reason: 'not-member' },
    });
    expect(
      await callError('addTicketReply', { ...input, visibility: 'secret' }, editor.idToken),
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { field: 'visibility' },
    });
    expect(await callError('addTicketReply', { ...input, body: '   ' }, editor.idToken)).toMatchObject({
      details: { field: 'body' },
    });
    expect(await callError('addTicketReply', { ...input, ticketId: 'nadie' }, editor.idToken)).toMatchObject({
      status: 'NOT_FOUND',
    });
    const reply = await callOk<{ replyId: string; emailed: string }>('addTicketReply', input, editor.idToken);
    expect(reply.emailed).toBe('none');
    expect(
      (await db.doc(`organizations/${site.org}/tickets/${ticketId}/replies/${reply.replyId}`).get()).data(),
    ).toMatchObject({ authorType: 'member', authorId: editor.uid, authorName: 'Carlos Méndez', via: 'crm' });
  });
});

describe('the e-mail leg', () => {
  it("a public reply from the member's Gmail; the customer's answer in that thread joins the ticket once", async () => {
    const site = await portalOrg();
    const mailbox = await connectGmail(site.admin);
    const julia = await customer(site);
    const { ticketId } = await callOk<{ ticketId: string }>(
      'createPortalTicket',
      { slug: site.slug, subject: 'Acceso bloqueado', uploadIds: [] },
      julia.idToken,
    );
    const first = await callOk<{ replyId: string; emailed: string }>(
      'addTicketReply',
      { organizationId: site.org, ticketId, body: '¿Desde qué navegador entras?', visibility: 'public' },
      site.admin.idToken,
    );
    expect(first.emailed).toBe('gmail');
    const [sent] = (await messagesTo(julia.email)).filter((m) => m.account === mailbox);
    expect(sent!.subject).toBe(`[#${ticketId.slice(0, 6)}] Acceso bloqueado`);
    const ticketRef = db.doc(`organizations/${site.org}/tickets/${ticketId}`);
    const threadIds = (await ticketRef.get()).get('emailThreadIds') as string[];
    expect(threadIds).toHaveLength(1);
    expect(threadIds[0]!.startsWith(`${site.admin.uid}_`)).toBe(true);
    expect(
      (await db.doc(`organizations/${site.org}/tickets/${ticketId}/replies/${first.replyId}`).get()).get(
        'gmailId',
      ),
    ).toBe(sent!.id);

    // Julia answers by e-mail in the thread, quoting the question.
    const delivered = await googleControl<{ id: string; threadId: string }>('deliver', {
      to: mailbox,
      from: { name: 'Julia Ríos', address: julia.email },
      inReplyTo: sent!.id,
      text: 'Desde Firefox, en el móvil.\n\nEl lun, Admin escribió:\n> ¿Desde qué navegador entras?\n',
    });
    const sync = () => callOk('syncMailbox', { organizationId: site.org }, site.admin.idToken);
    await sync();
    const replyRef = db.doc(`organizations/${site.org}/tickets/${ticketId}/replies/email_${delivered.id}`);
    expect((await replyRef.get()).data()).toMatchObject({
      visibility: 'public',
      body: 'Desde Firefox, en el móvil.',
      authorType: 'customer',
      authorId: julia.contactId,
      via: 'email',
      gmailId: delivered.id,
    });
    expect((await ticketRef.get()).data()).toMatchObject({ conversationState: 'customer-replied' });
    // Synced again: still one.
    await sync();
    const replies = await db.collection(`organizations/${site.org}/tickets/${ticketId}/replies`).get();
    expect(replies.docs.filter((d) => d.get('via') === 'email')).toHaveLength(1);

    // The next public reply goes in the same thread.
    const second = await callOk<{ emailed: string }>(
      'addTicketReply',
      { organizationId: site.org, ticketId, body: 'Prueba ahora, por favor.', visibility: 'public' },
      site.admin.idToken,
    );
    expect(second.emailed).toBe('gmail');
    const answers = (await messagesTo(julia.email)).filter((m) => m.account === mailbox);
    expect(answers).toHaveLength(2);
    expect((answers[0] as unknown as { threadId: string }).threadId).toBe(delivered.threadId);
    expect((await ticketRef.get()).get('emailThreadIds')).toEqual(threadIds);

    // Someone else writing in the thread is not the customer: no reply on the ticket.
    const intruder = await googleControl<{ id: string }>('deliver', {
      to: mailbox,
      from: { address: uniqueEmail('otro') },
      inReplyTo: sent!.id,
      text: 'Compre ya',
    });
    await sync();
    expect(
      (await db.doc(`organizations/${site.org}/tickets/${ticketId}/replies/email_${intruder.id}`).get())
        .exists,
    ).toBe(false);
  });
});

describe('withoutQuote', () => {
  it('keeps the answer above what the mail client quoted', () => {
    expect(withoutQuote('Sí, gracias.\n\nEl lun, 3 nov 2026, Ana escribió:\n> ¿Funciona?\n')).toBe(
      'Sí, gracias.',
    );
    expect(withoutQuote('Works now.\r\n\r\nOn Mon, Nov 3, 2026 at 10:00, Ana wrote:\r\n> Does it?')).toBe(
      'Works now.',
    );
    expect(withoutQuote('Ok\n> quoted\nmore')).toBe('Ok');
    expect(withoutQuote('Hola\n-----Original Message-----\nFrom: x')).toBe('Hola');
    // All quote: the whole text rather than nothing.
    expect(withoutQuote('> only a quote')).toBe('> only a quote');
    expect(withoutQuote('  Sin cita  ')).toBe('Sin cita');
  });
});
