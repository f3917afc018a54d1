// Connecting a member's Gmail: the start (authorization URL with a single-use state), the return
// (state check, code exchange, encrypted refresh token) and the disconnection (revoke + forget).
import { randomBytes } from 'node:crypto';

import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import {
  GMAIL_SCOPES,
  mailRedirectUri,
  OAUTH_STATE_TTL_MS,
  paths,
  type MailCallables,
  type MailConnection,
  type Member,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { allowedReturnOrigin } from '../common/origins.js';
import { directReader, readMember } from '../common/store.js';
import { hashToken, isWellFormedToken } from '../common/tokens.js';
import { asRecord, parseId, parseLanguage, parseText } from '../common/validation.js';
import { googleFailure, oauthClient, type GoogleConfig } from './google.js';
import { decryptToken, encryptToken, parseTokenKey, type EncryptedToken } from './tokenCrypto.js';

/** mailTokens/{uid}: server-only (rules deny every client). */
export interface StoredMailToken {
  provider: 'gmail';
  organizationId: string;
  email: string;
  refreshToken: EncryptedToken;
  scope: string;
  updatedAt: FirebaseFirestore.Timestamp;
}

/** oauthStates/{sha256(state)}: only the hash is stored, so a database read cannot finish a flow. */
interface StoredState {
  uid: string;
  organizationId: string;
  provider: 'gmail';
  redirectUri: string;
  createdAt: FirebaseFirestore.Timestamp;
  expiresAt: FirebaseFirestore.Timestamp;
  usedAt: FirebaseFirestore.Timestamp | null;
}

const SEND_SCOPE = GMAIL_SCOPES[0];

export async function requireMember(db: Firestore, organizationId: string, uid: string): Promise<Member> {
  const member = await readMember(db, directReader, organizationId, uid);
  if (!member)
    fail('permission-denied', 'You are not a member of this organization.', { reason: 'not-member' });
  return member;
}

export async function startGmailCore(
  db: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
): Promise<MailCallables['authGmailStart']['out']> {
  const input = asRecord(data);
  const organizationId = parseId(input.organizationId, 'organizationId');
  const redirectUri = mailRedirectUri(allowedReturnOrigin(input.returnOrigin), 'gmail');
  const language = parseLanguage(input.language);
  await requireMember(db, organizationId, caller.uid);

  const state = randomBytes(32).toString('base64url');
  const now = Date.now();
  const stored: StoredState = {
    uid: caller.uid,
    organizationId,
    provider: 'gmail',
    redirectUri,
    createdAt: Timestamp.fromMillis(now),
    expiresAt: Timestamp.fromMillis(now + OAUTH_STATE_TTL_MS),
    usedAt: null,
  };
  await db.doc(paths.oauthState(hashToken(state))).create(stored);
  const url = oauthClient(config, redirectUri).generateAuthUrl({
    access_type: 'offline',
    // Consent every time: Google sends a refresh token only on consent.
    prompt: 'consent',
    scope: [...GMAIL_SCOPES],
    state,
    hl: language,
    ...(caller.email && { login_hint: caller.email }),
  });
  return { url };
}

/** Marks the state used, once, for its own member only; the reason names what was wrong. */
async function claimState(db: Firestore, state: string, uid: string): Promise<StoredState> {
  const ref = db.doc(paths.oauthState(hashToken(state)));
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const stored = snapshot.data() as StoredState | undefined;
    // Another member's state is answered like an unknown one: nothing to learn from it.
    if (!stored || stored.uid !== uid) {
      fail('permission-denied', 'This connection attempt is not yours or does not exist.', {
        reason: 'state-invalid',
      });
    }
    if (stored.usedAt) {
      fail('failed-precondition', 'This connection attempt was already used.', { reason: 'state-used' });
    }
    if (stored.expiresAt.toMillis() <= Date.now()) {
      fail('deadline-exceeded', 'This connection attempt expired; start again.', { reason: 'state-expired' });
    }
    tx.update(ref, { usedAt: FieldValue.serverTimestamp() });
    return stored;
  });
}

function oauthFailed(message: string): never {
  fail('failed-precondition', message, { reason: 'oauth-failed' });
}

export async function finishGmailCore(
  db: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
): Promise<MailCallables['authGmailCallback']['out']> {
  const input = asRecord(data);
  const code = parseText(input.code, 'code', 2048);
  if (!isWellFormedToken(input.state)) {
    fail('permission-denied', 'This connection attempt does not exist.', { reason: 'state-invalid' });
  }
  const state = await claimState(db, input.state, caller.uid);
  await requireMember(db, state.organizationId, caller.uid);

  const client = oauthClient(config, state.redirectUri);
  let tokens;
  try {
    ({ tokens } = await client.getToken({ code, redirect_uri: state.redirectUri }));
  } catch (error) {
    const { oauthError } = googleFailure(error);
    console.warn(`Gmail code exchange refused: ${oauthError ?? (error as Error).message}`);
    oauthFailed(`Google refused the authorization (${oauthError ?? 'error'}).`);
  }
  const granted = (tokens.scope ?? '').split(' ');
  if (!granted.includes(SEND_SCOPE)) oauthFailed('Permission to send email was not granted.');
  if (!tokens.refresh_token) oauthFailed('Google returned no refresh token.');
  if (!tokens.id_token) oauthFailed('Google returned no identity.');
  const ticket = await client.verifyIdToken({ idToken: tokens.id_token, audience: config.clientId });
  const email = ticket.getPayload()?.email?.toLowerCase();
  if (!email) oauthFailed('Google did not share the email address.');

  const key = parseTokenKey(config.tokenKey);
  const tokenRef = db.doc(paths.mailToken(caller.uid));
  const previous = (await tokenRef.get()).data() as StoredMailToken | undefined;
  const stored: Omit<StoredMailToken, 'updatedAt'> & { updatedAt: FieldValue } = {
    provider: 'gmail',
    organizationId: state.organizationId,
    email,
    refreshToken: encryptToken(key, tokens.refresh_token, caller.uid),
    scope: tokens.scope ?? '',
    updatedAt: FieldValue.serverTimestamp(),
  };
  const connection: MailConnection<FieldValue> = {
    provider: 'gmail',
    email,
    status: 'connected',
    connectedAt: FieldValue.serverTimestamp(),
    brokenAt: null,
    brokenReason: null,
  };
  const batch = db.batch();
  batch.set(tokenRef, stored);
  batch.set(db.doc(paths.mailConnection(state.organizationId, caller.uid)), connection);
  await batch.commit();
  // A member reconnecting another address leaves no live grant behind.
  if (previous && previous.email !== email) await revokeQuietly(config, key, previous, caller.uid);
  return { email };
}

async function revokeQuietly(
  config: GoogleConfig,
  key: Buffer,
  stored: StoredMailToken,
  uid: string,
): Promise<void> {
  try {
    await oauthClient(config).revokeToken(decryptToken(key, stored.refreshToken, uid));
  } catch (error) {
    // Already revoked or expired at Google (invalid_token) is what we wanted; anything else is
    // logged: the stored copy is deleted either way, so the grant dies unused.
    const { oauthError } = googleFailure(error);
    if (oauthError !== 'invalid_token') console.warn(`Gmail revoke failed: ${(error as Error).message}`);
  }
}

export async function disconnectCore(
  db: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
): Promise<MailCallables['emailDisconnect']['out']> {
  const organizationId = parseId(asRecord(data).organizationId, 'organizationId');
  await requireMember(db, organizationId, caller.uid);
  const tokenRef = db.doc(paths.mailToken(caller.uid));
  const connectionRef = db.doc(paths.mailConnection(organizationId, caller.uid));
  const [token, connection] = await Promise.all([tokenRef.get(), connectionRef.get()]);
  if (token.exists) {
    await revokeQuietly(config, parseTokenKey(config.tokenKey), token.data() as StoredMailToken, caller.uid);
  }
  const batch = db.batch();
  batch.delete(tokenRef);
  batch.delete(connectionRef);
  await batch.commit();
  return { disconnected: token.exists || connection.exists };
}
