// Helpers for tests against the local cloud: the real Functions emulator over the callable HTTP
// protocol, users created through the Auth emulator's REST API, Firestore checked with
// firebase-admin. Every run uses fresh e-mails and usernames (no wipe: the same cloud may hold a
// developer's data or the next suites' data).
import { randomBytes } from 'node:crypto';

import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';

export const projectId = process.env.GCLOUD_PROJECT ?? 'demo-trato';
const functionsOrigin = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const authOrigin = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
export const firestoreOrigin = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}`;

const app =
  getApps().find((a) => a.name === 'functions-tests') ?? initializeApp({ projectId }, 'functions-tests');
export const db = getFirestore(app);

/** 6 characters unique to this test run; usernames stay within 20 characters. */
export const runId = randomBytes(4).toString('hex').slice(0, 6);
let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix.slice(0, 10)}${runId}${counter}`.toLowerCase();
}
export function uniqueEmail(prefix: string): string {
  return `${uniqueName(prefix)}@test.trato`;
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

export async function signUp(email = uniqueEmail('user'), password = 'secret123'): Promise<TestUser> {
  const response = await fetch(`${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string; error?: unknown };
  if (!response.ok) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, idToken: body.idToken };
}

/**
 * An unsigned ID token as the Auth emulator issues them. The Functions emulator decodes tokens
 * without checking signatures, so this lets a test present claims that Auth itself would never
 * issue (two accounts with one e-mail) to the real callable.
 */
export function craftedIdToken(uid: string, email: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(
    JSON.stringify({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      iat: now,
      exp: now + 3600,
      sub: uid,
      user_id: uid,
      email,
      email_verified: false,
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    }),
  ).toString('base64url');
  return `${header}.${payload}.`;
}

export interface CallError {
  status: string;
  message: string;
  details?: { reason?: string; field?: string };
}
export type CallOutcome<T> = { ok: true; result: T } | { ok: false; error: CallError };

/**
 * POST {data} to a callable, exactly as the web SDK's httpsCallable does; `extraHeaders` stands in
 * for what a proxy adds (X-Forwarded-For).
 */
export async function call<T = unknown>(
  name: string,
  data: unknown,
  idToken?: string,
  extraHeaders: Record<string, string> = {},
): Promise<CallOutcome<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (idToken) headers.authorization = `Bearer ${idToken}`;
  const response = await fetch(`${functionsOrigin}/${projectId}/us-central1/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  const text = await response.text();
  let body: { result?: T; error?: CallError };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${name}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  if (body.error) return { ok: false, error: body.error };
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return { ok: true, result: body.result as T };
}

/** The result, or a thrown error carrying the callable's error. */
export async function callOk<T = unknown>(name: string, data: unknown, idToken?: string): Promise<T> {
  const outcome = await call<T>(name, data, idToken);
  if (!outcome.ok) throw new Error(`${name} failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result;
}

/** The error of a call that must fail. */
export async function callError(name: string, data: unknown, idToken?: string): Promise<CallError> {
  const outcome = await call(name, data, idToken);
  if (outcome.ok) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

/** A signed-up account with the superadmin claim in its ID token (set as the server would). */
export async function signUpSuperadmin(): Promise<TestUser> {
  const user = await signUp(uniqueEmail('root'));
  await getAuth(app).setCustomUserClaims(user.uid, { superadmin: true });
  const response = await fetch(
    `${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'secret123', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken: string };
  if (!response.ok) throw new Error(`signIn failed: ${JSON.stringify(body)}`);
  return { ...user, idToken: body.idToken };
}

/** A signed-up administrator with an organization. */
export async function adminWithOrganization(
  companyName = 'Acme',
): Promise<TestUser & { organizationId: string; username: string }> {
  const user = await signUp(uniqueEmail('admin'));
  const username = uniqueName('adm');
  const { organizationId } = await callOk<{ organizationId: string }>(
    'createOrganization',
    { fullName: 'Admin Test', username, companyName, language: 'es' },
    user.idToken,
  );
  return { ...user, organizationId, username };
}

/** A seller who joined the admin's organization through an invitation. */
export async function sellerOf(
  admin: { idToken: string; organizationId: string },
  permissions: unknown = { contacts: { view: true, create: true, edit: false, delete: false } },
): Promise<TestUser> {
  const seller = await signUp(uniqueEmail('seller'));
  const { token } = await callOk<{ token: string }>(
    'createInvitation',
    { organizationId: admin.organizationId, email: seller.email, role: 'seller', permissions },
    admin.idToken,
  );
  await callOk(
    'acceptInvitation',
    { token, fullName: 'Carlos Méndez', username: uniqueName('joiner') },
    seller.idToken,
  );
  return seller;
}

/** Polls `read` until `accept` holds (the webhook and listeners are asynchronous). */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 150 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await read();
  }
  return last;
}

/**
 * Gives the organization a live subscription (an active month) by writing its billing mirror as
 * the Stripe webhook would, for suites whose subject is not billing: the server refuses CRM work
 * to an organization without one, as the rules do.
 */
export async function giveLiveSubscription(organizationId: string): Promise<void> {
  await db.doc(`organizations/${organizationId}/billing/subscription`).set({
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: Timestamp.fromMillis(Date.now() + 30 * 86_400_000),
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    priceId: 'price_trato_monthly',
    cancelAtPeriodEnd: false,
    updatedAt: Timestamp.now(),
  });
}

/**
 * One pass of the outbox (sequence steps and campaigns) at `now` for one organization, through
 * the emulator-only hook sequencesRunNow; `extra` its test options (dailyCap, runCap, crashAfterClaim…).
 */
export async function runOutboxAt<Summary>(
  organizationId: string,
  now: number,
  extra: Record<string, unknown> = {},
): Promise<Summary> {
  const response = await fetch(`${functionsOrigin}/${projectId}/us-central1/sequencesRunNow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now, organizationId, ...extra }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sequencesRunNow: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as Summary;
}
