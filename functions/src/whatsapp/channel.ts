// The organization's WhatsApp Business number (Ajustes → Canales, admins): connecting checks the
// token against the number, subscribes the account to Trato's app (so its webhook events come to
// whatsappWebhook) and keeps the token encrypted; a number belongs to one organization at a time
// (whatsappNumbers/{phoneNumberId} routes its events). Disconnecting forgets the token and the route.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import {
  callingCodeFor,
  DEFAULT_OPT_OUT_KEYWORDS,
  paths,
  type WhatsAppCallables,
  type WhatsAppChannel,
  type WhatsAppNumberRoute,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { directReader, requireAdmin } from '../common/store.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import { decryptToken, encryptToken, parseTokenKey, type EncryptedToken } from '../mail/tokenCrypto.js';
import { graphRequest, type GraphConfig } from './graph.js';

/** whatsappTokens/{orgId}: server-only (rules deny every client). */
interface StoredWhatsAppToken {
  phoneNumberId: string;
  wabaId: string;
  accessToken: EncryptedToken;
  updatedAt: FirebaseFirestore.Timestamp | FieldValue;
}

/** A connected number and its token, ready for Graph calls. */
export interface ChannelAccess {
  organizationId: string;
  channel: WhatsAppChannel<FirebaseFirestore.Timestamp>;
  token: string;
}

/** The organization's channel and its decrypted token, or null when none is connected. */
export async function loadChannel(
  firestore: Firestore,
  config: Pick<GraphConfig, 'tokenKey'>,
  organizationId: string,
): Promise<ChannelAccess | null> {
  const [channelSnap, tokenSnap] = await Promise.all([
    firestore.doc(paths.whatsappChannel(organizationId)).get(),
    firestore.doc(paths.whatsappToken(organizationId)).get(),
  ]);
  const channel = channelSnap.data() as WhatsAppChannel<FirebaseFirestore.Timestamp> | undefined;
  const stored = tokenSnap.data() as StoredWhatsAppToken | undefined;
  if (!channel || !stored) return null;
  const token = decryptToken(parseTokenKey(config.tokenKey), stored.accessToken, organizationId);
  return { organizationId, channel, token };
}

/** The platform refused the organization's token: the channel needs an admin (Ajustes → Canales). */
export async function markChannelBroken(firestore: Firestore, organizationId: string, detail: string) {
  await firestore
    .doc(paths.whatsappChannel(organizationId))
    .update({ status: 'broken', lastError: detail.slice(0, 500), updatedAt: FieldValue.serverTimestamp() })
    .catch(() => undefined);
}

interface PhoneNumberInfo {
  id: string;
  display_phone_number: string;
  verified_name: string;
}

export async function connectWhatsAppCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<WhatsAppCallables['connectWhatsApp']['out']> {
  const { organizationId, phoneNumberId, wabaId, accessToken } = parseInput('connectWhatsApp', data);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  await requireLiveSubscription(firestore, organizationId, nowMs);

  const route = (await firestore.doc(paths.whatsappNumber(phoneNumberId)).get()).data() as
    WhatsAppNumberRoute | undefined;
  if (route && route.organizationId !== organizationId)
    fail('already-exists', 'This number is connected to another organization.', { reason: 'number-taken' });

  const info = await graphRequest<PhoneNumberInfo>(
    config,
    accessToken,
    'GET',
    `${phoneNumberId}?fields=display_phone_number,verified_name`,
  );
  if (!info.ok) {
    if (info.failure === 'auth')
      fail('failed-precondition', `WhatsApp refused the token: ${info.message}`, { reason: 'token-refused' });
    fail('not-found', `WhatsApp does not know this number: ${info.message}`, { reason: 'number-not-found' });
  }
  const subscribed = await graphRequest<{ success: boolean }>(
    config,
    accessToken,
    'POST',
    `${wabaId}/subscribed_apps`,
  );
  if (!subscribed.ok) {
    if (subscribed.failure === 'auth')
      fail('failed-precondition', `WhatsApp refused the token for this account: ${subscribed.message}`, {
        reason: 'token-refused',
      });
    fail('not-found', `WhatsApp does not know this account: ${subscribed.message}`, {
      reason: 'number-not-found',
    });
  }

  const now = FieldValue.serverTimestamp();
  const channelRef = firestore.doc(paths.whatsappChannel(organizationId));
  await firestore.runTransaction(async (tx) => {
    const [routeSnap, previous, organization] = await Promise.all([
      tx.get(firestore.doc(paths.whatsappNumber(phoneNumberId))),
      tx.get(channelRef),
      tx.get(firestore.doc(paths.organization(organizationId))),
    ]);
    const owner = (routeSnap.data() as WhatsAppNumberRoute | undefined)?.organizationId;
    if (owner && owner !== organizationId)
      fail('already-exists', 'This number is connected to another organization.', { reason: 'number-taken' });
    const before = previous.data() as WhatsAppChannel | undefined;
    // Another number replaced: its route goes.
    if (before && before.phoneNumberId !== phoneNumberId)
      tx.delete(firestore.doc(paths.whatsappNumber(before.phoneNumberId)));
    const channel: WhatsAppChannel<FieldValue> = {
      status: 'connected',
      phoneNumberId,
      wabaId,
      displayPhoneNumber: info.data.display_phone_number,
      verifiedName: info.data.verified_name,
      // Settings survive a reconnection.
      callingCode: before?.callingCode ?? callingCodeFor(organization.get('country') as string | null),
      optOutKeywords: before?.optOutKeywords ?? [...DEFAULT_OPT_OUT_KEYWORDS],
      lastError: null,
      connectedBy: caller.uid,
      connectedAt: now,
      updatedAt: now,
    };
    tx.set(channelRef, channel);
    const stored: StoredWhatsAppToken = {
      phoneNumberId,
      wabaId,
      accessToken: encryptToken(parseTokenKey(config.tokenKey), accessToken, organizationId),
      updatedAt: now,
    };
    tx.set(firestore.doc(paths.whatsappToken(organizationId)), stored);
    const newRoute: WhatsAppNumberRoute = { organizationId, wabaId };
    tx.set(firestore.doc(paths.whatsappNumber(phoneNumberId)), newRoute);
  });
  return { displayPhoneNumber: info.data.display_phone_number, verifiedName: info.data.verified_name };
}

export async function disconnectWhatsAppCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
): Promise<WhatsAppCallables['disconnectWhatsApp']['out']> {
  const { organizationId } = parseInput('disconnectWhatsApp', data);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  const access = await loadChannel(firestore, config, organizationId).catch(() => null);
  const channel = (await firestore.doc(paths.whatsappChannel(organizationId)).get()).data() as
    WhatsAppChannel | undefined;
  if (!channel) return { disconnected: false };
  // Best effort: the account stops sending Trato its events (the token may already be revoked).
  if (access) await graphRequest(config, access.token, 'DELETE', `${channel.wabaId}/subscribed_apps`);
  const batch = firestore.batch();
  batch.delete(firestore.doc(paths.whatsappChannel(organizationId)));
  batch.delete(firestore.doc(paths.whatsappToken(organizationId)));
  const route = await firestore.doc(paths.whatsappNumber(channel.phoneNumberId)).get();
  if (route.get('organizationId') === organizationId) batch.delete(route.ref);
  await batch.commit();
  return { disconnected: true };
}

export async function setWhatsAppSettingsCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<WhatsAppCallables['setWhatsAppSettings']['out']> {
  const { organizationId, optOutKeywords, callingCode } = parseInput('setWhatsAppSettings', data);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  const ref = firestore.doc(paths.whatsappChannel(organizationId));
  const keywords = [...new Set(optOutKeywords.map((k) => k.toUpperCase()))];
  await firestore.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists)
      fail('failed-precondition', 'Connect a WhatsApp number first.', { reason: 'not-connected' });
    tx.update(ref, { optOutKeywords: keywords, callingCode, updatedAt: FieldValue.serverTimestamp() });
  });
  return { saved: true };
}
