/**
 * Many clients: N firebase web SDK clients (the `firebase` package's Node build, gRPC), each its
 * own app and connection, signed in as a member with the rules on, each with the contacts list
 * open — a listener on the first page of 25 of a few thousand contacts — and paging through it,
 * as N members of one organization working at once: each pauses THINK_MS between visits (reading
 * the page), and the organization saves a contact every 10 s per member (a writer updates one),
 * so every listener also follows changes. The emulator runs in its own process
 * (bin/trato-emulator.mjs, as in development) so that the clients' CPU is not counted as the
 * server's.
 *
 *   cd emulator && npx tsx bench/clients.ts [--clients 1,20,50] [--docs 3000] [--seconds 15] [--browser]
 *
 * --browser: each client is a page of headless Chromium in its own browser context (as each
 * member has their own browser), the SDK speaking WebChannel (bench/clients-page.ts).
 *
 * BENCH_SERVER_PROF=<dir> starts the emulator with `node --cpu-prof --cpu-prof-dir=<dir>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getCountFromServer,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  startAfter,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import type { VisitTimes } from './clients-page.js';
import { RULES } from './rules.js';
import { summarize, type Summary } from './stats.js';
import { PROJECT, adminClient } from './targets.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORG = 'acme';
const CONTACTS = `organizations/${ORG}/contacts`;
const PAGE = 25;
/** Pages read with getDocs after the listener's first page, per cycle. */
const NEXT_PAGES = 2;
/** A member's pause between two visits of the list. */
const THINK_MS = 1_000;
/** Each member saves something this often (the writer does it for them). */
const WRITE_EVERY_MS_PER_MEMBER = 10_000;

export interface ClientsResult {
  clients: number;
  cycles: number;
  /** Listener opened → first snapshot from the server (ms). */
  firstPage: Summary;
  /** getDocs of the next page (ms). */
  nextPage: Summary;
  /** getCountFromServer of the whole list (ms). */
  count: Summary;
  /** Server process CPU over the measured window, in % of one core. */
  serverCpu: number;
  /** This process's CPU (the N SDK clients in Node; the driver only with --browser), % of a core. */
  clientCpu: number;
  /** This process's event-loop delay, p99 (ms): how long a ready reply waited for the clients. */
  clientLoopDelayP99: number;
  writes: number;
}

interface Server {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The CLI in a child process, rules loaded from a file; resolves once it printed its port. */
function startServer(rulesFile: string): Promise<Server> {
  const prof = process.env.BENCH_SERVER_PROF;
  const nodeArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
  const cli = path.join(here, '..', 'bin', 'trato-emulator.mjs');
  const child = spawn(
    process.execPath,
    [...nodeArgs, cli, '--project', PROJECT, '--port', '0', '--rules', rulesFile, '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /Firestore emulator on [^:\s]+:(\d+)/.exec(out);
      if (m) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ port: Number(m[1]), child, stop: () => stopChild(child) });
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}):\n${out}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
}

function member(): Record<string, unknown> {
  return { role: 'seller', permissions: { contacts: { view: true, edit: false }, deals: { view: true } } };
}

function contact(i: number): Record<string, unknown> {
  return {
    name: `Contact ${i}`,
    email: `c${i}@example.com`,
    stage: 'lead',
    updatedAt: new Date(1_700_000_000_000 + i * 1000),
  };
}

async function seed(port: number, members: number, docs: number): Promise<void> {
  const admin = adminClient(port);
  try {
    for (let i = 0; i < Math.max(members, docs); i += 500) {
      const batch = admin.db.batch();
      for (let j = i; j < i + 500; j++) {
        if (j < members) batch.set(admin.db.doc(`organizations/${ORG}/members/m${j}`), member());
        if (j < docs) batch.set(admin.db.doc(`${CONTACTS}/c${j}`), contact(j));
      }
      await batch.commit();
    }
  } finally {
    await admin.close();
  }
}

let apps = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function webClient(port: number, uid: string): { db: Firestore; app: FirebaseApp } {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `clients-${++apps}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port, { mockUserToken: { sub: uid, user_id: uid } });
  return { db, app };
}

/** The listener's first snapshot that comes from the server (not from the SDK's cache). */
function firstServerSnapshot(
  q: Query,
): Promise<{ last: QueryDocumentSnapshot | undefined; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      q,
      { includeMetadataChanges: true },
      (snap) => {
        if (!snap.metadata.fromCache) resolve({ last: snap.docs[snap.docs.length - 1], stop });
      },
      reject,
    );
  });
}

interface Samples {
  first: number[];
  next: number[];
  count: number[];
}

/** One visit of the list: open it (listener), read the next pages, count, close it. */
async function cycle(db: Firestore, into: Samples | undefined): Promise<void> {
  const list = query(collection(db, CONTACTS), orderBy('updatedAt', 'desc'));
  let t = performance.now();
  const { last, stop } = await firstServerSnapshot(query(list, limit(PAGE)));
  into?.first.push(performance.now() - t);
  try {
    let cursor = last;
    for (let p = 0; p < NEXT_PAGES && cursor; p++) {
      t = performance.now();
      const page = await getDocs(query(list, startAfter(cursor), limit(PAGE)));
      into?.next.push(performance.now() - t);
      cursor = page.docs[page.docs.length - 1];
    }
    t = performance.now();
    await getCountFromServer(list);
    into?.count.push(performance.now() - t);
  } finally {
    stop();
  }
}

/** One member: visits the list (recording its timings unless warming up). */
interface Client {
  visit(into: Samples | undefined): Promise<void>;
  close(): Promise<void>;
}

type ClientFactory = (port: number, uid: string) => Promise<Client>;

async function nodeClient(port: number, uid: string): Promise<Client> {
  const { db, app } = webClient(port, uid);
  return { visit: (into) => cycle(db, into), close: () => deleteApp(app) };
}

/** Chromium and the page every browser client loads; `close` ends both. */
async function browserClients(): Promise<{ factory: ClientFactory; close(): Promise<void> }> {
  const script = (
    await build({
      entryPoints: [path.join(here, 'clients-page.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    })
  ).outputFiles[0].text;
  const host = http.createServer((req, res) => {
    const js = req.url === '/page.js';
    res.writeHead(200, { 'Content-Type': js ? 'text/javascript' : 'text/html' });
    res.end(js ? script : '<!doctype html><script type="module" src="/page.js"></script>');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(host.address() as AddressInfo).port}/`;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const factory: ClientFactory = async (port, uid) => {
    // A context per member: its own connections, as a member's own browser.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => typeof window.__visit === 'function');
    await page.evaluate(
      ([p, project, u]) => window.__open(Number(p), String(project), String(u)),
      [port, PROJECT, uid],
    );
    return {
      async visit(into) {
        const t = (await page.evaluate(
          ([c, size, pages]) => window.__visit(String(c), Number(size), Number(pages)),
          [CONTACTS, PAGE, NEXT_PAGES],
        )) as VisitTimes;
        into?.first.push(t.first);
        into?.next.push(...t.next);
        into?.count.push(t.count);
      },
      close: () => context.close(),
    };
  };
  return {
    factory,
    async close() {
      await browser.close();
      host.closeAllConnections();
      host.close();
    },
  };
}

/** N clients visiting the list over and over for `seconds`; the first visit of each is warm-up. */
async function phase(
  server: Server,
  factory: ClientFactory,
  clients: number,
  seconds: number,
  writer: () => Promise<void>,
): Promise<ClientsResult> {
  const web = await Promise.all(Array.from({ length: clients }, (_, i) => factory(server.port, `m${i}`)));
  try {
    await Promise.all(web.map((c) => c.visit(undefined)));
    const samples: Samples = { first: [], next: [], count: [] };
    const cpu0 = cpuSeconds(server.child.pid!);
    const own0 = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    const deadline = t0 + seconds * 1000;
    let cycles = 0;
    let writing = true;
    let writes = 0;
    const writeLoop = (async () => {
      while (writing) {
        await writer();
        writes++;
        await sleep(WRITE_EVERY_MS_PER_MEMBER / clients);
      }
    })();
    await Promise.all(
      web.map(async (c) => {
        while (performance.now() < deadline) {
          await c.visit(samples);
          cycles++;
          await sleep(THINK_MS);
        }
      }),
    );
    writing = false;
    await writeLoop;
    const elapsed = (performance.now() - t0) / 1000;
    const serverCpu = ((cpuSeconds(server.child.pid!) - cpu0) / elapsed) * 100;
    const own = process.cpuUsage(own0);
    const clientCpu = ((own.user + own.system) / 1e6 / elapsed) * 100;
    loop.disable();
    return {
      clients,
      cycles,
      firstPage: summarize(samples.first),
      nextPage: summarize(samples.next),
      count: summarize(samples.count),
      serverCpu,
      clientCpu,
      clientLoopDelayP99: loop.percentile(99) / 1e6,
      writes,
    };
  } finally {
    await Promise.all(web.map((c) => c.close()));
  }
}

export async function manyClients(options: {
  clients: number[];
  docs: number;
  seconds: number;
  browser?: boolean;
  log?: (line: string) => void;
}): Promise<ClientsResult[]> {
  setLogLevel('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-clients-'));
  const rulesFile = path.join(dir, 'firestore.rules');
  writeFileSync(rulesFile, RULES);
  const server = await startServer(rulesFile);
  const admin = adminClient(server.port);
  const browser = options.browser ? await browserClients() : undefined;
  const factory = browser?.factory ?? nodeClient;
  try {
    await seed(server.port, Math.max(...options.clients), options.docs);
    let n = 0;
    const writer = async () => {
      const i = n++ % options.docs;
      await admin.db
        .doc(`${CONTACTS}/c${i}`)
        .set({ ...contact(i), updatedAt: new Date(2_000_000_000_000 + n) });
    };
    const results: ClientsResult[] = [];
    for (const clients of options.clients) {
      const r = await phase(server, factory, clients, options.seconds, writer);
      options.log?.(describe(r));
      results.push(r);
    }
    return results;
  } finally {
    await browser?.close();
    await admin.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

export function describe(r: ClientsResult): string {
  return (
    `${r.clients} clients: ${r.cycles} visits; first page ${ms(r.firstPage.median)} / ${ms(r.firstPage.p95)} ms, ` +
    `next page ${ms(r.nextPage.median)} / ${ms(r.nextPage.p95)} ms, count ${ms(r.count.median)} / ${ms(r.count.p95)} ms ` +
    `(median / p95); ${r.writes} writes; CPU: server ${r.serverCpu.toFixed(0)}%, clients ${r.clientCpu.toFixed(0)}% (event-loop delay p99 ${ms(r.clientLoopDelayP99)} ms)`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const results = await manyClients({
    clients: arg('clients', '1,20,50').split(',').map(Number),
    docs: Number(arg('docs', '3000')),
    seconds: Number(arg('seconds', '15')),
    browser: process.argv.includes('--browser'),
    log: (line) => process.stderr.write(`[clients] ${line}\n`),
  });
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}
