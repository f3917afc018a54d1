// `npm run bench:crm`: do the contacts and companies lists stay fast, and read only one page, when
// an organization has 100,000 contacts?
//
// Starts its own local cloud on free ports (web/bench/crm/cloud.mjs), seeds with firebase-admin one
// organization with 100,000 contacts and 2,000 companies and one with 100 contacts and 20 companies
// (seed.mjs), builds the web app against that cloud (vite build, VITE_USE_EMULATORS, as the
// end-to-end tests do) and serves it with vite preview, then signs in through /auth in Chromium
// (desktop, 1280×800) as each organization's seller and measures, per run:
//
//   /contactos            time from navigation start to the first data row ([role="row"][data-id])
//                         and the document reads of the page (the Firestore emulator's billed-read
//                         counter, reset before navigating, read once it stays still for 1 s)
//   /contactos search     'mar' typed into the search box (type="search"): time to the filtered
//                         rows (every row has a word starting with it), and the reads
//   /empresas, search     the same with 'dis'
//
// Before the browser part, as each seller over REST, the time of each list's first page (runQuery,
// limit 26) and of its count() are printed as diagnostics. The app counts up to COUNT_LIMIT (a
// count of the query limited to COUNT_LIMIT + 1, "1,000+" beyond): an uncapped count of 100,000
// contacts bills 100 reads in production, and the emulator, which checks the list rule on every
// document a query matches, took 11 s over it while holding up everything else it served.
//
// Runs alternate between the organizations (one warm-up pass first, not counted); medians are
// printed and written to web/bench/crm/results.json. Targets (exit code 1 when missed): each
// 100,000-contact time within 1.5× the 100-contact one (plus 50 ms for timer noise), and every
// page's reads ≤ page size + READS_ALLOWANCE.
//
//   node web/bench/crm/run.mjs [--runs 5] [--contacts 100000] [--companies 2000]
//                              [--dist <built dir>] [--out <results.json>] [--seed-only]
/* global performance, requestAnimationFrame -- Node has the first; the page functions run in Chromium */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { register } from 'tsx/esm/api';

import { freePort, startBenchCloud } from './cloud.mjs';
import { seedOrganization } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../..');
const root = path.resolve(webDir, '..');

register(); // @trato/model is TypeScript source
const model = await import('../../../model/src/index.ts');

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '5'));
const BIG = { contacts: Number(arg('--contacts', '100000')), companies: Number(arg('--companies', '2000')) };
const SMALL = { contacts: 100, companies: 20 };
const outFile = path.resolve(arg('--out', path.join(here, 'results.json')));
const PROJECT_ID = 'demo-trato-bench';
const PAGE_SIZE = model.PAGE_SIZE;
/** Reads a page may take beyond its rows: the next-page probe (+1), the capped count() (1 per
 *  1,000 index entries: 2 at most) and the session's profile, member, organization and
 *  subscription documents. */
const READS_ALLOWANCE = 8;
const TIME_RATIO = 1.5;
/** The queries the measured pages make (model/src/queries.ts). */
const MEASURED_QUERIES = ['contacts.list', 'contacts.search', 'companies.list', 'companies.search'];
/** The fields of contacts and companies that keep their automatic single-field indexes. */
const INDEXED_FIELDS = ['name', 'createdAt'];
const TIME_SLACK_MS = 50;
const SEARCHES = { contacts: 'mar', companies: 'dis' };
const PAGES = { contacts: '/contactos', companies: '/empresas' };
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The cloud's index configuration: firestore.indexes.json, except that contacts and companies get
 * only what the measured pages use — the composite indexes of MEASURED_QUERIES (as the model
 * derives them) and the automatic single-field indexes of INDEXED_FIELDS; their other fields are
 * exempted (fieldOverrides with no index, as production allows). The pages' queries and reads are
 * the same; what goes is write-time work: in the emulator every index entry is an object in a
 * sorted list, and a contact's ~100 search tokens in the five composite indexes and the
 * single-field ones that contacts have would make ~60 million entries for 100,000 contacts (tens
 * of GB and an hour of loading). Strict index mode stays on, so a page query that needed a
 * removed index would fail the run.
 */
function benchIndexes() {
  const config = JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8'));
  const trimmed = ['contacts', 'companies'];
  const measured = model.APP_QUERIES.filter((q) => MEASURED_QUERIES.includes(q.id));
  const fields = {
    contacts: [...model.FIELD_CONTRACTS.contacts.required, ...model.FIELD_CONTRACTS.contacts.optional],
    companies: [...model.FIELD_CONTRACTS.companies.required, ...model.FIELD_CONTRACTS.companies.optional],
  };
  return {
    indexes: [
      ...(config.indexes ?? []).filter((i) => !trimmed.includes(i.collectionGroup)),
      ...model.indexesFor(measured),
    ],
    fieldOverrides: [
      ...(config.fieldOverrides ?? []).filter((o) => !trimmed.includes(o.collectionGroup)),
      ...trimmed.flatMap((collectionGroup) =>
        fields[collectionGroup]
          .filter((f) => !INDEXED_FIELDS.includes(f))
          .map((fieldPath) => ({ collectionGroup, fieldPath, indexes: [] })),
      ),
    ],
  };
}

// ── Read counter (the emulator's GET|DELETE /emulator/v1/projects/{p}:readCounts) ───────────
function readCounter(firestoreHost) {
  const url = `http://${firestoreHost}/emulator/v1/projects/${PROJECT_ID}:readCounts`;
  const call = async (method) => {
    const response = await fetch(url, { method });
    if (!response.ok)
      throw new Error(`${method} readCounts: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    reset: () => call('DELETE'),
    /** The counts once they have not moved for `quietMs` (listeners and count() may land late). */
    async settled(quietMs = 1000, timeoutMs = 20_000) {
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

// ── In the page ───────────────────────────────────────────────────────────────────────────
/** Recorded from the start of each navigation: when the first data row appeared (checked every frame). */
function firstRowProbe() {
  const probe = { firstRow: null };
  window.__benchProbe = probe;
  const tick = () => {
    if (document.querySelector('[role="row"][data-id]')) probe.firstRow = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** True once the grid shows new rows that all match the search (a word starting with `q`). */
function filteredRowsShown({ q, before }) {
  const rows = [...document.querySelectorAll('[role="row"][data-id]')];
  if (rows.length === 0) return false;
  const ids = rows.map((r) => r.getAttribute('data-id')).join(',');
  if (ids === before) return false;
  const words = (text) =>
    text
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
  return rows.every((r) => words(r.textContent ?? '').some((w) => w.startsWith(q)));
}

/**
 * Diagnostics, as the seller over REST (no browser): the median time of the list's first page
 * (runQuery, createdAt desc, limit 26) and of its capped count() — what /contactos and /empresas ask for.
 */
async function timeQueries(cloud, org, kind) {
  const signIn = await fetch(
    `http://${cloud.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: org.email, password: org.password, returnSecureToken: true }),
    },
  );
  const { idToken } = await signIn.json();
  const base = `http://${cloud.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/organizations/${org.orgId}`;
  const structuredQuery = {
    from: [{ collectionId: kind }],
    orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
  };
  const time = async (method, body) => {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const response = await fetch(`${base}:${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`${method} ${kind}: HTTP ${response.status} ${await response.text()}`);
      await response.json();
      times.push(performance.now() - t);
    }
    return Math.round(median(times));
  };
  return {
    pageMs: await time('runQuery', { structuredQuery: { ...structuredQuery, limit: PAGE_SIZE + 1 } }),
    countMs: await time('runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { ...structuredQuery, limit: model.COUNT_LIMIT + 1 },
        aggregations: [{ alias: 'n', count: {} }],
      },
    }),
  };
}

async function signIn(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
}

/** One measured visit of a list: navigation to its first row, then the search. */
async function measureList(page, baseUrl, counter, kind) {
  await counter.reset();
  await page.goto(`${baseUrl}${PAGES[kind]}`);
  const rows = page.locator('[role="row"][data-id]');
  await rows.first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => window.__benchProbe?.firstRow !== null, null, { timeout: 10_000 });
  const loadMs = await page.evaluate(() => window.__benchProbe.firstRow);
  const loadReads = await counter.settled();

  const before = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).join(',');
  await counter.reset();
  const search = page.locator('input[type="search"]');
  const started = performance.now();
  await search.fill(SEARCHES[kind]);
  await page.waitForFunction(
    filteredRowsShown,
    { q: SEARCHES[kind], before },
    { polling: 'raf', timeout: 60_000 },
  );
  const searchMs = performance.now() - started;
  const searchReads = await counter.settled();
  return { loadMs, loadReads, searchMs, searchReads };
}

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  console.log(`Starting a local cloud on free ports (project ${PROJECT_ID})…`);
  const cloud = await startBenchCloud({ root, projectId: PROJECT_ID, indexes: benchIndexes() });
  let server;
  let browser;
  try {
    process.env.FIRESTORE_EMULATOR_HOST = cloud.firestore;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = cloud.auth;
    process.env.GCLOUD_PROJECT = PROJECT_ID;
    process.env.METADATA_SERVER_DETECTION = 'none';
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getAuth } = await import('firebase-admin/auth');
    const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
    const app = initializeApp({ projectId: PROJECT_ID }, 'bench-crm');
    const db = getFirestore(app);
    const auth = getAuth(app);

    const seedStarted = Date.now();
    const orgs = {};
    for (const [key, size, name, seed] of [
      ['small', SMALL, 'Ferretería Pequeña', 100],
      ['big', BIG, 'Distribuidora Grande', 100_000],
    ]) {
      const t = Date.now();
      orgs[key] = {
        ...size,
        ...(await seedOrganization({ db, auth, Timestamp, model, key, name, ...size, seed })),
      };
      console.log(
        `  seeded ${key}: ${size.contacts.toLocaleString('en')} contacts, ${size.companies.toLocaleString('en')} companies in ${seconds(Date.now() - t)}`,
      );
    }
    const seedMs = Date.now() - seedStarted;
    await deleteApp(app);
    const diagnostics = {};
    for (const key of ['small', 'big'])
      for (const kind of ['contacts', 'companies'])
        diagnostics[`${key}.${kind}`] = await timeQueries(cloud, orgs[key], kind);
    for (const kind of ['contacts', 'companies'])
      console.log(
        `  as the seller over REST, ${kind}: first page ${diagnostics[`small.${kind}`].pageMs} / ` +
          `${diagnostics[`big.${kind}`].pageMs} ms, count() ${diagnostics[`small.${kind}`].countMs} / ` +
          `${diagnostics[`big.${kind}`].countMs} ms (small / big)`,
      );
    if (argv.includes('--seed-only')) return;

    // ── The web app, built against this cloud ──────────────────────────────────────────────
    const { build, preview } = await import('vite');
    let distDir = arg('--dist');
    if (distDir) distDir = path.resolve(distDir);
    else {
      distDir = path.join(webDir, 'node_modules/.cache/bench-crm-dist');
      const unused = await freePort(); // Storage and Functions are not used by these pages.
      Object.assign(process.env, {
        VITE_USE_EMULATORS: 'true',
        VITE_EMULATOR_PROJECT_ID: PROJECT_ID,
        VITE_AUTH_EMULATOR_HOST: cloud.auth,
        VITE_FIRESTORE_EMULATOR_HOST: cloud.firestore,
        VITE_STORAGE_EMULATOR_HOST: `127.0.0.1:${unused}`,
        VITE_FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${unused}`,
      });
      const t = Date.now();
      await build({ root: webDir, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
      console.log(`  built the web app in ${seconds(Date.now() - t)}`);
    }
    const port = await freePort();
    server = await preview({
      root: webDir,
      logLevel: 'warn',
      build: { outDir: distDir },
      preview: { port, strictPort: true, host: '127.0.0.1', open: false },
    });
    const baseUrl = `http://127.0.0.1:${port}`;

    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const counter = readCounter(cloud.firestore);
    const pages = {};
    for (const key of ['small', 'big']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
      await context.addInitScript(firstRowProbe);
      const page = await context.newPage();
      await signIn(page, baseUrl, orgs[key]);
      pages[key] = page;
    }

    const results = { small: { contacts: [], companies: [] }, big: { contacts: [], companies: [] } };
    for (let run = 0; run <= RUNS; run++) {
      for (const key of ['small', 'big']) {
        for (const kind of ['contacts', 'companies']) {
          const r = await measureList(pages[key], baseUrl, counter, kind);
          if (run === 0) continue; // warm-up
          results[key][kind].push(r);
          console.log(
            `  run ${run}/${RUNS} ${key.padEnd(5)} ${PAGES[kind].padEnd(10)} first row ${Math.round(r.loadMs)} ms ` +
              `(${r.loadReads.reads} reads), search '${SEARCHES[kind]}' ${Math.round(r.searchMs)} ms (${r.searchReads.reads} reads)`,
          );
        }
      }
    }

    // ── Report ─────────────────────────────────────────────────────────────────────────────
    const summary = {};
    for (const key of ['small', 'big'])
      for (const kind of ['contacts', 'companies']) {
        const list = results[key][kind];
        summary[`${key}.${kind}`] = {
          loadMs: Math.round(median(list.map((r) => r.loadMs))),
          loadReads: median(list.map((r) => r.loadReads.reads)),
          loadReadsByKind: list.at(-1).loadReads.byKind,
          searchMs: Math.round(median(list.map((r) => r.searchMs))),
          searchReads: median(list.map((r) => r.searchReads.reads)),
          searchReadsByKind: list.at(-1).searchReads.byKind,
        };
      }
    const failures = [];
    const maxReads = PAGE_SIZE + READS_ALLOWANCE;
    for (const kind of ['contacts', 'companies']) {
      const small = summary[`small.${kind}`];
      const big = summary[`big.${kind}`];
      for (const [what, metric] of [
        ['first row', 'loadMs'],
        ['search', 'searchMs'],
      ]) {
        const limit = small[metric] * TIME_RATIO + TIME_SLACK_MS;
        if (big[metric] > limit)
          failures.push(
            `${PAGES[kind]} ${what}: ${big[metric]} ms with ${BIG.contacts.toLocaleString('en')} contacts > ${Math.round(limit)} ms (1.5 × ${small[metric]} ms + ${TIME_SLACK_MS})`,
          );
      }
      for (const key of ['small', 'big'])
        for (const [what, metric] of [
          ['page', 'loadReads'],
          ['search', 'searchReads'],
        ])
          if (summary[`${key}.${kind}`][metric] > maxReads)
            failures.push(
              `${PAGES[kind]} ${what} (${key}): ${summary[`${key}.${kind}`][metric]} reads > ${maxReads} (page size ${PAGE_SIZE} + ${READS_ALLOWANCE})`,
            );
    }

    let chromiumVersion = 'unknown';
    try {
      chromiumVersion = execFileSync('/usr/bin/chromium', ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // keep 'unknown'
    }
    const report = {
      date: new Date().toISOString(),
      runs: RUNS,
      organizations: {
        small: { contacts: SMALL.contacts, companies: SMALL.companies },
        big: { contacts: BIG.contacts, companies: BIG.companies },
      },
      seedSeconds: Math.round(seedMs / 1000),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverage1mBefore: Number(loadBefore[0].toFixed(2)),
        loadAverage1mAfter: Number(os.loadavg()[0].toFixed(2)),
        node: process.version,
        chromium: chromiumVersion,
      },
      targets: { timeRatio: TIME_RATIO, timeSlackMs: TIME_SLACK_MS, maxReads },
      median: summary,
      restDiagnostics: diagnostics,
      runsByCase: results,
      failures,
    };
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

    const head = ['Page', 'Contacts', 'First row', 'Reads', `Search`, 'Reads'];
    const rows = [];
    for (const kind of ['contacts', 'companies'])
      for (const key of ['small', 'big']) {
        const s = summary[`${key}.${kind}`];
        rows.push([
          `${PAGES[kind]} (search '${SEARCHES[kind]}')`,
          orgs[key].contacts.toLocaleString('en'),
          `${s.loadMs} ms`,
          String(s.loadReads),
          `${s.searchMs} ms`,
          String(s.searchReads),
        ]);
      }
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
    console.log(`\nMedian of ${RUNS} runs (Chromium 1280×800, vite preview build, local cloud)`);
    console.log([line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n'));
    console.log(
      `\n${report.machine.cpus} CPUs (${report.machine.cpuModel}), Node ${process.version}, load ` +
        `${report.machine.loadAverage1mBefore} → ${report.machine.loadAverage1mAfter}; seeding ${seconds(seedMs)}, ` +
        `total ${seconds(Date.now() - started)}; written to ${path.relative(process.cwd(), outFile)}`,
    );
    if (failures.length) {
      console.log(`\nTargets missed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
      process.exitCode = 1;
    } else console.log('\nAll targets met.');
  } finally {
    await browser?.close().catch(() => {});
    if (server) await new Promise((resolve) => server.httpServer.close(resolve));
    await cloud.stop();
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:crm failed: ${error.stack ?? error}`);
  process.exitCode = 1;
}
process.exit(process.exitCode ?? 0);
