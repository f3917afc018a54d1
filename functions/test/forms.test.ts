// Lead-capture forms and consent against the local cloud (issue 31): the real callables
// getPublicForm, submitForm, setContactConsent and recordImportConsent over the callable protocol, the double opt-in
// e-mail read from the local Google's mailbox and its confirmation page. Each test speaks from
// its own network address (X-Forwarded-For), so the per-address limit counts it alone.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { publicFormKey } from '@trato/model';

import {
  adminWithOrganization,
  call,
  callError,
  callOk,
  db,
  giveLiveSubscription,
  sellerOf,
  uniqueEmail,
} from './cloud.js';
import { messagesTo } from './google.js';

let lastOctet = 0;
/** A fresh documentation-range address per caller (clientAddress reads the last XFF entry). */
const newAddress = () => {
  lastOctet += 1;
  return `198.51.${Math.floor(Math.random() * 200)}.${lastOctet}`;
};

async function organization(name: string) {
  const admin = await adminWithOrganization(name);
  await giveLiveSubscription(admin.organizationId);
  return admin;
}

async function form(orgId: string, uid: string, fields: Record<string, unknown> = {}): Promise<string> {
  const ref = db.collection(`organizations/${orgId}/forms`).doc();
  const now = Timestamp.now();
  await ref.set({
    name: 'Contacto web',
    published: true,
    doubleOptIn: false,
    emailField: 'required',
    phoneField: 'optional',
    companyNameField: 'optional',
    jobTitleField: 'off',
    cityField: 'optional',
    countryField: 'off',
    messageField: 'optional',
    consentTextEs: 'Acepto recibir correos de marketing.',
    consentTextEn: 'I agree to receive marketing e-mails.',
    thankYouEs: '¡Gracias! Le escribiremos pronto.',
    thankYouEn: null,
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
    ...fields,
  });
  return publicFormKey(orgId, ref.id);
}

const submit = (
  formKey: string,
  values: Record<string, string>,
  extra: Record<string, unknown> = {},
  from = newAddress(),
) =>
  call<{ thankYou: string | null; redirectUrl: string | null; confirmationSent: boolean }>(
    'submitForm',
    { formKey, language: 'es', values, consent: false, website: '', ...extra },
    undefined,
    { 'x-forwarded-for': from },
  );

const contactsWith = async (orgId: string, email: string) =>
  (await db.collection(`organizations/${orgId}/contacts`).where('email', '==', email).get()).docs;
const submissionsOf = async (orgId: string, formKey: string) =>
  (
    await db
      .collection(`organizations/${orgId}/submissions`)
      .where('formId', '==', formKey.split('-')[1])
      .get()
  ).docs.map((d) => ({ id: d.id, ...d.data() }));

describe('the public form', () => {
  it('shows a published form in the visitor’s language; an unknown, unpublished or lapsed one is not found', async () => {
    const admin = await organization('Form Show');
    const org = admin.organizationId;
    const key = await form(org, admin.uid);
    expect(await callOk('getPublicForm', { formKey: key, language: 'en' })).toEqual({
      organizationName: 'Form Show',
      name: 'Contacto web',
      fields: [
        { key: 'name', required: true },
        { key: 'email', required: true },
        { key: 'phone', required: false },
        { key: 'companyName', required: false },
        { key: 'city', required: false },
        { key: 'message', required: false },
      ],
      consentText: 'I agree to receive marketing e-mails.',
    });
    for (const formKey of ['nope', `${org}-missing`, '../x-y', 42]) {
      expect(await callError('getPublicForm', { formKey, language: 'es' })).toMatchObject({
        status: 'NOT_FOUND',
        details: { reason: 'not-found' },
      });
    }
    const draft = await form(org, admin.uid, { published: false });
    expect(await callError('getPublicForm', { formKey: draft, language: 'es' })).toMatchObject({
      details: { reason: 'not-found' },
    });
    await db.doc(`organizations/${org}/billing/subscription`).update({ status: 'canceled' });
    expect(await callError('getPublicForm', { formKey: key, language: 'es' })).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'subscription-inactive' },
    });
    expect(await callError('getPublicForm', { formKey: key, language: 'fr' })).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { reason: 'invalid-input', field: 'language' },
    });
  });

  it(
    'a submission creates a lead with its consent, submission, timeline, list, enrolment and the member’s ' +
      'follow-up task; the same address again updates the contact instead of duplicating it',
    async () => {
      const admin = await organization('Form Create');
      const org = admin.organizationId;
      const now = Timestamp.now();
      const list = db.collection(`organizations/${org}/lists`).doc();
      await list.set({ name: 'Web', kind: 'static', createdAt: now, createdBy: admin.uid, updatedAt: now });
      const sequence = db.collection(`organizations/${org}/sequences`).doc();
      await sequence.set({
        name: 'Bienvenida',
        isActive: true,
        createdAt: now,
        createdBy: admin.uid,
        updatedAt: now,
      });
      const key = await form(org, admin.uid, {
        listId: list.id,
        listName: 'Web',
        sequenceId: sequence.id,
        sequenceName: 'Bienvenida',
        notifyUid: admin.uid,
      });
      const email = uniqueEmail('lead');

      const first = await submit(
        key,
        {
          name: ' Ana López ',
          email: email.toUpperCase(),
          city: 'Tegucigalpa',
          message: 'Quiero una cotización',
        },
        { consent: true },
      );
      expect(first).toEqual({
        ok: true,
        result: { thankYou: '¡Gracias! Le escribiremos pronto.', redirectUrl: null, confirmationSent: false },
      });
      const [contact] = await contactsWith(org, email);
      expect(contact!.data()).toMatchObject({
        name: 'Ana López',
        email,
        city: 'Tegucigalpa',
        lifecycleStage: 'lead',
        status: 'active',
        ownerId: admin.uid,
        listIds: [list.id],
        emailConsent: 'granted',
      });
      expect(contact!.get('searchTokens')).toEqual(expect.arrayContaining(['ana', 'lopez']));
      const [submission] = await submissionsOf(org, key);
      expect(submission).toMatchObject({
        contactId: contact!.id,
        createdContact: true,
        consent: true,
        values: { name: 'Ana López', email, city: 'Tegucigalpa', message: 'Quiero una cotización' },
      });
      const timeline = (
        await db.collection(`organizations/${org}/timeline`).where('contactId', '==', contact!.id).get()
      ).docs.map((d) => d.data());
      expect(timeline.map((e) => `${e.kind}:${e.detail}`).sort()).toEqual([
        'consent:granted',
        'submission:created',
        'task:pending',
      ]);
      expect(timeline.find((e) => e.kind === 'submission')!.title).toBe(
        'Contacto web\nQuiero una cotización',
      );
      const consents = await db
        .collection(`organizations/${org}/consents`)
        .where('contactId', '==', contact!.id)
        .get();
      expect(consents.docs.map((d) => d.data())).toEqual([
        expect.objectContaining({
          channel: 'email',
          status: 'granted',
          source: 'form',
          sourceId: key.split('-')[1],
          text: 'Acepto recibir correos de marketing.',
          language: 'es',
          recordedBy: null,
        }),
      ]);
      const enrollment = await db
        .doc(`organizations/${org}/sequences/${sequence.id}/enrollments/${contact!.id}`)
        .get();
      expect(enrollment.data()).toMatchObject({ status: 'active', currentStep: 0 });
      const tasks = await db
        .collection(`organizations/${org}/tasks`)
        .where('contactId', '==', contact!.id)
        .get();
      expect(tasks.docs.map((d) => d.data())).toEqual([
        expect.objectContaining({
          title: 'Seguimiento del formulario «Contacto web»: Ana López',
          status: 'pending',
          assigneeIds: [admin.uid],
          description: 'Quiero una cotización',
        }),
      ]);

      // The same person again (other case, a phone now): one contact, updated, its name kept.
      const again = await submit(key, { name: 'Ana', email: ` ${email} `, phone: '+504 9999-0000' });
      expect(again.ok).toBe(true);
      const after = await contactsWith(org, email);
      expect(after).toHaveLength(1);
      expect(after[0]!.data()).toMatchObject({
        name: 'Ana López',
        phone: '+504 9999-0000',
        emailConsent: 'granted',
      });
      const submissions = await submissionsOf(org, key);
      expect(submissions).toHaveLength(2);
      expect(submissions.find((s) => s.id !== submission!.id)).toMatchObject({
        createdContact: false,
        consent: false,
      });
      // Still enrolled once; a second follow-up task for the new submission.
      expect(
        (await db.collection(`organizations/${org}/tasks`).where('contactId', '==', contact!.id).get()).size,
      ).toBe(2);
    },
  );

  it('refuses answers that do not fit the form, writing nothing; a bot’s honeypot is thanked and ignored', async () => {
    const admin = await organization('Form Refuse');
    const org = admin.organizationId;
    const key = await form(org, admin.uid);
    const bad = await submit(key, { name: '  ', email: 'no-at-sign', city: 'x'.repeat(101) });
    expect(bad).toMatchObject({
      ok: false,
      error: {
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-values', fields: { name: 'required', email: 'email', city: 'tooLong' } },
      },
    });
    for (const values of [{ name: 'A', email: 'a@b.hn', password: 'x' }, 'text', null])
      expect(await submit(key, values as never)).toMatchObject({
        ok: false,
        error: { status: 'INVALID_ARGUMENT', details: { reason: 'invalid-input', field: 'values' } },
      });
    const bot = await submit(
      key,
      { name: 'Bot', email: uniqueEmail('bot') },
      { website: 'http://spam.example' },
    );
    expect(bot).toEqual({ ok: true, result: { thankYou: null, redirectUrl: null, confirmationSent: false } });
    expect(await submissionsOf(org, key)).toHaveLength(0);
    expect((await db.collection(`organizations/${org}/contacts`).count().get()).data().count).toBe(0);
  });

  it('limits a burst from one address (10 in 10 minutes), and a flood to one form from many', async () => {
    const admin = await organization('Form Burst');
    const org = admin.organizationId;
    const key = await form(org, admin.uid);
    const from = newAddress();
    const tag = uniqueEmail('burst').split('@')[0]!;
    const outcomes = [];
    for (let i = 0; i < 12; i++)
      outcomes.push(await submit(key, { name: `N${i}`, email: `${tag}.${i}@x.example` }, {}, from));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    expect(outcomes.slice(10)).toEqual([
      expect.objectContaining({
        ok: false,
        error: expect.objectContaining({ status: 'RESOURCE_EXHAUSTED', details: { reason: 'rate-limited' } }),
      }),
      expect.objectContaining({
        ok: false,
        error: expect.objectContaining({ status: 'RESOURCE_EXHAUSTED', details: { reason: 'rate-limited' } }),
      }),
    ]);
    expect(await submissionsOf(org, key)).toHaveLength(10);
    // Another address still gets through (the per-form hourly limit, 300, is far).
    expect((await submit(key, { name: 'Otra', email: `${tag}.x@x.example` })).ok).toBe(true);
  });

  it('double opt-in: pending until the link in the e-mail is confirmed (a GET only asks), once', async () => {
    const admin = await organization('Form Optin');
    const org = admin.organizationId;
    const key = await form(org, admin.uid, { doubleOptIn: true });
    const email = uniqueEmail('optin');
    const answer = await submit(key, { name: 'Luis', email }, { consent: true, language: 'en' });
    expect(answer).toMatchObject({
      ok: true,
      result: { confirmationSent: true, thankYou: '¡Gracias! Le escribiremos pronto.' },
    });
    const [contact] = await contactsWith(org, email);
    expect(contact!.get('emailConsent')).toBe('pending');

    const [mail] = await messagesTo(email);
    expect(mail).toMatchObject({ subject: 'Confirm your subscription to Form Optin' });
    expect(mail!.from[0]).toMatchObject({ address: 'avisos@trato.local', name: 'Form Optin' });
    const link = /https?:\/\/[^\s"<>]+\/confirmConsent\?t=[A-Za-z0-9_.%-]+/.exec(mail!.text ?? '')![0];
    const token = decodeURIComponent(new URL(link).searchParams.get('t')!);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Confirm</button>');
    expect((await contact!.ref.get()).get('emailConsent')).toBe('pending');

    const post = () =>
      fetch(link.split('?')[0]!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `t=${encodeURIComponent(token)}`,
      });
    const confirmed = await post();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Subscription confirmed');
    expect((await contact!.ref.get()).get('emailConsent')).toBe('granted');
    expect((await post()).status).toBe(200);
    const records = await db
      .collection(`organizations/${org}/consents`)
      .where('contactId', '==', contact!.id)
      .get();
    expect(records.docs.map((d) => `${d.get('status')}:${d.get('source')}`).sort()).toEqual([
      'granted:confirmation',
      'pending:form',
    ]);
    // A forged or altered link confirms nothing.
    const forged = await fetch(link.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `t=${encodeURIComponent(token.slice(0, -2))}xx`,
    });
    expect(forged.status).toBe(400);
  });
});

describe('setContactConsent', () => {
  it('records a member’s entry (contacts.edit), refuses others and bad input', async () => {
    const admin = await organization('Consent Manual');
    const org = admin.organizationId;
    const contact = db.collection(`organizations/${org}/contacts`).doc();
    const now = Timestamp.now();
    await contact.set({
      name: 'Marta',
      email: uniqueEmail('marta'),
      companyId: 'co1',
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      ownerId: admin.uid,
      searchTokens: [],
      searchIndex: {},
      createdAt: now,
      createdBy: admin.uid,
      updatedAt: now,
    });
    const input = {
      organizationId: org,
      contactId: contact.id,
      status: 'granted',
      text: 'Por teléfono, 12 de mayo',
    };
    const { consentId } = await callOk<{ consentId: string }>('setContactConsent', input, admin.idToken);
    expect((await contact.get()).get('emailConsent')).toBe('granted');
    expect((await db.doc(`organizations/${org}/consents/${consentId}`).get()).data()).toMatchObject({
      status: 'granted',
      source: 'manual',
      text: 'Por teléfono, 12 de mayo',
      recordedBy: admin.uid,
    });
    expect((await db.doc(`organizations/${org}/timeline/consent_${consentId}`).get()).data()).toMatchObject({
      kind: 'consent',
      detail: 'granted',
      companyId: 'co1',
      createdBy: admin.uid,
    });

    const seller = await sellerOf(admin); // contacts.view and create, no edit
    expect(await callError('setContactConsent', input, seller.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'no-right' },
    });
    const stranger = await adminWithOrganization('Consent Other');
    expect(await callError('setContactConsent', input, stranger.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'not-member' },
    });
    expect(await callError('setContactConsent', input)).toMatchObject({ status: 'UNAUTHENTICATED' });
    for (const [field, bad] of [
      ['status', 'pending'],
      ['text', '  '],
      ['contactId', 'a/b'],
    ] as const)
      expect(await callError('setContactConsent', { ...input, [field]: bad }, admin.idToken)).toMatchObject({
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field },
      });
    expect(
      await callError('setContactConsent', { ...input, contactId: 'missing' }, admin.idToken),
    ).toMatchObject({ status: 'NOT_FOUND' });
  });
});

describe('recordImportConsent', () => {
  /** A contact of `org` as an import leaves it (the admin SDK: the rules are not under test). */
  async function importedContact(org: string, uid: string, fields: Record<string, unknown>): Promise<string> {
    const ref = db.collection(`organizations/${org}/contacts`).doc();
    const now = Timestamp.now();
    await ref.set({
      name: 'Importado',
      email: null,
      companyId: null,
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      ownerId: uid,
      searchTokens: [],
      searchIndex: {},
      createdAt: now,
      createdBy: uid,
      updatedAt: now,
      ...fields,
    });
    return ref.id;
  }

  it(
    "records the import's consent for contacts with an address once (a retry records nothing), " +
      'skips the others, refuses bad input, non-editors, strangers and a lapsed subscription',
    async () => {
      const admin = await organization('Consent Import');
      const org = admin.organizationId;
      const [withEmail, alsoWithEmail, noEmail, consenting] = await Promise.all([
        importedContact(org, admin.uid, { email: uniqueEmail('imp1'), companyId: 'co1' }),
        importedContact(org, admin.uid, { email: uniqueEmail('imp2') }),
        importedContact(org, admin.uid, {}),
        importedContact(org, admin.uid, { email: uniqueEmail('imp3'), emailConsent: 'granted' }),
      ]);
      const input = {
        organizationId: org,
        importId: 'feria2026',
        contactIds: [withEmail, alsoWithEmail, noEmail, consenting, 'missing', withEmail],
        text: 'Se inscribieron en la feria 2026',
      };
      expect(await callOk('recordImportConsent', input, admin.idToken)).toEqual({ recorded: 2, skipped: 3 });
      const record = await db.doc(`organizations/${org}/consents/import-feria2026-${withEmail}`).get();
      expect(record.data()).toMatchObject({
        contactId: withEmail,
        channel: 'email',
        status: 'granted',
        source: 'import',
        sourceId: 'feria2026',
        text: 'Se inscribieron en la feria 2026',
        recordedBy: admin.uid,
      });
      expect((await db.doc(`organizations/${org}/contacts/${withEmail}`).get()).get('emailConsent')).toBe(
        'granted',
      );
      expect(
        (await db.doc(`organizations/${org}/contacts/${noEmail}`).get()).get('emailConsent'),
      ).toBeUndefined();
      expect(
        (await db.doc(`organizations/${org}/timeline/consent_import-feria2026-${withEmail}`).get()).data(),
      ).toMatchObject({ kind: 'consent', detail: 'granted', contactId: withEmail, companyId: 'co1' });
      // The same call again (a lost answer, a retry): nothing twice.
      expect(await callOk('recordImportConsent', input, admin.idToken)).toEqual({ recorded: 0, skipped: 5 });
      const records = await db
        .collection(`organizations/${org}/consents`)
        .where('sourceId', '==', 'feria2026')
        .get();
      expect(records.size).toBe(2);

      const seller = await sellerOf(admin); // contacts.view and create, no edit
      expect(await callError('recordImportConsent', input, seller.idToken)).toMatchObject({
        status: 'PERMISSION_DENIED',
        details: { reason: 'no-right' },
      });
      const stranger = await adminWithOrganization('Consent Import Other');
      expect(await callError('recordImportConsent', input, stranger.idToken)).toMatchObject({
        status: 'PERMISSION_DENIED',
        details: { reason: 'not-member' },
      });
      expect(await callError('recordImportConsent', input)).toMatchObject({ status: 'UNAUTHENTICATED' });
      for (const [field, bad] of [
        ['contactIds', Array.from({ length: 501 }, (_, i) => `c${i}`)],
        ['contactIds', []],
        ['text', ''],
        ['importId', 'a/b'],
      ] as const)
        expect(
          await callError('recordImportConsent', { ...input, [field]: bad }, admin.idToken),
        ).toMatchObject({ status: 'INVALID_ARGUMENT', details: { reason: 'invalid-input', field } });
      await db.doc(`organizations/${org}/billing/subscription`).update({ status: 'canceled' });
      expect(
        await callError('recordImportConsent', { ...input, importId: 'otra' }, admin.idToken),
      ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'subscription-inactive' } });
    },
  );
});
