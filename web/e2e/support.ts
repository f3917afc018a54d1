import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = process.env.E2E_PROJECT_ID ?? 'demo-trato';
export const AUTH_EMULATOR_URL = `http://${AUTH_EMULATOR_HOST}`;

/** A fresh address per run and test, so runs never collide. */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${label}.${stamp}@e2e.trato.test`;
}

/** Creates an account straight in the Auth emulator (no UI), for login journeys. */
export async function createEmulatorUser(email: string, password: string): Promise<void> {
  await emulatorSignUp(email, password);
}

export interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** Emails the Auth emulator "sent" (verification, password reset). */
export async function emulatorOobCodes(): Promise<EmulatorOobCode[]> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`Cannot read Auth emulator codes: ${response.status}`);
  const body = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
  return body.oobCodes ?? [];
}

export const FUNCTIONS_EMULATOR_URL = `http://${process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001'}`;

/** A username that is unique per run (3-20 lower-case letters, digits, underscores). */
export function uniqueUsername(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}_${stamp}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, 20);
}

async function emulatorSignUp(
  email: string,
  password: string,
): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator sign-up failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; localId: string };
}

/** Calls a callable of the Functions emulator as the user holding `idToken`. */
export async function callCallable<T>(name: string, data: unknown, idToken?: string): Promise<T> {
  const response = await fetch(`${FUNCTIONS_EMULATOR_URL}/${PROJECT_ID}/us-central1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok || body.error)
    throw new Error(`${name} failed: ${response.status} ${JSON.stringify(body)}`);
  return body.result as T;
}

/** An administrator with an organization (Auth emulator + the createOrganization callable), no UI. */
export async function createAdminWithOrganization(
  email: string,
  password: string,
  { fullName = 'Ana López', companyName = 'Café Aurora', language = 'es' } = {},
): Promise<{ uid: string; organizationId: string; username: string; idToken: string }> {
  const { idToken, localId } = await emulatorSignUp(email, password);
  const username = uniqueUsername('adm');
  const { organizationId } = await callCallable<{ organizationId: string }>(
    'createOrganization',
    { fullName, username, companyName, language },
    idToken,
  );
  return { uid: localId, organizationId, username, idToken };
}

/** The password of the accounts the journeys create. */
export const PASSWORD = 'secreto123';

/** A new administrator (Ana López) of a new organization on a free trial: the CRM journeys' start. */
export async function trialAdmin(
  label: string,
  companyName: string,
): Promise<{ email: string; admin: Awaited<ReturnType<typeof createAdminWithOrganization>> }> {
  const email = uniqueEmail(label);
  const admin = await createAdminWithOrganization(email, PASSWORD, { companyName });
  await startTrial(admin);
  return { email, admin };
}

/** Invites `email` as a seller with `permissions` and accepts it as that new user (no UI). */
export async function addSeller(
  admin: { organizationId: string; idToken: string },
  email: string,
  password: string,
  permissions: Record<string, Record<string, boolean>>,
  fullName = 'Luis Vendedor',
): Promise<{ uid: string; token: string }> {
  const { token } = await callCallable<{ token: string }>(
    'createInvitation',
    { organizationId: admin.organizationId, email, role: 'seller', permissions },
    admin.idToken,
  );
  const { idToken, localId } = await emulatorSignUp(email, password);
  await callCallable('acceptInvitation', { token, fullName, username: uniqueUsername('sel') }, idToken);
  return { uid: localId, token };
}

/** A pending invitation's link token (for screenshots of the invitation page). */
export async function inviteToken(
  admin: { organizationId: string; idToken: string },
  email: string,
  role: 'admin' | 'seller' = 'seller',
): Promise<string> {
  const { token } = await callCallable<{ token: string }>(
    'createInvitation',
    { organizationId: admin.organizationId, email, role, permissions: {} },
    admin.idToken,
  );
  return token;
}

/** Gives an account custom claims in the Auth emulator (as the admin SDK would in production). */
export async function setCustomClaims(uid: string, claims: Record<string, unknown>): Promise<void> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify(claims) }),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator claims update failed: ${response.status} ${await response.text()}`);
}

/** Signs in through the /auth screen (in either language) and waits for the dashboard. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Iniciar sesión|Log in)$/ }).click();
  // The first calls start the functions' runtime in the emulator: allow for that.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
}

/** Types a local date and time ('DDMMYYYYHHmm', or a time in ms) into a date-time field of `form`. */
export async function typeDateTime(page: Page, form: Locator, label: string, when: string | number) {
  // The field masks the digits into 'dd/mm/aaaa hh:mm' as they are typed, as a person would type them.
  const field = form.getByRole('textbox', { name: label });
  await field.click();
  await field.press('ControlOrMeta+a');
  await page.keyboard.type(typeof when === 'number' ? dateTimeDigits(when) : when);
  await expect(field).toHaveValue(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
}

/** 'DDMMYYYYHHmm' of a local time (the browser runs in this machine's time zone, es-ES field order). */
export function dateTimeDigits(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}${two(d.getMonth() + 1)}${d.getFullYear()}${two(d.getHours())}${two(d.getMinutes())}`;
}

/** The dashboard is on screen: its heading is the welcome ('Hola, …' / 'Hello, …'). */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^(Hola|Hello),/ })).toBeVisible({
    timeout: 45_000,
  });
}

/** The local Stripe (emulator/src/stripe): hosted pages and test controls. */
export const STRIPE_URL = `http://${process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1:12111'}`;

/** A test control of the local Stripe (clock, deliveries, checkout completion). */
export async function stripeControl<T = unknown>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${STRIPE_URL}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Stripe control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Starts the organization's trial the way an admin does, without the UI: the checkout callable,
 * then the hosted page's "start trial" through the local Stripe's control. The webhook then
 * opens the app (the pages wait for it).
 */
export async function startTrial(
  admin: { organizationId: string; idToken: string },
  returnOrigin = `http://127.0.0.1:${process.env.WEB_E2E_PORT ?? 5199}`,
): Promise<void> {
  const { url } = await callCallable<{ url: string }>(
    'createCheckoutSession',
    { organizationId: admin.organizationId, returnOrigin, language: 'es' },
    admin.idToken,
  );
  await stripeControl(`checkout/${new URL(url).pathname.split('/').pop()}/complete`, {});
}

/** The local Google (emulator/src/google): consent page, Gmail API, mailbox and test controls. */
export const GOOGLE_URL = `http://${process.env.GOOGLE_EMULATOR_HOST ?? '127.0.0.1:9598'}`;

/** POST to one of the local Google's test controls (`/__control/…`). */
export async function googleControl<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${GOOGLE_URL}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`local Google ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Messages the local mailbox holds for `to`, newest first (text bodies included). */
export async function mailboxFor(
  to: string,
): Promise<{ subject: string; text: string; from: { address: string }[] }[]> {
  const response = await fetch(`${GOOGLE_URL}/__control/messages?to=${encodeURIComponent(to)}`);
  return (
    (await response.json()) as { messages: { subject: string; text: string; from: { address: string }[] }[] }
  ).messages;
}

/** Ajustes → Email accounts → Conectar Gmail → Permitir on the local Google (in either language). */
export async function connectGmailThroughUi(page: Page): Promise<void> {
  await page.goto('/ajustes?tab=email');
  await page.getByRole('button', { name: /^(Conectar Gmail|Connect Gmail)$/ }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`^${GOOGLE_URL}/o/oauth2/`), { timeout: 30_000 });
  await page.getByRole('button', { name: /^(Permitir|Allow)$/ }).click();
  await expect(page.getByRole('button', { name: /^(Enviar prueba|Send test)$/ })).toBeVisible({
    timeout: 30_000,
  });
}

/** One pass of the sequence sender for one organization, at `now` (the emulator-only hook). */
export async function runSequences(
  organizationId: string,
  now = Date.now(),
): Promise<Record<string, number>> {
  const response = await fetch(`${FUNCTIONS_EMULATOR_URL}/${PROJECT_ID}/us-central1/sequencesRunNow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId, now }),
  });
  if (!response.ok) throw new Error(`sequencesRunNow: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, number>;
}

/** A contact created through /contactos' form (Spanish UI); returns the address of its page. */
export async function createContactThroughUi(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  return page.url();
}

export const FIRESTORE_EMULATOR_URL = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}`;

/** A Firestore REST value of a plain JS value (strings, numbers, booleans, null, Dates, arrays). */
function firestoreValue(value: unknown): Record<string, unknown> {
  if (value === null) return { nullValue: 'NULL_VALUE' };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(firestoreValue) } };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'object')
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, firestoreValue(v)])),
      },
    };
  return { stringValue: String(value) };
}

/**
 * Documents written straight into an organization's collection of the local cloud as the server
 * would (the emulator's owner credential, no rules), with the audit fields; returns their ids.
 */
export async function seedDocuments(
  admin: { uid: string; organizationId: string },
  collection: string,
  docs: Record<string, unknown>[],
  prefix = 'seed',
): Promise<string[]> {
  const base = `projects/${PROJECT_ID}/databases/(default)/documents/organizations/${admin.organizationId}/${collection}`;
  const ids = docs.map((_, i) => `${prefix}${Date.now().toString(36)}${i}`);
  const now = Date.now();
  const writes = docs.map((doc, i) => ({
    update: {
      name: `${base}/${ids[i]}`,
      fields: Object.fromEntries(
        Object.entries({
          ...doc,
          createdAt: new Date(now - i * 1000),
          createdBy: admin.uid,
          updatedAt: new Date(now - i * 1000),
        }).map(([k, v]) => [k, firestoreValue(v)]),
      ),
    },
  }));
  const response = await fetch(
    `${FIRESTORE_EMULATOR_URL}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ writes }),
    },
  );
  if (!response.ok)
    throw new Error(`seeding ${collection} failed: ${response.status} ${await response.text()}`);
  return ids;
}

/** Contacts for journeys whose subject is not creating contacts. Returns their ids. */
export function seedContacts(
  admin: { uid: string; organizationId: string },
  contacts: { name: string; email: string | null; city: string; lifecycleStage: string }[],
): Promise<string[]> {
  return seedDocuments(
    admin,
    'contacts',
    contacts.map((c) => ({
      name: c.name,
      email: c.email,
      companyId: null,
      city: c.city,
      status: 'active',
      isCustomer: c.lifecycleStage === 'customer',
      lifecycleStage: c.lifecycleStage,
      ownerId: admin.uid,
      searchTokens: [],
      searchIndex: {},
    })),
  );
}

/** The organization's marketing topics (the preference centre offers them). Returns their ids. */
export function seedTopics(
  admin: { uid: string; organizationId: string },
  names: string[],
): Promise<string[]> {
  return seedDocuments(
    admin,
    'topics',
    names.map((name) => ({ name, description: null })),
    'topic',
  );
}

/** axe (WCAG 2.1 A/AA, best practices, colour contrast) on what is shown, once its transitions are over. */
export async function expectNoViolations(page: Page, label: string): Promise<void> {
  // Colour contrast is measured on what is painted: let transitions (a toast fading in) finish.
  // (Endless ones, such as a spinner, are not waited for.)
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, label).toEqual([]);
}

/**
 * The service worker (issue 35) controls the page, so a reload without a network still opens the
 * app; the poll's message says the worker's states when it does not.
 */
export async function expectWorkerControlled(page: Page, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (navigator.serviceWorker.controller) return 'controlled';
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration) return 'no worker registered';
          const { installing, waiting, active } = registration;
          return `not controlled: installing ${installing?.state}, waiting ${waiting?.state}, active ${active?.state}`;
        }),
      { timeout },
    )
    .toBe('controlled');
}
