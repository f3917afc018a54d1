// `npm run bench:offline` (issue 35, docs/offline.md#benchmark): with the network cut, how fast do
// /contactos and /deals open after a reload, do 200 writes made offline all reach the server on
// reconnect — once each — and how much does the offline cache hold for the demo organization?
//
// The data: the demo organization itself (emulator-data/, what `npm run dev` imports: Distribuidora
// Maya, 46 companies, 308 contacts, 96 deals, 146 tasks…), loaded by this benchmark's own local
// cloud on free ports (bench:crm's cloud.mjs with --import, the project's indexes and rules), as
// Carlos Méndez, the seller with most rights. The app: the production build against that cloud
// (vite build, VITE_USE_EMULATORS, as the other benchmarks), served by vite preview, with one
// addition that only this benchmark's build has (the `benchHooks` plugin below, never in
// web/vite.config.ts): records.ts and pendingWrites.ts end with a line that puts their own
// createRecord, updateRecord and getPendingChanges on globalThis[Symbol.for('trato.bench')]. The
// 200 writes go through the same functions the dialogs, the board and the tasks page call, with
// the same arguments, in the app's own module instances (its Firestore, its queue, its indicator);
// no application source changes and the production build is the same as without this benchmark.
//
// Chromium (/usr/bin/chromium through playwright-core, 1280×800, Spanish), with a profile on disk
// (launchPersistentContext in a temporary directory, so the cache is measured as a browser keeps
// it): signs in through /auth, visits /contactos, /deals and /tareas online, waits until the
// service worker controls the page and has every built file the pages loaded. Then:
//
//   online reloads    RUNS reloads of /contactos and of /deals with the network, for comparison.
//   network cut       the page's DevTools protocol session: Network.enable, then
//                     Network.emulateNetworkConditions({ offline: true, latency: 0,
//                     downloadThroughput: -1, uploadThroughput: -1 }) — which also makes
//                     navigator.onLine false and fires 'offline' — and context.setOffline(true),
//                     which sends the same command to the service worker's own target: without
//                     it the worker's network-first fetch of the page still reaches the server
//                     (seen: 1 request to vite preview per reload with the page's session alone).
//                     Checked: no request reaches vite preview and the Firestore emulator bills no
//                     read while offline.
//   offline reloads   RUNS reloads of /contactos, then of /deals, offline. In the page (an init
//                     script in every document, times from performance.now(), i.e. from the
//                     navigation's start): the first animation frame in which a contact row
//                     ([role="row"][data-id]) or a deal card ([data-deal-id]) is in the DOM with a
//                     box inside the viewport — it is painted in that frame —; likewise the
//                     signed-in layout (the sections menu), and the first contentful paint from
//                     the Paint Timing API. Median and worst.
//   200 writes        offline, interleaved as a seller works: 100 contacts created (ContactDialog's
//                     createRecord call, its form's values as the form gives them), 75 deal moves
//                     (the board's updateRecord(deals, id, { stage }) — 60 deals, 15 of them moved
//                     twice, so order matters) and 25 tasks completed (the tasks page's
//                     updateRecord(tasks, id, { status: 'completed' })), one after another, each
//                     awaited as the UI awaits it (offline the call returns once the write is
//                     queued). Each is one Firestore batch (a move: the deal, its timeline entry
//                     and a change entry). Before reconnecting: 200 changes pending in the sync
//                     indicator's list, its data-state "offline", none of the contacts on the
//                     server.
//   flush             the network restored (both switches). In the page, every frame: from the
//                     'online' event (navigator.onLine true) to the first frame where the pending
//                     list is empty and the indicator's data-state is "online" — every write
//                     confirmed by the server —, with the first confirmation on the way, each
//                     kind's time per confirmation, and the CPU time the emulator, Chromium's
//                     processes (by type) and Node used meanwhile (/proc). Then, on
//                     the server with firebase-admin: the 100 contacts (marked by a run tag in
//                     jobTitle), each name exactly once and the ids createRecord returned; every
//                     moved deal at its last stage, its timeline entry mirroring it, and exactly one
//                     'stage' change entry per move (a move sent twice would add one more); every
//                     task completed, its entry too. Lost: a write whose effect is missing;
//                     duplicated: one applied more than once.
//   cache size        after the online visits and again after the flush: Firestore's IndexedDB
//                     database (`firestore/[DEFAULT]/demo-trato/main`) read in the page — documents
//                     in its remoteDocuments store, by collection, and the byte size Firestore
//                     itself keeps (remoteDocumentGlobal.byteSize: what its LRU collector compares
//                     with OFFLINE_CACHE_BYTES) —, navigator.storage.estimate()'s usage (IndexedDB,
//                     the service worker's Cache Storage) and the origin's IndexedDB files on disk.
//                     And every document of the organization in the export, sized as Firestore
//                     sizes a cached one: the cache if the seller had read everything (the same
//                     sizing is checked against the cache on the documents it holds).
//
// Results: a table, and web/bench/offline/results.json with the machine. Exit code 1 when a
// write is lost, duplicated or refused, when a page shows nothing offline, or when anything
// reached the servers while offline; the times have no target (the issue asks for the figures).
// Chromium resolves no host name but the local ones (--host-resolver-rules), so nothing leaves this
// machine; what asked for another host is reported (Firestore's WebChannel tests the network with
// https://www.google.com/images/cleardot.gif when a connection fails).
//
// --flush-on <path> makes the writes and the flush on another page visited (the board by default);
// --profile-flush samples the page's JavaScript during the flush with the DevTools profiler and
// prints where its time went, by npm package or app folder (through the build's source maps): a
// diagnostic, off by default as the profiler slows the page. --keep-profile keeps Chromium's
// profile directory (printed) for a look at its IndexedDB files.
//
//   node web/bench/offline/run.mjs [--runs 5] [--flush-on /deals] [--profile-flush]
//                                  [--out <results.json>] [--keep-profile]
/* global performance, requestAnimationFrame, PerformanceObserver, indexedDB, location, caches -- the page functions run in Chromium */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  adminOn,
  buildAndServe,
  gitState,
  loadModel,
  machineInfo,
  median,
  parseArgs,
  printRun,
  printTable,
  projectIndexes,
  readCounter,
  reportTargets,
  root,
  round1,
  runBench,
  seconds,
  startCloud,
  webDir,
  writeResults,
} from '../common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = await loadModel();
const { formValuesFor } = await import('../../src/components/form/formValues.ts');

const args = parseArgs();
const RUNS = args.number('--runs', 5);
/** The page open while the writes are made and flushed: the board, where the deals are moved. */
const FLUSH_ON = args.get('--flush-on', '/deals');
/** A diagnostic: the page's JavaScript during the flush, sampled by the DevTools profiler, by package. */
const PROFILE_FLUSH = args.has('--profile-flush');
const CACHE_NAME = 'bench-offline-dist';
const outFile = path.resolve(args.get('--out', path.join(here, 'results.json')));
const DEMO_DIR = path.join(root, 'emulator-data');
const PROJECT_ID = 'demo-trato'; // the project emulator-data was exported from
const SELLER = { email: 'carlos@trato.demo', password: 'trato-demo' }; // emulator-data/README.md
const WRITES = { contacts: 100, moves: 75, movedTwice: 15, tasks: 25 };
const TOTAL_WRITES = WRITES.contacts + WRITES.moves + WRITES.tasks;
const STAGES = model.DEAL_STAGES;
const VIEWPORT = { width: 1280, height: 800 };
/** The key of the Symbol.for() under which the bench build puts the app's functions (benchHooks). */
const HOOKS = 'trato.bench';
/** What is timed: the signed-in layout's sections menu, a contact row, a deal card. */
const SELECTORS = {
  shell: 'nav[aria-label="Secciones"]',
  contacts: '[role="row"][data-id]',
  deals: '[data-deal-id]',
};
const PAGES = { contacts: '/contactos', deals: '/deals' };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing leaves this machine: every host name but the local ones fails to resolve. (Firestore's
  // WebChannel asks https://www.google.com/images/cleardot.gif whether the internet is there when
  // its connection fails; those attempts are counted and reported.)
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

// ── This benchmark's build ────────────────────────────────────────────────────────────────
/**
 * Exposes the app's own write functions to the benchmark (see the header), and counts the
 * requests vite preview serves (none may arrive while offline). Only this benchmark passes it.
 */
function benchHooks(served) {
  const exposed = {
    [path.join(webDir, 'src/firebase/records.ts')]: ['createRecord', 'updateRecord'],
    [path.join(webDir, 'src/firebase/pendingWrites.ts')]: ['getPendingChanges'],
  };
  return {
    name: 'trato-bench-offline-hooks',
    transform(code, id) {
      const names = exposed[id.split('?')[0]];
      if (!names) return null;
      // Appended: the module's code does not move, so its source map stays right (map: null).
      const line = `;Object.assign((globalThis[Symbol.for('${HOOKS}')] ??= {}), { ${names.join(', ')} });`;
      return { code: `${code}\n${line}\n`, map: null };
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        served.count++;
        next();
      });
    },
  };
}

// ── In the page ───────────────────────────────────────────────────────────────────────────
/** Every document: when a contact row and a deal card are first painted, and the first contentful paint. */
function paintProbe({ selectors }) {
  const probe = { shell: null, contacts: null, deals: null, fcp: null };
  window.__offlineProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const shown = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const tick = () => {
    const now = performance.now();
    for (const key of ['shell', 'contacts', 'deals'])
      if (probe[key] === null && shown(selectors[key])) probe[key] = now;
    if (probe.contacts === null || probe.deals === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The navigation's facts: served by the service worker, when the HTML arrived, DOMContentLoaded. */
function navigationFacts() {
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    servedByWorker: nav.workerStart > 0,
    responseEndMs: nav.responseEnd,
    domContentLoadedMs: nav.domContentLoadedEventEnd,
    onLine: navigator.onLine,
  };
}

/** The 200 writes, through the app's own functions; each awaited as the UI awaits it. */
async function makeWrites({ hooks, orgId, ops }) {
  const { createRecord, updateRecord } = globalThis[Symbol.for(hooks)];
  const target = (collection) => ({ parentPath: `organizations/${orgId}`, collection });
  const results = [];
  for (const op of ops) {
    const t = performance.now();
    if (op.kind === 'contact') {
      const id = await createRecord(target('contacts'), op.data);
      results.push({ ms: performance.now() - t, id });
    } else {
      // What the board and the tasks page pass as the record shown; offline, records.ts plans the
      // write from the document in Firestore's cache instead (planCachedWrite).
      await updateRecord(target(op.collection), op.id, op.patch, op.current);
      results.push({ ms: performance.now() - t });
    }
  }
  return results;
}

/** The sync indicator's state and the pending list, as the page has them. */
function syncState(hooks) {
  const changes = globalThis[Symbol.for(hooks)].getPendingChanges();
  return {
    indicator: document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-state') ?? null,
    pending: changes.filter((c) => c.status === 'pending').length,
    refused: changes.filter((c) => c.status === 'refused').map((c) => `${c.path}: ${c.reason}`),
  };
}

/**
 * Started before the network comes back: the 'online' event, the first confirmation, all
 * confirmed; each confirmation's frame with its collection.
 */
function startFlushProbe({ hooks, total }) {
  const { getPendingChanges } = globalThis[Symbol.for(hooks)];
  const probe = { online: null, firstAck: null, done: null, refused: 0, acks: [] };
  window.__flushProbe = probe;
  window.addEventListener('online', () => (probe.online ??= performance.now()), { once: true });
  let left = new Map(getPendingChanges().map((c) => [c.id, c.collection]));
  const tick = () => {
    const now = performance.now();
    if (probe.online === null && navigator.onLine) probe.online = now;
    const changes = getPendingChanges();
    const pending = changes.filter((c) => c.status === 'pending').length;
    probe.refused = changes.length - pending;
    const still = new Set(changes.map((c) => c.id));
    for (const [id, collection] of left) if (!still.has(id)) probe.acks.push([now, collection]);
    left = new Map(changes.map((c) => [c.id, c.collection]));
    if (probe.online !== null && probe.firstAck === null && pending < total) probe.firstAck = now;
    const indicator = document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-state');
    if (probe.online !== null && changes.length === 0 && indicator === 'online') probe.done = now;
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Firestore's IndexedDB database: its stores' counts, the cached documents by collection, its byte size. */
async function cacheContents() {
  const request = (r) =>
    new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const databases = await indexedDB.databases();
  const name = databases.find((d) => d.name.startsWith('firestore/'))?.name;
  if (!name) return { databases: databases.map((d) => d.name), name: null };
  const db = await request(indexedDB.open(name)); // its current version: no upgrade, read only
  try {
    const stores = [...db.objectStoreNames];
    const tx = db.transaction(stores, 'readonly');
    const counts = {};
    for (const store of stores) counts[store] = await request(tx.objectStore(store).count());
    const remoteStore = stores.find((s) => s.startsWith('remoteDocuments'));
    const byCollection = {};
    const sizes = {};
    const tombstonesByCollection = {};
    let tombstones = 0;
    let jsonBytes = 0;
    for (const record of await request(tx.objectStore(remoteStore).getAll())) {
      if (!record.document) {
        // A document known not to exist (noDocument), or one known only by its version (unknownDocument).
        tombstones++;
        const collection = record.collectionGroup ?? '?';
        tombstonesByCollection[collection] = (tombstonesByCollection[collection] ?? 0) + 1;
        continue;
      }
      const segments = record.document.name.split('/documents/')[1].split('/');
      const collection = segments[segments.length - 2];
      byCollection[collection] = (byCollection[collection] ?? 0) + 1;
      // Firestore's own measure of a cached document (its byteSize is the sum of these).
      sizes[record.document.name] = JSON.stringify(record.document).length;
      jsonBytes += sizes[record.document.name];
    }
    const [global] = await request(tx.objectStore('remoteDocumentGlobal').getAll());
    const { usage, usageDetails } = await navigator.storage.estimate();
    return {
      databases: databases.map((d) => d.name),
      name,
      stores: counts,
      remoteDocuments: counts[remoteStore] - tombstones,
      tombstones,
      tombstonesByCollection,
      sizes,
      byCollection,
      firestoreByteSize: global?.byteSize ?? null,
      documentsJsonBytes: jsonBytes,
      estimate: { usage, ...usageDetails },
    };
  } finally {
    db.close();
  }
}

// ── In Node ───────────────────────────────────────────────────────────────────────────────
/** Bytes of the files of this origin's IndexedDB databases in the profile. */
function indexedDbOnDisk(profile, port) {
  const dir = path.join(profile, 'Default', 'IndexedDB');
  let bytes = 0;
  const walk = (p) => {
    const s = statSync(p);
    if (s.isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
    else bytes += s.size;
  };
  let entries = [];
  try {
    entries = readdirSync(dir).filter((e) => e.includes(`127.0.0.1_${port}`));
  } catch {
    return null;
  }
  for (const entry of entries) walk(path.join(dir, entry));
  return { bytes, entries };
}

/**
 * CPU seconds used so far by this process's descendants, by kind: the local Firestore emulator,
 * Chromium (all its processes), the rest (the Auth emulator); and this process (vite preview,
 * firebase-admin). Null where there is no /proc.
 */
function childrenCpuSeconds() {
  const procs = new Map();
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        // fields[1]: the parent's pid; [11], [12]: utime, stime in clock ticks (USER_HZ, 100).
        procs.set(Number(pid), {
          parent: Number(fields[1]),
          cpu: (Number(fields[11]) + Number(fields[12])) / 100,
          cmdline,
        });
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    return null;
  }
  const descends = (pid) => {
    for (let p = procs.get(pid)?.parent; p; p = procs.get(p)?.parent) if (p === process.pid) return true;
    return false;
  };
  const cpu = { emulator: 0, chromium: 0, other: 0 };
  for (const [pid, p] of procs) {
    if (!descends(pid)) continue;
    const kind = p.cmdline.includes('trato-emulator')
      ? 'emulator'
      : p.cmdline.includes('chromium')
        ? 'chromium'
        : 'other';
    cpu[kind] += p.cpu;
    if (kind !== 'chromium') continue;
    // Chromium's processes by type: the browser, renderers, the GPU process, utilities
    // (the network service, storage).
    const type = /--type=([a-z-]+)/.exec(p.cmdline)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=([\w.]+)/.exec(p.cmdline)?.[1];
    const key = `chromium ${type}${sub ? ` ${sub.split('.').at(-1)}` : ''}`;
    cpu[key] = (cpu[key] ?? 0) + p.cpu;
  }
  const usage = process.cpuUsage();
  cpu.node = (usage.user + usage.system) / 1e6;
  return cpu;
}

const cpuBetween = (before, after) =>
  before && after
    ? Object.fromEntries(Object.keys(after).map((k) => [k, Math.round((after[k] - (before[k] ?? 0)) * 1000)]))
    : null;

/**
 * Every document of the organization as the export has it (emulator-data/firestore.json), sized as
 * Firestore sizes a cached document (JSON of { name, fields, createTime, updateTime }): what the
 * cache would hold if the seller had read everything.
 */
function exportedSizes(orgId) {
  const exported = JSON.parse(readFileSync(path.join(DEMO_DIR, 'firestore.json'), 'utf8'));
  const database = `projects/${PROJECT_ID}/databases/(default)`;
  const sizes = new Map();
  for (const d of exported.databases[database].documents) {
    const name = `${database}/documents/${d.path}`;
    const doc = { name, fields: d.fields ?? {}, updateTime: d.updateTime, createTime: d.createTime };
    sizes.set(d.path, { name, bytes: JSON.stringify(doc).length });
  }
  const organization = [...sizes].filter(
    ([p]) => p === `organizations/${orgId}` || p.startsWith(`organizations/${orgId}/`),
  );
  return {
    sizes,
    documents: organization.length,
    bytes: organization.reduce((sum, [, s]) => sum + s.bytes, 0),
  };
}

/** The seconds each kind of write took to confirm: a frame's time shared among the writes it confirmed. */
function ackTimes(flush) {
  const byKind = {};
  let previous = flush.online;
  const frames = new Map();
  for (const [t, collection] of flush.acks) frames.set(t, [...(frames.get(t) ?? []), collection]);
  for (const [t, collections] of frames) {
    for (const c of collections) {
      byKind[c] ??= { writes: 0, ms: 0 };
      byKind[c].writes++;
      byKind[c].ms += (t - previous) / collections.length;
    }
    previous = t;
  }
  return Object.fromEntries(
    Object.entries(byKind).map(([c, { writes, ms }]) => [c, { writes, msPerWrite: round1(ms / writes) }]),
  );
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings: per generated line, [column, source index] by column. */
function decodeMappings(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) * 2 ** shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value % 2 ? -Math.floor(value / 2) : value / 2);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        segments.push([column, source]);
      }
    }
    return segments;
  });
}

/** Where a source file belongs: its npm package, or the app's folder. */
function ownerOf(source) {
  const i = source.lastIndexOf('node_modules/');
  if (i >= 0) {
    const parts = source.slice(i + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const app = /(?:^|\/)(web\/src|model\/src|src)\/(.*)$/.exec(source.replace(/^(\.\.\/)+/, ''));
  if (!app) return source;
  const parts = app[2].split('/');
  return `${app[1] === 'model/src' ? 'model' : 'web/src'}/${parts.length > 1 ? parts.slice(0, 2).join('/') : parts[0]}`;
}

/** The profile's samples (self time, ms) by owner of the code sampled, through the build's source maps. */
function profileByOwner(profile, distDir) {
  const maps = new Map();
  const mapOf = (url) => {
    if (maps.has(url)) return maps.get(url);
    let map = null;
    try {
      const file = path.join(distDir, new URL(url).pathname);
      const json = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      map = { sources: json.sources, lines: decodeMappings(json.mappings) };
    } catch {
      // Not a built file, or no map.
    }
    maps.set(url, map);
    return map;
  };
  const ownerOfNode = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let owner = url ? 'other scripts' : functionName || '(native)';
    const map = url ? mapOf(url) : null;
    const segments = map?.lines[lineNumber];
    if (segments?.length) {
      let lo = 0;
      let hi = segments.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (segments[mid][0] <= columnNumber) lo = mid;
        else hi = mid - 1;
      }
      owner = ownerOf(map.sources[segments[lo][1]]);
    }
    ownerOfNode.set(node.id, owner);
  }
  const ms = {};
  profile.samples.forEach((id, i) => {
    const owner = ownerOfNode.get(id);
    ms[owner] = (ms[owner] ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000;
  });
  const busy = Object.entries(ms).filter(([owner]) => owner !== '(idle)');
  const total = busy.reduce((sum, [, v]) => sum + v, 0);
  const app = busy.filter(([owner]) => /^(web\/src|model)\//.test(owner)).reduce((sum, [, v]) => sum + v, 0);
  return {
    busyMs: Math.round(total),
    idleMs: Math.round(ms['(idle)'] ?? 0),
    appMs: Math.round(app),
    byOwner: Object.fromEntries(
      busy
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([owner, v]) => [owner, Math.round(v)]),
    ),
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

/** The writes, interleaved (contact, move, contact, task…), from the demo's cached records. */
function planWrites({ tag, uid, deals, tasks }) {
  if (deals.length < WRITES.moves - WRITES.movedTwice)
    throw new Error(`the board showed ${deals.length} deals, ${WRITES.moves - WRITES.movedTwice} needed`);
  if (tasks.length < WRITES.tasks)
    throw new Error(`/tareas showed ${tasks.length} tasks, ${WRITES.tasks} needed`);
  const next = (stage) => STAGES[(STAGES.indexOf(stage) + 1) % STAGES.length];
  const contacts = Array.from({ length: WRITES.contacts }, (_, i) => {
    // ContactDialog's values: its form's starting values with the typed fields, cast by the
    // form schema as FormDialog does, then the denormalised company name and the owner.
    const typed = {
      ...formValuesFor(model.contactSchema, null, { companyName: '', companyId: '' }),
      name: `Contacto sin conexión ${String(i + 1).padStart(3, '0')}`,
      jobTitle: tag,
      city: 'San Pedro Sula',
      country: 'Honduras',
    };
    const values = model.contactSchema.cast(typed, { stripUnknown: false });
    return {
      kind: 'contact',
      data: { ...values, companyName: values.companyId ? values.companyName : null, ownerId: uid },
    };
  });
  const moved = deals.slice(0, WRITES.moves - WRITES.movedTwice);
  const moves = [];
  const finalStage = new Map();
  const movesOf = new Map();
  for (const d of moved) {
    moves.push({ id: d.id, from: d.stage, to: next(d.stage) });
  }
  for (const d of moved.slice(0, WRITES.movedTwice)) {
    const from = next(d.stage);
    moves.push({ id: d.id, from, to: next(from) });
  }
  for (const m of moves) {
    finalStage.set(m.id, m.to);
    movesOf.set(m.id, (movesOf.get(m.id) ?? 0) + 1);
  }
  const moveOps = moves.map((m) => ({
    kind: 'update',
    collection: 'deals',
    id: m.id,
    patch: { stage: m.to },
    current: { id: m.id, stage: m.from },
  }));
  const taskIds = tasks.slice(0, WRITES.tasks);
  const taskOps = taskIds.map((id) => ({
    kind: 'update',
    collection: 'tasks',
    id,
    patch: { status: 'completed' },
    current: { id, status: 'pending' },
  }));
  // Interleaved: 4 contacts, 3 moves, 1 task, in turn (100 : 75 : 25); a deal's second move
  // comes after its first.
  const ops = [];
  const queues = [contacts, moveOps, taskOps];
  const share = [4, 3, 1];
  while (queues.some((q) => q.length)) queues.forEach((q, i) => ops.push(...q.splice(0, share[i])));
  return { ops, finalStage, movesOf, taskIds };
}

/** What landed on the server: lost and duplicated writes, by kind. */
async function verifyOnServer({ db, orgId, uid, tag, since, contactIds, finalStage, movesOf, taskIds }) {
  const org = db.doc(`organizations/${orgId}`);
  const report = { lost: [], duplicated: [] };

  // Contacts: each name once, the ids createRecord returned.
  const contacts = await org.collection('contacts').where('jobTitle', '==', tag).get();
  const byName = new Map();
  for (const d of contacts.docs) byName.set(d.get('name'), [...(byName.get(d.get('name')) ?? []), d.id]);
  for (let i = 1; i <= WRITES.contacts; i++) {
    const name = `Contacto sin conexión ${String(i).padStart(3, '0')}`;
    const ids = byName.get(name) ?? [];
    if (ids.length === 0) report.lost.push(`contact ${name}`);
    if (ids.length > 1) report.duplicated.push(`contact ${name} ×${ids.length}`);
  }
  const landed = new Set(contacts.docs.map((d) => d.id));
  for (const id of contactIds) if (!landed.has(id)) report.lost.push(`contact id ${id}`);
  if (contacts.size !== new Set(contactIds).size)
    report.duplicated.push(`${contacts.size} contacts on the server for ${contactIds.length} creates`);

  // Deals: the last stage, the entry mirroring it, one 'stage' change entry per move.
  const changes = await org.collection('timeline').where('kind', '==', 'dealEdit').get();
  const stageChanges = new Map();
  for (const d of changes.docs) {
    const e = d.data();
    if (e.title !== 'stage' || e.createdBy !== uid || e.createdAt.toMillis() < since) continue;
    stageChanges.set(e.recordId, [...(stageChanges.get(e.recordId) ?? []), e.detail]);
  }
  let dealEntries = 0;
  for (const [id, stage] of finalStage) {
    const deal = await org.collection('deals').doc(id).get();
    if (deal.get('stage') !== stage) report.lost.push(`deal ${id}: stage ${deal.get('stage')} ≠ ${stage}`);
    const linked = Boolean(deal.get('primaryContactId') || deal.get('companyId'));
    const entry = await org.collection('timeline').doc(model.timelineEntryId('deal', id)).get();
    // The entry mirrors the deal's stage in `detail` (model timelineEntryFor).
    if (linked && entry.get('detail') !== stage)
      report.lost.push(`deal ${id}: its timeline entry says ${entry.get('detail')}`);
    const got = stageChanges.get(id) ?? [];
    const expected = linked ? movesOf.get(id) : 0;
    dealEntries += got.length;
    if (got.length < expected) report.lost.push(`deal ${id}: ${got.length} stage changes of ${expected}`);
    if (got.length > expected)
      report.duplicated.push(`deal ${id}: ${got.length} stage changes, ${expected} moves`);
  }
  for (const id of stageChanges.keys())
    if (!finalStage.has(id)) report.duplicated.push(`deal ${id}: a stage change no move made`);

  // Tasks: completed, and their entries.
  for (const id of taskIds) {
    const task = await org.collection('tasks').doc(id).get();
    if (task.get('status') !== 'completed') report.lost.push(`task ${id}: ${task.get('status')}`);
    const entry = await org.collection('timeline').doc(model.timelineEntryId('task', id)).get();
    const linked = Boolean(task.get('contactId') || task.get('companyId'));
    if (linked && entry.get('detail') !== 'completed')
      report.lost.push(`task ${id}: its timeline entry says ${entry.get('detail')}`);
  }
  return { ...report, contactsOnServer: contacts.size, dealStageEntries: dealEntries };
}

/** The organization's records on the server (what a seller could cache at most). */
async function organizationSize(db, orgId) {
  const org = db.doc(`organizations/${orgId}`);
  const size = {};
  for (const c of ['companies', 'contacts', 'deals', 'tasks', 'meetings', 'tickets', 'timeline'])
    size[c] = (await org.collection(c).count().get()).data().count;
  size.notes = (await db.collectionGroup('notes').count().get()).data().count;
  return size;
}

// ── Browser steps ─────────────────────────────────────────────────────────────────────────
async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel(/^Email/).fill(SELLER.email);
  await page.getByLabel(/^Contraseña/).fill(SELLER.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
}

/**
 * The page is controlled by the service worker, which has every built file the page loaded; the
 * files it still lacks after 20 s are returned (and reported: an offline reload that needs one
 * fails, which the benchmark reports too).
 */
async function waitForWorker(page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 60_000 });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const missing = await page.evaluate(async () => {
      const out = [];
      for (const entry of performance.getEntriesByType('resource')) {
        const url = new URL(entry.name);
        if (url.origin !== location.origin || !url.pathname.startsWith('/assets/')) continue;
        if (url.pathname.endsWith('.map')) continue;
        if (!(await caches.match(entry.name, { ignoreVary: true }))) out.push(url.pathname);
      }
      return out;
    });
    if (!missing.length || Date.now() > deadline) return missing;
    await page.waitForTimeout(250);
  }
}

/** A reload of the page, timed in the page: the first row / card painted, FCP, the navigation. */
async function measureReload(page, key) {
  await page.reload({ waitUntil: 'commit' });
  try {
    await page.waitForFunction((k) => window.__offlineProbe?.[k] != null, key, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`${PAGES[key]}: no ${SELECTORS[key]} painted within 30 s after a reload: ${error}`);
  }
  const probe = await page.evaluate(() => window.__offlineProbe);
  await page.waitForFunction(() => window.__offlineProbe.fcp != null, null, { timeout: 10_000 });
  const fcp = await page.evaluate(() => window.__offlineProbe.fcp);
  return {
    firstMs: round1(probe[key]),
    shellMs: probe.shell !== null ? round1(probe.shell) : null,
    fcpMs: round1(fcp),
    ...(await page.evaluate(navigationFacts)),
  };
}

async function reloads(page, baseUrl, key, runs, label) {
  await page.goto(`${baseUrl}${PAGES[key]}`, { waitUntil: 'commit' });
  await page.waitForFunction((k) => window.__offlineProbe?.[k] != null, key, { timeout: 30_000 });
  const list = [];
  for (let i = 1; i <= runs; i++) {
    const r = await measureReload(page, key);
    list.push(r);
    console.log(
      `  ${label} reload ${i}/${runs} ${PAGES[key].padEnd(10)} first ${key === 'contacts' ? 'row' : 'card'} ` +
        `${Math.round(r.firstMs)} ms (first contentful paint ${Math.round(r.fcpMs)} ms, layout ${Math.round(r.shellMs)} ms, HTML ` +
        `${Math.round(r.responseEndMs)} ms${r.servedByWorker ? ' from the service worker' : ''}, navigator.onLine ${r.onLine})`,
    );
  }
  return list;
}

const stats = (list, field) => ({
  medianMs: Math.round(median(list.map((r) => r[field]))),
  worstMs: Math.round(Math.max(...list.map((r) => r[field]))),
});

await runBench('bench:offline', async ({ defer }) => {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const git = gitState();
  const failures = [];
  const seedStarted = Date.now(); // the cloud's start with the demo's import: this run's "seeding"
  const cloud = await startCloud({
    projectId: PROJECT_ID,
    indexes: projectIndexes(),
    importDir: DEMO_DIR,
    defer,
  });
  const { db, auth, close } = await adminOn(cloud, 'bench-offline');
  defer(close);
  const { uid } = await auth.getUserByEmail(SELLER.email);
  const orgId = (await db.doc(`users/${uid}`).get()).get('organizationId');
  const orgName = (await db.doc(`organizations/${orgId}`).get()).get('name');
  const size = await organizationSize(db, orgId);
  const seedMs = Date.now() - seedStarted;
  console.log(
    `  the demo organization ${orgName}: ${Object.entries(size)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}; signing in as ${SELLER.email}`,
  );

  const served = { count: 0 };
  const baseUrl = await buildAndServe({
    cloud,
    cacheName: CACHE_NAME,
    defer,
    plugins: [benchHooks(served)],
  });
  const port = new URL(baseUrl).port;
  const counter = readCounter(cloud);

  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'trato-bench-offline-'));
  if (args.has('--keep-profile')) console.log(`  Chromium's profile: ${profile} (kept)`);
  else defer(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
    locale: 'es-ES',
  });
  defer(() => context.close());
  await context.addInitScript(paintProbe, { selectors: SELECTORS });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  // Requests for other hosts (pages and the service worker), by phase: they cannot leave this
  // machine (CHROMIUM_ARGS), but who asks for what is reported.
  let phase = 'online';
  const external = {};
  context.on('request', (request) => {
    const { protocol, host, pathname } = new URL(request.url());
    if (!/^https?:$/.test(protocol) || ['127.0.0.1', 'localhost'].includes(host.split(':')[0])) return;
    const key = `${phase}: ${host}${pathname}`;
    external[key] = (external[key] ?? 0) + 1;
  });

  // ── Online: sign in, the pages once, the worker ────────────────────────────────────────
  await signIn(page, baseUrl);
  if (!(await page.evaluate((h) => Boolean(globalThis[Symbol.for(h)]?.createRecord), HOOKS)))
    throw new Error("the build has no bench hooks: records.ts's line was not added");
  const notKept = new Set(await waitForWorker(page));
  await page.goto(`${baseUrl}/contactos`);
  await page.locator(SELECTORS.contacts).first().waitFor({ timeout: 60_000 });
  await page.goto(`${baseUrl}/deals`);
  await page.locator(SELECTORS.deals).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('section[data-stage]')].every(
        (s) => s.getAttribute('aria-busy') === 'false',
      ),
    null,
    { timeout: 60_000 },
  );
  const deals = await page.evaluate(() =>
    [...document.querySelectorAll('section[data-stage] [data-deal-id]')].map((card) => ({
      id: card.getAttribute('data-deal-id'),
      stage: card.closest('section[data-stage]').getAttribute('data-stage'),
    })),
  );
  await page.goto(`${baseUrl}/tareas`);
  await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 60_000 });
  const tasks = await page.evaluate(() =>
    [...document.querySelectorAll('[role="row"][data-id]')].map((row) => row.getAttribute('data-id')),
  );
  for (const file of await waitForWorker(page)) notKept.add(file);
  if (notKept.size)
    console.log(`  loaded but not kept by the service worker after 20 s: ${[...notKept].join(', ')}`);
  console.log(
    `  online: the pages visited, the service worker in control; ${deals.length} deals on the board, ${tasks.length} tasks on /tareas`,
  );

  const online = {};
  for (const key of ['contacts', 'deals']) online[key] = await reloads(page, baseUrl, key, RUNS, 'online ');
  const cacheOnline = await page.evaluate(cacheContents);
  const diskOnline = indexedDbOnDisk(profile, port);
  console.log(
    `  the cache after the online visits: ${cacheOnline.remoteDocuments} documents ${JSON.stringify(cacheOnline.byCollection)}, ` +
      `Firestore's byte size ${kib(cacheOnline.firestoreByteSize)}, IndexedDB ${kib(cacheOnline.estimate.indexedDB)} ` +
      `(estimate), ${diskOnline ? kib(diskOnline.bytes) : '?'} on disk, Cache Storage ${kib(cacheOnline.estimate.caches)}`,
  );

  // ── The network cut ─────────────────────────────────────────────────────────────────────
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = (offline) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Network.emulateNetworkConditions', conditions(true));
  await context.setOffline(true);
  phase = 'offline';
  // What was already on its way before the cut lands first; from here nothing may arrive.
  await counter.settled(1000);
  await counter.reset();
  const servedBefore = served.count;
  const tag = `Prueba sin conexión ${Date.now().toString(36)}`;
  const since = Date.now();

  const offline = {};
  for (const key of ['contacts', 'deals']) offline[key] = await reloads(page, baseUrl, key, RUNS, 'offline');
  for (const key of ['contacts', 'deals'])
    if (offline[key].some((r) => r.onLine || !r.servedByWorker))
      failures.push(`${PAGES[key]} offline: a reload was not offline or not served by the worker`);

  // ── 200 writes offline ─────────────────────────────────────────────────────────────────
  if (FLUSH_ON !== PAGES.deals) {
    await page.goto(`${baseUrl}${FLUSH_ON}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__offlineProbe?.shell != null, null, { timeout: 30_000 });
  }
  const { ops, finalStage, movesOf, taskIds } = planWrites({ tag, uid, deals, tasks });
  const t = Date.now();
  const results = await page.evaluate(makeWrites, { hooks: HOOKS, orgId, ops });
  const writesWallMs = Date.now() - t;
  const contactIds = results.filter((r) => r.id).map((r) => r.id);
  await page.waitForFunction(
    ({ hooks, total }) => globalThis[Symbol.for(hooks)].getPendingChanges().length >= total,
    { hooks: HOOKS, total: TOTAL_WRITES },
    { timeout: 30_000 },
  );
  const beforeFlush = await page.evaluate(syncState, HOOKS);
  const offlineCounts = await counter.settled(500);
  // After the counter: this query is billed a read (an empty query bills 1).
  const earlyContacts = (
    await db.collection(`organizations/${orgId}/contacts`).where('jobTitle', '==', tag).get()
  ).size;
  const offlineReads = offlineCounts.reads;
  const offlineRequests = served.count - servedBefore;
  console.log(
    `  ${ops.length} writes offline in ${seconds(writesWallMs)} (a call: median ${round1(median(results.map((r) => r.ms)))} ms, ` +
      `worst ${round1(Math.max(...results.map((r) => r.ms)))} ms); the indicator '${beforeFlush.indicator}', ` +
      `${beforeFlush.pending} pending, ${beforeFlush.refused.length} refused; ${earlyContacts} of the contacts on the server; ` +
      `while offline ${offlineRequests} requests reached vite preview, ${offlineReads} reads the emulator`,
  );
  if (beforeFlush.pending !== TOTAL_WRITES)
    failures.push(`${beforeFlush.pending} changes pending of ${TOTAL_WRITES}`);
  if (beforeFlush.indicator !== 'offline')
    failures.push(`offline, the indicator said '${beforeFlush.indicator}'`);
  if (earlyContacts) failures.push(`${earlyContacts} contacts reached the server while offline`);
  if (offlineRequests || offlineReads)
    failures.push(
      `while offline: ${offlineRequests} requests to vite preview, ${offlineReads} emulator reads ${JSON.stringify(offlineCounts.byKind ?? {})}`,
    );

  // ── Reconnect and flush ────────────────────────────────────────────────────────────────
  await page.evaluate(startFlushProbe, { hooks: HOOKS, total: TOTAL_WRITES });
  if (PROFILE_FLUSH) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const cpuBefore = childrenCpuSeconds();
  phase = 'reconnected';
  const flushStarted = Date.now();
  await Promise.all([
    context.setOffline(false),
    cdp.send('Network.emulateNetworkConditions', conditions(false)),
  ]);
  try {
    await page.waitForFunction(() => window.__flushProbe.done !== null, null, { timeout: 180_000 });
  } catch {
    failures.push(
      `the writes were not all confirmed within 180 s: ${JSON.stringify(await page.evaluate(syncState, HOOKS))}`,
    );
  }
  const flushWallMs = Date.now() - flushStarted;
  const flushCpuMs = cpuBetween(cpuBefore, childrenCpuSeconds());
  let flushProfile = null;
  if (PROFILE_FLUSH) {
    const { profile } = await cdp.send('Profiler.stop');
    flushProfile = profileByOwner(profile, path.join(webDir, 'node_modules/.cache', CACHE_NAME));
    console.log(
      `  the page's main thread during the flush (profiler): ${flushProfile.busyMs} ms busy, ${flushProfile.idleMs} ms idle, ` +
        `the app's own code (web/src, model) ${flushProfile.appMs} ms; ` +
        Object.entries(flushProfile.byOwner)
          .map(([owner, ms]) => `${owner} ${ms} ms`)
          .join(', '),
    );
  }
  const flush = await page.evaluate(() => window.__flushProbe);
  const afterFlush = await page.evaluate(syncState, HOOKS);
  if (afterFlush.refused.length) failures.push(`refused on reconnect: ${afterFlush.refused.join('; ')}`);
  const verified = await verifyOnServer({
    db,
    orgId,
    uid,
    tag,
    since,
    contactIds,
    finalStage,
    movesOf,
    taskIds,
  });
  for (const l of verified.lost) failures.push(`lost: ${l}`);
  for (const d of verified.duplicated) failures.push(`duplicated: ${d}`);
  const flushMs = flush.done !== null ? Math.round(flush.done - flush.online) : null;
  console.log(
    `  reconnected: every write confirmed ${flushMs} ms after the 'online' event (first confirmation ` +
      `${flush.firstAck !== null ? Math.round(flush.firstAck - flush.online) : '?'} ms; ${seconds(flushWallMs)} from the switch, ` +
      `as Node saw it); on the server ${verified.contactsOnServer} of ${WRITES.contacts} contacts, ${finalStage.size} deals at ` +
      `their last stage with ${verified.dealStageEntries} stage changes, ${taskIds.length} tasks completed; ` +
      `${verified.lost.length} lost, ${verified.duplicated.length} duplicated, ${afterFlush.refused.length} refused`,
  );
  const perKind = ackTimes(flush);
  console.log(
    `  confirmations: ${Object.entries(perKind)
      .map(([c, k]) => `${c} ${k.msPerWrite} ms each (${k.writes})`)
      .join(', ')}; CPU used meanwhile: ${
      flushCpuMs
        ? Object.entries(flushCpuMs)
            .map(([k, ms]) => `${k} ${ms} ms`)
            .join(', ')
        : '?'
    }`,
  );

  await page.waitForTimeout(1000); // Firestore writes the confirmed documents to its cache
  const cacheAfter = await page.evaluate(cacheContents);
  const diskAfter = indexedDbOnDisk(profile, port);
  // The whole organization, sized the same way from the export; checked on the documents cached
  // after the online visits (the same documents, as the export and as the cache has them).
  const whole = exportedSizes(orgId);
  let cachedAsExported = 0;
  let cachedMeasured = 0;
  for (const [, s] of whole.sizes) {
    const cached = cacheOnline.sizes[s.name];
    if (cached === undefined) continue;
    cachedAsExported += s.bytes;
    cachedMeasured += cached;
  }
  const wholeOrganization = {
    documents: whole.documents,
    bytes: whole.bytes,
    check: { cachedAsExported, cachedMeasured },
    percentOfLimit: round1((100 * whole.bytes) / model.OFFLINE_CACHE_BYTES),
  };
  if (pageErrors.length) console.log(`  page errors: ${pageErrors.join(' | ')}`);
  if (Object.keys(external).length)
    console.log(
      `  requests for other hosts (none can leave this machine): ${Object.entries(external)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
    );

  // ── Report ─────────────────────────────────────────────────────────────────────────────
  const browser = { version: () => context.browser()?.version() ?? 'unknown' };
  const machine = machineInfo(browser, loadBefore);
  const cacheSummary = (c, disk) => ({
    database: c.name,
    documents: c.remoteDocuments,
    tombstones: c.tombstones,
    tombstonesByCollection: c.tombstonesByCollection,
    byCollection: c.byCollection,
    targets: c.stores.targets,
    firestoreByteSize: c.firestoreByteSize,
    documentsJsonBytes: c.documentsJsonBytes,
    indexedDbEstimateBytes: c.estimate.indexedDB,
    cacheStorageEstimateBytes: c.estimate.caches,
    indexedDbOnDiskBytes: disk?.bytes ?? null,
    stores: c.stores,
  });
  const callMs = results.map((r) => r.ms);
  const summary = {
    offlineReload: {
      contacts: {
        firstRow: stats(offline.contacts, 'firstMs'),
        layout: stats(offline.contacts, 'shellMs'),
        fcp: stats(offline.contacts, 'fcpMs'),
      },
      deals: {
        firstCard: stats(offline.deals, 'firstMs'),
        layout: stats(offline.deals, 'shellMs'),
        fcp: stats(offline.deals, 'fcpMs'),
      },
    },
    onlineReload: {
      contacts: { firstRow: stats(online.contacts, 'firstMs'), fcp: stats(online.contacts, 'fcpMs') },
      deals: { firstCard: stats(online.deals, 'firstMs'), fcp: stats(online.deals, 'fcpMs') },
    },
    queuedWrites: {
      writes: ops.length,
      ...WRITES,
      callMedianMs: round1(median(callMs)),
      callWorstMs: round1(Math.max(...callMs)),
      allCallsMs: writesWallMs,
      flushMs,
      firstAckMs: flush.firstAck !== null ? Math.round(flush.firstAck - flush.online) : null,
      flushWallMs,
      confirmationByKind: perKind,
      cpuMs: flushCpuMs,
      ...(flushProfile ? { profile: flushProfile } : {}),
      lost: verified.lost.length,
      duplicated: verified.duplicated.length,
      refused: afterFlush.refused.length,
      offlineRequests,
      offlineReads,
    },
    cache: {
      afterOnlineVisits: cacheSummary(cacheOnline, diskOnline),
      afterFlush: cacheSummary(cacheAfter, diskAfter),
      wholeOrganization,
      limitBytes: model.OFFLINE_CACHE_BYTES,
    },
  };
  await writeResults(outFile, {
    date: new Date().toISOString(),
    runs: RUNS,
    flushOn: FLUSH_ON,
    git,
    organization: {
      name: orgName,
      source: 'emulator-data (the demo organization)',
      seller: SELLER.email,
      ...size,
    },
    networkCut:
      "CDP on the page: Network.enable + Network.emulateNetworkConditions({ offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }); and context.setOffline(true) for the service worker's target",
    machine,
    summary,
    reloads: { online, offline },
    flush: { online: flush.online, firstAck: flush.firstAck, done: flush.done, refused: flush.refused },
    failures,
    pageErrors,
    otherHostRequests: external,
    notKeptByWorker: [...notKept],
  });

  const row = (label, s) => [label, `${s.medianMs} ms`, `${s.worstMs} ms`];
  printTable(
    `Reloads, ${RUNS} each (Chromium ${VIEWPORT.width}×${VIEWPORT.height}, vite preview build, local cloud, demo organization): from navigation start`,
    ['', 'Median', 'Worst'],
    [
      row('/contactos offline: first contact row', summary.offlineReload.contacts.firstRow),
      row('/contactos offline: first contentful paint', summary.offlineReload.contacts.fcp),
      row('/contactos offline: the layout (sections menu)', summary.offlineReload.contacts.layout),
      row('/deals offline: first deal card', summary.offlineReload.deals.firstCard),
      row('/deals offline: first contentful paint', summary.offlineReload.deals.fcp),
      row('/deals offline: the layout (sections menu)', summary.offlineReload.deals.layout),
      row('/contactos online: first contact row', summary.onlineReload.contacts.firstRow),
      row('/deals online: first deal card', summary.onlineReload.deals.firstCard),
    ],
  );
  const q = summary.queuedWrites;
  printTable(
    `${q.writes} writes made offline (${q.contacts} contacts created, ${q.moves} deal moves, ${q.tasks} tasks completed)`,
    ['', 'Value'],
    [
      ['a write call offline (median / worst)', `${q.callMedianMs} / ${q.callWorstMs} ms`],
      ['all 200 calls', `${q.allCallsMs} ms`],
      ["'online' → first write confirmed", `${q.firstAckMs} ms`],
      ["'online' → all confirmed, indicator 'online'", `${q.flushMs} ms`],
      [
        'per confirmation',
        Object.entries(q.confirmationByKind)
          .map(([k, v]) => `${k} ${v.msPerWrite} ms`)
          .join(', '),
      ],
      [
        'CPU used during the flush',
        q.cpuMs ? `emulator ${q.cpuMs.emulator}, Chromium ${q.cpuMs.chromium}, Node ${q.cpuMs.node} ms` : '?',
      ],
      ['lost / duplicated / refused', `${q.lost} / ${q.duplicated} / ${q.refused}`],
      ['requests / reads reaching the servers offline', `${q.offlineRequests} / ${q.offlineReads}`],
    ],
  );
  const c = (s) => [
    String(s.documents),
    kib(s.firestoreByteSize),
    kib(s.indexedDbEstimateBytes),
    s.indexedDbOnDiskBytes !== null ? kib(s.indexedDbOnDiskBytes) : '?',
    mib(s.cacheStorageEstimateBytes),
  ];
  printTable(
    `The offline cache (limit ${mib(model.OFFLINE_CACHE_BYTES)} of Firestore's byte size)`,
    [
      '',
      'Documents',
      "Firestore's size",
      'IndexedDB (estimate)',
      'IndexedDB on disk',
      'Cache Storage (worker)',
    ],
    [
      ['after the online visits', ...c(summary.cache.afterOnlineVisits)],
      ['after the 200 writes', ...c(summary.cache.afterFlush)],
    ],
  );
  console.log(
    `Every document of ${orgName} (${wholeOrganization.documents}), sized as Firestore sizes its cache: ` +
      `${kib(wholeOrganization.bytes)}, ${wholeOrganization.percentOfLimit}% of the limit (the same measure on the ` +
      `documents cached: ${kib(cachedAsExported)} from the export, ${kib(cachedMeasured)} in the cache)`,
  );
  printRun({ machine, git, seedMs, started, outFile });
  reportTargets(failures);
});
