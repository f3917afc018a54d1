// The WhatsApp channel against the local cloud and the local WhatsApp (issue 33): the real
// callables speak Graph to the stand-in, and the stand-in's signed webhooks reach the real
// whatsappWebhook in the Functions emulator. Each test connects its own number (one organization
// per number), made with the stand-in's accounts control.
import { createHmac } from 'node:crypto';

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { sendLogId } from '@trato/model';

import {
  adminWithOrganization,
  callError,
  callOk,
  db,
  eventually,
  giveLiveSubscription,
  projectId,
  runOutboxAt,
  sellerOf,
} from './cloud.js';

const waOrigin = `http://${process.env.WHATSAPP_EMULATOR_HOST ?? '127.0.0.1:9650'}`;
const webhookUrl = `${process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001'}/${projectId}/us-central1/whatsappWebhook`;
/** The development app secret and verify token (scripts/local-cloud.mjs, the stand-in's defaults). */
const APP_SECRET = 'trato-local-whatsapp-app-secret-0000';
const VERIFY_TOKEN = 'trato-local-whatsapp-verify-token';

async function waControl<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${waOrigin}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`whatsapp control ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Account {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  accessToken: string;
}
interface StandInMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  waId: string;
  type: string;
  text: string;
  status?: string;
}

type Admin = Awaited<ReturnType<typeof adminWithOrganization>>;

/** An organization with a live subscription and its own connected number. */
async function connected(company: string): Promise<{ admin: Admin; account: Account; org: string }> {
  const admin = await adminWithOrganization(company);
  await giveLiveSubscription(admin.organizationId);
  const account = await waControl<Account>('accounts', { verifiedName: company });
  await callOk(
    'connectWhatsApp',
    {
      organizationId: admin.organizationId,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
    },
    admin.idToken,
  );
  return { admin, account, org: admin.organizationId };
}

/** A fresh Honduran mobile number in its local form ('9xxx-xxxx') and as WhatsApp knows it. */
function honduranNumber(): { local: string; waId: string } {
  const digits = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { local: `${digits.slice(0, 4)}-${digits.slice(4)}`, waId: `504${digits}` };
}

async function contactWithPhone(org: string, uid: string, name: string, phone: string, consent?: string) {
  const ref = db.collection(`organizations/${org}/contacts`).doc();
  const now = Timestamp.now();
  const digits = phone.replace(/\D/g, '');
  // The search tokens a phone gives (search.ts): its compact digits among them.
  const tokens = [digits.slice(0, 2), digits];
  await ref.set({
    name,
    email: null,
    phone,
    companyId: null,
    status: 'active',
    isCustomer: false,
    lifecycleStage: 'lead',
    ownerId: uid,
    ...(consent && { whatsappConsent: consent }),
    searchTokens: tokens,
    searchIndex: Object.fromEntries(tokens.map((t) => [t, true])),
    createdAt: now,
    createdBy: uid,
    updatedAt: now,
  });
  return ref.id;
}

const inbound = (account: Account, from: string, text: string, extra: Record<string, unknown> = {}) =>
  waControl<{ id: string }>('inbound', {
    phoneNumberId: account.phoneNumberId,
    from,
    name: 'Marta',
    text,
    ...extra,
  });

const messagesOf = async (org: string, contactId: string) =>
  (await db.collection(`organizations/${org}/waMessages`).where('contactId', '==', contactId).get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string },
  );

const conversationOf = async (org: string, contactId: string) =>
  (await db.doc(`organizations/${org}/waConversations/${contactId}`).get()).data();

const sentTo = (account: Account, waId: string) =>
  waControl<{ messages: StandInMessage[] }>(
    `messages?phoneNumberId=${account.phoneNumberId}&wa_id=${waId}&direction=outbound`,
  ).then((r) => r.messages);

async function approvedTemplate(
  admin: Admin,
  account: Account,
  name: string,
  body = 'Hola {{1}}, tenemos novedades de {{2}}.',
) {
  const { templateId } = await callOk<{ templateId: string; status: string }>(
    'createWaTemplate',
    {
      organizationId: admin.organizationId,
      name,
      language: 'es',
      category: 'marketing',
      header: null,
      body,
      footer: 'Responde BAJA para no recibir más',
      buttons: ['Me interesa'],
      variables: [
        { source: 'firstName', fallback: 'cliente' },
        { source: 'senderName', fallback: 'Trato' },
      ],
    },
    admin.idToken,
  );
  const template = db.doc(`organizations/${admin.organizationId}/waTemplates/${templateId}`);
  await waControl('templates/status', { wabaId: account.wabaId, name, language: 'es', status: 'APPROVED' });
  await eventually(
    async () => (await template.get()).get('status') as string,
    (s) => s === 'approved',
  );
  return templateId;
}

describe('connecting a number', () => {
  it('checks the token against the number, keeps it encrypted, routes the number to one organization, and forgets it all on disconnect', async () => {
    const admin = await adminWithOrganization('WA Connect');
    await giveLiveSubscription(admin.organizationId);
    const org = admin.organizationId;
    const account = await waControl<Account>('accounts', { verifiedName: 'Ferretería Connect' });
    const input = {
      organizationId: org,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
    };

    // A wrong token, an unknown number, bad input, a seller: refused, nothing kept.
    expect(
      (await callError('connectWhatsApp', { ...input, accessToken: 'EAAwrong' }, admin.idToken)).details
        ?.reason,
    ).toBe('token-refused');
    expect(
      (await callError('connectWhatsApp', { ...input, phoneNumberId: '999999999999999' }, admin.idToken))
        .details?.reason,
    ).toBe('number-not-found');
    const bad = await callError('connectWhatsApp', { ...input, phoneNumberId: '12/34' }, admin.idToken);
    expect([bad.status, bad.details?.field]).toEqual(['INVALID_ARGUMENT', 'phoneNumberId']);
    const seller = await sellerOf(admin);
    expect((await callError('connectWhatsApp', input, seller.idToken)).details?.reason).toBe('not-admin');
    expect((await db.doc(`organizations/${org}/channels/whatsapp`).get()).exists).toBe(false);

    expect(await callOk('connectWhatsApp', input, admin.idToken)).toEqual({
      displayPhoneNumber: account.displayPhoneNumber,
      verifiedName: 'Ferretería Connect',
    });
    const channel = (await db.doc(`organizations/${org}/channels/whatsapp`).get()).data()!;
    expect(channel).toMatchObject({
      status: 'connected',
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      callingCode: '504',
      optOutKeywords: ['STOP', 'BAJA', 'PARAR', 'CANCELAR'],
      connectedBy: admin.uid,
    });
    const stored = (await db.doc(`whatsappTokens/${org}`).get()).data()!;
    expect(JSON.stringify(stored)).not.toContain(account.accessToken);
    expect((await db.doc(`whatsappNumbers/${account.phoneNumberId}`).get()).data()).toEqual({
      organizationId: org,
      wabaId: account.wabaId,
    });
    // The account now sends Trato its events.
    const accounts = await waControl<{ accounts: (Account & { subscribed: boolean })[] }>('accounts');
    expect(accounts.accounts.find((a) => a.wabaId === account.wabaId)?.subscribed).toBe(true);

    // Another organization cannot take the number.
    const other = await adminWithOrganization('WA Other');
    await giveLiveSubscription(other.organizationId);
    expect(
      (await callError('connectWhatsApp', { ...input, organizationId: other.organizationId }, other.idToken))
        .details?.reason,
    ).toBe('number-taken');

    // Settings: keywords upper-cased once each, the calling code checked.
    await callOk(
      'setWhatsAppSettings',
      { organizationId: org, optOutKeywords: ['baja', 'Stop', 'BAJA'], callingCode: '502' },
      admin.idToken,
    );
    expect((await db.doc(`organizations/${org}/channels/whatsapp`).get()).data()).toMatchObject({
      optOutKeywords: ['BAJA', 'STOP'],
      callingCode: '502',
    });
    expect(
      (
        await callError(
          'setWhatsAppSettings',
          { organizationId: org, optOutKeywords: ['BAJA'], callingCode: '+5x' },
          admin.idToken,
        )
      ).details?.field,
    ).toBe('callingCode');

    expect(await callOk('disconnectWhatsApp', { organizationId: org }, admin.idToken)).toEqual({
      disconnected: true,
    });
    expect((await db.doc(`organizations/${org}/channels/whatsapp`).get()).exists).toBe(false);
    expect((await db.doc(`whatsappTokens/${org}`).get()).exists).toBe(false);
    expect((await db.doc(`whatsappNumbers/${account.phoneNumberId}`).get()).exists).toBe(false);
  });
});

describe('the webhook', () => {
  it('answers the verification handshake only with the verify token', async () => {
    const ok = await fetch(
      `${webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=4242`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '4242']);
    const wrong = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=4242`);
    expect(wrong.status).toBe(403);
  });

  it('refuses a body whose signature does not match (400, nothing written) and takes a signed one', async () => {
    const { admin, account, org } = await connected('WA Signature');
    const number = honduranNumber();
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: account.displayPhoneNumber,
                  phone_number_id: account.phoneNumberId,
                },
                contacts: [{ wa_id: number.waId, profile: { name: 'Forjada' } }],
                messages: [
                  {
                    from: number.waId,
                    id: `wamid.forged${Date.now()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'hola' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const sign = (secret: string) => `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
    const post = (signature: string | null) =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'x-hub-signature-256': signature }),
        },
        body: payload,
      });
    expect((await post(null)).status).toBe(400);
    expect((await post(sign('another-secret'))).status).toBe(400);
    const contactsBefore = await db.collection(`organizations/${org}/contacts`).count().get();
    expect(contactsBefore.data().count).toBe(0);

    expect((await post(sign(APP_SECRET))).status).toBe(200);
    const contacts = await db.collection(`organizations/${org}/contacts`).get();
    expect(contacts.docs.map((d) => [d.get('name'), d.get('lifecycleStage'), d.get('ownerId')])).toEqual([
      ['Forjada', 'lead', admin.uid],
    ]);
    // The same delivery again: nothing added.
    expect((await post(sign(APP_SECRET))).status).toBe(200);
    expect(await messagesOf(org, contacts.docs[0]!.id)).toHaveLength(1);
  });

  it('puts an inbound message in its contact’s thread once (a local number matched), counts it unread and opens the window', async () => {
    const { admin, account, org } = await connected('WA Inbound');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Marta Reyes', number.local);
    const { id } = await inbound(account, `+504 ${number.local}`, 'Hola, ¿tienen cemento?');
    await eventually(
      () => messagesOf(org, contactId),
      (m) => m.length === 1,
    );
    // A redelivery of the same message (the stand-in reuses the id): still one.
    await inbound(account, number.waId, 'Hola, ¿tienen cemento?', { id });
    await waControl('deliveries/drain', {});
    const messages = await messagesOf(org, contactId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      direction: 'in',
      kind: 'text',
      text: 'Hola, ¿tienen cemento?',
      status: 'received',
      wamid: id,
    });
    const conversation = (await conversationOf(org, contactId))!;
    expect(conversation).toMatchObject({
      contactName: 'Marta Reyes',
      waId: number.waId,
      unreadCount: 1,
      lastDirection: 'in',
      lastMessageText: 'Hola, ¿tienen cemento?',
      assigneeId: null,
    });
    expect(conversation.lastInboundAt).not.toBeNull();
    // The day's exchange on the contact's timeline.
    const timeline = await db
      .collection(`organizations/${org}/timeline`)
      .where('contactId', '==', contactId)
      .where('kind', '==', 'whatsapp')
      .get();
    expect(timeline.size).toBe(1);
    // No new contact was made for a known number.
    expect((await db.collection(`organizations/${org}/contacts`).count().get()).data().count).toBe(1);
  });
});

describe('templates', () => {
  it('are checked, submitted pending, and follow the platform’s verdicts (webhook and Actualizar)', async () => {
    const { admin, account, org } = await connected('WA Templates');
    const base = {
      organizationId: org,
      name: 'bienvenida_cliente',
      language: 'es',
      category: 'utility',
      header: null,
      body: 'Hola {{1}}, gracias por tu compra.',
      footer: null,
      buttons: [],
      variables: [{ source: 'firstName', fallback: 'cliente' }],
    };
    // A name the platform refuses, variables not numbered from 1, a missing source: template-invalid.
    for (const bad of [
      { name: 'Bienvenida Cliente' },
      { body: 'Hola {{2}}' },
      { variables: [] },
      { buttons: ['Sí', 'sí'] },
    ])
      expect((await callError('createWaTemplate', { ...base, ...bad }, admin.idToken)).details?.reason).toBe(
        'template-invalid',
      );
    const created = await callOk<{ templateId: string; status: string }>(
      'createWaTemplate',
      base,
      admin.idToken,
    );
    expect(created.status).toBe('pending');
    const ref = db.doc(`organizations/${org}/waTemplates/${created.templateId}`);
    expect((await ref.get()).data()).toMatchObject({
      name: 'bienvenida_cliente',
      status: 'pending',
      createdBy: admin.uid,
    });
    expect((await callError('createWaTemplate', base, admin.idToken)).details?.reason).toBe(
      'template-exists',
    );

    await waControl('templates/status', {
      wabaId: account.wabaId,
      name: 'bienvenida_cliente',
      language: 'es',
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });
    await eventually(
      async () => (await ref.get()).data()!,
      (t) => t.status === 'rejected',
    );
    expect((await ref.get()).get('rejectedReason')).toBe('INVALID_FORMAT');

    // The webhook is not the only way: Actualizar reads the statuses from the platform.
    await waControl('templates/status', {
      wabaId: account.wabaId,
      name: 'bienvenida_cliente',
      language: 'es',
      status: 'APPROVED',
    });
    await callOk('syncWaTemplates', { organizationId: org }, admin.idToken);
    expect((await ref.get()).data()).toMatchObject({ status: 'approved', rejectedReason: null });

    const seller = await sellerOf(admin, {
      marketing: { view: true, create: false, edit: false, delete: false },
    });
    expect(
      (await callError('createWaTemplate', { ...base, name: 'otra' }, seller.idToken)).details?.reason,
    ).toBe('no-right');
    expect(
      (
        await callError(
          'deleteWaTemplate',
          { organizationId: org, templateId: created.templateId },
          seller.idToken,
        )
      ).details?.reason,
    ).toBe('no-right');

    expect(
      await callOk(
        'deleteWaTemplate',
        { organizationId: org, templateId: created.templateId },
        admin.idToken,
      ),
    ).toEqual({ deleted: true });
    expect((await ref.get()).exists).toBe(false);
    const left = await waControl<{ templates: { name: string }[] }>('templates');
    expect(
      left.templates.some((t) => t.name === 'bienvenida_cliente' && (t as { wabaId?: string }).wabaId),
    ).toBe(false);
  });
});

describe('sending', () => {
  it('keeps the 24-hour rule and consent, sends inside the window, and moves the ticks forward only (out of order and duplicated)', async () => {
    const { admin, account, org } = await connected('WA Window');
    await waControl('auto-statuses', { enabled: false });
    try {
      const number = honduranNumber();
      const contactId = await contactWithPhone(org, admin.uid, 'Rosa Díaz', `+504 ${number.local}`);
      const send = (data: Record<string, unknown>) => ({ organizationId: org, contactId, ...data });
      const templateId = await approvedTemplate(admin, account, `promo_${Date.now().toString(36)}`);

      // Never wrote, no consent: neither a text nor a template.
      expect((await callError('sendWhatsApp', send({ text: 'Hola' }), admin.idToken)).details?.reason).toBe(
        'no-consent',
      );
      expect((await callError('sendWhatsApp', send({ templateId }), admin.idToken)).details?.reason).toBe(
        'no-consent',
      );
      // Both or neither: refused.
      expect((await callError('sendWhatsApp', send({ text: 'a', templateId }), admin.idToken)).status).toBe(
        'INVALID_ARGUMENT',
      );

      // She consents (recorded by a member), and wrote 25 hours ago: the window is closed for text.
      await callOk(
        'setContactConsent',
        { organizationId: org, contactId, status: 'granted', channel: 'whatsapp', text: 'Por teléfono' },
        admin.idToken,
      );
      await inbound(account, number.waId, 'Hola', { timestamp: Math.floor(Date.now() / 1000) - 25 * 3600 });
      await eventually(
        () => messagesOf(org, contactId),
        (m) => m.length === 1,
      );
      expect(
        (await callError('sendWhatsApp', send({ text: 'Hola Rosa' }), admin.idToken)).details?.reason,
      ).toBe('window-closed');

      // She writes now: a free-form answer goes.
      await inbound(account, number.waId, '¿Siguen abiertos?');
      await eventually(
        () => messagesOf(org, contactId),
        (m) => m.length === 2,
      );
      const sent = await callOk<{ messageId: string; status: string; failure: null }>(
        'sendWhatsApp',
        send({ text: 'Sí, hasta las 6.' }),
        admin.idToken,
      );
      expect(sent).toMatchObject({ status: 'pending', failure: null });
      const onPhone = await sentTo(account, number.waId);
      expect(onPhone.map((m) => m.text)).toEqual(['Sí, hasta las 6.']);
      const wamid = onPhone[0]!.id;
      const ref = db.doc(`organizations/${org}/waMessages/${sent.messageId}`);
      expect((await ref.get()).get('wamid')).toBe(wamid);

      // read, delivered, sent — out of order and each twice: it ends read, never back.
      await waControl('statuses', {
        messageId: wamid,
        statuses: ['read', 'delivered', 'sent'],
        duplicate: true,
      });
      await waControl('deliveries/drain', {});
      await eventually(
        async () => (await ref.get()).get('status') as string,
        (s) => s === 'read',
      );
      await waControl('statuses', { messageId: wamid, statuses: ['sent'] });
      await waControl('deliveries/drain', {});
      expect((await ref.get()).get('status')).toBe('read');
      expect((await conversationOf(org, contactId))!).toMatchObject({
        lastDirection: 'out',
        lastMessageText: 'Sí, hasta las 6.',
      });
    } finally {
      await waControl('auto-statuses', { enabled: true });
    }
  });

  it('sends an approved template to a consenting contact, filled with her values; an unreachable number fails with its reason', async () => {
    const { admin, account, org } = await connected('WA Template Send');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Lucía Flores', number.local, 'granted');
    const templateId = await approvedTemplate(admin, account, `novedades_${Date.now().toString(36)}`);
    const sent = await callOk<{ messageId: string }>(
      'sendWhatsApp',
      { organizationId: org, contactId, templateId },
      admin.idToken,
    );
    const [onPhone] = await sentTo(account, number.waId);
    expect(onPhone!.text).toContain('Hola Lucía, tenemos novedades de Admin Test.');
    const ref = db.doc(`organizations/${org}/waMessages/${sent.messageId}`);
    expect((await ref.get()).data()).toMatchObject({ kind: 'template', templateId, direction: 'out' });
    // The stand-in's automatic statuses arrive: delivered.
    await eventually(
      async () => (await ref.get()).get('status') as string,
      (s) => s === 'delivered',
    );

    // A number not on WhatsApp: accepted, then failed with the reason.
    const gone = honduranNumber();
    await waControl('recipients', { phone: gone.waId, onWhatsApp: false });
    const other = await contactWithPhone(org, admin.uid, 'Sin WhatsApp', gone.local, 'granted');
    const failed = await callOk<{ messageId: string }>(
      'sendWhatsApp',
      { organizationId: org, contactId: other, templateId },
      admin.idToken,
    );
    const failedRef = db.doc(`organizations/${org}/waMessages/${failed.messageId}`);
    await eventually(
      async () => (await failedRef.get()).data()!,
      (m) => m.status === 'failed',
    );
    expect((await failedRef.get()).get('failure')).toBe('not-on-whatsapp');

    // The platform's rate limit: kept as failed with the reason, answered.
    await waControl('failures', { code: 130429, count: 1 });
    const limited = await callOk<{ failure: string }>(
      'sendWhatsApp',
      { organizationId: org, contactId, templateId },
      admin.idToken,
    );
    expect(limited.failure).toBe('rate-limited');
  });

  it('refuses outsiders, members without the right, a lapsed subscription and an organization without a number', async () => {
    const { admin, org } = await connected('WA Attacks');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Ana', number.local, 'granted');
    const input = { organizationId: org, contactId, text: 'hola' };
    const outsider = await adminWithOrganization('WA Outsider');
    expect((await callError('sendWhatsApp', input, outsider.idToken)).details?.reason).toBe('not-member');
    const viewer = await sellerOf(admin, {
      conversations: { view: true, create: false, edit: false, delete: false },
    });
    expect((await callError('sendWhatsApp', input, viewer.idToken)).details?.reason).toBe('no-right');
    const unsigned = await callError('sendWhatsApp', input);
    expect(unsigned.status).toBe('UNAUTHENTICATED');
    expect(
      (await callError('sendWhatsApp', { ...input, contactId: 'no-such' }, admin.idToken)).details?.reason,
    ).toBe('not-found');

    const bare = await adminWithOrganization('WA Bare');
    await giveLiveSubscription(bare.organizationId);
    expect(
      (await callError('sendWhatsApp', { ...input, organizationId: bare.organizationId }, bare.idToken))
        .details?.reason,
    ).toBe('not-connected');

    await db
      .doc(`organizations/${org}/billing/subscription`)
      .update({ status: 'canceled', currentPeriodEnd: Timestamp.fromMillis(Date.now() - 5 * 86_400_000) });
    expect((await callError('sendWhatsApp', input, admin.idToken)).details?.reason).toBe(
      'subscription-inactive',
    );
  });
});

describe('opting out', () => {
  it('BAJA withdraws the contact’s WhatsApp consent at once, tells them, and nothing more can be sent', async () => {
    const { admin, account, org } = await connected('WA Opt Out');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Pedro Cruz', number.local, 'granted');
    const templateId = await approvedTemplate(admin, account, `oferta_${Date.now().toString(36)}`);
    await inbound(account, number.waId, ' baja. ');
    const contact = db.doc(`organizations/${org}/contacts/${contactId}`);
    await eventually(
      async () => (await contact.get()).get('whatsappConsent') as string,
      (c) => c === 'withdrawn',
    );
    const consents = await db
      .collection(`organizations/${org}/consents`)
      .where('contactId', '==', contactId)
      .get();
    expect(
      consents.docs.map((d) => [d.get('channel'), d.get('status'), d.get('source'), d.get('text')]),
    ).toEqual([['whatsapp', 'withdrawn', 'keyword', expect.stringMatching(/baja\./)]]);
    const [confirmation] = await sentTo(account, number.waId);
    expect(confirmation!.text).toMatch(/no te enviaremos más mensajes/);
    expect(
      (await callError('sendWhatsApp', { organizationId: org, contactId, templateId }, admin.idToken)).details
        ?.reason,
    ).toBe('opted-out');
    // A member may record a new opt-in (e.g. given in the shop) — it needs a phone, which she has.
    await callOk(
      'setContactConsent',
      {
        organizationId: org,
        contactId,
        status: 'granted',
        channel: 'whatsapp',
        text: 'Dijo que sí en la tienda',
      },
      admin.idToken,
    );
    expect((await contact.get()).get('whatsappConsent')).toBe('granted');
    expect((await contact.get()).get('emailConsent')).toBeUndefined();
  });
});

describe('a sequence with WhatsApp and task steps', () => {
  it('sends the template step once through the number and creates the task step’s task for the member who enrolled', async () => {
    const { admin, account, org } = await connected('WA Sequence');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Elena Paz', number.local, 'granted');
    const templateId = await approvedTemplate(admin, account, `seguimiento_${Date.now().toString(36)}`);
    const t0 = Date.now();
    const now = Timestamp.fromMillis(t0);
    const seq = db.collection(`organizations/${org}/sequences`).doc();
    await seq.set({
      name: 'WhatsApp',
      description: null,
      isActive: true,
      createdAt: now,
      createdBy: admin.uid,
      updatedAt: now,
    });
    const steps = [
      { type: 'whatsapp', subject: '', body: '', templateId, delayDays: 0 },
      { type: 'task', subject: 'Llamar a {{nombre}}', body: 'Preguntar por el pedido', delayDays: 0 },
      { type: 'wait', subject: '', body: '', delayDays: 2 },
    ];
    const stepIds: string[] = [];
    for (const [i, step] of steps.entries()) {
      const ref = seq.collection('steps').doc();
      await ref.set({ stepOrder: i + 1, ...step, createdAt: now, createdBy: admin.uid, updatedAt: now });
      stepIds.push(ref.id);
    }
    await seq.collection('enrollments').doc(contactId).set({
      contactId,
      status: 'active',
      currentStep: 0,
      nextSendAt: now,
      createdAt: now,
      createdBy: admin.uid,
      updatedAt: now,
    });
    await runOutboxAt(org, t0 + 1000);
    await runOutboxAt(org, t0 + 2000);
    const onPhone = await sentTo(account, number.waId);
    expect(onPhone.map((m) => m.text)).toEqual([expect.stringContaining('Hola Elena')]);
    const log = (
      await db.doc(`organizations/${org}/sendLog/${sendLogId(seq.id, contactId, stepIds[0]!)}`).get()
    ).data()!;
    expect(log).toMatchObject({ status: 'sent', messageId: onPhone[0]!.id, to: number.waId });
    const task = (
      await db.doc(`organizations/${org}/tasks/${sendLogId(seq.id, contactId, stepIds[1]!)}`).get()
    ).data()!;
    expect(task).toMatchObject({
      title: 'Llamar a Elena',
      assigneeIds: [admin.uid],
      contactId,
      status: 'pending',
    });
    // Passes later: the wait step ends the sequence; nothing is sent twice.
    await runOutboxAt(org, t0 + 3 * 86_400_000);
    await runOutboxAt(org, t0 + 3 * 86_400_000 + 1000);
    expect(await sentTo(account, number.waId)).toHaveLength(1);
    const enrollment = (await seq.collection('enrollments').doc(contactId).get()).data()!;
    expect(enrollment.status).toBe('completed');
  });
  it('a message from the enrolled contact ends the enrolment before its next step (replied)', async () => {
    const { admin, account, org } = await connected('WA Reply');
    const number = honduranNumber();
    const contactId = await contactWithPhone(org, admin.uid, 'Iris Mejía', number.local, 'granted');
    const templateId = await approvedTemplate(admin, account, `recordatorio_${Date.now().toString(36)}`);
    const t0 = Date.now();
    const now = Timestamp.fromMillis(t0 - 60_000);
    const seq = db.collection(`organizations/${org}/sequences`).doc();
    await seq.set({
      name: 'Dos pasos',
      description: null,
      isActive: true,
      createdAt: now,
      createdBy: admin.uid,
      updatedAt: now,
    });
    for (const [i, delayDays] of [0, 1].entries())
      await seq
        .collection('steps')
        .doc()
        .set({
          stepOrder: i + 1,
          type: 'whatsapp',
          subject: '',
          body: '',
          templateId,
          delayDays,
          createdAt: now,
          createdBy: admin.uid,
          updatedAt: now,
        });
    const enrollment = seq.collection('enrollments').doc(contactId);
    await enrollment.set({
      contactId,
      status: 'active',
      currentStep: 0,
      nextSendAt: now,
      createdAt: now,
      createdBy: admin.uid,
      updatedAt: now,
    });
    await runOutboxAt(org, t0);
    expect(await sentTo(account, number.waId)).toHaveLength(1);
    await inbound(account, number.waId, 'Gracias, ya compré');
    await eventually(
      async () => (await enrollment.get()).get('status') as string,
      (s) => s === 'replied',
    );
    await runOutboxAt(org, t0 + 2 * 86_400_000);
    expect(await sentTo(account, number.waId)).toHaveLength(1);
  });
});
