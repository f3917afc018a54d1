// `npm run bench:csv`: can a member import 50,000 contacts from a CSV in the browser without the
// page freezing, how long does each phase take, and how much memory does the page need?
//
// Starts its own local cloud on free ports (bench:crm's cloud.mjs through ../common.mjs; contacts
// and companies keep only the indexes the import's queries and the list use, as in bench:crm),
// seeds one organization with firebase-admin (bench:crm's seedOrganization: 300 companies, no
// contacts, a seller who may view, create and edit contacts and create companies) and 500 contacts
// with e-mails that the file repeats, builds the web app against that cloud and serves it with
// vite preview. The file, generated here: --rows (50,000) contacts as Excel in Spanish saves them
// (semicolons, CRLF, Windows-1252, ~7 MB): name, e-mail, phone, company (600 names, half of them
// the seeded companies' in other case and without accents), job title, city, stage; 500 rows repeat
// the seeded contacts' e-mails and 50 have an invalid e-mail.
//
// Chromium (1280×800) signs in as the seller, opens /contactos and 'Importar CSV', and times, from
// the Node side, each phase of the dialog until its next screen shows: parse (file chosen →
// columns), validation (Validar → the server lookups start: the Web Worker's work), lookups
// (duplicates by e-mail, companies by name, the import's own ids → the review), import (Importar →
// the report: batches of 500 through the rules). Meanwhile, in the page: the main thread's long
// tasks (PerformanceObserver) and a 50 ms heartbeat's largest gap (what a user would feel as a
// freeze), and, over the DevTools protocol every 100 ms, the page's JS heap (the worker's heap is
// its own and not counted). Then the organization's contacts and companies are counted with
// firebase-admin. Targets (exit code 1 when missed): the report's figures and the database agree
// with the file (created = rows − duplicates − refused), and the page never stops answering for
// more than 500 ms (the heartbeat's largest gap).
//
//   node web/bench/csv/run.mjs [--rows 50000] [--dist <built dir>] [--out <results.json>]
/* global performance, PerformanceObserver, MutationObserver -- the page functions run in Chromium */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  adminOn,
  gitState,
  loadModel,
  machineInfo,
  openBenchPages,
  parseArgs,
  printRun,
  printTable,
  reportTargets,
  runBench,
  seconds,
  startCloud,
  trimmedIndexes,
  writeResults,
} from '../common.mjs';
import { bulkWrite, SELLER_PERMISSIONS, seedOrganization } from '../crm/seed.mjs';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, PLACES } from '../../../scripts/demo-names.mjs';
import { prng } from '../../../scripts/demo-names.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = await loadModel();
const args = parseArgs();
const ROWS = args.number('--rows', 50_000);
const EXISTING = 500;
const BAD = 50;
const FILE_COMPANIES = 600;
const SEEDED_COMPANIES = 300;
const outFile = path.resolve(args.get('--out', path.join(here, 'results.json')));
const PROJECT_ID = 'demo-trato-bench-csv';
const FREEZE_MS = 500;
const PERMISSIONS = {
  ...SELLER_PERMISSIONS,
  contacts: { view: true, create: true, edit: true, delete: false },
  companies: { view: true, create: true, edit: false, delete: false },
};

const fold = (text) => text.normalize('NFD').replace(/\p{Mn}/gu, '');

// ── The file ──────────────────────────────────────────────────────────────────────────────
/** The CSV as Excel in Spanish saves it, and what its import must do. */
function generateFile(seededCompanyNames, existingEmails) {
  const rng = prng(50_000);
  const cities = PLACES.Honduras.cities;
  const companies = Array.from({ length: FILE_COMPANIES }, (_, i) =>
    i < SEEDED_COMPANIES
      ? // The seeded companies, as a spreadsheet may spell them: capitals, no accents.
        i % 2
        ? seededCompanyNames[i].toUpperCase()
        : fold(seededCompanyNames[i])
      : `Comercial ${rng.pick(LAST_NAMES)} ${i}`,
  );
  const lines = ['Nombre;Correo;Teléfono;Empresa;Cargo;Ciudad;Etapa'];
  const stages = ['Lead', 'Prospecto', 'Cliente', 'Socio', 'Otro'];
  let bad = 0;
  let duplicates = 0;
  for (let i = 0; i < ROWS; i++) {
    const sex = rng.chance(0.5) ? 'f' : 'm';
    const name = `${rng.pick(FIRST_NAMES[sex])} ${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    let email = `cliente${i}@correo${i % 97}.hn`;
    if (i % 100 === 7 && duplicates < EXISTING) email = existingEmails[duplicates++];
    else if (i % 100 === 42 && bad < BAD) {
      email = `cliente${i}@`;
      bad++;
    }
    const phone = `+504 ${2200 + (i % 7000)}-${String(1000 + (i % 9000)).padStart(4, '0')}`;
    lines.push(
      [
        name,
        email,
        phone,
        companies[i % FILE_COMPANIES],
        rng.pick(JOB_TITLES),
        rng.pick(cities),
        stages[i % 5],
      ]
        .map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
        .join(';'),
    );
  }
  const text = lines.join('\r\n') + '\r\n';
  const bytes = Buffer.from(text, 'latin1');
  if (bytes.toString('latin1') !== text) throw new Error('the file has characters outside Windows-1252');
  return {
    bytes,
    expected: {
      rows: ROWS,
      refused: bad,
      duplicates,
      created: ROWS - bad - duplicates,
      companiesCreated: FILE_COMPANIES - SEEDED_COMPANIES,
      companiesMatched: SEEDED_COMPANIES,
    },
  };
}

// ── In the page ───────────────────────────────────────────────────────────────────────────
/** Long tasks and the largest gap of a 50 ms heartbeat, from now on. */
function installFreezeProbe() {
  const probe = { longTasks: [], maxGap: 0, beats: 0 };
  window.__freezeProbe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
  let last = performance.now();
  window.__freezeBeat = setInterval(() => {
    const now = performance.now();
    probe.maxGap = Math.max(probe.maxGap, now - last);
    probe.beats++;
    last = now;
  }, 50);
}

/** The probe's figures, overall and per phase (`marks`: the phases' start times in the page). */
function readFreezeProbe(marks) {
  clearInterval(window.__freezeBeat);
  const { longTasks, maxGap, beats } = window.__freezeProbe;
  const summary = (tasks) => ({
    longTasks: tasks.length,
    longTaskMaxMs: Math.round(Math.max(0, ...tasks.map(([, d]) => d))),
    longTaskTotalMs: Math.round(tasks.reduce((sum, [, d]) => sum + d, 0)),
  });
  const names = Object.keys(marks);
  const byPhase = Object.fromEntries(
    names.map((name, i) => {
      const end = marks[names[i + 1]] ?? Infinity;
      const tasks = longTasks.filter(([start]) => start >= marks[name] && start < end);
      // The three longest, as [ms after the phase's start, duration].
      const longest = [...tasks]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([start, d]) => [Math.round(start - marks[name]), Math.round(d)]);
      return [name, { ...summary(tasks), longest }];
    }),
  );
  return { ...summary(longTasks), heartbeatMaxGapMs: Math.round(maxGap), beats, byPhase };
}

/** Samples the page's JS heap every 100 ms over the DevTools protocol until stopped. */
async function heapSampler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  const before = await heap();
  let peak = before;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await heap());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    before,
    async stop() {
      running = false;
      await loop;
      const after = await heap();
      // What the page keeps, once garbage is collected.
      await cdp.send('HeapProfiler.collectGarbage');
      return {
        beforeMiB: mib(before),
        peakMiB: mib(peak),
        afterMiB: mib(after),
        afterGcMiB: mib(await heap()),
      };
    },
  };
}
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * In the page: the first time (performance.now()) each screen of the dialog shows — the columns
 * ('Validar'), the lookups ('Buscando duplicados…'), the review ('Importar N registros'), the
 * report — checked on every DOM change, so a screen that shows briefly is not missed.
 */
function installScreenProbe() {
  const seen = {};
  window.__screens = seen;
  const marks = {
    columns: (d) => [...d.querySelectorAll('button')].some((b) => b.textContent === 'Validar'),
    lookups: (d) => d.textContent.includes('Buscando duplicados'),
    review: (d) =>
      [...d.querySelectorAll('button')].some((b) => /^Importar [\d.,]+ registros$/.test(b.textContent)),
    report: (d) => d.textContent.includes('Importación terminada'),
  };
  new MutationObserver(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return;
    for (const [name, test] of Object.entries(marks))
      if (!(name in seen) && test(dialog)) seen[name] = performance.now();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Waits until the probe has seen `screen`; its time in the page. */
async function seen(page, screen, timeout = 1_800_000) {
  await page.waitForFunction((name) => name in window.__screens, screen, { timeout, polling: 250 });
  return page.evaluate((name) => window.__screens[name], screen);
}
const pageNow = (page) => page.evaluate(() => performance.now());

await runBench('bench:csv', async ({ defer }) => {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const git = gitState();
  const indexes = trimmedIndexes(model, {
    trimmed: ['contacts', 'companies'],
    // The list and the import's lookups (byEmail and byIds need the single-field email and
    // the key, which is always indexed).
    measured: [
      'contacts.list',
      'contacts.byEmail',
      'contacts.byIds',
      'companies.list',
      'companies.search',
      'companies.words',
      'companies.byIds',
    ],
    // The companies' search map: a name of several words is looked up with every word.
    indexedFields: ['name', 'createdAt', 'email', 'companies/searchIndex'],
  });
  const cloud = await startCloud({ projectId: PROJECT_ID, indexes, defer });
  const { db, auth, Timestamp, close } = await adminOn(cloud, 'bench-csv');

  const seedStarted = Date.now();
  const org = await seedOrganization({
    ...{ db, auth, Timestamp, model },
    key: 'csv',
    name: 'Importadora Grande',
    contacts: 0,
    companies: SEEDED_COMPANIES,
    seed: 50_000,
    permissions: PERMISSIONS,
  });
  const seededCompanies = (
    await db.collection(`organizations/${org.orgId}/companies`).orderBy('name').get()
  ).docs.map((d) => d.get('name'));
  const existingEmails = Array.from({ length: EXISTING }, (_, i) => `existente${i}@clientes.hn`);
  const at = Timestamp.now();
  await bulkWrite(
    db,
    existingEmails.map((email, i) => [
      `organizations/${org.orgId}/contacts/existing${i}`,
      {
        ...model.withDerivedFields('contacts', {
          name: `Cliente Existente ${i}`,
          email,
          companyId: null,
          status: 'active',
          isCustomer: false,
          lifecycleStage: 'lead',
          ownerId: org.uid,
        }),
        createdAt: at,
        createdBy: org.uid,
        updatedAt: at,
      },
    ]),
  );
  const seedMs = Date.now() - seedStarted;
  const { bytes, expected } = generateFile(seededCompanies, existingEmails);
  const filePath = path.join(mkdtempSync(path.join(os.tmpdir(), 'trato-bench-csv-')), 'contactos-excel.csv');
  writeFileSync(filePath, bytes);
  console.log(
    `  seeded ${SEEDED_COMPANIES} companies and ${EXISTING} contacts in ${seconds(seedMs)}; the file: ` +
      `${ROWS.toLocaleString('en')} rows, ${(bytes.length / 2 ** 20).toFixed(1)} MiB (Windows-1252, semicolons)`,
  );

  const { browser, pages } = await openBenchPages({
    cloud,
    cacheName: 'bench-csv-dist',
    dist: args.get('--dist'),
    defer,
    orgs: { csv: org },
    pageOptions: { viewport: { width: 1280, height: 800 } },
  });
  const page = pages.csv;
  await page.goto(page.url().replace(/\/dashboard$/, '/contactos'));
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar contactos' });
  await dialog.getByTestId('csv-file-input').waitFor({ state: 'attached', timeout: 30_000 });

  await page.evaluate(installFreezeProbe);
  await page.evaluate(installScreenProbe);
  const heap = await heapSampler(page);
  const phases = {};
  const chosen = await pageNow(page);
  await dialog.getByTestId('csv-file-input').setInputFiles(filePath);
  const columns = await seen(page, 'columns');
  phases.parseMs = Math.round(columns - chosen);
  const validateClicked = await pageNow(page);
  await dialog.getByRole('button', { name: 'Validar' }).click();
  const lookups = await seen(page, 'lookups');
  const reviewAt = await seen(page, 'review');
  phases.validateMs = Math.round(lookups - validateClicked);
  phases.lookupsMs = Math.round(reviewAt - lookups);
  const review = {
    creates: await dialog.getByTestId('csv-count-Nuevos').locator('dd').textContent(),
    duplicates: await dialog.getByTestId('csv-count-Ya existen').locator('dd').textContent(),
    refused: await dialog.getByTestId('csv-count-Rechazadas').locator('dd').textContent(),
  };
  const importClicked = await pageNow(page);
  await dialog.getByRole('button', { name: /^Importar [\d.,]+ registros$/ }).click();
  phases.importMs = Math.round((await seen(page, 'report')) - importClicked);
  const report = {
    created: await dialog.getByTestId('csv-count-Creados').locator('dd').textContent(),
    companiesCreated: await dialog.getByTestId('csv-count-Empresas creadas').locator('dd').textContent(),
  };
  // Closing shows the list again, with the imported contacts at the top.
  const closeClicked = await pageNow(page);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.locator('[role="row"][data-id]').first().waitFor({ state: 'visible', timeout: 120_000 });
  phases.closeMs = Math.round((await pageNow(page)) - closeClicked);
  const memory = await heap.stop();
  const freeze = await page.evaluate(readFreezeProbe, {
    parse: chosen,
    validate: validateClicked,
    lookups,
    review: reviewAt,
    import: importClicked,
    close: closeClicked,
  });
  const totalMs = phases.parseMs + phases.validateMs + phases.lookupsMs + phases.importMs;

  const contactsAfter = (await db.collection(`organizations/${org.orgId}/contacts`).count().get()).data()
    .count;
  const companiesAfter = (await db.collection(`organizations/${org.orgId}/companies`).count().get()).data()
    .count;
  await close();
  const num = (text) => Number(String(text).replace(/\D/g, ''));
  const got = {
    creates: num(review.creates),
    duplicates: num(review.duplicates),
    refused: num(review.refused),
    created: num(report.created),
    companiesCreated: num(report.companiesCreated),
    contactsAfter,
    companiesAfter,
  };
  const failures = [];
  const want = {
    creates: expected.created,
    duplicates: expected.duplicates,
    refused: expected.refused,
    created: expected.created,
    companiesCreated: expected.companiesCreated,
    contactsAfter: EXISTING + expected.created,
    companiesAfter: SEEDED_COMPANIES + expected.companiesCreated,
  };
  for (const [k, v] of Object.entries(want)) if (got[k] !== v) failures.push(`${k}: ${got[k]} ≠ ${v}`);
  if (freeze.heartbeatMaxGapMs > FREEZE_MS)
    failures.push(`the page stopped answering for ${freeze.heartbeatMaxGapMs} ms (> ${FREEZE_MS} ms)`);

  const machine = machineInfo(browser, loadBefore);
  await writeResults(outFile, {
    date: new Date().toISOString(),
    rows: ROWS,
    fileBytes: bytes.length,
    git,
    machine,
    expected,
    got,
    phasesMs: { ...phases, totalMs },
    rowsPerSecond: { import: Math.round((expected.created / phases.importMs) * 1000) },
    pageHeapMiB: memory,
    freeze,
    targets: { freezeMs: FREEZE_MS },
    failures,
  });
  printTable(
    `Import of ${ROWS.toLocaleString('en')} contacts (${(bytes.length / 2 ** 20).toFixed(1)} MiB) in Chromium 1280×800, vite preview build, local cloud`,
    ['Phase', 'Time'],
    [
      ['Parse (file → columns)', seconds(phases.parseMs)],
      ['Validation (worker)', seconds(phases.validateMs)],
      ['Lookups (duplicates, companies, ids)', seconds(phases.lookupsMs)],
      [
        `Import (${Math.ceil((expected.created + expected.companiesCreated) / 500)} batches of ≤ 500)`,
        seconds(phases.importMs),
      ],
      ['Total', seconds(totalMs)],
      ['Then: closing the dialog → the list', seconds(phases.closeMs)],
    ],
  );
  console.log(
    `\nPage JS heap: ${memory.beforeMiB} MiB before, peak ${memory.peakMiB} MiB, ${memory.afterMiB} MiB after. ` +
      `Main thread: ${freeze.longTasks} long tasks (longest ${freeze.longTaskMaxMs} ms, ${freeze.longTaskTotalMs} ms in all); ` +
      `heartbeat's largest gap ${freeze.heartbeatMaxGapMs} ms; longest task by phase: ` +
      Object.entries(freeze.byPhase)
        .map(([name, p]) => `${name} ${p.longTaskMaxMs} ms (${p.longTasks}; ${JSON.stringify(p.longest)})`)
        .join(', ') +
      '.\n' +
      `Review: ${got.creates} new, ${got.duplicates} duplicates, ${got.refused} refused; report: ${got.created} created, ` +
      `${got.companiesCreated} companies; database: ${contactsAfter} contacts, ${companiesAfter} companies.`,
  );
  printRun({ machine, git, seedMs, started, outFile });
  reportTargets(failures);
});
