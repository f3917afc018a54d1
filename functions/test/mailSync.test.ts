// Two-way e-mail against the local cloud and the local Google (issue 32): the real syncMailbox
// callable reads the member's Gmail through the real googleapis client; replies and bounces are
// delivered into the local mailbox with its `deliver` control; what the sequence sender sends is
// read in the local mailbox. Each test has its own organization and mailbox.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { DAY_MS, emailMessageKey, emailThreadKey, sendLogId } from '@trato/model';

import {
  adminWithOrganization,
  callError,
  callOk,
  db,
  giveLiveSubscription,
  runOutboxAt,
  sellerOf,
  uniqueEmail,
} from './cloud.js';
import { connectGmail, googleControl, messagesTo, type Member } from './google.js';

interface SyncResult {
  added: number;
  replies: number;
  bounces: number;
  skipped?: string;
}

const ts = (ms: number) => Timestamp.fromMillis(ms);
const sync = (member: Member) =>
  callOk<SyncResult>('syncMailbox', { organizationId: member.organizationId }, member.idToken);

async function mailboxOwner(
  company: string,
  privacy?: string,
): Promise<{ admin: Member; mailbox: string; t0: number }> {
  const admin = await adminWithOrganization(company);
  await giveLiveSubscription(admin.organizationId);
  // A privacy chosen before connecting decides the scope asked for.
  if (privacy)
    await db.doc(`organizations/${admin.organizationId}/mailConnections/${admin.uid}`).set({ privacy });
  const mailbox = await connectGmail(admin);
  return { admin, mailbox, t0: Date.now() };
}

async function contact(
  orgId: string,
  uid: string,
  name: string,
  email: string | null,
  companyId: string | null = null,
) {
  const ref = db.collection(`organizations/${orgId}/contacts`).doc();
  const now = ts(Date.now());
  await ref.set({
    name,
    email,
    companyId,
    status: 'active',
    isCustomer: false,
    lifecycleStage: 'lead',
    ownerId: uid,
    searchTokens: [],
    searchIndex: {},
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return ref.id;
}

/** A two-step sequence (the second a day later) with `contactId` enrolled at `t0`. */
async function enrolled(orgId: string, uid: string, contactId: string, t0: number) {
  const seq = db.collection(`organizations/${orgId}/sequences`).doc();
  const now = ts(t0);
  await seq.set({
    name: 'Bienvenida',
    description: null,
    isActive: true,
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  const steps: string[] = [];
  for (const [i, subject] of ['Propuesta para {{empresa}}', 'Seguimiento'].entries()) {
    const step = seq.collection('steps').doc();
    await step.set({
      stepOrder: i + 1,
      type: 'email',
      subject,
      body: 'Hola {{nombre}}, ¿hablamos?',
      delayDays: i,
      createdAt: now,
      createdBy: uid,
      updatedAt: now,
    });
    steps.push(step.id);
  }
  await seq.collection('enrollments').doc(contactId).set({
    contactId,
    status: 'active',
    currentStep: 0,
    nextSendAt: now,
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return { sequenceId: seq.id, steps };
}

const enrolmentOf = async (orgId: string, sequenceId: string, contactId: string) =>
  (await db.doc(`organizations/${orgId}/sequences/${sequenceId}/enrollments/${contactId}`).get()).data()!;

/** The copy the mailbox keeps of what it sent to `to` (the local mailbox, newest first). */
async function sentTo(to: string) {
  const messages = await messagesTo(to);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

const deliver = (body: Record<string, unknown>) =>
  googleControl<{ id: string; threadId: string }>('deliver', body);

describe('the mail sync', () => {
  it(
    'keeps the exchanges with contacts (not the others), a reply ends the enrolment before its next ' +
      'step and tells the bell, and a second sync changes nothing',
    async () => {
      const { admin, mailbox, t0 } = await mailboxOwner('Sync Reply');
      const org = admin.organizationId;
      const anaEmail = uniqueEmail('ana');
      const ana = await contact(org, admin.uid, 'Ana Pérez', anaEmail, 'co1');
      const { sequenceId, steps } = await enrolled(org, admin.uid, ana, t0);
      expect(await runOutboxAt(org, t0 + 1000)).toMatchObject({ sent: 1 });
      const first = await sentTo(anaEmail);
      // Mail with someone who is not a contact stays out of Trato.
      await deliver({
        to: mailbox,
        from: { address: uniqueEmail('stranger') },
        subject: 'Oferta',
        text: 'Compre ya',
      });

      // The first sync: the window, the sequence's e-mail kept as an exchange with Ana.
      expect(await sync(admin)).toEqual({ added: 1, replies: 0, bounces: 0 });
      const log = (
        await db.doc(`organizations/${org}/sendLog/${sendLogId(sequenceId, ana, steps[0]!)}`).get()
      ).data()!;
      expect(log.threadId).toBe(first.id);
      const threadKey = emailThreadKey(admin.uid, log.threadId as string);
      expect((await db.doc(`organizations/${org}/emailThreads/${threadKey}`).get()).data()).toMatchObject({
        ownerUid: admin.uid,
        mailbox,
        visibility: 'shared',
        subject: first.subject,
        contactIds: [ana],
        companyIds: ['co1'],
        messageCount: 1,
        lastDirection: 'out',
      });

      // Ana answers in the thread; the next sync keeps it and ends her enrolment.
      const reply = await deliver({
        to: mailbox,
        from: { name: 'Ana Pérez', address: anaEmail },
        inReplyTo: first.id,
        text: 'Sí, me interesa. ¿Mañana a las 10?',
        html: '<p onclick="steal()">Sí, <b>me interesa</b>.</p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
      });
      expect(await sync(admin)).toEqual({ added: 1, replies: 1, bounces: 0 });
      expect(await enrolmentOf(org, sequenceId, ana)).toMatchObject({ status: 'replied', nextSendAt: null });
      const key = emailMessageKey(admin.uid, reply.id);
      expect((await db.doc(`organizations/${org}/emailMessages/${key}`).get()).data()).toMatchObject({
        direction: 'in',
        threadKey,
        from: { name: 'Ana Pérez', address: anaEmail },
        subject: `Re: ${first.subject}`,
        contactIds: [ana],
        hasBody: true,
        isBounce: false,
      });
      const body = (await db.doc(`organizations/${org}/emailBodies/${key}`).get()).data()!;
      expect(body.text).toContain('¿Mañana a las 10?');
      // Sanitised when stored: no script, no handler; the image kept for the web to hold back.
      expect(body.html).toContain('<b>me interesa</b>');
      expect(body.html).not.toMatch(/script|onclick|steal/);
      expect(body.html).toContain('<img src="https://tracker.example/p.gif" />');
      expect((await db.doc(`organizations/${org}/emailThreads/${threadKey}`).get()).data()).toMatchObject({
        messageCount: 2,
        lastDirection: 'in',
      });
      expect((await db.doc(`organizations/${org}/timeline/email_${key}`).get()).data()).toMatchObject({
        kind: 'email',
        detail: 'in',
        contactId: ana,
        companyId: 'co1',
        createdBy: admin.uid,
      });
      // The bell's query: the replies the member received.
      const received = await db
        .collection(`organizations/${org}/emailMessages`)
        .where('ownerUid', '==', admin.uid)
        .where('direction', '==', 'in')
        .orderBy('date', 'desc')
        .get();
      expect(received.docs.map((d) => d.id)).toEqual([key]);

      // The second step's time: nothing goes to Ana.
      await runOutboxAt(org, t0 + DAY_MS + 60_000);
      expect(await messagesTo(anaEmail)).toHaveLength(1);
      // Syncing again reads nothing new and writes nothing twice.
      expect(await sync(admin)).toEqual({ added: 0, replies: 0, bounces: 0 });
      const kept = await db
        .collection(`organizations/${org}/emailMessages`)
        .where('threadKey', '==', threadKey)
        .get();
      expect(kept.size).toBe(2);
    },
  );

  it("a bounce fails the sequence e-mail 'bounced' and its enrolment", async () => {
    const { admin, mailbox, t0 } = await mailboxOwner('Sync Bounce');
    const org = admin.organizationId;
    const email = uniqueEmail('gone');
    const luis = await contact(org, admin.uid, 'Luis', email);
    const { sequenceId, steps } = await enrolled(org, admin.uid, luis, t0);
    await runOutboxAt(org, t0 + 1000);
    const sent = await sentTo(email);
    await sync(admin);
    await deliver({ to: mailbox, bounce: sent.id });
    expect(await sync(admin)).toEqual({ added: 1, replies: 0, bounces: 1 });
    expect(
      (await db.doc(`organizations/${org}/sendLog/${sendLogId(sequenceId, luis, steps[0]!)}`).get()).data(),
    ).toMatchObject({ status: 'failed', error: 'bounced' });
    expect(await enrolmentOf(org, sequenceId, luis)).toMatchObject({ status: 'failed' });
    const bounce = await db
      .collection(`organizations/${org}/emailMessages`)
      .where('ownerUid', '==', admin.uid)
      .where('direction', '==', 'in')
      .orderBy('date', 'desc')
      .get();
    expect(bounce.docs[0]!.data()).toMatchObject({ isBounce: true, contactIds: [luis] });
    await runOutboxAt(org, t0 + DAY_MS + 60_000);
    expect(await messagesTo(email)).toHaveLength(1);
  });

  it('a history point Gmail no longer has reads the window again, nothing twice; then history again', async () => {
    const { admin, mailbox } = await mailboxOwner('Sync Resync');
    const org = admin.organizationId;
    const email = uniqueEmail('marta');
    await contact(org, admin.uid, 'Marta', email);
    await deliver({ to: mailbox, from: { address: email }, subject: 'Hola', text: 'Uno' });
    expect(await sync(admin)).toMatchObject({ added: 1 });
    await deliver({ to: mailbox, from: { address: email }, subject: 'Otra cosa', text: 'Dos' });
    await googleControl('history/expire', { email: mailbox });
    expect(await sync(admin)).toMatchObject({ added: 1 });
    await deliver({ to: mailbox, from: { address: email }, subject: 'Tercera', text: 'Tres' });
    expect(await sync(admin)).toMatchObject({ added: 1 });
    const all = await db
      .collection(`organizations/${org}/emailMessages`)
      .where('ownerUid', '==', admin.uid)
      .get();
    expect(all.size).toBe(3);
  });

  it('metadata only keeps no body; private keeps the headers for the owner alone', async () => {
    const metadata = await mailboxOwner('Sync Metadata', 'metadata');
    const mOrg = metadata.admin.organizationId;
    const a = uniqueEmail('meta');
    await contact(mOrg, metadata.admin.uid, 'Meta', a);
    const inMeta = await deliver({
      to: metadata.mailbox,
      from: { address: a },
      subject: 'Solo cabeceras',
      text: 'Cuerpo',
    });
    expect(await sync(metadata.admin)).toMatchObject({ added: 1 });
    const metaKey = emailMessageKey(metadata.admin.uid, inMeta.id);
    expect((await db.doc(`organizations/${mOrg}/emailMessages/${metaKey}`).get()).data()).toMatchObject({
      visibility: 'metadata',
      subject: 'Solo cabeceras',
      hasBody: false,
    });
    expect((await db.doc(`organizations/${mOrg}/emailBodies/${metaKey}`).get()).exists).toBe(false);

    const owner = await mailboxOwner('Sync Private', 'private');
    const pOrg = owner.admin.organizationId;
    const b = uniqueEmail('priv');
    await contact(pOrg, owner.admin.uid, 'Priv', b);
    const inPrivate = await deliver({
      to: owner.mailbox,
      from: { address: b },
      subject: 'Confidencial',
      text: 'Secreto',
    });
    expect(await sync(owner.admin)).toMatchObject({ added: 1 });
    const key = emailMessageKey(owner.admin.uid, inPrivate.id);
    expect((await db.doc(`organizations/${pOrg}/emailMessages/${key}`).get()).data()).toMatchObject({
      visibility: 'private',
      subject: null,
      from: null,
      snippet: null,
      hasBody: true,
    });
    expect((await db.doc(`organizations/${pOrg}/emailBodies/${key}`).get()).data()).toMatchObject({
      visibility: 'private',
      subject: 'Confidencial',
      text: expect.stringContaining('Secreto'),
    });
    expect((await db.doc(`organizations/${pOrg}/timeline/email_${key}`).get()).get('title')).toBe('');
  });

  it('a 429 backs the mailbox off; a revoked grant marks it broken', async () => {
    const { admin, mailbox } = await mailboxOwner('Sync Limits');
    const org = admin.organizationId;
    await googleControl('failures', { status: 429, count: 20, target: 'read' });
    try {
      expect(await sync(admin)).toMatchObject({ added: 0, skipped: 'rate-limited' });
    } finally {
      await fetch(
        `${process.env.GOOGLE_EMULATOR_HOST ? `http://${process.env.GOOGLE_EMULATOR_HOST}` : 'http://127.0.0.1:9598'}/__control/failures`,
        {
          method: 'DELETE',
        },
      );
    }
    const connection = (await db.doc(`organizations/${org}/mailConnections/${admin.uid}`).get()).data()!;
    expect(connection.syncError).toBe('rate-limited');
    expect(connection.syncBackoffUntil.toMillis()).toBeGreaterThan(Date.now());
    // While it waits, a sync reads nothing.
    expect(await sync(admin)).toMatchObject({ skipped: 'backoff' });

    await db.doc(`organizations/${org}/mailConnections/${admin.uid}`).update({ syncBackoffUntil: null });
    await googleControl('revoke', { email: mailbox });
    expect(await callError('syncMailbox', { organizationId: org }, admin.idToken)).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'mail-broken' },
    });
    expect((await db.doc(`organizations/${org}/mailConnections/${admin.uid}`).get()).get('status')).toBe(
      'broken',
    );
  });

  it('syncMailbox refuses bad input, strangers, a mailbox not connected and a lapsed subscription', async () => {
    const admin = await adminWithOrganization('Sync Attacks');
    const org = admin.organizationId;
    await giveLiveSubscription(org);
    expect(await callError('syncMailbox', { organizationId: org })).toMatchObject({
      status: 'UNAUTHENTICATED',
    });
    expect(await callError('syncMailbox', { organizationId: 'a/b' }, admin.idToken)).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    const stranger = await adminWithOrganization('Sync Stranger');
    expect(await callError('syncMailbox', { organizationId: org }, stranger.idToken)).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { reason: 'not-member' },
    });
    expect(await callError('syncMailbox', { organizationId: org }, admin.idToken)).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'mail-not-connected' },
    });
    await db.doc(`organizations/${org}/billing/subscription`).update({ status: 'canceled' });
    expect(await callError('syncMailbox', { organizationId: org }, admin.idToken)).toMatchObject({
      details: { reason: 'subscription-inactive' },
    });
  });
});

describe("writing from a contact's page, attachments and privacy", () => {
  const header = (message: { headers: { name: string; value: string }[] }, name: string) =>
    message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

  it('writes with the merge fields filled and keeps it at once; a reply answers in the Gmail thread', async () => {
    const { admin, mailbox } = await mailboxOwner('Write Reply');
    const org = admin.organizationId;
    const anaEmail = uniqueEmail('ana');
    const cc = uniqueEmail('jefe');
    const ana = await contact(org, admin.uid, 'Ana Pérez', anaEmail, 'co1');
    const written = await callOk<{ messageKey: string; threadKey: string }>(
      'sendContactEmail',
      {
        organizationId: org,
        contactId: ana,
        to: [anaEmail],
        cc: [cc],
        subject: 'Hola {{nombre}}',
        body: 'Estimada {{nombre_completo}}:\nAdjunto la propuesta.',
      },
      admin.idToken,
    );
    const sent = await sentTo(anaEmail);
    expect(sent.subject).toBe('Hola Ana');
    expect(sent.text).toContain('Estimada Ana Pérez:');
    expect(header(sent, 'Cc')).toContain(cc);
    expect(written.messageKey).toBe(emailMessageKey(admin.uid, sent.id));
    expect(
      (await db.doc(`organizations/${org}/emailMessages/${written.messageKey}`).get()).data(),
    ).toMatchObject({
      direction: 'out',
      contactIds: [ana],
      companyIds: ['co1'],
      subject: 'Hola Ana',
    });

    const answer = await deliver({
      to: mailbox,
      from: { address: anaEmail },
      inReplyTo: sent.id,
      text: 'Gracias',
    });
    expect(await sync(admin)).toMatchObject({ added: 1 });
    const answerKey = emailMessageKey(admin.uid, answer.id);
    const replied = await callOk<{ messageKey: string; threadKey: string }>(
      'sendContactEmail',
      {
        organizationId: org,
        contactId: ana,
        to: [anaEmail],
        cc: [],
        subject: 'Re: Hola Ana',
        body: 'A usted.',
        replyTo: answerKey,
      },
      admin.idToken,
    );
    expect(replied.threadKey).toBe(written.threadKey);
    const [reply] = await messagesTo(anaEmail);
    const original = (await db.doc(`organizations/${org}/emailMessages/${answerKey}`).get()).data()!;
    expect(header(reply!, 'In-Reply-To')).toBe(original.messageIdHeader);
    expect(header(reply!, 'References')).toContain(original.messageIdHeader);
    const thread = (await db.doc(`organizations/${org}/emailThreads/${written.threadKey}`).get()).data()!;
    expect(thread.messageCount).toBe(3);

    // Refusals: another member's message, a missing contact, bad input, no right, no mailbox.
    const seller = await sellerOf(admin, {
      contacts: { view: true, create: false, edit: false, delete: false },
    });
    const mine = { organizationId: org, contactId: ana, to: [anaEmail], cc: [], subject: 'x', body: 'y' };
    expect(
      await callError('sendContactEmail', { ...mine, replyTo: answerKey }, seller.idToken),
    ).toMatchObject({
      status: 'NOT_FOUND',
    });
    expect(await callError('sendContactEmail', mine, seller.idToken)).toMatchObject({
      details: { reason: 'mail-not-connected' },
    });
    const blind = await sellerOf(admin, {
      contacts: { view: false, create: false, edit: false, delete: false },
    });
    expect(await callError('sendContactEmail', mine, blind.idToken)).toMatchObject({
      details: { reason: 'no-right' },
    });
    expect(
      await callError('sendContactEmail', { ...mine, contactId: 'nobody' }, admin.idToken),
    ).toMatchObject({
      status: 'NOT_FOUND',
    });
    for (const [field, bad] of [
      ['to', []],
      ['to', ['no-es-un-email']],
      ['cc', Array.from({ length: 21 }, (_, i) => `c${i}@x.example`)],
      ['subject', ' '],
    ] as const)
      expect(await callError('sendContactEmail', { ...mine, [field]: bad }, admin.idToken)).toMatchObject({
        status: 'INVALID_ARGUMENT',
      });
    const stranger = await adminWithOrganization('Write Stranger');
    expect(await callError('sendContactEmail', mine, stranger.idToken)).toMatchObject({
      details: { reason: 'not-member' },
    });
  });

  it('an attachment for those who may read the body; privacy rewrites what the organization sees', async () => {
    const { admin, mailbox } = await mailboxOwner('Attach Privacy');
    const org = admin.organizationId;
    const colleague = await sellerOf(admin, {
      contacts: { view: true, create: true, edit: true, delete: false },
    });
    const email = uniqueEmail('files');
    await contact(org, admin.uid, 'Luis', email);
    const pdf = Buffer.from('%PDF-1.4 propuesta de prueba');
    const incoming = await deliver({
      to: mailbox,
      from: { address: email },
      subject: 'Cotización',
      text: 'Va adjunta.',
      attachments: [
        { filename: 'cotizacion.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      ],
    });
    await sync(admin);
    const key = emailMessageKey(admin.uid, incoming.id);
    const attachment = { organizationId: org, messageKey: key, index: 0 };
    const got = await callOk<{ filename: string; mimeType: string; dataBase64: string }>(
      'getEmailAttachment',
      attachment,
      colleague.idToken,
    );
    expect(got).toMatchObject({ filename: 'cotizacion.pdf', mimeType: 'application/pdf' });
    expect(Buffer.from(got.dataBase64, 'base64').equals(pdf)).toBe(true);
    expect(await callError('getEmailAttachment', { ...attachment, index: 5 }, admin.idToken)).toMatchObject({
      status: 'NOT_FOUND',
    });

    // Private: the colleague sees that an exchange happened, not what it said.
    expect(
      await callOk('setMailPrivacy', { organizationId: org, privacy: 'private' }, admin.idToken),
    ).toEqual({
      reconnect: false,
    });
    const message = (await db.doc(`organizations/${org}/emailMessages/${key}`).get()).data()!;
    expect(message).toMatchObject({ visibility: 'private', subject: null, from: null, attachments: null });
    expect((await db.doc(`organizations/${org}/emailBodies/${key}`).get()).data()).toMatchObject({
      visibility: 'private',
      subject: 'Cotización',
    });
    const threadKey = message.threadKey as string;
    expect((await db.doc(`organizations/${org}/emailThreads/${threadKey}`).get()).data()).toMatchObject({
      visibility: 'private',
      subject: null,
      participants: null,
      searchTokens: [],
    });
    expect((await db.doc(`organizations/${org}/timeline/email_${key}`).get()).get('title')).toBe('');
    expect(await callError('getEmailAttachment', attachment, colleague.idToken)).toMatchObject({
      status: 'NOT_FOUND',
    });
    expect(await callOk('getEmailAttachment', attachment, admin.idToken)).toMatchObject({
      filename: 'cotizacion.pdf',
    });

    // Shared again: everything shows as before.
    await callOk('setMailPrivacy', { organizationId: org, privacy: 'shared' }, admin.idToken);
    expect((await db.doc(`organizations/${org}/emailMessages/${key}`).get()).data()).toMatchObject({
      visibility: 'shared',
      subject: 'Cotización',
      from: { address: email },
    });
    expect((await db.doc(`organizations/${org}/emailThreads/${threadKey}`).get()).get('subject')).toBe(
      'Cotización',
    );
    expect((await db.doc(`organizations/${org}/timeline/email_${key}`).get()).get('title')).toBe(
      'Cotización',
    );

    // Metadata only: the bodies go; the readonly grant still serves it.
    expect(
      await callOk('setMailPrivacy', { organizationId: org, privacy: 'metadata' }, admin.idToken),
    ).toEqual({
      reconnect: false,
    });
    expect((await db.doc(`organizations/${org}/emailBodies/${key}`).get()).exists).toBe(false);
    expect((await db.doc(`organizations/${org}/emailMessages/${key}`).get()).get('hasBody')).toBe(false);

    expect(
      await callError('setMailPrivacy', { organizationId: org, privacy: 'public' }, admin.idToken),
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect(
      await callError('setMailPrivacy', { organizationId: org, privacy: 'private' }, colleague.idToken),
    ).toMatchObject({
      details: { reason: 'mail-not-connected' },
    });
  });

  it('a metadata-only grant asks to reconnect for bodies', async () => {
    const { admin } = await mailboxOwner('Privacy Reconnect', 'metadata');
    const org = admin.organizationId;
    expect(await callOk('setMailPrivacy', { organizationId: org, privacy: 'shared' }, admin.idToken)).toEqual(
      {
        reconnect: true,
      },
    );
    expect((await db.doc(`organizations/${org}/mailConnections/${admin.uid}`).get()).get('reads')).toBe(
      false,
    );
    expect(await callError('syncMailbox', { organizationId: org }, admin.idToken)).toMatchObject({
      details: { reason: 'mail-not-connected' },
    });
  });
});
