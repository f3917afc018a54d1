// Connecting a member's Gmail: the start (authorization URL with a single-use state and a PKCE
// challenge), the return (state check, code exchange with the state's verifier, encrypted refresh
// token) and the disconnection (revoke + forget).
import { randomBytes } from 'node:crypto';

import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'googleapis';

import {
  DEFAULT_MAIL_PRIVACY,
  GMAIL_SEND_SCOPE,
  gmailScopesFor,
  grantReads,
  mailRedirectUri,
  OAUTH_STATE_TTL_MS,
  paths,
  type MailCallables,
  type MailConnection,
  type MailPrivacy,
  type Member,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { allowedReturnOrigin } from '../common/origins.js';
import { directReader, readMember } from '../common/store.js';
import { hashToken, isWellFormedToken } from '../common/tokens.js';
import { parseInput } from '../common/validation.js';
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
  /**
   * The PKCE (RFC 7636, S256) code_verifier of this flow, encrypted with MAIL_TOKEN_KEY and bound
   * to the state's hash. Google redeems the code only with it, so a code copied out of a member's
   * browser (history, logs, a Referer) is useless with any other state: the verifier never
   * leaves the server, and only this state's return sends it.
   */
  codeVerifier: EncryptedToken;
  createdAt: FirebaseFirestore.Timestamp;
  expiresAt: FirebaseFirestore.Timestamp;
  usedAt: FirebaseFirestore.Timestamp | null;
}

/** The member's privacy choice in the organization (kept across reconnections). */
async function privacyOf(db: Firestore, organizationId: string, uid: string): Promise<MailPrivacy> {
  const connection = (await db.doc(paths.mailConnection(organizationId, uid)).get()).data() as
    MailConnection | undefined;
  return connection?.privacy ?? DEFAULT_MAIL_PRIVACY;
}

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
  const input = parseInput('authGmailStart', data);
  const { organizationId, language } = input;
  const redirectUri = mailRedirectUri(allowedReturnOrigin(input.returnOrigin), 'gmail');
  await requireMember(db, organizationId, caller.uid);

  const client = await oauthClient(config, redirectUri);
  const state = randomBytes(32).toString('base64url');
  const stateHash = hashToken(state);
  // 96 random bytes as 128 verifier characters, and BASE64URL(SHA256(verifier)).
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const now = Date.now();
  const stored: StoredState = {
    uid: caller.uid,
    organizationId,
    provider: 'gmail',
    redirectUri,
    codeVerifier: encryptToken(parseTokenKey(config.tokenKey), codeVerifier, stateHash),
    createdAt: Timestamp.fromMillis(now),
    expiresAt: Timestamp.fromMillis(now + OAUTH_STATE_TTL_MS),
    usedAt: null,
  };
  await db.doc(paths.oauthState(stateHash)).create(stored);
  // Send, read (readonly, or metadata when the member shares only that) and the address.
  const privacy = await privacyOf(db, organizationId, caller.uid);
  const url = client.generateAuthUrl({
    access_type: 'offline',
    // Consent every time: Google sends a refresh token only on consent.
    prompt: 'consent',
    scope: gmailScopesFor(privacy),
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256' as Auth.CodeChallengeMethod,
    hl: language,
    ...(caller.email && { login_hint: caller.email }),
  });
  return { url };
}

/** Marks the state used, once, for its own member only; the reason names what was wrong. */
async function claimState(db: Firestore, stateHash: string, uid: string): Promise<StoredState> {
  const ref = db.doc(paths.oauthState(stateHash));
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
    // A state stored before PKCE (at most OAUTH_STATE_TTL_MS before a deploy) has no verifier and
    // cannot be finished safely: it is answered as expired, so the member starts again.
    if (stored.expiresAt.toMillis() <= Date.now() || !stored.codeVerifier) {
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
  const input = parseInput('authGmailCallback', data);
  const { code } = input;
  if (!isWellFormedToken(input.state)) {
    fail('permission-denied', 'This connection attempt does not exist.', { reason: 'state-invalid' });
  }
  const stateHash = hashToken(input.state);
  const state = await claimState(db, stateHash, caller.uid);
  await requireMember(db, state.organizationId, caller.uid);

  const key = parseTokenKey(config.tokenKey);
  const codeVerifier = decryptToken(key, state.codeVerifier, stateHash);
  const client = await oauthClient(config, state.redirectUri);
  let tokens;
  try {
    // Google refuses (invalid_grant) a code whose authorization carried another state's challenge.
    ({ tokens } = await client.getToken({ code, codeVerifier, redirect_uri: state.redirectUri }));
  } catch (error) {
    const { oauthError } = googleFailure(error);
    console.warn(`Gmail code exchange refused: ${oauthError ?? (error as Error).message}`);
    oauthFailed(`Google refused the authorization (${oauthError ?? 'error'}).`);
  }
  const granted = (tokens.scope ?? '').split(' ');
  if (!granted.includes(GMAIL_SEND_SCOPE)) oauthFailed('Permission to send email was not granted.');
  if (!tokens.refresh_token) oauthFailed('Google returned no refresh token.');
  if (!tokens.id_token) oauthFailed('Google returned no identity.');
  const ticket = await client.verifyIdToken({ idToken: tokens.id_token, audience: config.clientId });
  const email = ticket.getPayload()?.email?.toLowerCase();
  if (!email) oauthFailed('Google did not share the email address.');

  const tokenRef = db.doc(paths.mailToken(caller.uid));
  const previous = (await tokenRef.get()).data() as StoredMailToken | undefined;
  const privacy = await privacyOf(db, state.organizationId, caller.uid);
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
    privacy,
    // Read access may be unticked on Google's page: the mailbox then only sends.
    reads: grantReads(tokens.scope ?? '', privacy),
    syncedAt: null,
    syncError: null,
    // The same address again keeps its place in the mailbox; another starts afresh.
    historyId: null,
    syncBackoffUntil: null,
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
    await (await oauthClient(config)).revokeToken(decryptToken(key, stored.refreshToken, uid));
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
  const { organizationId } = parseInput('emailDisconnect', data);
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
