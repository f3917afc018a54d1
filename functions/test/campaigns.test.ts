// Campaigns against the local cloud (issue 31): the real functions (sequencesRunNow runs one pass
// of the outbox — sequence steps and campaigns — with a given clock), the real googleapis client
// sending into the local Google's mailbox, the public unsubscribe page. What was sent is read from
// the mailbox. Each pass is limited to the test's organization (the cloud is shared).
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { DAY_MS, hasEmailOf, optOutId, type AudienceCounts, type CampaignRun } from '@trato/model';

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
import { connectGmail, googleControl, messagesTo, type MailboxMessage, type Member } from './google.js';

const ts = (ms: number) => Timestamp.fromMillis(ms);

interface PassSummary {
  sent: number;
  crashed: boolean;
  campaigns: { started: number; sent: number; skipped: number; failed: number; finished: number } | null;
}

const runAt = (organizationId: string, now: number, extra: Record<string, unknown> = {}) =>
  runOutboxAt<PassSummary>(organizationId, now, extra);

async function sender(company: string): Promise<{ admin: Member; mailbox: string; t0: number }> {
  const admin = await adminWithOrganization(company);
  await giveLiveSubscription(admin.organizationId);
  const mailbox = await connectGmail(admin);
  // A UTC day's start plus an hour: the daily quota's day does not turn during the test.
  const t0 = Math.floor(Date.now() / DAY_MS) * DAY_MS + 3_600_000;
  return { admin, mailbox, t0 };
}

interface ContactSeed {
  name: string;
  email: string | null;
  city: string;
  lifecycleStage?: string;
  listIds?: string[];
  emailConsent?: string;
}

/** Contacts written in batches (admin SDK: the rules are not under test here); their ids. */
async function contacts(
  orgId: string,
  uid: string,
  seeds: ContactSeed[],
  createdMs: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < seeds.length; i += 400) {
    const batch = db.batch();
    seeds.slice(i, i + 400).forEach((seed, j) => {
      const ref = db.collection(`organizations/${orgId}/contacts`).doc();
      ids.push(ref.id);
      const at = ts(createdMs + i + j);
      batch.set(ref, {
        name: seed.name,
        email: seed.email,
        companyId: null,
        companyName: 'Acme',
        city: seed.city,
        status: 'active',
        isCustomer: seed.lifecycleStage === 'customer',
        lifecycleStage: seed.lifecycleStage ?? 'customer',
        ownerId: uid,
        ...(seed.listIds && { listIds: seed.listIds }),
        ...(seed.emailConsent && { emailConsent: seed.emailConsent }),
        hasEmail: hasEmailOf(seed),
        searchTokens: [],
        searchIndex: {},
        createdAt: at,
        createdBy: uid,
        updatedAt: at,
      });
    });
    await batch.commit();
  }
  return ids;
}

async function list(orgId: string, uid: string, fields: Record<string, unknown>): Promise<string> {
  const ref = db.collection(`organizations/${orgId}/lists`).doc();
  await ref.set({
    name: 'Clientes',
    description: null,
    createdAt: ts(0),
    createdBy: uid,
    updatedAt: ts(0),
    ...fields,
  });
  return ref.id;
}

async function campaign(
  orgId: string,
  uid: string,
  listId: string,
  scheduledAt: number | null,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const ref = db.collection(`organizations/${orgId}/campaigns`).doc();
  await ref.set({
    name: 'Promoción',
    listId,
    listName: 'Clientes',
    subject: 'Hola {{nombre}}',
    body: 'Estimado {{nombre_completo}} de {{ciudad}}: 20 % de descuento.',
    status: scheduledAt === null ? 'draft' : 'scheduled',
    scheduledAt: scheduledAt === null ? null : ts(scheduledAt),
    createdAt: ts(Date.now()),
    createdBy: uid,
    updatedAt: ts(Date.now()),
    ...fields,
  });
  return ref.id;
}

const campaignOf = async (orgId: string, id: string) =>
  (await db.doc(`organizations/${orgId}/campaigns/${id}`).get()).data()!;
const runOf = async (orgId: string, id: string) =>
  (await db.doc(`organizations/${orgId}/campaignRuns/${id}`).get()).data() as CampaignRun<Timestamp>;
const recipientsWith = async (orgId: string, id: string, status: string) =>
  (
    await db
      .collection(`organizations/${orgId}/campaigns/${id}/recipients`)
      .where('status', '==', status)
      .count()
      .get()
  ).data().count;
const sentFrom = async (mailbox: string): Promise<MailboxMessage[]> =>
  (await googleControl<{ messages: MailboxMessage[] }>(`messages?from=${encodeURIComponent(mailbox)}`))
    .messages;

async function optOut(orgId: string, email: string) {
  await db.doc(`organizations/${orgId}/optOuts/${await optOutId(email)}`).set({
    method: 'page',
    sequenceId: null,
    contactId: null,
    createdAt: ts(Date.now()),
  });
}

describe('campaigns', () => {
  it(
    'a scheduled campaign to a 300-contact segment: each address once across overlapping passes, ' +
      'the unsubscribed, the address-less and duplicates left out, the daily cap held and resumed the next day',
    { timeout: 240_000 },
    async () => {
      const { admin, mailbox, t0 } = await sender('Camp Segment');
      const org = admin.organizationId;
      const tag = uniqueEmail('seg').split('@')[0]!;
      const address = (i: number) => `${tag}.${i}@clientes.example`;
      const seeds: ContactSeed[] = [];
      for (let i = 0; i < 300; i++)
        seeds.push({ name: `Cliente ${i}`, email: address(i), city: 'Tegucigalpa' });
      // Three without an address, two with another contact's address (other case and spaces).
      seeds[10]!.email = null;
      seeds[11]!.email = '';
      seeds[12]!.email = '   ';
      seeds[20]!.email = ` ${address(21).toUpperCase()} `;
      seeds[30]!.email = address(31);
      // Outside the segment: another city, another stage.
      seeds.push({ name: 'Fuera 1', email: address(900), city: 'San Pedro Sula' });
      seeds.push({ name: 'Fuera 2', email: address(901), city: 'Tegucigalpa', lifecycleStage: 'lead' });
      await contacts(org, admin.uid, seeds, t0 - DAY_MS);
      await optOut(org, address(40));
      await optOut(org, address(41));
      const listId = await list(org, admin.uid, {
        kind: 'segment',
        city: 'Tegucigalpa',
        lifecycleStage: 'customer',
      });

      const expected: AudienceCounts = {
        contacts: 300,
        recipients: 293,
        noEmail: 3,
        unsubscribed: 2,
        noConsent: 0,
        duplicates: 2,
      };
      expect(await callOk('previewCampaignAudience', { organizationId: org, listId }, admin.idToken)).toEqual(
        expected,
      );
      // The same segment narrowed to contacts with an address ('has e-mail'), and its opposite.
      const withEmail = await list(org, admin.uid, {
        kind: 'segment',
        city: 'Tegucigalpa',
        lifecycleStage: 'customer',
        hasEmail: true,
      });
      expect(
        await callOk('previewCampaignAudience', { organizationId: org, listId: withEmail }, admin.idToken),
      ).toEqual({ ...expected, contacts: 297, noEmail: 0 });
      const withoutEmail = await list(org, admin.uid, {
        kind: 'segment',
        city: 'Tegucigalpa',
        hasEmail: false,
      });
      expect(
        await callOk('previewCampaignAudience', { organizationId: org, listId: withoutEmail }, admin.idToken),
      ).toMatchObject({ contacts: 3, recipients: 0, noEmail: 3 });

      const id = await campaign(org, admin.uid, listId, t0);
      // Day 1, with a cap of 150 a day: two overlapping passes, each with a pause between claim and send.
      const day1 = await Promise.all([
        runAt(org, t0 + 1000, { dailyCap: 150, pauseAfterClaimMs: 5 }),
        runAt(org, t0 + 1000, { dailyCap: 150, pauseAfterClaimMs: 5 }),
      ]);
      expect(day1.map((s) => s.campaigns?.started ?? 0).reduce((a, b) => a + b)).toBe(1);
      let sent = await sentFrom(mailbox);
      expect(sent).toHaveLength(150);
      expect(new Set(sent.map((m) => m.to[0]!.address)).size).toBe(150);
      expect(await campaignOf(org, id)).toMatchObject({ status: 'sending' });
      const held = await runOf(org, id);
      expect(held).toMatchObject({ audience: expected, audienceDone: true, holdReason: 'daily-cap' });
      expect(held.nextRunAt!.toMillis()).toBe(Math.floor(t0 / DAY_MS) * DAY_MS + DAY_MS);
      // Later the same day: nothing more.
      expect((await runAt(org, t0 + 3_600_000, { dailyCap: 150 })).campaigns?.sent ?? 0).toBe(0);

      // Meanwhile: one who got it unsubscribes through its link (one-click), one not yet sent
      // opts out elsewhere — they get nothing more.
      const first = sent[0]!;
      const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/.exec(first.text ?? '')![0];
      const oneClick = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      const received = new Set(sent.map((m) => m.to[0]!.address.toLowerCase()));
      const notYet = [...Array(300).keys()].map(address).find((a, i) => i > 41 && !received.has(a))!;
      await optOut(org, notYet);

      // Day 2: the rest, and the campaign is sent.
      // (A pass sends at most its run cap, 100 by default: two passes, as the scheduler would.)
      await runAt(org, t0 + DAY_MS, { dailyCap: 150 });
      await runAt(org, t0 + DAY_MS + 300_000, { dailyCap: 150 });
      sent = await sentFrom(mailbox);
      const addresses = sent.map((m) => m.to[0]!.address.toLowerCase());
      expect(sent).toHaveLength(292);
      expect(new Set(addresses).size).toBe(292);
      expect(addresses).not.toContain(notYet);
      for (const left of [address(40), address(41), address(900), address(901)])
        expect(addresses).not.toContain(left);
      expect(await campaignOf(org, id)).toMatchObject({ status: 'sent' });
      expect(await runOf(org, id)).toMatchObject({ nextRunAt: null, holdReason: null });
      expect(await recipientsWith(org, id, 'sent')).toBe(292);
      expect(await recipientsWith(org, id, 'skipped')).toBe(3);
      expect(await recipientsWith(org, id, 'pending')).toBe(0);
      const byCampaign = await db
        .collection(`organizations/${org}/optOuts`)
        .where('campaignId', '==', id)
        .count()
        .get();
      expect(byCampaign.data().count).toBe(1);

      // What went out: the merge fields, the signed link and the one-click headers.
      const one = sent.find((m) => m.to[0]!.address === address(7))!;
      expect(one.subject).toBe('Hola Cliente');
      expect(one.text).toContain('Estimado Cliente 7 de Tegucigalpa: 20 % de descuento.');
      const header = (name: string) => one.headers.find((h) => h.name.toLowerCase() === name)?.value;
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(/^<https?:\/\/.+\/unsubscribe\?t=.+>$/);
      expect(header('x-trato-send-id')).toMatch(new RegExp(`^campaign_${id}_[0-9a-f]{64}$`));
    },
  );

  it('a static list; pause holds it, resume goes on; a crash between claim and send is retried once', async () => {
    const { admin, mailbox, t0 } = await sender('Camp Static');
    const org = admin.organizationId;
    const listId = await list(org, admin.uid, { kind: 'static' });
    const tag = uniqueEmail('st').split('@')[0]!;
    const seeds = [0, 1, 2].map((i) => ({
      name: `Socio ${i}`,
      email: `${tag}.${i}@x.example`,
      city: 'La Ceiba',
      listIds: [listId],
    }));
    seeds.push({ name: 'No', email: `${tag}.9@x.example`, city: 'La Ceiba', listIds: [] });
    await contacts(org, admin.uid, seeds, t0 - DAY_MS);
    const id = await campaign(org, admin.uid, listId, t0);

    // The first send dies between claim and Gmail: nothing sent, the claim left behind.
    expect(await runAt(org, t0 + 1000, { crashAfterClaim: true })).toMatchObject({ crashed: true });
    expect(await sentFrom(mailbox)).toHaveLength(0);
    // Paused by a member: a pass sends nothing.
    await db.doc(`organizations/${org}/campaigns/${id}`).update({ status: 'paused' });
    expect((await runAt(org, t0 + 2000)).campaigns?.sent ?? 0).toBe(0);
    // Resumed: the next pass after the paused recheck goes on, and the claim the crash left (older
    // than the claim timeout by then) is taken again — each address exactly once.
    await db.doc(`organizations/${org}/campaigns/${id}`).update({ status: 'sending' });
    await runAt(org, t0 + 11 * 60_000);
    const sent = await sentFrom(mailbox);
    expect(sent.map((m) => m.to[0]!.address).sort()).toEqual([0, 1, 2].map((i) => `${tag}.${i}@x.example`));
    expect(await campaignOf(org, id)).toMatchObject({ status: 'sent' });
  });

  it('fails as a whole when its author has no Gmail; a deleted contact is a failed recipient', async () => {
    const admin = await adminWithOrganization('Camp NoMail');
    await giveLiveSubscription(admin.organizationId);
    const org = admin.organizationId;
    const t0 = Date.now();
    const listId = await list(org, admin.uid, { kind: 'segment', city: 'Choluteca' });
    await contacts(org, admin.uid, [{ name: 'A', email: uniqueEmail('a'), city: 'Choluteca' }], t0 - 1000);
    const id = await campaign(org, admin.uid, listId, t0);
    await runAt(org, t0 + 1000);
    expect(await campaignOf(org, id)).toMatchObject({ status: 'failed' });
    expect(await runOf(org, id)).toMatchObject({ failureReason: 'mail-not-connected', nextRunAt: null });

    const { admin: other, mailbox, t0: t1 } = await sender('Camp Deleted');
    const org2 = other.organizationId;
    const list2 = await list(org2, other.uid, { kind: 'segment', city: 'Comayagua' });
    await contacts(
      org2,
      other.uid,
      [
        { name: 'Uno', email: uniqueEmail('one'), city: 'Comayagua' },
        { name: 'Dos', email: uniqueEmail('two'), city: 'Comayagua' },
      ],
      t1 - 1000,
    );
    const id2 = await campaign(org2, other.uid, list2, t1);
    // A cap of one a day: one goes on day 1; the other's contact is deleted before day 2.
    await runAt(org2, t1 + 1000, { dailyCap: 1 });
    const pending = await db
      .collection(`organizations/${org2}/campaigns/${id2}/recipients`)
      .where('status', '==', 'pending')
      .get();
    expect(pending.size).toBe(1);
    const { contactId, to } = pending.docs[0]!.data() as { contactId: string; to: string };
    await db.doc(`organizations/${org2}/contacts/${contactId}`).delete();
    await runAt(org2, t1 + DAY_MS, { dailyCap: 1 });
    expect(await sentFrom(mailbox)).toHaveLength(1);
    expect(await messagesTo(to)).toHaveLength(0);
    expect((await db.doc(pending.docs[0]!.ref.path).get()).data()).toMatchObject({
      status: 'failed',
      error: 'contact-missing',
    });
    expect(await campaignOf(org2, id2)).toMatchObject({ status: 'sent' });
  });

  it('previewCampaignAudience refuses bad input, non-members, members without the rights, a missing list', async () => {
    const { admin } = await sender('Camp Preview');
    const org = admin.organizationId;
    const listId = await list(org, admin.uid, { kind: 'static' });
    expect(await callOk('previewCampaignAudience', { organizationId: org, listId }, admin.idToken)).toEqual({
      contacts: 0,
      recipients: 0,
      noEmail: 0,
      unsubscribed: 0,
      noConsent: 0,
      duplicates: 0,
    });
    for (const bad of [{}, { organizationId: org }, { organizationId: org, listId: 'a/b' }, 'x'])
      expect((await callError('previewCampaignAudience', bad, admin.idToken)).status).toBe(
        'INVALID_ARGUMENT',
      );
    expect(
      await callError('previewCampaignAudience', { organizationId: org, listId: 'nope' }, admin.idToken),
    ).toMatchObject({ status: 'NOT_FOUND', details: { reason: 'not-found' } });
    const stranger = await adminWithOrganization('Camp Stranger');
    expect(
      await callError('previewCampaignAudience', { organizationId: org, listId }, stranger.idToken),
    ).toMatchObject({ status: 'PERMISSION_DENIED', details: { reason: 'not-member' } });
    const seller = await sellerOf(admin, {
      marketing: { view: true, create: true, edit: true, delete: false },
      contacts: { view: false, create: false, edit: false, delete: false },
    });
    expect(
      await callError('previewCampaignAudience', { organizationId: org, listId }, seller.idToken),
    ).toMatchObject({ status: 'PERMISSION_DENIED', details: { reason: 'no-right' } });
    expect(await callError('previewCampaignAudience', { organizationId: org, listId })).toMatchObject({
      status: 'UNAUTHENTICATED',
    });
  });

  it(
    "'marketing only with consent': the preview and the audience leave out the unconsented, a consent " +
      'withdrawn before its turn is skipped, and unsubscribing withdraws a consent with a record',
    async () => {
      const { admin, mailbox, t0 } = await sender('Camp Consent');
      const org = admin.organizationId;
      await db.doc(`organizations/${org}`).update({ marketingConsentRequired: true });
      const tag = uniqueEmail('cs').split('@')[0]!;
      const at = (i: number) => `${tag}.${i}@x.example`;
      const ids = await contacts(
        org,
        admin.uid,
        [
          { name: 'Sí 0', email: at(0), city: 'Comayagua', emailConsent: 'granted' },
          { name: 'Sí 1', email: at(1), city: 'Comayagua', emailConsent: 'granted' },
          { name: 'Pendiente', email: at(2), city: 'Comayagua', emailConsent: 'pending' },
          { name: 'Retirado', email: at(3), city: 'Comayagua', emailConsent: 'withdrawn' },
          { name: 'Nada', email: at(4), city: 'Comayagua' },
        ],
        t0 - DAY_MS,
      );
      const listId = await list(org, admin.uid, { kind: 'segment', city: 'Comayagua' });
      expect(await callOk('previewCampaignAudience', { organizationId: org, listId }, admin.idToken)).toEqual(
        {
          contacts: 5,
          recipients: 2,
          noEmail: 0,
          unsubscribed: 0,
          noConsent: 3,
          duplicates: 0,
        },
      );
      // A segment of the consented only.
      const consented = await list(org, admin.uid, { kind: 'segment', emailConsent: 'granted' });
      expect(
        await callOk('previewCampaignAudience', { organizationId: org, listId: consented }, admin.idToken),
      ).toMatchObject({ contacts: 2, recipients: 2 });

      const id = await campaign(org, admin.uid, listId, t0);
      // The first pass writes the audience and sends one (a run cap of 1) …
      await runAt(org, t0 + 1000, { runCap: 1 });
      expect((await runOf(org, id)).audience).toMatchObject({ recipients: 2, noConsent: 3 });
      const sent = await sentFrom(mailbox);
      expect(sent).toHaveLength(1);
      // … then the other withdraws before their turn: skipped, never sent.
      const first = sent[0]!.to[0]!.address;
      const other = first === at(0) ? 1 : 0;
      await db.doc(`organizations/${org}/contacts/${ids[other]}`).update({ emailConsent: 'withdrawn' });
      await runAt(org, t0 + 2000);
      expect((await sentFrom(mailbox)).map((m) => m.to[0]!.address)).toEqual([first]);
      expect(await recipientsWith(org, id, 'skipped')).toBe(1);
      const gotIt = ids[first === at(0) ? 0 : 1]!;

      // The one who got it unsubscribes: the consent is withdrawn, with the unsubscribe as its record.
      const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/.exec(sent[0]!.text ?? '')![0];
      const page = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(page.status).toBe(200);
      expect((await db.doc(`organizations/${org}/contacts/${gotIt}`).get()).get('emailConsent')).toBe(
        'withdrawn',
      );
      const records = await db
        .collection(`organizations/${org}/consents`)
        .where('contactId', '==', gotIt)
        .get();
      expect(records.docs.map((d) => d.data())).toEqual([
        expect.objectContaining({
          status: 'withdrawn',
          source: 'unsubscribe',
          sourceId: id,
          recordedBy: null,
        }),
      ]);
      const entry = await db.doc(`organizations/${org}/timeline/consent_${records.docs[0]!.id}`).get();
      expect(entry.data()).toMatchObject({ kind: 'consent', detail: 'withdrawn', contactId: gotIt });
    },
  );

  it(
    'the preference centre: a contact keeps one topic of two; campaigns of the other skip them, ' +
      'the kept one reaches them, and each change is a consent record of its topic',
    async () => {
      const { admin, mailbox, t0 } = await sender('Camp Topics');
      const org = admin.organizationId;
      const topic = async (name: string) => {
        const ref = db.collection(`organizations/${org}/topics`).doc();
        await ref.set({
          name,
          description: `Sobre ${name}`,
          createdAt: ts(0),
          createdBy: admin.uid,
          updatedAt: ts(0),
        });
        return ref.id;
      };
      const promos = await topic('Promociones');
      const news = await topic('Boletín');
      const listId = await list(org, admin.uid, { kind: 'static' });
      const email = uniqueEmail('topics');
      const [contactId] = await contacts(
        org,
        admin.uid,
        [{ name: 'Lía', email, city: 'Roatán', listIds: [listId] }],
        t0 - DAY_MS,
      );
      const first = await campaign(org, admin.uid, listId, t0, { topicId: promos, topicName: 'Promociones' });
      await runAt(org, t0 + 1000);
      const [mail] = await sentFrom(mailbox);
      const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/.exec(mail!.text ?? '')![0];
      const token = new URL(link).searchParams.get('t')!;

      // The page offers both topics, ticked, and the way out of everything.
      const page = await (await fetch(link)).text();
      expect(page).toContain('Preferencias de correo');
      expect(page).toContain(`name="topic" value="${promos}" checked`);
      expect(page).toContain(`name="topic" value="${news}" checked`);
      expect(page).toContain('Darse de baja de todo');

      // Keeps the newsletter only.
      const saved = await fetch(link.split('?')[0]!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `t=${encodeURIComponent(token)}&action=topics&topic=${news}`,
      });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain('Recibirá 1 de 2 temas');
      expect(
        (await db.doc(`organizations/${org}/topicOptOuts/${await optOutId(email)}`).get()).data(),
      ).toMatchObject({
        topicIds: [promos],
        contactId,
      });
      const records = await db
        .collection(`organizations/${org}/consents`)
        .where('contactId', '==', contactId)
        .get();
      expect(records.docs.map((d) => d.data())).toEqual([
        expect.objectContaining({
          status: 'withdrawn',
          source: 'preferences',
          topicId: promos,
          topicName: 'Promociones',
          sourceId: first,
        }),
      ]);
      expect(
        (await db.doc(`organizations/${org}/contacts/${contactId}`).get()).get('emailConsent'),
      ).toBeUndefined();
      // The same choice again changes nothing; the page now shows promotions unticked.
      await fetch(link.split('?')[0]!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `t=${encodeURIComponent(token)}&action=topics&topic=${news}`,
      });
      expect(
        (await db.collection(`organizations/${org}/consents`).where('contactId', '==', contactId).get()).size,
      ).toBe(1);
      expect(await (await fetch(link)).text()).toContain(`name="topic" value="${promos}">`);

      // Another promotion: left out as unsubscribed (the preview says so too); a newsletter arrives.
      expect(
        await callOk(
          'previewCampaignAudience',
          { organizationId: org, listId, topicId: promos },
          admin.idToken,
        ),
      ).toMatchObject({ recipients: 0, unsubscribed: 1 });
      const second = await campaign(org, admin.uid, listId, t0 + 2000, {
        topicId: promos,
        topicName: 'Promociones',
      });
      const third = await campaign(org, admin.uid, listId, t0 + 2000, {
        topicId: news,
        topicName: 'Boletín',
      });
      await runAt(org, t0 + 3000);
      expect(await sentFrom(mailbox)).toHaveLength(2);
      expect(await recipientsWith(org, second, 'skipped')).toBe(1);
      expect(await recipientsWith(org, third, 'sent')).toBe(1);
    },
  );
});
