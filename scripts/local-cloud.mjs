// Starts and stops the whole local cloud: the project's own Firestore + Storage emulator (emulator/)
// and firebase-tools' Auth + Functions emulators, on the ports of firebase.json. Used by
// `npm run emulators`, `npm run dev` and `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const projectId = 'demo-trato';

const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
export const ports = {
  auth: config.emulators.auth.port,
  functions: config.emulators.functions.port,
  firestore: config.emulators.firestore.port,
  storage: config.emulators.storage.port,
  // Not Firebase emulators, so not in firebase.json: the local Stripe (emulator/src/stripe),
  // the local Google — OAuth and Gmail send — (emulator/src/google) and the local WhatsApp — the
  // Cloud API, its webhooks and a chats page — (emulator/src/whatsapp).
  stripe: 12111,
  google: 9598,
  whatsapp: 9650,
};

/** The local Google's mailbox page: every message sent through its Gmail API. */
export const googleMailboxUrl = `http://127.0.0.1:${ports.google}/`;

/** The local WhatsApp's page: the business numbers, templates, the webhook and chats as a phone shows them. */
export const whatsappPageUrl = `http://127.0.0.1:${ports.whatsapp}/`;

/** The Functions emulator's address of the Stripe webhook (functions/src/billing/webhook.ts). */
export const stripeWebhookUrl = `http://127.0.0.1:${ports.functions}/${projectId}/us-central1/stripeWebhook`;

/**
 * The Functions emulator's address of the WhatsApp webhook (functions/src/whatsapp): the local
 * WhatsApp verifies it with Meta's handshake at start (retrying in the background until the
 * function answers) and then POSTs the signed events there.
 */
export const whatsappWebhookUrl = `http://127.0.0.1:${ports.functions}/${projectId}/us-central1/whatsappWebhook`;

/** Environment that points every SDK (admin in functions, tests, scripts) at the local cloud. */
export const cloudEnv = {
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
  FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
  STORAGE_EMULATOR_HOST: `http://127.0.0.1:${ports.storage}`,
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
  STRIPE_EMULATOR_HOST: `127.0.0.1:${ports.stripe}`,
  // Where a server points googleapis' OAuth2 endpoints and Gmail rootUrl (emulator/README.md,
  // "Local Google"); like STRIPE_EMULATOR_HOST, to be honoured only inside the emulators.
  GOOGLE_EMULATOR_HOST: `127.0.0.1:${ports.google}`,
  // Where a server sends its Graph API calls instead of https://graph.facebook.com (emulator/README.md,
  // "Local WhatsApp"): `http://${WHATSAPP_EMULATOR_HOST}/v21.0/…`; like STRIPE_EMULATOR_HOST, to be
  // honoured only inside the emulators.
  WHATSAPP_EMULATOR_HOST: `127.0.0.1:${ports.whatsapp}`,
  GCLOUD_PROJECT: projectId,
  // firebase-admin would otherwise probe the cloud metadata server for credentials.
  METADATA_SERVER_DETECTION: 'none',
};

/** The demo organization's login addresses (emulator-data/demo-logins.json), if seeded. */
function demoAddresses(dataDir) {
  const file = path.join(dataDir, 'demo-logins.json');
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8')).map((login) => login.email);
  } catch {
    return [];
  }
}

function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port, name, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    if (await portInUse(port)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not open port ${port} within ${timeoutMs / 1000}s`);
}

/** Lines from a child, prefixed so that interleaved logs stay readable. */
function pipeWithPrefix(stream, prefix, out, onLine) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      onLine?.(line);
      if (out) out.write(`${prefix} ${line}\n`);
    }
  });
}

/** The emulator build of functions/lib (with the emulator-only test hooks; see functions/build.mjs). */
export function buildFunctions() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'functions', '--', '--emulator'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('functions build failed');
}

// ── Functions secrets for the emulator (owned by functions/) ──────────────────
// firebase-tools gives a function the secrets it declares (defineSecret) from
// functions/.secret.local, and otherwise asks Google Secret Manager (impossible offline). So the
// file is written here, before firebase-tools starts, from these development defaults: they are
// public, committed, and only ever used by the emulator. Keys already in the file are kept (a
// developer may override them). Production sets real values with
// `firebase functions:secrets:set NAME`; the file is git-ignored and excluded from deploys.
const DEV_FUNCTION_SECRETS = {
  INVITATION_SECRET: 'dev-only-invitation-secret-not-for-production-0001',
  // The keys the local Stripe accepts and signs webhooks with (emulator/src/stripe).
  STRIPE_SECRET_KEY: 'sk_test_trato_local_0000000000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_trato_local_dev_0000000000000000',
  // The local Google's development OAuth client (emulator/src/google) and a fixed AES-256 key for
  // the emulator's token store (32 bytes, base64).
  GOOGLE_CLIENT_SECRET: 'GOCSPX-trato-local-dev-00000000000',
  MAIL_TOKEN_KEY: 'dHJhdG8tbG9jYWwtZGV2LW1haWwtdG9rZW4ta2V5LTE=',
  // HMAC key of the unsubscribe links in sequence e-mails (functions/src/sequences).
  UNSUBSCRIBE_SECRET: 'dev-only-unsubscribe-secret-not-for-production-01',
  // Pepper of the hashed addresses in rateLimits/ (functions/src/common/rateLimit.ts).
  RATE_LIMIT_SECRET: 'dev-only-rate-limit-secret-not-for-production-0001',
  // The system sender's refresh token (functions/src/notifications/systemMail.ts): the local
  // Google holds a standing grant for it (--google-grant below), as an operator's consent would.
  SYSTEM_MAIL_REFRESH_TOKEN: '1//0trato-local-system-sender-not-for-production',
  // The local WhatsApp's app secret (signs X-Hub-Signature-256) and the verify token of its
  // callback-URL handshake (emulator/src/whatsapp), and a fixed AES-256 key for the emulator's
  // store of WhatsApp access tokens (32 bytes, base64).
  WHATSAPP_APP_SECRET: 'trato-local-whatsapp-app-secret-0000',
  WHATSAPP_VERIFY_TOKEN: 'trato-local-whatsapp-verify-token',
  WHATSAPP_TOKEN_KEY: 'dHJhdG8tbG9jYWwtZGV2LXdoYXRzYXBwLXRvay1rZXk=',
};
/** The system sender's address (functions/.env.demo-trato SYSTEM_MAIL_FROM). */
const SYSTEM_MAIL_FROM = 'avisos@trato.local';

export function ensureDevFunctionSecrets() {
  const file = path.join(root, 'functions/.secret.local');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set(current.split('\n').map((line) => line.split('=')[0].trim()));
  const missing = Object.entries(DEV_FUNCTION_SECRETS).filter(([key]) => !present.has(key));
  if (!missing.length) return;
  const prefix = current && !current.endsWith('\n') ? '\n' : '';
  writeFileSync(file, current + prefix + missing.map(([k, v]) => `${k}=${v}\n`).join(''));
}

// ── Scheduled functions (no Cloud Scheduler locally) ──────────────────────────
// firebase-tools' Functions emulator registers a v2 `onSchedule` function as a Pub/Sub trigger
// (lib/emulator/functionsEmulator.js addPubsubTrigger, topic firebase-schedule-<name>); without
// the Pub/Sub emulator it is "ignored" (never fired) but still recorded under the background key
// `<region>-<name>-<triggerGeneration>` (getTriggerKey; the generation is 0 until the hub's
// enableBackgroundTriggers reloads them). Its signature is "http" (functionsEmulatorShared.js
// getSignatureType: gcfv2 + schedule), so a POST to the background route
// /functions/projects/<project>/triggers/<key> runs it exactly as Cloud Scheduler's HTTP call
// would. An unknown key answers 404 listing the valid keys, from which the current one is read.
const SCHEDULE_REGION = 'us-central1';

/** Runs the scheduled function `name` once in the Functions emulator; resolves to the HTTP status. */
export async function triggerScheduledFunction(name) {
  const base = `http://127.0.0.1:${ports.functions}/functions/projects/${projectId}/triggers`;
  const post = (key) =>
    fetch(`${base}/${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  let response = await post(`${SCHEDULE_REGION}-${name}-0`);
  if (response.status === 404) {
    const valid = (await response.text()).split('valid functions are:')[1] ?? '';
    const key = valid.match(new RegExp(`${SCHEDULE_REGION}-${name}-\\d+`))?.[0];
    if (!key) throw new Error(`the Functions emulator has no scheduled function ${name}`);
    response = await post(key);
  }
  await response.arrayBuffer();
  return response.status;
}

/**
 * The local stand-in for Cloud Scheduler: runs the mail sync (functions/src/mail/sync.ts), then
 * the sequence sender (functions/src/sequences) every `seconds`, so `npm run dev` reads replies
 * (which end their enrolments first) and really sends due steps into the local mailbox. Off in
 * `npm test` (tests run passes themselves); TRATO_SEQUENCE_TIMER=off turns it off in dev too,
 * TRATO_SEQUENCE_TIMER=<seconds> changes the period (default 120).
 */
function startSequenceTimer(out) {
  const setting = process.env.TRATO_SEQUENCE_TIMER ?? '';
  if (setting === 'off' || setting === '0') return () => {};
  const seconds = Number(setting) > 0 ? Number(setting) : 120;
  let running = false;
  const tick = async () => {
    if (running) return; // a slow pass is not overlapped by the timer (the sender would cope)
    running = true;
    for (const name of ['mailSync', 'outboxSender']) {
      try {
        const status = await triggerScheduledFunction(name);
        if (status >= 300) out?.write(`[scheduler] ${name} answered HTTP ${status}\n`);
      } catch (error) {
        out?.write(`[scheduler] ${name} not run: ${error.message}\n`);
      }
    }
    running = false;
  };
  out?.write(`[scheduler] mailSync and outboxSender every ${seconds} s (TRATO_SEQUENCE_TIMER=off to stop)\n`);
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * @param {{ importData?: boolean, exportOnExit?: boolean, quiet?: boolean, log?: NodeJS.WritableStream, scheduler?: boolean }} options
 * scheduler: run the scheduled functions on a timer (npm run dev / emulators; never in npm test);
 * quiet: child output is kept out of the terminal unless start-up fails (used by npm test);
 * log: where child output goes instead of the terminal (npm test keeps it in a file).
 */
export async function startLocalCloud(options = {}) {
  const { importData = false, exportOnExit = false, quiet = false } = options;
  const out = options.log ?? (quiet ? null : process.stdout);
  const busy = [];
  for (const [name, port] of Object.entries(ports)) if (await portInUse(port)) busy.push(`${name} (${port})`);
  if (busy.length) {
    throw new Error(
      `ports already in use: ${busy.join(', ')} — is another local cloud (npm run dev) running?`,
    );
  }

  const dataDir = path.join(root, 'emulator-data');
  const recent = [];
  const remember = (line) => {
    recent.push(line);
    if (recent.length > 200) recent.shift();
  };

  const cloudArgs = [
    path.join(root, 'emulator/bin/trato-emulator.mjs'),
    '--project',
    projectId,
    '--port',
    String(ports.firestore),
    '--storage-port',
    String(ports.storage),
    '--rules',
    path.join(root, 'firestore.rules'),
    '--storage-rules',
    path.join(root, 'storage.rules'),
    '--indexes',
    path.join(root, 'firestore.indexes.json'),
    '--watch-rules',
    // Like production: a query without its composite index fails, so a missing entry in
    // firestore.indexes.json shows up in development and tests, not after deploying.
    '--strict-indexes',
    '--stripe-port',
    String(ports.stripe),
    '--stripe-webhook-url',
    stripeWebhookUrl,
    '--stripe-webhook-secret',
    DEV_FUNCTION_SECRETS.STRIPE_WEBHOOK_SECRET,
    '--stripe-api-key',
    DEV_FUNCTION_SECRETS.STRIPE_SECRET_KEY,
    '--google-port',
    String(ports.google),
    // The consent page offers the demo logins' addresses (any other can be typed).
    ...demoAddresses(dataDir).flatMap((email) => ['--google-account', email]),
    '--google-grant',
    `${SYSTEM_MAIL_FROM}=${DEV_FUNCTION_SECRETS.SYSTEM_MAIL_REFRESH_TOKEN}`,
    '--whatsapp-port',
    String(ports.whatsapp),
    // Until the function answers the handshake (firebase-tools starts after this process, and the
    // function may not exist yet) the local WhatsApp retries in the background; start-up goes on.
    '--whatsapp-webhook-url',
    whatsappWebhookUrl,
    '--whatsapp-verify-token',
    DEV_FUNCTION_SECRETS.WHATSAPP_VERIFY_TOKEN,
    '--whatsapp-app-secret',
    DEV_FUNCTION_SECRETS.WHATSAPP_APP_SECRET,
  ];
  if (importData) cloudArgs.push('--import', dataDir);
  if (exportOnExit) cloudArgs.push('--export-on-exit', dataDir);
  const cloud = spawn(process.execPath, cloudArgs, { cwd: root, env: { ...process.env }, stdio: 'pipe' });
  pipeWithPrefix(cloud.stdout, '[cloud]', out, remember);
  pipeWithPrefix(cloud.stderr, '[cloud]', out, remember);

  ensureDevFunctionSecrets();
  const firebaseArgs = [
    path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth,functions',
    '--project',
    projectId,
  ];
  if (importData && existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) {
    firebaseArgs.push('--import', dataDir);
  }
  // firebase-tools empties its export directory before writing, so it exports to a scratch
  // directory whose Auth files are moved into emulator-data/ after it stopped (see stop()).
  const authExportDir = exportOnExit ? mkdtempSync(path.join(os.tmpdir(), 'trato-auth-export-')) : null;
  if (authExportDir) firebaseArgs.push('--export-on-exit', authExportDir);
  let ready;
  const readyPromise = new Promise((resolve) => (ready = resolve));
  const firebase = spawn(process.execPath, firebaseArgs, {
    cwd: root,
    env: { ...process.env, ...cloudEnv, FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' },
    stdio: 'pipe',
  });
  const onFirebaseLine = (line) => {
    remember(line);
    if (line.includes('All emulators ready')) ready();
  };
  pipeWithPrefix(firebase.stdout, '[firebase]', out, onFirebaseLine);
  pipeWithPrefix(firebase.stderr, '[firebase]', out, onFirebaseLine);

  const children = [cloud, firebase];
  const moveAuthExport = () => {
    if (!authExportDir) return;
    for (const name of ['auth_export', 'firebase-export-metadata.json']) {
      const from = path.join(authExportDir, name);
      if (!existsSync(from)) continue;
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
      cpSync(from, path.join(dataDir, name), { recursive: true });
    }
    rmSync(authExportDir, { recursive: true, force: true });
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGINT');
          }),
      ),
    );
    moveAuthExport();
  };

  try {
    await waitForPort(ports.firestore, 'Firestore emulator', cloud);
    await waitForPort(ports.storage, 'Storage emulator', cloud);
    await waitForPort(ports.stripe, 'Local Stripe', cloud);
    await waitForPort(ports.google, 'Local Google', cloud);
    await waitForPort(ports.whatsapp, 'Local WhatsApp', cloud);
    await Promise.race([
      readyPromise,
      new Promise((_, reject) =>
        firebase.once('exit', (code) => reject(new Error(`firebase-tools exited (${code})`))),
      ),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('firebase-tools not ready in 90s')), 90_000),
      ),
    ]);
  } catch (error) {
    if (quiet) process.stderr.write(recent.join('\n') + '\n');
    await stop();
    throw error;
  }

  const stopScheduler = options.scheduler ? startSequenceTimer(out ?? process.stdout) : () => {};
  const stopAll = async () => {
    stopScheduler();
    await stop();
  };

  const exited = Promise.race(
    children.map((child) => new Promise((resolve) => child.once('exit', () => resolve(child)))),
  );
  return { stop: stopAll, exited, children };
}
