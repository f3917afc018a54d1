/**
 * Lead-capture forms and marketing consent (issue 31), from the attacker's side first, each
 * refusal with a control that differs only in the point under test.
 * 1. Forms: read with marketing.view, written with marketing.create/edit/delete (as lists); the
 *    member a form notifies belongs to the organization; visitors never read or write them.
 * 2. Submissions and consent records: the functions' proof of what a form recorded and of every
 *    consent change — read with contacts.view, never written by a client, not even an admin.
 * 3. contacts.emailConsent: set and changed by the functions only; a member's write that leaves
 *    it alone (a normal edit, the marketer's listIds-only update) still passes.
 * 4. Timeline kinds 'submission' and 'consent': written by the functions only, read with
 *    contacts.view, deleted by a member only once their contact is gone.
 * 5. A segment of contacts by consent status; an admin's 'marketing only with consent' switch.
 * 6. A contact's derived hasEmail matches its address; a segment of contacts with an address.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { CONSENT_STATUSES, uniformPermissions, type PermissionMap } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  activeSubscription,
  CONSENT,
  consentDoc,
  CONTACT,
  createAudit,
  crmBody,
  crmCollectionPath,
  DAY,
  FORM,
  freshId,
  LIST,
  memberDoc,
  NOW,
  seedWorld,
  serverEntryOf,
  storedAudit,
  SUBMISSION,
  submissionDoc,
  ts,
  userDoc,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string | null): Firestore => as(env, uid);
const A = 'organizations/orgA';
const B = 'organizations/orgB';
const ADMIN = 'adminA';
/** Every marketing right, contacts viewed only (as marketing.test.ts). */
const MARKETER = 'fmMarketer';
/** Only marketing.view. */
const VIEWER = 'fmViewer';
/** Every right but marketing (contacts.edit among them). */
const NO_MARKETING = 'fmNoMarketing';
/** Matrix sellers of A (src/roles.ts): every right but one, or only one. */
const NO_MK_CREATE = 's_off_marketing_create';
const NO_MK_VIEW = 's_off_marketing_view';
const NO_MK_EDIT = 's_off_marketing_edit';
const NO_MK_DELETE = 's_off_marketing_delete';
const MK_CREATE_ONLY = 's_on_marketing_create';
const CONTACTS_VIEW_ONLY = 's_on_contacts_view';
const NO_CONTACTS_VIEW = 's_off_contacts_view';
const NO_CONTACTS_DELETE = 's_off_contacts_delete';
/** A seller of A without permission entries (views everything, writes only the defaults). */
const SELLER = 'sellerA';
const ADMIN_B = 'adminB';
/** A seller of B with every right there. */
const SELLER_B = 'sellerB';
/** An organization whose subscription lapsed (past the grace), and its admin. */
const LAPSED = 'organizations/orgFmLapsed';
const LAPSED_ADMIN = 'orgFmLapsed-admin';

const marketing = (on: boolean) => ({ view: on, create: on, edit: on, delete: on });
const MEMBERS: Record<string, PermissionMap> = {
  [MARKETER]: {
    ...uniformPermissions(true),
    contacts: { view: true, create: false, edit: false, delete: false },
  },
  [VIEWER]: {
    ...uniformPermissions(false),
    marketing: { view: true, create: false, edit: false, delete: false },
  },
  [NO_MARKETING]: { ...uniformPermissions(true), marketing: marketing(false) },
};

const seeds: Array<[string, Doc]> = [];
const forms = crmCollectionPath('forms');
const formPath = (id: string, org = A) => `${org}/forms/${id}`;
const contacts = crmCollectionPath('contacts');
const timeline = (org = A) => `${org}/timeline`;
const edit = (patch: Doc): Doc => ({ ...patch, updatedAt: serverTimestamp() });

/** A fresh form of A as stored (the default one unless `patch` says otherwise). */
function formOf(patch: Doc = {}, by = ADMIN): string {
  const path = `${forms}/${freshId('form')}`;
  seeds.push([path, { ...crmBody('forms', by, ''), ...storedAudit(by), ...patch }]);
  return path;
}

/** A new form of `uid` (create body). */
const newForm = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('forms', uid, ''),
  ...createAudit(uid),
  ...patch,
});

/** A fresh contact of A as stored (with the consent the functions recorded, if any). */
function contactOf(patch: Doc = {}): string {
  const path = `${contacts}/${freshId('c')}`;
  seeds.push([path, { ...crmBody('contacts', ADMIN, ''), ...storedAudit(), ...patch }]);
  return path;
}

/** A new contact of `uid` (create body). */
const newContact = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('contacts', uid, ''),
  ...createAudit(uid),
  ...patch,
});

/**
 * A fresh contact of A with a form submission and a consent record, as the functions leave them
 * (`withEntries`: their timeline entries too). Answers the contact's id and the records' ids.
 */
function consentingContact(withEntries = true): {
  contactId: string;
  submissionId: string;
  consentId: string;
} {
  const contactId = contactOf({ emailConsent: 'granted' }).split('/').pop()!;
  const submissionId = freshId('sub');
  const consentId = freshId('cons');
  seeds.push([`${A}/submissions/${submissionId}`, submissionDoc(contactId)]);
  seeds.push([`${A}/consents/${consentId}`, consentDoc(contactId)]);
  if (withEntries)
    seeds.push(
      serverEntryOf('submission', submissionId, submissionDoc(contactId)),
      serverEntryOf('consent', consentId, consentDoc(contactId)),
    );
  return { contactId, submissionId, consentId };
}

/** Entries of the functions' kinds whose contact no longer exists (deleted earlier). */
function orphanEntries(): { submission: string; consent: string } {
  const gone = freshId('gone');
  const submission = freshId('sub');
  const consent = freshId('cons');
  seeds.push(
    serverEntryOf('submission', submission, submissionDoc(gone)),
    serverEntryOf('consent', consent, consentDoc(gone)),
  );
  return {
    submission: `${timeline()}/submission_${submission}`,
    consent: `${timeline()}/consent_${consent}`,
  };
}

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

// ── Forms ──────────────────────────────────────────────────────────────────

describe.concurrent('forms: who reads and writes them', () => {
  const at = () => `${forms}/${freshId()}`;
  // Escalations.
  denied('a seller without marketing.create creates a form', () =>
    setDoc(doc(db(NO_MK_CREATE), at()), newForm(NO_MK_CREATE)),
  );
  denied('a marketing.view member creates a form', () => setDoc(doc(db(VIEWER), at()), newForm(VIEWER)));
  denied('a seller without marketing rights creates a form', () =>
    setDoc(doc(db(NO_MARKETING), at()), newForm(NO_MARKETING)),
  );
  denied('a seller without permission entries (view-only) creates a form', () =>
    setDoc(doc(db(SELLER), at()), newForm(SELLER)),
  );
  denied('a seller without marketing.view reads a form', () => getDoc(doc(db(NO_MK_VIEW), formPath(FORM))));
  denied('a seller without marketing.view lists the forms', () => getDocs(collection(db(NO_MK_VIEW), forms)));
  denied('a seller without marketing rights reads a form', () =>
    getDoc(doc(db(NO_MARKETING), formPath(FORM))),
  );
  {
    const p = formOf();
    denied('a seller without marketing.edit publishes a form', () =>
      updateDoc(doc(db(NO_MK_EDIT), p), edit({ published: true })),
    );
  }
  {
    const p = formOf();
    denied('a marketing.view member publishes a form', () =>
      updateDoc(doc(db(VIEWER), p), edit({ published: true })),
    );
  }
  {
    const p = formOf();
    denied('a seller without marketing.delete deletes a form', () => deleteDoc(doc(db(NO_MK_DELETE), p)));
  }
  {
    const p = formOf();
    denied('a marketing.view member deletes a form', () => deleteDoc(doc(db(VIEWER), p)));
  }
  denied("a form in another member's name (createdBy)", () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { createdBy: ADMIN })),
  );
  denied('a visitor (signed out) reads a form', () => getDoc(doc(db(null), formPath(FORM))));
  denied('a visitor (signed out) creates a form', () => setDoc(doc(db(null), at()), newForm('ghost')));
  denied('a signed-in stranger reads a form', () => getDoc(doc(db('stranger'), formPath(FORM))));
  denied("the superadmin reads an organization's form", () =>
    getDoc(doc(as(env, 'root', { superadmin: true }), formPath(FORM))),
  );
  // Controls.
  control('a marketer creates a form', () => setDoc(doc(db(MARKETER), at()), newForm(MARKETER)));
  control('a seller with only marketing.create creates a form', () =>
    setDoc(doc(db(MK_CREATE_ONLY), at()), newForm(MK_CREATE_ONLY)),
  );
  control('a marketing.view member reads a form', () => getDoc(doc(db(VIEWER), formPath(FORM))));
  control('a marketing.view member lists the forms', () => getDocs(collection(db(VIEWER), forms)));
  {
    const p = formOf();
    control('a marketer publishes a form', () => updateDoc(doc(db(MARKETER), p), edit({ published: true })));
  }
  {
    const p = formOf();
    control('a marketer deletes a form', () => deleteDoc(doc(db(MARKETER), p)));
  }
});

describe.concurrent('forms: what a form holds', () => {
  const at = () => `${forms}/${freshId()}`;
  // Escalations.
  denied('notifying someone who is not a member', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { notifyUid: 'not-a-member' })),
  );
  denied('notifying a member of another organization', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { notifyUid: ADMIN_B })),
  );
  {
    const p = formOf({ notifyUid: SELLER });
    denied('changing the notified member to a member of another organization', () =>
      updateDoc(doc(db(MARKETER), p), edit({ notifyUid: ADMIN_B })),
    );
  }
  {
    const p = formOf({ notifyUid: 'former-member' });
    denied('a form whose notified member left: changing it to another non-member', () =>
      updateDoc(doc(db(MARKETER), p), edit({ notifyUid: 'another-stranger' })),
    );
  }
  denied('a redirect to javascript:', () =>
    setDoc(
      doc(db(MARKETER), at()),
      newForm(MARKETER, { published: true, redirectUrl: 'javascript:alert(1)' }),
    ),
  );
  denied('a redirect that is not a URL', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { redirectUrl: 'acme.hn/gracias' })),
  );
  denied('a consent text over 1000 characters', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { consentTextEs: 'x'.repeat(1001) })),
  );
  denied('a thanks over 2000 characters', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { thankYouEn: 'x'.repeat(2001) })),
  );
  denied('a field mode that is not off/optional/required', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { emailField: 'hidden' })),
  );
  denied('without a field mode (messageField)', () => {
    const { messageField: _, ...body } = newForm(MARKETER);
    return setDoc(doc(db(MARKETER), at()), body);
  });
  denied('asking a field the contract does not know (websiteField)', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { websiteField: 'optional' })),
  );
  denied('a list id that is a path', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { listId: `../../orgB/lists/${LIST}` })),
  );
  {
    const p = formOf();
    denied('publishing without stamping updatedAt', () =>
      updateDoc(doc(db(MARKETER), p), { published: true }),
    );
  }
  // Controls.
  control('a form with every follow-up (a member notified, a list, a sequence, a redirect)', () =>
    setDoc(
      doc(db(MARKETER), at()),
      newForm(MARKETER, {
        published: true,
        doubleOptIn: true,
        phoneField: 'required',
        companyNameField: 'optional',
        notifyUid: SELLER,
        listId: LIST,
        listName: 'Boletín mensual',
        sequenceId: 'seq1',
        sequenceName: 'Bienvenida',
        thankYouEs: 'Gracias',
        thankYouEn: 'Thanks',
        redirectUrl: 'https://acme.hn/gracias',
      }),
    ),
  );
  control('a form notifying its author', () =>
    setDoc(doc(db(MARKETER), at()), newForm(MARKETER, { notifyUid: MARKETER })),
  );
  {
    const p = formOf({ notifyUid: 'former-member' });
    control('a form whose notified member left: renamed, the notified member unchanged', () =>
      updateDoc(doc(db(MARKETER), p), edit({ name: 'Contáctenos 2027' })),
    );
  }
  {
    const p = formOf({ notifyUid: 'former-member' });
    control('a form whose notified member left: notifying a member instead', () =>
      updateDoc(doc(db(MARKETER), p), edit({ notifyUid: SELLER })),
    );
  }
  {
    const p = formOf({ notifyUid: SELLER });
    control('a form stops notifying anyone (null)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ notifyUid: null })),
    );
  }
});

describe.concurrent("forms: another tenant's", () => {
  denied("the admin of B reads A's form", () => getDoc(doc(db(ADMIN_B), formPath(FORM))));
  denied("the admin of B lists A's forms", () => getDocs(collection(db(ADMIN_B), forms)));
  denied('the admin of B creates a form in A', () =>
    setDoc(doc(db(ADMIN_B), `${forms}/${freshId()}`), newForm(ADMIN_B)),
  );
  denied('a seller of B (every right there) creates a form in A', () =>
    setDoc(doc(db(SELLER_B), `${forms}/${freshId()}`), newForm(SELLER_B)),
  );
  {
    const p = formOf();
    denied("the admin of B publishes A's form", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ published: true })),
    );
  }
  {
    const p = formOf();
    denied("the admin of B points A's form at a member of B", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ notifyUid: ADMIN_B })),
    );
  }
  {
    const p = formOf();
    denied("the admin of B deletes A's form", () => deleteDoc(doc(db(ADMIN_B), p)));
  }
  denied("A's admin reads B's form", () => getDoc(doc(db(ADMIN), formPath(FORM, B))));
  denied("A's admin creates a form in B", () =>
    setDoc(doc(db(ADMIN), `${crmCollectionPath('forms', 'orgB')}/${freshId()}`), newForm(ADMIN)),
  );
  control("the admin of B reads B's own form", () => getDoc(doc(db(ADMIN_B), formPath(FORM, B))));
});

// ── Submissions and consent records ────────────────────────────────────────

describe.concurrent('submissions and consent records: the functions write them, members read them', () => {
  const submission = `${A}/submissions/${SUBMISSION}`;
  const consent = `${A}/consents/${CONSENT}`;
  // Escalations: no client write, not even the admin's.
  denied('the admin records a submission', () =>
    setDoc(doc(db(ADMIN), `${A}/submissions/${freshId()}`), submissionDoc()),
  );
  denied('the admin records a consent (granted)', () =>
    setDoc(doc(db(ADMIN), `${A}/consents/${freshId()}`), consentDoc()),
  );
  denied('a member with contacts.edit records a consent (granted, by themself)', () =>
    setDoc(doc(db(NO_MARKETING), `${A}/consents/${freshId()}`), {
      ...consentDoc(),
      source: 'manual',
      recordedBy: NO_MARKETING,
      createdAt: serverTimestamp(),
    }),
  );
  denied('the admin turns a consent record into another status', () =>
    updateDoc(doc(db(ADMIN), consent), { status: 'withdrawn' }),
  );
  denied('the admin rewrites the text a contact consented to', () =>
    updateDoc(doc(db(ADMIN), consent), { text: 'Acepto todo.' }),
  );
  denied('the admin rewrites a consent record whole (merge)', () =>
    setDoc(doc(db(ADMIN), consent), { ...consentDoc(), status: 'granted' }, { merge: true }),
  );
  denied("the admin changes a submission's values", () =>
    updateDoc(doc(db(ADMIN), submission), { 'values.email': 'otro@acme.hn' }),
  );
  denied('the admin deletes a consent record', () => deleteDoc(doc(db(ADMIN), consent)));
  denied('the admin deletes a submission', () => deleteDoc(doc(db(ADMIN), submission)));
  denied('a visitor (signed out) records a submission', () =>
    setDoc(doc(db(null), `${A}/submissions/${freshId()}`), submissionDoc()),
  );
  denied('a visitor (signed out) records a consent', () =>
    setDoc(doc(db(null), `${A}/consents/${freshId()}`), consentDoc()),
  );
  // Reads.
  denied('a seller without contacts.view reads a submission', () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), submission)),
  );
  denied('a seller without contacts.view lists the submissions', () =>
    getDocs(collection(db(NO_CONTACTS_VIEW), `${A}/submissions`)),
  );
  denied('a seller without contacts.view reads a consent record', () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), consent)),
  );
  denied("a seller without contacts.view lists a contact's consent records", () =>
    getDocs(query(collection(db(NO_CONTACTS_VIEW), `${A}/consents`), where('contactId', '==', CONTACT))),
  );
  denied('a marketing.view member (no contacts.view) reads the submissions of a form', () =>
    getDocs(query(collection(db(VIEWER), `${A}/submissions`), where('formId', '==', FORM))),
  );
  denied("the admin of B reads A's submission", () => getDoc(doc(db(ADMIN_B), submission)));
  denied("the admin of B lists A's consent records", () => getDocs(collection(db(ADMIN_B), `${A}/consents`)));
  denied('a visitor (signed out) reads a consent record', () => getDoc(doc(db(null), consent)));
  control('a seller with only contacts.view reads a submission', () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), submission)),
  );
  control('a seller with only contacts.view lists the submissions of a form', () =>
    getDocs(query(collection(db(CONTACTS_VIEW_ONLY), `${A}/submissions`), where('formId', '==', FORM))),
  );
  control('a seller with only contacts.view reads a consent record', () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), consent)),
  );
  control("a seller with only contacts.view lists a contact's consent records", () =>
    getDocs(query(collection(db(CONTACTS_VIEW_ONLY), `${A}/consents`), where('contactId', '==', CONTACT))),
  );
  control('the admin reads a consent record', () => getDoc(doc(db(ADMIN), consent)));
});

// ── contacts.emailConsent ──────────────────────────────────────────────────

describe.concurrent("a contact's emailConsent: the functions' alone", () => {
  const at = () => `${contacts}/${freshId()}`;
  // Escalations: creating a contact with a consent no record proves.
  for (const status of CONSENT_STATUSES)
    denied(`the admin creates a contact with emailConsent '${status}'`, () =>
      setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { emailConsent: status })),
    );
  denied("a seller with contacts.create creates a contact 'granted'", () =>
    setDoc(doc(db(NO_MARKETING), at()), newContact(NO_MARKETING, { emailConsent: 'granted' })),
  );
  denied('a contact created with a consent that is not a status', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { emailConsent: true })),
  );
  // Escalations: changing it.
  {
    const p = contactOf();
    denied("the admin grants consent to a contact that has none ('granted')", () =>
      updateDoc(doc(db(ADMIN), p), edit({ emailConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied("the admin turns a withdrawn consent into 'granted'", () =>
      updateDoc(doc(db(ADMIN), p), edit({ emailConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'pending' });
    denied("a member confirms a pending consent (the contact's click does)", () =>
      updateDoc(doc(db(NO_MARKETING), p), edit({ emailConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied('the admin clears a withdrawn consent (null)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ emailConsent: null })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied('the admin removes a withdrawn consent (deleteField)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ emailConsent: deleteField() })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted' });
    denied('the admin removes a granted consent (deleteField)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ emailConsent: deleteField() })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied('the admin rewrites the contact whole without its consent (set)', () =>
      setDoc(doc(db(ADMIN), p), {
        ...crmBody('contacts', ADMIN, ''),
        ...storedAudit(),
        updatedAt: serverTimestamp(),
      }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied("the marketer's listIds path, granting consent on the way", () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayUnion(LIST), emailConsent: 'granted' }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied("the marketer's listIds path, removing a withdrawn consent on the way", () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayUnion(LIST), emailConsent: deleteField() }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    denied("the admin of B grants consent to A's contact", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ emailConsent: 'granted' })),
    );
  }
  // Controls: a write that leaves it alone.
  control('a contact created without emailConsent', () => setDoc(doc(db(ADMIN), at()), newContact(ADMIN)));
  control('a contact created with emailConsent null (none recorded)', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { emailConsent: null })),
  );
  for (const status of CONSENT_STATUSES) {
    const p = contactOf({ emailConsent: status });
    control(`a member with contacts.edit edits a contact whose consent is '${status}'`, () =>
      updateDoc(doc(db(NO_MARKETING), p), edit({ jobTitle: 'Gerente', city: 'Tegucigalpa' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted' });
    control('the admin rewrites the contact whole, its consent as stored (set)', () =>
      setDoc(doc(db(ADMIN), p), {
        ...crmBody('contacts', ADMIN, ''),
        ...storedAudit(),
        name: 'Ana María Pérez',
        emailConsent: 'granted',
        updatedAt: serverTimestamp(),
      }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted' });
    control('the admin rewrites the contact with the consent it has, restated (update)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ name: 'Ana P.', emailConsent: 'granted' })),
    );
  }
  {
    const p = contactOf({ emailConsent: 'withdrawn' });
    control('a marketer (no contacts.edit) adds a contact with a consent to a list, listIds alone', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayUnion(LIST) }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted', listIds: [LIST] });
    control('a marketer takes a contact with a consent off a list', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayRemove(LIST) }),
    );
  }
  {
    const p = contactOf({ emailConsent: 'granted' });
    control('the admin deletes a contact with a consent', () => deleteDoc(doc(db(ADMIN), p)));
  }
});

// ── Timeline entries of submissions and consents ───────────────────────────

describe.concurrent("timeline: the functions' kinds", () => {
  // Escalations: writing an entry of these kinds, even the exact one the functions would write.
  {
    const { contactId, submissionId } = consentingContact(false);
    denied("the admin writes a submission's entry exactly as the functions would", () => {
      const [path, data] = serverEntryOf('submission', submissionId, submissionDoc(contactId));
      return setDoc(doc(db(ADMIN), path), data);
    });
  }
  {
    const { contactId, consentId } = consentingContact(false);
    denied("the admin writes a consent record's entry exactly as the functions would", () => {
      const [path, data] = serverEntryOf('consent', consentId, consentDoc(contactId));
      return setDoc(doc(db(ADMIN), path), data);
    });
  }
  {
    // The kind alone refuses it: were a submission stored with every field an entry mirrors (as a
    // task's), its exact mirror would still not be a member's to write.
    const id = freshId('sub');
    const record: Doc = {
      title: 'Contáctenos',
      status: 'pending',
      contactId: CONTACT,
      companyId: 'company1',
      ...storedAudit(),
    };
    seeds.push([`${A}/submissions/${id}`, record]);
    denied('the admin mirrors a submission field for field (even one shaped like a task)', () =>
      setDoc(doc(db(ADMIN), `${timeline()}/submission_${id}`), {
        kind: 'submission',
        recordId: id,
        title: record.title,
        detail: record.status,
        at: null,
        amount: null,
        contactId: CONTACT,
        companyId: 'company1',
        createdAt: record.createdAt,
        createdBy: record.createdBy,
      }),
    );
  }
  denied("a member writes a consent entry for a consent that does not exist ('granted')", () => {
    const [path, data] = serverEntryOf('consent', freshId('cons'), consentDoc());
    return setDoc(doc(db(NO_MARKETING), path), data);
  });
  {
    const { consentId } = consentingContact();
    denied("the admin rewrites a consent entry's status (granted → withdrawn)", () =>
      updateDoc(doc(db(ADMIN), `${timeline()}/consent_${consentId}`), { detail: 'withdrawn' }),
    );
  }
  {
    const { contactId, consentId } = consentingContact();
    denied('the admin rewrites a consent entry with the very data it holds (set)', () => {
      const [path, data] = serverEntryOf('consent', consentId, consentDoc(contactId));
      return setDoc(doc(db(ADMIN), path), data);
    });
  }
  {
    const { submissionId } = consentingContact();
    denied("the admin renames a submission's entry (title)", () =>
      updateDoc(doc(db(ADMIN), `${timeline()}/submission_${submissionId}`), { title: 'Otro formulario' }),
    );
  }
  {
    const { submissionId } = consentingContact();
    denied("a member passes a submission's entry off as a note's (kind)", () =>
      updateDoc(doc(db(ADMIN), `${timeline()}/submission_${submissionId}`), { kind: 'note' }),
    );
  }
  {
    const { submissionId } = consentingContact();
    denied('the admin deletes a submission entry whose contact still exists', () =>
      deleteDoc(doc(db(ADMIN), `${timeline()}/submission_${submissionId}`)),
    );
  }
  {
    const { consentId } = consentingContact();
    denied('the admin deletes a consent entry whose contact still exists', () =>
      deleteDoc(doc(db(ADMIN), `${timeline()}/consent_${consentId}`)),
    );
  }
  {
    const { contactId, consentId } = consentingContact();
    denied('a member without contacts.delete deletes the contact with its consent entry', () => {
      const d = db(NO_CONTACTS_DELETE);
      const b = writeBatch(d);
      b.delete(doc(d, `${contacts}/${contactId}`));
      b.delete(doc(d, `${timeline()}/consent_${consentId}`));
      return b.commit();
    });
  }
  {
    const orphan = orphanEntries();
    denied("the admin of B deletes A's consent entry whose contact is gone", () =>
      deleteDoc(doc(db(ADMIN_B), orphan.consent)),
    );
  }
  // Reads.
  denied("a seller without contacts.view reads a submission's entry", () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), `${timeline()}/submission_${SUBMISSION}`)),
  );
  denied("a seller without contacts.view reads a consent's entry", () =>
    getDoc(doc(db(NO_CONTACTS_VIEW), `${timeline()}/consent_${CONSENT}`)),
  );
  denied("a marketing.view member (no contacts.view) reads a consent's entry", () =>
    getDoc(doc(db(VIEWER), `${timeline()}/consent_${CONSENT}`)),
  );
  denied("the admin of B reads A's consent entry", () =>
    getDoc(doc(db(ADMIN_B), `${timeline()}/consent_${CONSENT}`)),
  );
  control("a seller with only contacts.view reads a submission's entry", () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), `${timeline()}/submission_${SUBMISSION}`)),
  );
  control("a seller with only contacts.view reads a consent's entry", () =>
    getDoc(doc(db(CONTACTS_VIEW_ONLY), `${timeline()}/consent_${CONSENT}`)),
  );
  // Deletes once the contact is gone.
  {
    const orphan = orphanEntries();
    control('a member deletes a submission entry whose contact is gone', () =>
      deleteDoc(doc(db(SELLER), orphan.submission)),
    );
  }
  {
    const orphan = orphanEntries();
    control('a member deletes a consent entry whose contact is gone', () =>
      deleteDoc(doc(db(SELLER), orphan.consent)),
    );
  }
  {
    const { contactId, submissionId, consentId } = consentingContact();
    control('the admin deletes a contact with its submission and consent entries in one batch', () => {
      const d = db(ADMIN);
      const b = writeBatch(d);
      b.delete(doc(d, `${contacts}/${contactId}`));
      b.delete(doc(d, `${timeline()}/submission_${submissionId}`));
      b.delete(doc(d, `${timeline()}/consent_${consentId}`));
      return b.commit();
    });
  }
});

// ── Segments by consent ────────────────────────────────────────────────────

describe.concurrent('lists: a segment by consent status', () => {
  const lists = crmCollectionPath('lists');
  const at = () => `${lists}/${freshId()}`;
  const newList = (patch: Doc) => ({ ...crmBody('lists', MARKETER, ''), ...createAudit(MARKETER), ...patch });
  denied('a static list with a consent criterion', () =>
    setDoc(doc(db(MARKETER), at()), newList({ kind: 'static', emailConsent: 'granted' })),
  );
  for (const bad of ['Granted', 'revoked', 'none', true])
    denied(`a segment whose consent criterion is ${JSON.stringify(bad)}`, () =>
      setDoc(doc(db(MARKETER), at()), newList({ emailConsent: bad })),
    );
  {
    const p = `${lists}/${freshId('list')}`;
    seeds.push([p, { ...crmBody('lists', ADMIN, ''), kind: 'static', ...storedAudit() }]);
    denied('a static list given a consent criterion', () =>
      updateDoc(doc(db(MARKETER), p), edit({ emailConsent: 'granted' })),
    );
  }
  denied('a seller without marketing rights creates a segment by consent', () =>
    setDoc(doc(db(NO_MARKETING), at()), {
      ...newList({ emailConsent: 'granted' }),
      createdBy: NO_MARKETING,
    }),
  );
  for (const status of CONSENT_STATUSES)
    control(`a segment of contacts whose consent is '${status}'`, () =>
      setDoc(doc(db(MARKETER), at()), newList({ emailConsent: status })),
    );
  control('a static list with the consent criterion null', () =>
    setDoc(doc(db(MARKETER), at()), newList({ kind: 'static', emailConsent: null })),
  );
  {
    const p = `${lists}/${freshId('list')}`;
    seeds.push([p, { ...crmBody('lists', ADMIN, ''), ...storedAudit() }]);
    control('a segment narrowed to consenting contacts', () =>
      updateDoc(doc(db(MARKETER), p), edit({ emailConsent: 'granted', lifecycleStage: 'lead' })),
    );
  }
});

describe.concurrent("contacts' hasEmail and a segment of contacts with an address", () => {
  const at = () => `${contacts}/${freshId()}`;
  const lists = crmCollectionPath('lists');
  const newList = (patch: Doc) => ({ ...crmBody('lists', MARKETER, ''), ...createAudit(MARKETER), ...patch });
  // The base contact has ana@acme.hn.
  denied('a contact with an address created with hasEmail false', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { hasEmail: false })),
  );
  denied('a contact without an address created with hasEmail true', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { email: null, hasEmail: true })),
  );
  {
    const p = contactOf({ hasEmail: true });
    denied('its address removed, hasEmail left true', () =>
      updateDoc(doc(db(ADMIN), p), edit({ email: null })),
    );
  }
  {
    const p = contactOf({ email: null, hasEmail: false });
    denied('an address added, hasEmail left false', () =>
      updateDoc(doc(db(ADMIN), p), edit({ email: 'ana@acme.hn' })),
    );
  }
  denied('a static list with a has-address criterion', () =>
    setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList({ kind: 'static', hasEmail: true })),
  );
  control('a contact with an address created with hasEmail true', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { hasEmail: true })),
  );
  control('a contact without an address created with hasEmail false', () =>
    setDoc(doc(db(ADMIN), at()), newContact(ADMIN, { email: null, hasEmail: false })),
  );
  {
    const p = contactOf({ hasEmail: true });
    control('its address removed with hasEmail false', () =>
      updateDoc(doc(db(ADMIN), p), edit({ email: null, hasEmail: false })),
    );
  }
  {
    const p = contactOf();
    control('a contact written before hasEmail edited without it', () =>
      updateDoc(doc(db(ADMIN), p), edit({ jobTitle: 'Gerente' })),
    );
  }
  for (const hasEmail of [true, false])
    control(`a segment of contacts ${hasEmail ? 'with' : 'without'} an address`, () =>
      setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList({ hasEmail })),
    );
  control('a member lists the contacts with an address', () =>
    getDocs(query(collection(db(SELLER), contacts), where('hasEmail', '==', true))),
  );
});

// ── The organization's switch ──────────────────────────────────────────────

describe.concurrent("organizations: 'marketing only with consent'", () => {
  const org =
    (uid: string | null, patch: Doc, path = A) =>
    () =>
      updateDoc(doc(db(uid), path), patch);
  denied('a seller without permission entries turns it on', () =>
    org(SELLER, { marketingConsentRequired: true })(),
  );
  denied('a seller with every marketing right turns it off', () =>
    org(MARKETER, { marketingConsentRequired: false })(),
  );
  denied('a seller with every right but marketing turns it off', () =>
    org(NO_MARKETING, { marketingConsentRequired: false })(),
  );
  denied("the admin of B turns A's off", () => org(ADMIN_B, { marketingConsentRequired: false })());
  denied('a signed-out caller turns it off', () => org(null, { marketingConsentRequired: false })());
  for (const bad of ['true', 1, 0, { on: true }, [true]])
    denied(`the admin sets it to ${JSON.stringify(bad)}`, () =>
      org(ADMIN, { marketingConsentRequired: bad })(),
    );
  denied('the admin turns it on while changing createdBy', () =>
    org(ADMIN, { marketingConsentRequired: true, createdBy: ADMIN_B })(),
  );
  control('the admin turns it on', () => org(ADMIN, { marketingConsentRequired: true })());
  control('the admin turns it off', () => org(ADMIN, { marketingConsentRequired: false })());
  control('the admin turns it on with a rename', () =>
    org(ADMIN, { name: 'Org orgA', marketingConsentRequired: true })(),
  );
  control("the admin of B turns B's on", () => org(ADMIN_B, { marketingConsentRequired: true }, B)());
});

// ── A lapsed subscription ──────────────────────────────────────────────────

describe.concurrent('a lapsed subscription', () => {
  denied('its admin creates a form', () =>
    setDoc(doc(db(LAPSED_ADMIN), `${LAPSED}/forms/${freshId()}`), newForm(LAPSED_ADMIN)),
  );
  denied('its admin publishes a form', () =>
    updateDoc(doc(db(LAPSED_ADMIN), formPath(FORM, LAPSED)), edit({ published: true })),
  );
  denied('its admin reads the forms', () => getDocs(collection(db(LAPSED_ADMIN), `${LAPSED}/forms`)));
  denied('its admin reads a submission', () =>
    getDoc(doc(db(LAPSED_ADMIN), `${LAPSED}/submissions/${SUBMISSION}`)),
  );
  denied('its admin reads a consent record', () =>
    getDoc(doc(db(LAPSED_ADMIN), `${LAPSED}/consents/${CONSENT}`)),
  );
});

beforeAll(async () => {
  env = await createEnv('forms');
  await seedWorld(env);
  for (const [uid, permissions] of Object.entries(MEMBERS))
    seeds.push([`${A}/members/${uid}`, memberDoc('seller', permissions, uid)]);
  seeds.push(
    [
      LAPSED,
      { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: LAPSED_ADMIN },
    ],
    [`${LAPSED}/members/${LAPSED_ADMIN}`, memberDoc('admin', {}, LAPSED_ADMIN)],
    [`users/${LAPSED_ADMIN}`, userDoc(LAPSED_ADMIN, 'orgFmLapsed')],
    [`${LAPSED}/billing/subscription`, { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) }],
    [formPath(FORM, LAPSED), { ...crmBody('forms', LAPSED_ADMIN, ''), ...storedAudit(LAPSED_ADMIN) }],
    [`${LAPSED}/submissions/${SUBMISSION}`, submissionDoc()],
    [`${LAPSED}/consents/${CONSENT}`, consentDoc()],
  );
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
