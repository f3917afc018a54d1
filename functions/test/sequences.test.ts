// The sequence sender against the local cloud: the real functions (sequencesRunNow runs one pass
// of the scheduled sender with a given clock), the real googleapis client sending into the local
// Google's mailbox, the public unsubscribe page. Every assertion about what was sent reads the
// local mailbox, not the send log. Each run is limited to the test's organization (the cloud is
// shared with other suites).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { randomUUID } from 'node:crypto';

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';

import { DAY_MS, SEND_ID_HEADER, SEQUENCE_QUOTA_BLOCK, TRIAL_DAYS, optOutId, sendLogId } from '@trato/model';

import { runSequences, type RunSummary, type SendFn } from '../src/sequences/sender.js';

import {
  adminWithOrganization,
  callError,
  callOk,
  db,
  eventually,
  giveLiveSubscription,
  runOutboxAt,
  sellerOf,
  uniqueEmail,
} from './cloud.js';
import {
  connectGmail,
  googleControl as control,
  messagesTo,
  type MailboxMessage,
  type Member,
} from './google.js';
import { control as stripeControl, sessionIdOf } from './stripe.js';

const MINUTE = 60_000;

/** Connects the member's Gmail through the local Google's consent. */
const connect = connectGmail;

/** One pass of the sender at `now` for the organization (the emulator-only test hook). */
const runAt = (organizationId: string, now: number, extra: Record<string, unknown> = {}) =>
  runOutboxAt<RunSummary>(organizationId, now, extra);

interface StepInput {
  subject: string;
  body: string;
  delayDays: number;
}
interface ContactInput {
  name: string;
  email: string | null;
  companyName?: string;
  jobTitle?: string;
  city?: string;
}

const ts = (ms: number) => Timestamp.fromMillis(ms);

/** A sequence with its steps (admin SDK: the rules are not under test here). */
async function sequence(
  orgId: string,
  uid: string,
  steps: StepInput[],
  { active = true, name = 'Bienvenida' } = {},
): Promise<{ id: string; stepIds: string[] }> {
  const ref = db.collection(`organizations/${orgId}/sequences`).doc();
  const now = ts(Date.now());
  await ref.set({
    name,
    description: null,
    isActive: active,
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  const stepIds: string[] = [];
  for (const [i, step] of steps.entries()) {
    const stepRef = ref.collection('steps').doc();
    await stepRef.set({
      stepOrder: i + 1,
      type: 'email',
      ...step,
      createdAt: now,
      createdBy: uid,
      updatedAt: now,
    });
    stepIds.push(stepRef.id);
  }
  return { id: ref.id, stepIds };
}

async function contact(orgId: string, uid: string, input: ContactInput): Promise<string> {
  const ref = db.collection(`organizations/${orgId}/contacts`).doc();
  const now = ts(Date.now());
  await ref.set({
    name: input.name,
    email: input.email,
    companyId: null,
    companyName: input.companyName ?? null,
    jobTitle: input.jobTitle ?? null,
    city: input.city ?? null,
    status: 'active',
    isCustomer: false,
    lifecycleStage: 'lead',
    ownerId: uid,
    searchTokens: [],
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return ref.id;
}

/** An enrolment as the web creates it: active, step 0, due at once; the sender is `uid`. */
async function enroll(orgId: string, sequenceId: string, contactId: string, uid: string, startMs: number) {
  await db.doc(`organizations/${orgId}/sequences/${sequenceId}/enrollments/${contactId}`).set({
    contactId,
    status: 'active',
    currentStep: 0,
    nextSendAt: ts(startMs),
    createdAt: ts(startMs),
    createdBy: uid,
    updatedAt: ts(startMs),
  });
}

const enrollmentOf = async (orgId: string, sequenceId: string, contactId: string) =>
  (await db.doc(`organizations/${orgId}/sequences/${sequenceId}/enrollments/${contactId}`).get()).data()!;
const logOf = async (orgId: string, sequenceId: string, contactId: string, stepId: string) =>
  (await db.doc(`organizations/${orgId}/sendLog/${sendLogId(sequenceId, contactId, stepId)}`).get()).data();

const UNSUBSCRIBE_LINK = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/;

function linkIn(message: MailboxMessage): string {
  const link = UNSUBSCRIBE_LINK.exec(message.text ?? '')?.[0];
  if (!link) throw new Error(`no unsubscribe link in ${JSON.stringify(message.text)}`);
  return link;
}

/** An administrator with a connected mailbox (live subscription), and the clock the test starts from. */
async function sender(company: string): Promise<{ admin: Member; mailbox: string; t0: number }> {
  const admin = await adminWithOrganization(company);
  await giveLiveSubscription(admin.organizationId);
  const mailbox = await connect(admin);
  return { admin, mailbox, t0: Date.now() };
}

const header = (message: MailboxMessage, name: string) =>
  message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

describe('the sequence sender', () => {
  it('sends each step at its time with the merge fields filled, an unsubscribe link and List-Unsubscribe', async () => {
    const { admin, mailbox, t0 } = await sender('Seq Merge');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [
      {
        subject: 'Hola {{nombre}} de {{ empresa }}',
        body: 'Estimada {{nombre_completo}} ({{cargo}}, {{ciudad}}): <b>{{empresa}}</b> {{desconocido}}\n— {{remitente}}',
        delayDays: 0,
      },
      { subject: 'Seguimiento {{nombre}}', body: 'Hola otra vez, {{nombre}}.', delayDays: 1 },
    ]);
    const to = uniqueEmail('ana');
    const ana = await contact(org, admin.uid, {
      name: 'Ana María Pérez',
      email: to,
      companyName: 'Acme & Co',
      jobTitle: 'Gerente',
      city: 'Tegucigalpa',
    });
    await enroll(org, seq.id, ana, admin.uid, t0);

    const first = await runAt(org, t0 + 1000);
    expect(first).toMatchObject({ sent: 1, failed: 0 });
    const [message, ...others] = await messagesTo(to);
    expect(others).toEqual([]);
    expect(message!.account).toBe(mailbox);
    expect(message!.from[0]).toMatchObject({ address: mailbox, name: 'Admin Test' });
    expect(message!.subject).toBe('Hola Ana de Acme & Co');
    expect(message!.text).toContain(
      'Estimada Ana María Pérez (Gerente, Tegucigalpa): <b>Acme & Co</b> {{desconocido}}\n— Admin Test',
    );
    // The HTML part escapes the values and the body's own markup.
    expect(message!.html).toContain('&lt;b&gt;Acme &amp; Co&lt;/b&gt;');
    const link = linkIn(message!);
    expect(message!.html).toContain(`href="${link}"`);
    expect(header(message!, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(header(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The send-log id, so that a stale claim can be looked up in Sent (two-way mail).
    expect(header(message!, SEND_ID_HEADER)).toBe(sendLogId(seq.id, ana, seq.stepIds[0]!));

    const log = await logOf(org, seq.id, ana, seq.stepIds[0]!);
    expect(log).toMatchObject({ status: 'sent', messageId: message!.id, senderUid: admin.uid, to });
    const enrollment = await enrollmentOf(org, seq.id, ana);
    expect(enrollment.currentStep).toBe(1);
    expect(enrollment.nextSendAt.toMillis()).toBeGreaterThanOrEqual(t0 + DAY_MS);

    // Not yet due: nothing more, however often the sender runs.
    await runAt(org, t0 + 2000);
    await runAt(org, t0 + DAY_MS - MINUTE);
    expect(await messagesTo(to)).toHaveLength(1);

    expect(await runAt(org, t0 + DAY_MS + 5000)).toMatchObject({ sent: 1, completed: 1 });
    const messages = await messagesTo(to);
    expect(messages.map((m) => m.subject)).toEqual(['Seguimiento Ana', 'Hola Ana de Acme & Co']);
    expect(await enrollmentOf(org, seq.id, ana)).toMatchObject({ status: 'completed', nextSendAt: null });
    await runAt(org, t0 + 3 * DAY_MS);
    expect(await messagesTo(to)).toHaveLength(2);
  });

  it('overlapping runs send each step exactly once', { timeout: 90_000 }, async () => {
    const { admin, t0 } = await sender('Seq Overlap');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [
      { subject: 'Uno {{nombre}}', body: 'Primero', delayDays: 0 },
      { subject: 'Dos {{nombre}}', body: 'Segundo', delayDays: 0 },
    ]);
    const addresses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const email = uniqueEmail(`ov${i}`);
      addresses.push(email);
      const id = await contact(org, admin.uid, { name: `Contacto ${i}`, email });
      await enroll(org, seq.id, id, admin.uid, t0);
    }
    // A slow run (each claim held 2 s before its send) and, once it holds a claim, two more at once.
    const slow = runAt(org, t0 + 1000, { pauseAfterClaimMs: 2000 });
    await eventually(
      () => db.collection(`organizations/${org}/sendLog`).where('status', '==', 'pending').get(),
      (snap) => snap.size > 0,
      { intervalMs: 50 },
    );
    const fast = await Promise.all([1, 2].map(() => runAt(org, t0 + 1000)));
    const runs = [await slow, ...fast];
    // The others met the slow run's claim(s) and left them alone.
    expect(runs.reduce((n, r) => n + r.busy, 0)).toBeGreaterThan(0);
    // Whatever is left (e.g. claims met busy), two more passes at once.
    runs.push(...(await Promise.all([1, 2].map(() => runAt(org, t0 + 2000)))));
    runs.push(await runAt(org, t0 + 3000));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(12);
    // Each address got each step once (first names: 'Contacto').
    for (const email of addresses) {
      const subjects = (await messagesTo(email)).map((m) => m.subject).sort();
      expect(subjects, email).toEqual(['Dos Contacto', 'Uno Contacto']);
    }
  });

  it('a run that dies between claim and send is recovered after the claim timeout, with one message', async () => {
    const { admin, t0 } = await sender('Seq Crash');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [{ subject: 'Una vez', body: 'Solo una', delayDays: 0 }]);
    const to = uniqueEmail('crash');
    const id = await contact(org, admin.uid, { name: 'Luis', email: to });
    await enroll(org, seq.id, id, admin.uid, t0);

    expect(await runAt(org, t0 + 1000, { crashAfterClaim: true })).toMatchObject({ crashed: true, sent: 0 });
    expect(await messagesTo(to)).toEqual([]);
    expect(await logOf(org, seq.id, id, seq.stepIds[0]!)).toMatchObject({
      status: 'pending',
      messageId: null,
    });
    // Within the timeout the claim is another run's: left alone.
    expect(await runAt(org, t0 + 2 * MINUTE)).toMatchObject({ sent: 0, busy: 1 });
    expect(await messagesTo(to)).toEqual([]);
    // After it, claimed again and sent once.
    expect(await runAt(org, t0 + 12 * MINUTE)).toMatchObject({ sent: 1 });
    await runAt(org, t0 + 30 * MINUTE);
    expect(await messagesTo(to)).toHaveLength(1);
    expect(await logOf(org, seq.id, id, seq.stepIds[0]!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await enrollmentOf(org, seq.id, id)).toMatchObject({ status: 'completed' });
  });

  it('an unsubscribe between steps stops every later e-mail to that address (other sequences too)', async () => {
    const { admin, t0 } = await sender('Seq Unsub');
    const org = admin.organizationId;
    const steps = [
      { subject: 'Paso 1', body: 'Hola {{nombre}}', delayDays: 0 },
      { subject: 'Paso 2', body: 'Otra vez', delayDays: 1 },
    ];
    const seq = await sequence(org, admin.uid, steps);
    const other = await sequence(org, admin.uid, [{ subject: 'Otra', body: 'x', delayDays: 2 }], {
      name: 'Otra',
    });
    const anaMail = uniqueEmail('ana');
    const beaMail = uniqueEmail('bea');
    const ana = await contact(org, admin.uid, { name: 'Ana <Pérez>', email: anaMail });
    const bea = await contact(org, admin.uid, { name: 'Bea', email: beaMail });
    for (const id of [ana, bea]) await enroll(org, seq.id, id, admin.uid, t0);
    await enroll(org, other.id, ana, admin.uid, t0);

    await runAt(org, t0 + 1000);
    const [first] = await messagesTo(anaMail);
    const link = linkIn(first!);

    // The page: Spanish (the sender's language), a button, no login; nothing recorded by a GET.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Confirmar baja');
    expect(html).toContain('<form method="post">');
    const hash = await optOutId(anaMail.toUpperCase());
    expect((await db.doc(`organizations/${org}/optOuts/${hash}`).get()).exists).toBe(false);
    // A forged link is refused.
    // (the signature's first character flipped: its last one carries padding bits)
    const forgedLink = link.replace(
      /\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/,
      (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect(forgedLink).not.toBe(link);
    const forged = await fetch(forgedLink, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Enlace inválido');

    // The button: a form POST.
    const token = new URL(link).searchParams.get('t')!;
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: token }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Se ha dado de baja');
    expect((await db.doc(`organizations/${org}/optOuts/${hash}`).get()).data()).toMatchObject({
      method: 'page',
      sequenceId: seq.id,
      contactId: ana,
    });
    expect(await enrollmentOf(org, seq.id, ana)).toMatchObject({ status: 'unsubscribed' });

    // A day later only Bea gets step 2; two days later the other sequence skips Ana, recorded.
    await runAt(org, t0 + DAY_MS + 5000);
    await runAt(org, t0 + 2 * DAY_MS + 5000);
    expect((await messagesTo(anaMail)).map((m) => m.subject)).toEqual(['Paso 1']);
    expect((await messagesTo(beaMail)).map((m) => m.subject)).toEqual(['Paso 2', 'Paso 1']);
    expect(await logOf(org, other.id, ana, other.stepIds[0]!)).toMatchObject({
      status: 'skipped',
      error: 'unsubscribed',
    });
    expect(await enrollmentOf(org, other.id, ana)).toMatchObject({ status: 'unsubscribed' });
  });

  it('one-click unsubscribe (RFC 8058) from the mail client, in English for an English-speaking sender', async () => {
    const { admin, t0 } = await sender('Seq OneClick');
    const org = admin.organizationId;
    await db.doc(`users/${admin.uid}`).update({ language: 'en' });
    const seq = await sequence(org, admin.uid, [
      { subject: 'Hi', body: 'Hello', delayDays: 0 },
      { subject: 'Again', body: 'Hello again', delayDays: 1 },
    ]);
    const to = uniqueEmail('oc');
    const id = await contact(org, admin.uid, { name: 'Olivia', email: to });
    await enroll(org, seq.id, id, admin.uid, t0);
    await runAt(org, t0 + 1000);
    const [message] = await messagesTo(to);
    expect(message!.text).toContain('To choose which e-mails you get, or stop them all');
    const link = linkIn(message!);
    const page = await (await fetch(link)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Confirm unsubscribe');
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You have been unsubscribed');
    const optOut = await db.doc(`organizations/${org}/optOuts/${await optOutId(to)}`).get();
    expect(optOut.get('method')).toBe('one-click');
    await runAt(org, t0 + 2 * DAY_MS);
    expect(await messagesTo(to)).toHaveLength(1);
  });

  it(
    'a broken or missing mailbox, or a contact without e-mail: the step fails with the reason, the sender is told',
    { timeout: 90_000 },
    async () => {
      const { admin, mailbox, t0 } = await sender('Seq Broken');
      const org = admin.organizationId;
      const seller = { ...(await sellerOf(admin)), organizationId: org };
      const seq = await sequence(org, admin.uid, [{ subject: 'Hola', body: 'x', delayDays: 0 }]);
      const to = uniqueEmail('brk');
      const withMail = await contact(org, admin.uid, { name: 'Con correo', email: to });
      const noMail = await contact(org, admin.uid, { name: 'Sin correo', email: null });
      // Enrolled by a seller without a mailbox: the sequence is the admin's, so is the mailbox.
      const bySeller = await contact(org, admin.uid, { name: 'Del vendedor', email: uniqueEmail('bys') });
      await enroll(org, seq.id, withMail, admin.uid, t0);
      await enroll(org, seq.id, noMail, admin.uid, t0);
      await enroll(org, seq.id, bySeller, seller.uid, t0);
      const deleted = await contact(org, admin.uid, { name: 'Borrado', email: uniqueEmail('del') });
      await enroll(org, seq.id, deleted, admin.uid, t0);
      await db.doc(`organizations/${org}/contacts/${deleted}`).delete();
      // Google no longer accepts the admin's grant (removed the app's access).
      await control('revoke', { email: mailbox });

      expect(await runAt(org, t0 + 1000)).toMatchObject({ sent: 0, failed: 4 });
      // A deleted contact's enrolment ends.
      expect(await logOf(org, seq.id, deleted, seq.stepIds[0]!)).toMatchObject({
        status: 'failed',
        error: 'contact-missing',
      });
      expect(await enrollmentOf(org, seq.id, deleted)).toMatchObject({ status: 'stopped' });
      expect(await messagesTo(to)).toEqual([]);
      const step = seq.stepIds[0]!;
      expect(await logOf(org, seq.id, withMail, step)).toMatchObject({
        status: 'failed',
        error: 'mail-broken',
        senderUid: admin.uid,
      });
      expect(await logOf(org, seq.id, noMail, step)).toMatchObject({ status: 'failed', error: 'no-email' });
      expect(await logOf(org, seq.id, bySeller, step)).toMatchObject({
        status: 'failed',
        error: 'mail-broken',
        senderUid: admin.uid,
      });
      for (const id of [withMail, noMail, bySeller])
        expect(await enrollmentOf(org, seq.id, id)).toMatchObject({ status: 'failed', currentStep: 0 });
      expect((await db.doc(`organizations/${org}/mailConnections/${admin.uid}`).get()).get('status')).toBe(
        'broken',
      );
      // The bell's query (APP_QUERIES sendLog.failuresOf) finds the admin's failures.
      const failures = await db
        .collection(`organizations/${org}/sendLog`)
        .where('senderUid', '==', admin.uid)
        .where('status', '==', 'failed')
        .orderBy('updatedAt', 'desc')
        .get();
      expect(failures.docs.map((d) => d.get('error')).sort()).toEqual([
        'contact-missing',
        'mail-broken',
        'mail-broken',
        'no-email',
      ]);
      // Nothing is retried by itself…
      await runAt(org, t0 + 10 * MINUTE);
      expect(await messagesTo(to)).toEqual([]);
      // …until the member reconnects and resumes the enrolment (failed → active): sent once.
      await connect(admin, mailbox);
      await db
        .doc(`organizations/${org}/sequences/${seq.id}/enrollments/${withMail}`)
        .update({ status: 'active' });
      expect(await runAt(org, t0 + 20 * MINUTE)).toMatchObject({ sent: 1 });
      expect(await messagesTo(to)).toHaveLength(1);
      expect(await logOf(org, seq.id, withMail, step)).toMatchObject({ status: 'sent', error: null });
    },
  );

  it('holds to the daily cap per mailbox; the rest go out the next day', async () => {
    const { admin, t0 } = await sender('Seq Cap');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [{ subject: 'Cap', body: 'x', delayDays: 0 }]);
    const addresses: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail(`cap${i}`);
      addresses.push(email);
      await enroll(org, seq.id, await contact(org, admin.uid, { name: `C${i}`, email }), admin.uid, t0);
    }
    const count = async () => (await Promise.all(addresses.map(messagesTo))).flat().length;
    expect(await runAt(org, t0 + 1000, { dailyCap: 2 })).toMatchObject({ sent: 2, deferred: 1 });
    expect(await count()).toBe(2);
    // Same UTC day: still held (its nextSendAt is the next day's start).
    await runAt(org, t0 + 2000, { dailyCap: 2 });
    expect(await count()).toBe(2);
    const nextDay = Math.floor((t0 + 1000) / DAY_MS) * DAY_MS + DAY_MS;
    expect(await runAt(org, nextDay + 1000, { dailyCap: 2 })).toMatchObject({ sent: 1 });
    expect(await count()).toBe(3);
  });

  it('the run cap stops a pass; the next pass continues', async () => {
    const { admin, t0 } = await sender('Seq RunCap');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [{ subject: 'Run', body: 'x', delayDays: 0 }]);
    for (let i = 0; i < 3; i++)
      await enroll(
        org,
        seq.id,
        await contact(org, admin.uid, { name: `R${i}`, email: uniqueEmail(`rc${i}`) }),
        admin.uid,
        t0,
      );
    expect(await runAt(org, t0 + 1000, { runCap: 2 })).toMatchObject({ sent: 2, capped: true });
    expect(await runAt(org, t0 + 2000, { runCap: 2 })).toMatchObject({ sent: 1, capped: false });
  });

  it('a paused sequence sends nothing and resuming continues where it stopped; a paused enrolment too', async () => {
    const { admin, t0 } = await sender('Seq Pause');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [
      { subject: 'P1', body: 'x', delayDays: 0 },
      { subject: 'P2', body: 'y', delayDays: 0 },
    ]);
    const to = uniqueEmail('pause');
    const id = await contact(org, admin.uid, { name: 'Pau', email: to });
    await enroll(org, seq.id, id, admin.uid, t0);
    const other = uniqueEmail('paused-enr');
    const pausedId = await contact(org, admin.uid, { name: 'Enr', email: other });
    await enroll(org, seq.id, pausedId, admin.uid, t0);
    await db
      .doc(`organizations/${org}/sequences/${seq.id}/enrollments/${pausedId}`)
      .update({ status: 'paused' });

    // Step 1 goes, then the sequence is paused.
    expect(await runAt(org, t0 + 1000, { runCap: 1 })).toMatchObject({ sent: 1 });
    await db.doc(`organizations/${org}/sequences/${seq.id}`).update({ isActive: false });
    const paused = await runAt(org, t0 + 2000);
    expect(paused).toMatchObject({ sent: 0, deferred: 1 });
    expect((await messagesTo(to)).map((m) => m.subject)).toEqual(['P1']);
    const parked = await enrollmentOf(org, seq.id, id);
    expect(parked).toMatchObject({ status: 'active', currentStep: 1 });
    // Moved forward, so the due query does not keep returning it.
    expect(parked.nextSendAt.toMillis()).toBeGreaterThan(t0 + 2000);
    expect(await runAt(org, t0 + 3000)).toMatchObject({ scanned: 0 });

    await db.doc(`organizations/${org}/sequences/${seq.id}`).update({ isActive: true });
    expect(await runAt(org, t0 + 20 * MINUTE)).toMatchObject({ sent: 1, completed: 1 });
    expect((await messagesTo(to)).map((m) => m.subject)).toEqual(['P2', 'P1']);
    expect(await messagesTo(other)).toEqual([]);

    // The paused enrolment: resumed, it starts at its first step.
    await db
      .doc(`organizations/${org}/sequences/${seq.id}/enrollments/${pausedId}`)
      .update({ status: 'active' });
    await runAt(org, t0 + 21 * MINUTE);
    await runAt(org, t0 + 22 * MINUTE);
    expect((await messagesTo(other)).map((m) => m.subject)).toEqual(['P2', 'P1']);
  });

  it('the scheduled function itself runs through the Functions emulator, as the local cloud’s timer calls it', async () => {
    const { admin } = await sender('Seq Scheduled');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [
      { subject: 'Programado {{nombre}}', body: 'x', delayDays: 0 },
    ]);
    const to = uniqueEmail('sched');
    await enroll(
      org,
      seq.id,
      await contact(org, admin.uid, { name: 'Sara', email: to }),
      admin.uid,
      Date.now(),
    );
    // scripts/local-cloud.mjs (plain JS): the path is a variable so TypeScript does not resolve it.
    const script = pathToFileURL(path.resolve(__dirname, '../../scripts/local-cloud.mjs')).href;
    const { triggerScheduledFunction } = (await import(script)) as {
      triggerScheduledFunction: (name: string) => Promise<number>;
    };
    expect(await triggerScheduledFunction('outboxSender')).toBe(200);
    expect((await messagesTo(to)).map((m) => m.subject)).toEqual(['Programado Sara']);
  });

  it(
    'a sequence speaks with its owner’s mailbox, whoever enrolled the contact',
    { timeout: 90_000 },
    async () => {
      const { admin, mailbox, t0 } = await sender('Seq Owner');
      const org = admin.organizationId;
      const seller = { ...(await sellerOf(admin)), organizationId: org };
      // The seller has a mailbox of their own: it is not the one that speaks.
      const sellerMailbox = await connect(seller);
      const seq = await sequence(org, admin.uid, [{ subject: 'De {{remitente}}', body: 'x', delayDays: 0 }]);
      const to = uniqueEmail('own');
      const id = await contact(org, seller.uid, { name: 'Olga', email: to });
      await enroll(org, seq.id, id, seller.uid, t0);

      expect(await runAt(org, t0 + 1000)).toMatchObject({ sent: 1 });
      const [message] = await messagesTo(to);
      expect(message!.account).toBe(mailbox);
      expect(message!.account).not.toBe(sellerMailbox);
      expect(message!.from[0]).toMatchObject({ address: mailbox, name: 'Admin Test' });
      expect(message!.subject).toBe('De Admin Test');
      expect(await logOf(org, seq.id, id, seq.stepIds[0]!)).toMatchObject({
        status: 'sent',
        senderUid: admin.uid,
      });
    },
  );

  // Five passes at once are five Functions emulator workers: generous timeouts for their start.
  it(
    'five overlapping passes send each step exactly once; the claims do not write the quota document',
    { timeout: 240_000 },
    async () => {
      const { admin, t0 } = await sender('Seq Overlap5');
      const org = admin.organizationId;
      const seq = await sequence(org, admin.uid, [
        { subject: 'Uno {{nombre}}', body: 'Primero', delayDays: 0 },
        { subject: 'Dos {{nombre}}', body: 'Segundo', delayDays: 0 },
      ]);
      const addresses: string[] = [];
      for (let i = 0; i < 8; i++) {
        const email = uniqueEmail(`ov5${i}`);
        addresses.push(email);
        await enroll(
          org,
          seq.id,
          await contact(org, admin.uid, { name: `Contacto ${i}`, email }),
          admin.uid,
          t0,
        );
      }
      const quota = async () =>
        (await db.doc(`mailQuotas/${admin.uid}`).get()).get('count') as number | undefined;
      // A slow pass (each claim held before its send); once it holds a claim, the mailbox's quota
      // has been taken as one block, not one e-mail per claim.
      const slow = runAt(org, t0 + 1000, { pauseAfterClaimMs: 3000 });
      await eventually(
        () => db.collection(`organizations/${org}/sendLog`).where('status', '==', 'pending').get(),
        (snap) => snap.size > 0,
        { intervalMs: 50, timeoutMs: 60_000 },
      );
      expect(await quota()).toBe(SEQUENCE_QUOTA_BLOCK);
      // Four more at once, two of them slow too.
      const others = await Promise.all(
        [0, 300, 0, 300].map((pause) => runAt(org, t0 + 1000, pause ? { pauseAfterClaimMs: pause } : {})),
      );
      const runs = [await slow, ...others];
      expect(runs.reduce((n, r) => n + r.busy, 0)).toBeGreaterThan(0);
      // Whatever is left, until nothing is due.
      for (let i = 0; i < 4; i++)
        runs.push(...(await Promise.all([1, 2].map(() => runAt(org, t0 + 2000 + i)))));
      expect(runs.every((r) => r.errors === 0 && !r.deadlineReached)).toBe(true);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(16);
      for (const email of addresses) {
        const subjects = (await messagesTo(email)).map((m) => m.subject).sort();
        expect(subjects, email).toEqual(['Dos Contacto', 'Uno Contacto']);
      }
      // Every pass gave back what it did not use: the day's count is what was sent.
      expect(await quota()).toBe(16);
    },
  );

  it(
    'a pass stops claiming at its deadline; the next one continues, each step once',
    { timeout: 90_000 },
    async () => {
      const { admin, t0 } = await sender('Seq Deadline');
      const org = admin.organizationId;
      const seq = await sequence(org, admin.uid, [{ subject: 'Plazo', body: 'x', delayDays: 0 }]);
      const addresses: string[] = [];
      for (let i = 0; i < 4; i++) {
        const email = uniqueEmail(`dl${i}`);
        addresses.push(email);
        await enroll(org, seq.id, await contact(org, admin.uid, { name: `D${i}`, email }), admin.uid, t0);
      }
      // Each send takes over a second; the pass may claim for half a second only.
      const first = await runAt(org, t0 + 1000, { pauseAfterClaimMs: 1000, deadlineMs: 500 });
      expect(first).toMatchObject({ deadlineReached: true, busy: 0, errors: 0 });
      expect(first.sent).toBeLessThan(4);
      expect((await Promise.all(addresses.map(messagesTo))).flat()).toHaveLength(first.sent);
      const second = await runAt(org, t0 + 2000);
      expect(second).toMatchObject({ deadlineReached: false, sent: 4 - first.sent });
      for (const email of addresses) expect(await messagesTo(email), email).toHaveLength(1);
    },
  );
});

/** An organization whose admin started the trial through the local Stripe's Checkout (no card). */
async function trialingOrganization(company: string): Promise<Member> {
  const admin = await adminWithOrganization(company);
  const { url } = await callOk<{ url: string }>(
    'createCheckoutSession',
    { organizationId: admin.organizationId, returnOrigin: 'http://localhost:5173', language: 'es' },
    admin.idToken,
  );
  await stripeControl(`checkout/${sessionIdOf(url)}/complete`, {});
  await subscriptionStatus(admin.organizationId, 'trialing');
  return admin;
}

/** Waits for the webhook to mirror the subscription's status (deliveries retry; allow time). */
const subscriptionStatus = (organizationId: string, status: string) =>
  eventually(
    () => db.doc(`organizations/${organizationId}/billing/subscription`).get(),
    (snap) => snap.get('status') === status,
    { timeoutMs: 120_000 },
  );

describe('the paywall on the server', () => {
  // The local Stripe's clock is shared: later suites start from Stripe's "now" again.
  afterAll(() => stripeControl('reset', {}));

  it(
    'a lapsed organization sends nothing, says why, and continues where it stopped once renewed',
    { timeout: 240_000 },
    async () => {
      const admin = await trialingOrganization('Seq Lapsed');
      const org = admin.organizationId;
      const mailbox = await connect(admin);
      const t0 = Date.now();
      const seq = await sequence(org, admin.uid, [
        { subject: 'P1', body: 'x', delayDays: 0 },
        { subject: 'P2', body: 'y', delayDays: 0 },
      ]);
      const to = uniqueEmail('lapse');
      const id = await contact(org, admin.uid, { name: 'Lia', email: to });
      await enroll(org, seq.id, id, admin.uid, t0);
      expect(await runAt(org, t0 + 1000, { runCap: 1 })).toMatchObject({ sent: 1 });

      // The trial ends without a card: Stripe cancels the subscription, the webhook mirrors it.
      await stripeControl('clock/advance', { seconds: (TRIAL_DAYS + 1) * 86_400 });
      await subscriptionStatus(org, 'canceled');
      expect(await runAt(org, t0 + 2000)).toMatchObject({ sent: 0, failed: 0, deferred: 1 });
      expect((await messagesTo(to)).map((m) => m.subject)).toEqual(['P1']);
      // Deferred, not failed: the same step waits, with the reason /marketing shows.
      expect(await enrollmentOf(org, seq.id, id)).toMatchObject({ status: 'active', currentStep: 1 });
      expect(await logOf(org, seq.id, id, seq.stepIds[1]!)).toMatchObject({
        status: 'pending',
        error: 'subscription-inactive',
        claimedAt: null,
        messageId: null,
      });
      // The test e-mail is refused too, and nothing reaches the mailbox.
      const testTo = uniqueEmail('lapse-test');
      expect(
        await callError('emailSendTest', { organizationId: org, to: testTo, language: 'es' }, admin.idToken),
      ).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'subscription-inactive' } });
      expect(await messagesTo(testTo)).toEqual([]);

      // A paid subscription: the step that waited goes out once, the next passes send nothing more.
      const { url } = await callOk<{ url: string }>(
        'createCheckoutSession',
        { organizationId: org, returnOrigin: 'http://localhost:5173', language: 'es' },
        admin.idToken,
      );
      await stripeControl(`checkout/${sessionIdOf(url)}/complete`, { card: '4242424242424242' });
      await subscriptionStatus(org, 'active');
      expect(await runAt(org, t0 + 61 * MINUTE)).toMatchObject({ sent: 1, completed: 1 });
      await runAt(org, t0 + 62 * MINUTE);
      expect((await messagesTo(to)).map((m) => m.subject)).toEqual(['P2', 'P1']);
      expect((await messagesTo(to))[0]!.account).toBe(mailbox);
      expect(await logOf(org, seq.id, id, seq.stepIds[1]!)).toMatchObject({ status: 'sent', error: null });
    },
  );
});

/**
 * The sender in this process against the local Firestore, with a send function of the test's own
 * (nothing reaches Gmail), for what only the pass's bookkeeping shows.
 */
describe('the sender’s pass, in process', () => {
  const options = (org: string, now: number) => ({
    now,
    dailyCap: 400,
    runCap: 100,
    deadline: Date.now() + 60_000,
    unsubscribeUrl: 'http://127.0.0.1/unsubscribe',
    unsubscribeSecret: 'test-only-unsubscribe-secret-of-the-in-process-sender-0001',
    onlyOrganizationId: org,
  });
  const accepted: SendFn = async () => {
    const messageId = `m-${randomUUID()}`;
    return { messageId, threadId: messageId, from: 'owner@test.trato' };
  };

  it('one send failing with an unknown error does not stop the others; its reason is recorded', async () => {
    const { admin, t0 } = await sender('Seq Unknown');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [{ subject: 'Hola', body: 'x', delayDays: 0 }]);
    const bad = uniqueEmail('bad');
    const good = uniqueEmail('good');
    const badId = await contact(org, admin.uid, { name: 'Bad', email: bad });
    const goodId = await contact(org, admin.uid, { name: 'Good', email: good });
    // The failing one first (older nextSendAt).
    await enroll(org, seq.id, badId, admin.uid, t0 - 1000);
    await enroll(org, seq.id, goodId, admin.uid, t0);
    const send: SendFn = async (member, mail) => {
      if (mail.to === bad) throw new Error('socket hang up');
      return accepted(member, mail);
    };
    const summary = await runSequences(db, send, options(org, t0 + 1000));
    expect(summary).toMatchObject({ scanned: 2, sent: 1, failed: 1, errors: 0 });
    expect(await logOf(org, seq.id, badId, seq.stepIds[0]!)).toMatchObject({
      status: 'failed',
      error: 'send-error',
      claimedAt: null,
    });
    expect(await enrollmentOf(org, seq.id, badId)).toMatchObject({ status: 'failed', currentStep: 0 });
    expect(await logOf(org, seq.id, goodId, seq.stepIds[0]!)).toMatchObject({ status: 'sent' });
  });

  it('a transaction Firestore runs twice counts once', async () => {
    const { admin, t0 } = await sender('Seq Retry');
    const org = admin.organizationId;
    const seq = await sequence(org, admin.uid, [{ subject: 'Hola', body: 'x', delayDays: 0 }]);
    await enroll(
      org,
      seq.id,
      await contact(org, admin.uid, { name: 'Rita', email: uniqueEmail('rt') }),
      admin.uid,
      t0,
    );
    await enroll(
      org,
      seq.id,
      await contact(org, admin.uid, { name: 'Rosa', email: uniqueEmail('rs') }),
      admin.uid,
      t0,
    );
    // Every transaction's function runs once in a transaction that is then rolled back (as when
    // Firestore retries after contention), then again for real.
    class Retried extends Error {}
    const retrying = new Proxy(db, {
      get(target, property) {
        if (property === 'runTransaction') {
          return async (fn: Parameters<Firestore['runTransaction']>[0], opts?: object) => {
            await target
              .runTransaction(async (tx) => {
                await fn(tx);
                throw new Retried();
              })
              .catch((error: unknown) => {
                if (!(error instanceof Retried)) throw error;
              });
            return target.runTransaction(fn, opts);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const summary = await runSequences(retrying, accepted, options(org, t0 + 1000));
    expect(summary).toMatchObject({ sent: 2, completed: 2 });
  });
});
