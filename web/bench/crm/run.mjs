// `npm run bench:crm`: do the contacts and companies lists stay fast, and read only one page, when
// an organization has 100,000 contacts?
//
// Starts its own local cloud on free ports (web/bench/crm/cloud.mjs; the steps the three browser
// benchmarks share are in web/bench/common.mjs), seeds with firebase-admin one organization with
// 100,000 contacts and 2,000 companies and one with 100 contacts and 20 companies (seed.mjs),
// builds the web app against that cloud (vite build, VITE_USE_EMULATORS, as the end-to-end tests
// do) and serves it with vite preview, then signs in through /auth in Chromium (desktop, 1280×800)
// as each organization's seller and measures, per run:
//
//   /contactos            time from navigation start to the first data row ([role="row"][data-id])
//                         and the document reads of the page (the Firestore emulator's billed-read
//                         counter, reset before navigating, read once it stays still for 1 s)
//   /contactos search     'mar' typed into the search box (type="search"): time to the filtered
//                         rows (every row has a word starting with it), and the reads
//   /contactos 2 words    then 'mar lop' (María López…): time to the rows that have both words,
//                         and the reads — every word matched on the server (searchIndex)
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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  adminOn,
  gitState,
  loadModel,
  machineInfo,
  median,
  openBenchPages,
  parseArgs,
  printRun,
  printTable,
  reportTargets,
  restAs,
  runBench,
  seconds,
  startCloud,
  timeMedian,
  trimmedIndexes,
  writeResults,
} from '../common.mjs';
import { seedOrganization } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = await loadModel();

const args = parseArgs();
const RUNS = args.number('--runs', 5);
const BIG = { contacts: args.number('--contacts', 100_000), companies: args.number('--companies', 2000) };
const SMALL = { contacts: 100, companies: 20 };
const outFile = path.resolve(args.get('--out', path.join(here, 'results.json')));
const PROJECT_ID = 'demo-trato-bench';
const PAGE_SIZE = model.PAGE_SIZE;
/** Reads a page may take beyond its rows: the next-page probe (+1), the capped count() (1 per
 *  1,000 index entries: 2 at most), the session's profile, member, organization and
 *  subscription documents, and the bell's listener of the e-mails the member received (issue
 *  32: 1 read when there are none). */
const READS_ALLOWANCE = 8;
const TIME_RATIO = 1.5;
/** The queries the measured pages make (model/src/queries.ts): the cloud keeps, for contacts and
 * companies, only their composite indexes and the single-field ones of INDEXED_FIELDS
 * (common.mjs trimmedIndexes says why). */
const MEASURED_QUERIES = [
  'contacts.list',
  'contacts.search',
  'contacts.words',
  'companies.list',
  'companies.search',
];
/** The contacts' search map stays indexed: the two-word search matches its keys. */
const INDEXED_FIELDS = ['name', 'createdAt', 'contacts/searchIndex'];
const TIME_SLACK_MS = 50;
const SEARCHES = { contacts: 'mar', companies: 'dis' };
/** A search of two words, after the first (contacts): rows with a word starting with each. */
const TWO_WORDS = { contacts: 'mar lop' };
/**
 * Two-word searches tried in order: the first that matches some of the small organization's 100
 * contacts and more than a page of the big one's is measured (a search nothing matches shows no
 * row to wait for, and the seeds name the two organizations' people differently).
 */
const TWO_WORD_CANDIDATES = [
  'mar lop',
  'ana gar',
  'jos her',
  'car rod',
  'lui mar',
  'mar gon',
  'jua per',
  'ana rod',
];
const PAGES = { contacts: '/contactos', companies: '/empresas' };

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

/** True once the grid shows new rows that all match the search (a word starting with each of `q`'s). */
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
  return rows.every((r) => {
    // Cell by cell: a row's textContent runs one cell's last word into the next one's first.
    const cells = [...r.querySelectorAll('[data-field]')].map((cell) => cell.textContent ?? '');
    const text = words(cells.join(' '));
    return q.split(' ').every((typed) => text.some((w) => w.startsWith(typed)));
  });
}

/**
 * Diagnostics, as the seller over REST (no browser): the median time of the list's first page
 * (runQuery, createdAt desc, limit 26) and of its capped count() — what /contactos and /empresas ask for.
 */
/** The count of contacts matching every word of `text` (one equality per word on the search map). */
async function wordsCount(cloud, org, text) {
  const post = await restAs(cloud, org);
  const filters = model.searchQueryWords(text).map((word) => ({
    fieldFilter: { field: { fieldPath: `searchIndex.${word}` }, op: 'EQUAL', value: { booleanValue: true } },
  }));
  const counted = await post('runAggregationQuery', {
    structuredAggregationQuery: {
      structuredQuery: {
        from: [{ collectionId: 'contacts' }],
        where: { compositeFilter: { op: 'AND', filters } },
      },
      aggregations: [{ alias: 'n', count: {} }],
    },
  });
  return Number(counted[0].result.aggregateFields.n.integerValue);
}

async function timeQueries(cloud, org, kind) {
  const post = await restAs(cloud, org);
  const structuredQuery = {
    from: [{ collectionId: kind }],
    orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
  };
  const time = (method, body) => timeMedian(() => post(method, body), { times: 3, warmUp: 0 });
  const timed = async (query) => ({
    pageMs: await time('runQuery', { structuredQuery: { ...query, limit: PAGE_SIZE + 1 } }),
    countMs: await time('runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { ...query, limit: model.COUNT_LIMIT + 1 },
        aggregations: [{ alias: 'n', count: {} }],
      },
    }),
  });
  if (!TWO_WORDS[kind]) return timed(structuredQuery);
  // The two-word search: one equality per word on the search map, no order (document id).
  const equalities = model.searchQueryWords(TWO_WORDS[kind]).map((word) => ({
    fieldFilter: { field: { fieldPath: `searchIndex.${word}` }, op: 'EQUAL', value: { booleanValue: true } },
  }));
  const twoWords = {
    from: [{ collectionId: kind }],
    where: { compositeFilter: { op: 'AND', filters: equalities } },
  };
  const counted = await post('runAggregationQuery', {
    structuredAggregationQuery: { structuredQuery: twoWords, aggregations: [{ alias: 'n', count: {} }] },
  });
  return {
    ...(await timed(structuredQuery)),
    twoWords: {
      ...(await timed(twoWords)),
      matches: Number(counted[0].result.aggregateFields.n.integerValue),
    },
  };
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
  if (!TWO_WORDS[kind]) return { loadMs, loadReads, searchMs, searchReads };

  const shown = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).join(',');
  await counter.reset();
  const twoStarted = performance.now();
  await search.fill(TWO_WORDS[kind]);
  await page
    .waitForFunction(
      filteredRowsShown,
      { q: TWO_WORDS[kind], before: shown },
      { polling: 'raf', timeout: 60_000 },
    )
    .catch(async (error) => {
      const seen = await page.evaluate(() => document.querySelector('main')?.textContent?.slice(0, 600));
      throw new Error(`'${TWO_WORDS[kind]}' on ${PAGES[kind]}: the page shows ${JSON.stringify(seen)}`, {
        cause: error,
      });
    });
  const twoWordsMs = performance.now() - twoStarted;
  const twoWordsRows = await rows.count();
  const twoWordsReads = await counter.settled();
  return { loadMs, loadReads, searchMs, searchReads, twoWordsMs, twoWordsReads, twoWordsRows };
}

await runBench('bench:crm', async ({ defer }) => {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const git = gitState();
  const indexes = trimmedIndexes(model, {
    trimmed: ['contacts', 'companies'],
    measured: MEASURED_QUERIES,
    indexedFields: INDEXED_FIELDS,
  });
  const cloud = await startCloud({ projectId: PROJECT_ID, indexes, defer });
  const { db, auth, Timestamp, close } = await adminOn(cloud, 'bench-crm');

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
  await close();
  for (const text of TWO_WORD_CANDIDATES) {
    const [small, big] = [await wordsCount(cloud, orgs.small, text), await wordsCount(cloud, orgs.big, text)];
    if (small > 0 && big > PAGE_SIZE) {
      TWO_WORDS.contacts = text;
      break;
    }
  }
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
  for (const kind of Object.keys(TWO_WORDS)) {
    const [small, big] = [diagnostics[`small.${kind}`].twoWords, diagnostics[`big.${kind}`].twoWords];
    console.log(
      `  '${TWO_WORDS[kind]}' over REST, ${kind}: ${small.matches} / ${big.matches} matches, first page ` +
        `${small.pageMs} / ${big.pageMs} ms, count() ${small.countMs} / ${big.countMs} ms (small / big)`,
    );
  }
  if (args.has('--seed-only')) return;

  const { baseUrl, browser, counter, pages } = await openBenchPages({
    cloud,
    cacheName: 'bench-crm-dist',
    dist: args.get('--dist'),
    defer,
    orgs: { small: orgs.small, big: orgs.big },
    pageOptions: {
      viewport: { width: 1280, height: 800 },
      initScript: firstRowProbe,
    },
  });

  const results = { small: { contacts: [], companies: [] }, big: { contacts: [], companies: [] } };
  for (let run = 0; run <= RUNS; run++) {
    for (const key of ['small', 'big']) {
      for (const kind of ['contacts', 'companies']) {
        const r = await measureList(pages[key], baseUrl, counter, kind);
        if (run === 0) continue; // warm-up
        results[key][kind].push(r);
        console.log(
          `  run ${run}/${RUNS} ${key.padEnd(5)} ${PAGES[kind].padEnd(10)} first row ${Math.round(r.loadMs)} ms ` +
            `(${r.loadReads.reads} reads), search '${SEARCHES[kind]}' ${Math.round(r.searchMs)} ms (${r.searchReads.reads} reads)` +
            (r.twoWordsMs === undefined
              ? ''
              : `, '${TWO_WORDS[kind]}' ${Math.round(r.twoWordsMs)} ms (${r.twoWordsReads.reads} reads, ${r.twoWordsRows} rows)`),
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
        ...(TWO_WORDS[kind]
          ? {
              twoWordsMs: Math.round(median(list.map((r) => r.twoWordsMs))),
              twoWordsReads: median(list.map((r) => r.twoWordsReads.reads)),
              twoWordsReadsByKind: list.at(-1).twoWordsReads.byKind,
              twoWordsRows: median(list.map((r) => r.twoWordsRows)),
            }
          : {}),
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
      ...(TWO_WORDS[kind] ? [['two-word search', 'twoWordsMs']] : []),
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
        ...(TWO_WORDS[kind] ? [['two-word search', 'twoWordsReads']] : []),
      ])
        if (summary[`${key}.${kind}`][metric] > maxReads)
          failures.push(
            `${PAGES[kind]} ${what} (${key}): ${summary[`${key}.${kind}`][metric]} reads > ${maxReads} (page size ${PAGE_SIZE} + ${READS_ALLOWANCE})`,
          );
  }

  const machine = machineInfo(browser, loadBefore);
  await writeResults(outFile, {
    date: new Date().toISOString(),
    runs: RUNS,
    git,
    organizations: {
      small: { contacts: SMALL.contacts, companies: SMALL.companies },
      big: { contacts: BIG.contacts, companies: BIG.companies },
    },
    seedSeconds: Math.round(seedMs / 1000),
    machine,
    targets: { timeRatio: TIME_RATIO, timeSlackMs: TIME_SLACK_MS, maxReads },
    median: summary,
    restDiagnostics: diagnostics,
    runsByCase: results,
    failures,
  });

  const rows = [];
  for (const kind of ['contacts', 'companies'])
    for (const key of ['small', 'big']) {
      const s = summary[`${key}.${kind}`];
      rows.push([
        `${PAGES[kind]} (search '${SEARCHES[kind]}'${TWO_WORDS[kind] ? `, '${TWO_WORDS[kind]}'` : ''})`,
        orgs[key].contacts.toLocaleString('en'),
        `${s.loadMs} ms`,
        String(s.loadReads),
        `${s.searchMs} ms`,
        String(s.searchReads),
        s.twoWordsMs === undefined ? '—' : `${s.twoWordsMs} ms`,
        s.twoWordsReads === undefined ? '—' : `${s.twoWordsReads} (${s.twoWordsRows} rows)`,
      ]);
    }
  printTable(
    `Median of ${RUNS} runs (Chromium 1280×800, vite preview build, local cloud)`,
    ['Page', 'Contacts', 'First row', 'Reads', `Search`, 'Reads', 'Two words', 'Reads'],
    rows,
  );
  printRun({ machine, git, seedMs, started, outFile });
  reportTargets(failures);
});
