// `npm run bench:search`: does the global search (top bar, Ctrl/Cmd+K) answer as fast, and read as
// little, in an organization with 100,000 contacts, 2,000 companies and 20,000 deals as in one with
// 100 contacts, 20 companies and 100 deals?
//
// Starts its own local cloud on free ports (bench:crm's cloud.mjs through ../common.mjs; contacts
// and companies keep only the indexes the app's queries here use, as in bench:crm; deals keep
// firestore.indexes.json's), seeds both organizations with firebase-admin (bench:crm's
// seedOrganization — organization, active subscription, a seller who may view contacts, companies
// and deals — with González, Pereira and Perdomo added to the surnames and four companies named
// after surnames, then bench:deals' seedDeals), builds the web app against that cloud and serves it
// with vite preview. Chromium (1280×800) signs in as each seller, stays on the dashboard and, per
// search:
//
//   opens the search with Ctrl+K, resets the emulator's read counter, types a term one key every
//   KEY_DELAY_MS ms (pere, mar, gonz in turn) and times, in the page, from the `timeStamp` of the
//   last key's keydown to the first MutationObserver callback where the dialog shows exactly the
//   expected hits — the groups' headings and each row's name or title, in order, as the app's own
//   search.ts makes them from the first SEARCH_RESULTS_PER_TYPE documents of each group's declared
//   query (read beforehand with firebase-admin) — and no spinner (and to the next frame, as
//   "painted"); the main thread's long tasks in between are recorded. This includes the hook's
//   250 ms debounce. Then the reads (the counter once still for 1 s), and Escape closes the dialog
//   (a fresh dialog each time: the hook keeps the last hits while it searches again).
//
// One warm-up pass over the terms for each seller, then --searches (20) measured searches per
// organization, alternating organizations (which goes first alternates too) and terms. As each
// seller over REST the run also prints each term's three queries' time (all at once, as the dialog
// sends them). Medians and p95 go to web/bench/search/results.json. Targets (exit code 1 when
// missed): the 100,000-contact median within 1.5× the small organization's (+ 50 ms), and no
// search reading more than its allowance: per viewable group min(matches, SEARCH_RESULTS_PER_TYPE),
// at least 1 (an empty query bills 1).
//
//   node web/bench/search/run.mjs [--searches 20] [--contacts 100000] [--companies 2000]
//                                 [--deals 20000] [--dist <built dir>] [--out <results.json>] [--seed-only]
/* global performance, requestAnimationFrame, MutationObserver, PerformanceObserver -- the page functions run in Chromium */
import { readFileSync } from 'node:fs';
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
  pct,
  printRun,
  printTable,
  reportTargets,
  restAs,
  runBench,
  seconds,
  startCloud,
  timeMedian,
  trimmedIndexes,
  webDir,
  writeResults,
} from '../common.mjs';
import { SELLER_PERMISSIONS, seedOrganization } from '../crm/seed.mjs';
import { seedDeals } from '../deals/seed.mjs';
import { LAST_NAMES } from '../../../scripts/demo-names.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = await loadModel();
// The app's own group specs: which groups a member sees, what a hit shows.
const { hitsOf, viewableGroups } = await import('../../src/app/shell/search/search.ts');

const args = parseArgs();
const SEARCHES = args.number('--searches', 20);
const ORGS = {
  small: { contacts: 100, companies: 20, deals: 100, name: 'Ferretería Pequeña', seed: 100 },
  big: {
    contacts: args.number('--contacts', 100_000),
    companies: args.number('--companies', 2000),
    deals: args.number('--deals', 20_000),
    name: 'Distribuidora Grande',
    seed: 100_000,
  },
};
const outFile = path.resolve(args.get('--out', path.join(here, 'results.json')));
const PROJECT_ID = 'demo-trato-bench-search';
/** Typed one key at a time, like a user; each a word prefix that Spanish names have. */
const TERMS = ['pere', 'mar', 'gonz'];
const KEY_DELAY_MS = 120;
const PER_GROUP = model.SEARCH_RESULTS_PER_TYPE;
const TIME_RATIO = 1.5;
const TIME_SLACK_MS = 50;
const PERMISSIONS = {
  ...SELLER_PERMISSIONS,
  deals: { view: true, create: false, edit: false, delete: false },
};
// Pérez, Pereira (pere), González (gonz): Honduran surnames the demo list lacks; Perdomo matches
// 'per' but not 'pere'.
const LAST_NAMES_HERE = [...LAST_NAMES, 'González', 'Pereira', 'Perdomo'];
const NAMED_COMPANIES = [
  { name: 'Ferretería Pérez', industry: 'retail' },
  { name: 'Transportes González', industry: 'services' },
  { name: 'Clínica Pereira', industry: 'health' },
  { name: 'Constructora Marroquín', industry: 'construction' },
];
/** The headings the dialog shows (web/src/i18n/es.json app.search.groups). */
const GROUP_LABELS = JSON.parse(readFileSync(path.join(webDir, 'src/i18n/es.json'), 'utf8')).app.search
  .groups;

const seller = { role: 'seller', permissions: PERMISSIONS };
const GROUPS = viewableGroups((resource, action) => model.can(seller, resource, action));
const spec = (group) => model.APP_QUERIES.find((q) => q.id === group.queryId);
const money = (amount) => `L ${amount}`;

// ── What each search should show ────────────────────────────────────────────────────────────
/**
 * Per group, with firebase-admin: how many documents the term's token matches, and the hits the
 * dialog should list — the first PER_GROUP of the declared query, through the app's hitsOf.
 */
async function expectedHits(db, orgId, term) {
  const token = model.searchQueryToken(term);
  const groups = [];
  for (const group of GROUPS) {
    const { collection, where, orderBy } = spec(group);
    if (where.some((f) => f.field !== 'searchTokens')) throw new Error(`${group.queryId}: unexpected filter`);
    let query = db.collection(`organizations/${orgId}/${collection}`);
    for (const f of where) query = query.where(f.field, f.op, token);
    // Counted with the declared order: the bench's contacts and companies have no single-field
    // index on searchTokens, only the query's composite one.
    for (const o of orderBy) query = query.orderBy(o.field, o.direction);
    const matches = (await query.count().get()).data().count;
    const snapshot = await query.limit(PER_GROUP).get();
    const docs = snapshot.docs.map((d) => ({ id: d.id, ...d.data() }));
    const hits = hitsOf(group, docs, money);
    groups.push({ key: group.key, matches, primaries: hits.map((h) => h.primary) });
  }
  return {
    groups,
    headings: groups.filter((g) => g.primaries.length).map((g) => GROUP_LABELS[g.key]),
    primaries: groups.flatMap((g) => g.primaries),
    // What the reads may be: each group's query returns at most PER_GROUP documents, 1 if none.
    allowance: groups.reduce((sum, g) => sum + Math.max(1, Math.min(g.matches, PER_GROUP)), 0),
  };
}

// ── REST diagnostics ──────────────────────────────────────────────────────────────────────
/** As the seller: each term's group queries sent at once, as the dialog does (median of 5). */
async function timeQueries(cloud, org) {
  const post = await restAs(cloud, org);
  const run = (group, term) => {
    const { collection, where, orderBy } = spec(group);
    const value = { stringValue: model.searchQueryToken(term) };
    return post('runQuery', {
      structuredQuery: {
        from: [{ collectionId: collection }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: where.map((f) => ({
              fieldFilter: { field: { fieldPath: f.field }, op: 'ARRAY_CONTAINS', value },
            })),
          },
        },
        orderBy: orderBy.map((o) => ({
          field: { fieldPath: o.field },
          direction: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
        })),
        limit: PER_GROUP,
      },
    });
  };
  const out = {};
  for (const term of TERMS) {
    out[term] = { allMs: await timeMedian(() => Promise.all(GROUPS.map((g) => run(g, term)))) };
    for (const group of GROUPS) out[term][group.key] = await timeMedian(() => run(group, term));
  }
  return out;
}

// ── In the page ───────────────────────────────────────────────────────────────────────────
/**
 * Before typing: records every keydown and input (capture, on document) and the main thread's
 * long tasks, and notes the first MutationObserver callback where the dialog shows no spinner and
 * exactly the expected headings and rows for `term` (then the next frame).
 */
function installSearchProbe({ term, headings, primaries }) {
  const probe = { keydowns: [], inputs: [], shown: null, painted: null, longTasks: [] };
  window.__searchProbe = probe;
  const onKeydown = (event) => probe.keydowns.push(event.timeStamp);
  const onInput = (event) => probe.inputs.push(event.timeStamp);
  document.addEventListener('keydown', onKeydown, true);
  document.addEventListener('input', onInput, true);
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push([e.startTime, e.duration]);
  });
  tasks.observe({ type: 'longtask' });
  const want = JSON.stringify([headings, primaries]);
  const done = () => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog || dialog.querySelector('input[role="combobox"]')?.value !== term) return false;
    if (dialog.querySelector('[role="progressbar"]')) return false; // still searching
    const shown = [
      [...dialog.querySelectorAll('#search-hits > li > [role="presentation"]')].map((h) => h.textContent),
      [...dialog.querySelectorAll('#search-hits [role="option"]')].map(
        (o) => o.querySelector('p')?.textContent ?? '',
      ),
    ];
    return JSON.stringify(shown) === want;
  };
  const observer = new MutationObserver(() => {
    if (probe.shown !== null || !done()) return;
    probe.shown = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => (probe.painted = performance.now()));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  window.__searchProbeStop = () => {
    observer.disconnect();
    tasks.disconnect();
    document.removeEventListener('keydown', onKeydown, true);
    document.removeEventListener('input', onInput, true);
    return probe;
  };
}

/** What the dialog shows now (for an error message). */
function dialogState() {
  const dialog = document.querySelector('[role="dialog"]');
  return dialog
    ? {
        typed: dialog.querySelector('input[role="combobox"]')?.value,
        busy: dialog.querySelector('[role="progressbar"]') !== null,
        text: dialog.textContent.slice(0, 600),
      }
    : null;
}

/** One search: Ctrl+K, the term typed key by key, the expected hits shown, their reads; Escape. */
async function measureSearch(page, counter, term, expected) {
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox', null, {
    timeout: 30_000,
  });
  await counter.reset();
  await page.evaluate(installSearchProbe, {
    term,
    headings: expected.headings,
    primaries: expected.primaries,
  });
  await page.keyboard.type(term, { delay: KEY_DELAY_MS });
  try {
    await page.waitForFunction(() => window.__searchProbe.painted !== null, null, { timeout: 30_000 });
  } catch (error) {
    const state = await page.evaluate(dialogState);
    throw new Error(`'${term}': the expected hits did not show (${JSON.stringify(state)}): ${error}`);
  }
  const reads = await counter.settled();
  const probe = await page.evaluate(() => window.__searchProbeStop());
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), null, { timeout: 10_000 });
  if (probe.keydowns.length !== term.length)
    throw new Error(`'${term}': ${probe.keydowns.length} keydowns recorded`);
  const lastKey = probe.keydowns.at(-1);
  return {
    term,
    shownMs: probe.shown - lastKey,
    paintedMs: probe.painted - lastKey,
    // From the last key's keydown to its input event: how soon the page took the key.
    inputLagMs: probe.inputs.at(-1) - lastKey,
    longTaskMs: probe.longTasks.reduce(
      (sum, [start, duration]) =>
        sum + Math.max(0, Math.min(start + duration, probe.shown) - Math.max(start, lastKey)),
      0,
    ),
    reads: reads.reads,
    readsByKind: reads.byKind,
    allowance: expected.allowance,
  };
}

await runBench('bench:search', async ({ defer }) => {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const git = gitState();
  const indexes = trimmedIndexes(model, {
    trimmed: ['contacts', 'companies'],
    // The dashboard's contacts count and the dialog's contacts and companies queries.
    measured: ['contacts.list', 'contacts.search', 'companies.list', 'companies.search'],
    indexedFields: ['name', 'createdAt'],
  });
  const cloud = await startCloud({ projectId: PROJECT_ID, indexes, defer });
  const { db, auth, Timestamp, close } = await adminOn(cloud, 'bench-search');

  const seedStarted = Date.now();
  const orgs = {};
  for (const key of ['small', 'big']) {
    const { contacts, companies, deals, name, seed } = ORGS[key];
    const t = Date.now();
    const org = await seedOrganization({
      ...{ db, auth, Timestamp, model, key, name, contacts, companies, seed },
      permissions: PERMISSIONS,
      lastNames: LAST_NAMES_HERE,
      namedCompanies: NAMED_COMPANIES,
    });
    const dealsStarted = Date.now();
    await seedDeals({
      ...{ db, Timestamp, model, orgId: org.orgId, deals, seed },
      ownerIds: [org.uid, `bench-admin-${key}`],
      createdBy: `bench-admin-${key}`,
    });
    orgs[key] = { ...org, expected: {} };
    for (const term of TERMS) orgs[key].expected[term] = await expectedHits(db, org.orgId, term);
    console.log(
      `  seeded ${key}: ${contacts.toLocaleString('en')} contacts, ${companies.toLocaleString('en')} ` +
        `companies in ${seconds(dealsStarted - t)}, ${deals.toLocaleString('en')} deals in ` +
        `${seconds(Date.now() - dealsStarted)}; matches ` +
        TERMS.map(
          (term) =>
            `${term} ${orgs[key].expected[term].groups.map((g) => `${g.matches.toLocaleString('en')} ${g.key}`).join(', ')}`,
        ).join('; '),
    );
  }
  const seedMs = Date.now() - seedStarted;
  await close();
  const failures = [];
  for (const key of ['small', 'big'])
    for (const term of TERMS)
      for (const g of orgs[key].expected[term].groups)
        if (!g.primaries.length) failures.push(`${key}: '${term}' finds no ${g.key} (seed)`);
  if (failures.length) throw new Error(failures.join('; '));

  const diagnostics = {};
  for (const key of ['small', 'big']) diagnostics[key] = await timeQueries(cloud, orgs[key]);
  console.log(
    `  as the seller over REST (small / big), the ${GROUPS.length} queries at once: ` +
      TERMS.map((t) => `${t} ${diagnostics.small[t].allMs} / ${diagnostics.big[t].allMs} ms`).join(', '),
  );
  if (args.has('--seed-only')) return;

  const { browser, counter, pages } = await openBenchPages({
    cloud,
    cacheName: 'bench-search-dist',
    dist: args.get('--dist'),
    defer,
    orgs: { small: orgs.small, big: orgs.big },
    pageOptions: { viewport: { width: 1280, height: 800 } },
  });
  await counter.settled(); // the dashboards' counts and pipelines

  // A warm-up pass over the terms (the dialog's chunk, the SDK's first queries), then the runs.
  const searches = { small: [], big: [] };
  for (const key of ['small', 'big'])
    for (const term of TERMS) await measureSearch(pages[key], counter, term, orgs[key].expected[term]);
  for (let i = 0; i < SEARCHES; i++) {
    const term = TERMS[i % TERMS.length];
    for (const key of i % 2 ? ['big', 'small'] : ['small', 'big']) {
      const r = await measureSearch(pages[key], counter, term, orgs[key].expected[term]);
      searches[key].push(r);
      console.log(
        `  search ${i + 1}/${SEARCHES} ${key.padEnd(5)} '${term}': results ${r.shownMs.toFixed(1)} ms after the last key ` +
          `(painted ${r.paintedMs.toFixed(1)}, long tasks ${Math.round(r.longTaskMs)} ms), ${r.reads} reads ` +
          `(allowed ${r.allowance}) ${JSON.stringify(r.readsByKind)}`,
      );
    }
  }

  // ── Report ─────────────────────────────────────────────────────────────────────────────
  const summarize = (list) => ({
    searches: list.length,
    shownP50Ms: pct(list, 'shownMs', 50),
    shownP95Ms: pct(list, 'shownMs', 95),
    paintedP50Ms: pct(list, 'paintedMs', 50),
    paintedP95Ms: pct(list, 'paintedMs', 95),
    longTaskP50Ms: pct(list, 'longTaskMs', 50),
    readsP50: pct(list, 'reads', 50),
    readsMax: Math.max(...list.map((r) => r.reads)),
    allowanceMax: Math.max(...list.map((r) => r.allowance)),
  });
  const summary = {};
  for (const key of ['small', 'big']) {
    summary[key] = {
      ...summarize(searches[key]),
      byTerm: Object.fromEntries(
        TERMS.map((term) => [
          term,
          {
            ...summarize(searches[key].filter((r) => r.term === term)),
            matches: Object.fromEntries(orgs[key].expected[term].groups.map((g) => [g.key, g.matches])),
          },
        ]),
      ),
    };
  }
  const limit = summary.small.shownP50Ms * TIME_RATIO + TIME_SLACK_MS;
  if (summary.big.shownP50Ms > limit)
    failures.push(
      `keystroke → results: ${summary.big.shownP50Ms} ms p50 with ${ORGS.big.contacts.toLocaleString('en')} contacts > ${Math.round(limit)} ms (1.5 × ${summary.small.shownP50Ms} ms + ${TIME_SLACK_MS})`,
    );
  for (const key of ['small', 'big']) {
    const over = searches[key].filter((r) => r.reads > r.allowance);
    if (over.length)
      failures.push(
        `${key}: ${over.length} of ${searches[key].length} searches read more than allowed (` +
          over.map((r) => `'${r.term}' ${r.reads} > ${r.allowance}`).join(', ') +
          ')',
      );
  }

  const machine = machineInfo(browser, loadBefore);
  await writeResults(outFile, {
    date: new Date().toISOString(),
    searches: SEARCHES,
    terms: TERMS,
    keyDelayMs: KEY_DELAY_MS,
    git,
    organizations: Object.fromEntries(
      Object.entries(ORGS).map(([key, { contacts, companies, deals }]) => [
        key,
        { contacts, companies, deals },
      ]),
    ),
    groups: GROUPS.map((g) => g.key),
    seedSeconds: Math.round(seedMs / 1000),
    machine,
    targets: { timeRatio: TIME_RATIO, timeSlackMs: TIME_SLACK_MS, readsPerGroup: PER_GROUP },
    summary,
    restDiagnostics: diagnostics,
    searchesByOrganization: searches,
    failures,
  });

  const rows = [];
  for (const key of ['small', 'big'])
    for (const [what, s] of [['all', summary[key]], ...TERMS.map((t) => [`'${t}'`, summary[key].byTerm[t]])])
      rows.push([
        `${ORGS[key].contacts.toLocaleString('en')} contacts ${what}`,
        `${s.shownP50Ms} ms`,
        `${s.shownP95Ms} ms`,
        `${s.paintedP50Ms} ms`,
        `${s.longTaskP50Ms} ms`,
        `${s.readsP50} / ${s.readsMax} (${s.allowanceMax})`,
      ]);
  printTable(
    `${SEARCHES} searches per organization, keystroke → results (Chromium 1280×800, vite preview build, local cloud)`,
    ['Organization, term', 'p50', 'p95', 'Painted p50', 'Long tasks p50', 'Reads p50 / max (allowed)'],
    rows,
  );
  printRun({ machine, git, seedMs, started, outFile });
  reportTargets(failures);
});
