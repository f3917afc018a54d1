// What the browser benchmarks (web/bench/crm, deals and search run.mjs) share: arguments, the
// model, the local cloud and firebase-admin on it, the read counter, the web app built against
// that cloud and served, Chromium signed in as a seller, statistics, the machine, the results
// table and results.json, targets and the exit code.
/* global performance -- Node has it */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { register } from 'tsx/esm/api';

import { freePort, startBenchCloud } from './crm/cloud.mjs';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(webDir, '..');

// ── Arguments ─────────────────────────────────────────────────────────────────────────────
/** `--name value` options and `--flag` switches of the command line. */
export function parseArgs(argv = process.argv.slice(2)) {
  const get = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  return {
    get,
    number: (name, fallback) => Number(get(name, String(fallback))),
    has: (name) => argv.includes(name),
  };
}

/** @trato/model, which is TypeScript source. */
export async function loadModel() {
  register();
  return import('../../model/src/index.ts');
}

// ── Statistics ────────────────────────────────────────────────────────────────────────────
/** The p-th percentile (0–100) of `values`, linearly interpolated; NaN when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (rank - lo);
}
export const median = (values) => percentile(values, 50);
export const round1 = (x) => Math.round(x * 10) / 10;
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The p-th percentile of `field` over `list` (objects), to 0.1. */
export const pct = (list, field, p) =>
  round1(
    percentile(
      list.map((r) => r[field]),
      p,
    ),
  );

// ── The local cloud ───────────────────────────────────────────────────────────────────────
/**
 * Starts the benchmark's own cloud (crm/cloud.mjs) on free ports, with the data of `importDir`
 * when given; `defer` stops it at the end.
 */
export async function startCloud({ projectId, indexes, importDir, defer }) {
  console.log(`Starting a local cloud on free ports (project ${projectId})…`);
  const cloud = await startBenchCloud({ root, projectId, indexes, importDir });
  defer(() => cloud.stop());
  return cloud;
}

/**
 * firestore.indexes.json, except that the `trimmed` collections get only what the measured
 * queries need: the composite indexes of `measured` (query ids, as the model derives them) and
 * the automatic single-field indexes of `indexedFields` ('name', or 'companies/searchIndex' for
 * one collection only; a map field's keys with it); their other fields are exempted
 * (fieldOverrides with no index, as production allows). The queries and their reads stay the
 * same; what goes is write-time work: in the emulator every index entry is an object in a sorted
 * list, and a contact's ~100 search tokens in the five composite indexes and the single-field
 * ones would make ~60 million entries for 100,000 contacts (tens of GB and an hour of loading).
 * Strict index mode stays on, so a query that needed a removed index fails the run.
 */
export function trimmedIndexes(model, { trimmed, measured, indexedFields }) {
  const config = JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8'));
  const fields = (collection) => [
    ...model.FIELD_CONTRACTS[collection].required,
    ...model.FIELD_CONTRACTS[collection].optional,
  ];
  return {
    indexes: [
      ...(config.indexes ?? []).filter((i) => !trimmed.includes(i.collectionGroup)),
      ...model.indexesFor(model.APP_QUERIES.filter((q) => measured.includes(q.id))),
    ],
    fieldOverrides: [
      ...(config.fieldOverrides ?? []).filter((o) => !trimmed.includes(o.collectionGroup)),
      ...trimmed.flatMap((collectionGroup) =>
        fields(collectionGroup)
          .filter((f) => !indexedFields.includes(f) && !indexedFields.includes(`${collectionGroup}/${f}`))
          .map((fieldPath) => ({ collectionGroup, fieldPath, indexes: [] })),
      ),
    ],
  };
}

/** firestore.indexes.json as it is. */
export const projectIndexes = () =>
  JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8'));

/** firebase-admin on the cloud (for seeding): `close()` deletes the app. */
export async function adminOn(cloud, appName) {
  process.env.FIRESTORE_EMULATOR_HOST = cloud.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = cloud.auth;
  process.env.GCLOUD_PROJECT = cloud.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: cloud.projectId }, appName);
  return { db: getFirestore(app), auth: getAuth(app), Timestamp, close: () => deleteApp(app) };
}

/** The emulator's billed-read counter (GET | DELETE /emulator/v1/projects/{p}:readCounts). */
export function readCounter(cloud) {
  const url = `http://${cloud.firestore}/emulator/v1/projects/${cloud.projectId}:readCounts`;
  const call = async (method) => {
    const response = await fetch(url, { method });
    if (!response.ok)
      throw new Error(`${method} readCounts: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    reset: () => call('DELETE'),
    /** The counts once they have not moved for `quietMs` (listeners and aggregations land late). */
    async settled(quietMs = 1000, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let last = await call('GET');
      let since = Date.now();
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        const now = await call('GET');
        if (now.reads !== last.reads) {
          last = now;
          since = Date.now();
        } else if (Date.now() - since >= quietMs) return now;
      }
      return last;
    },
  };
}

/**
 * REST calls as a seller (no browser), for diagnostics: `post('runQuery', body)` on the
 * organization's documents, with the seller's ID token.
 */
export async function restAs(cloud, { email, password, orgId }) {
  const signIn = await fetch(
    `http://${cloud.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const { idToken } = await signIn.json();
  const base = `http://${cloud.firestore}/v1/projects/${cloud.projectId}/databases/(default)/documents/organizations/${orgId}`;
  return async (method, body) => {
    const response = await fetch(`${base}:${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** The median time of `times` calls of `fn` (ms, rounded), after `warmUp` calls not counted. */
export async function timeMedian(fn, { times = 5, warmUp = 1 } = {}) {
  for (let i = 0; i < warmUp; i++) await fn();
  const all = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    all.push(performance.now() - t);
  }
  return Math.round(median(all));
}

// ── The web app ───────────────────────────────────────────────────────────────────────────
/**
 * The web app built against the cloud (vite build with VITE_USE_EMULATORS, as the end-to-end
 * tests do) into web/node_modules/.cache/<cacheName>, or `dist` when given, served by vite preview
 * on a free port until the end. `plugins` are added to the project's for that build and server
 * (bench:offline's, which only that benchmark's build has).
 */
export async function buildAndServe({ cloud, cacheName, dist, defer, plugins = [] }) {
  const { build, preview } = await import('vite');
  const distDir = dist ? path.resolve(dist) : path.join(webDir, 'node_modules/.cache', cacheName);
  if (!dist) {
    const unused = await freePort(); // Storage and Functions are not used by the measured pages.
    Object.assign(process.env, {
      VITE_USE_EMULATORS: 'true',
      VITE_EMULATOR_PROJECT_ID: cloud.projectId,
      VITE_AUTH_EMULATOR_HOST: cloud.auth,
      VITE_FIRESTORE_EMULATOR_HOST: cloud.firestore,
      VITE_STORAGE_EMULATOR_HOST: `127.0.0.1:${unused}`,
      VITE_FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${unused}`,
    });
    const t = Date.now();
    await build({
      root: webDir,
      logLevel: 'warn',
      plugins,
      build: { outDir: distDir, emptyOutDir: true },
    });
    console.log(`  built the web app in ${seconds(Date.now() - t)}`);
  }
  const port = await freePort();
  const server = await preview({
    root: webDir,
    logLevel: 'warn',
    plugins,
    build: { outDir: distDir },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  defer(() => new Promise((resolve) => server.httpServer.close(resolve)));
  return `http://127.0.0.1:${port}`;
}

// ── Chromium ──────────────────────────────────────────────────────────────────────────────
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system's Chromium, headless, with nothing that talks to the network on its own. */
export async function launchChromium(defer) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  defer(() => browser.close());
  return browser;
}

/**
 * A page of its own browser context (Spanish, `viewport`), with `initScript(initArg)` installed
 * before every document, signed in through /auth as `email` (it lands on /dashboard).
 */
export async function signedInPage(browser, baseUrl, { email, password }, { viewport, initScript, initArg }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  if (initScript) await context.addInitScript(initScript, initArg);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  return page;
}

/**
 * The measuring setup every benchmark shares: the app built against `cloud` and served, Chromium,
 * the cloud's read counter, and one signed-in page per organization (`pageOptions` as for
 * `signedInPage`).
 */
export async function openBenchPages({ cloud, cacheName, dist, defer, orgs, pageOptions }) {
  const baseUrl = await buildAndServe({ cloud, cacheName, dist, defer });
  const browser = await launchChromium(defer);
  const counter = readCounter(cloud);
  const pages = {};
  for (const key of Object.keys(orgs))
    pages[key] = await signedInPage(browser, baseUrl, orgs[key], pageOptions);
  return { baseUrl, browser, counter, pages };
}

// ── The report ────────────────────────────────────────────────────────────────────────────
export function gitState() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      emulatorSourceChanged: git('status', '--porcelain', '--', 'emulator/src').length > 0,
    };
  } catch {
    return { commit: 'unknown', emulatorSourceChanged: null };
  }
}

/** The machine the run had: CPUs as `nproc` sees them, memory, versions, load before and after. */
export function machineInfo(browser, loadBefore) {
  const cpus = os.cpus();
  let nproc = cpus.length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    // os.cpus()
  }
  const load = (l) => l.map((x) => Number(x.toFixed(2)));
  return {
    nproc,
    cpuModel: cpus[0]?.model,
    ramGiB: round1(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium: browser.version(),
    loadAverageBefore: load(loadBefore),
    loadAverageAfter: load(os.loadavg()),
  };
}

/** results.json, formatted as the repository's prettier would (npm run lint checks it). */
export async function writeResults(outFile, report) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(outFile)), filepath: outFile };
  writeFileSync(outFile, await prettier.format(JSON.stringify(report), options));
}

/** A table on the console: the first column left-aligned, the others right-aligned. */
export function printTable(title, head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log([line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n'));
}

/** The machine, the commit, the time taken and where the results went. */
export function printRun({ machine: m, git, seedMs, started, outFile }) {
  console.log(
    `\nnproc ${m.nproc} (${m.cpuModel}), ${m.ramGiB} GiB, Node ${m.node}, Chromium ${m.chromium}, load ` +
      `${m.loadAverageBefore.join(' ')} → ${m.loadAverageAfter.join(' ')}; git ${git.commit}` +
      `${git.emulatorSourceChanged ? ' (emulator/src with uncommitted changes)' : ''}; seeding ${seconds(seedMs)}, ` +
      `total ${seconds(Date.now() - started)}; written to ${path.relative(process.cwd(), outFile)}`,
  );
}

/** Prints the missed targets (exit code 1) or that all were met. */
export function reportTargets(failures) {
  if (failures.length) {
    console.log(`\nTargets missed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nAll targets met.');
}

/**
 * Runs a benchmark's main({ defer }) and exits: what it deferred (browser, server, cloud) is
 * undone in reverse order whatever happens, and an error is printed with exit code 1.
 */
export async function runBench(name, main) {
  const undo = [];
  try {
    await main({ defer: (fn) => undo.push(fn) });
  } catch (error) {
    console.error(`${name} failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    for (const fn of undo.reverse())
      await Promise.resolve()
        .then(fn)
        .catch(() => {});
  }
  process.exit(process.exitCode ?? 0);
}
