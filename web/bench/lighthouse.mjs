// `npm run bench:web`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU
// slowdown) on a production build served by `vite preview`, 3 runs per page, medians printed and
// written to web/bench/results.json. Nothing leaves the machine: the build talks to the local cloud
// and Chromium runs without background networking.
//
// The public pages (/, /auth), then the pages a seller uses all day, signed in as the demo
// organization's administrator: /contactos, /deals and a contact's page. For those the local cloud
// starts with the demo data (emulator-data/, on the standard ports: stop `npm run dev` first), the
// sign-in goes through /auth in the same browser, and Lighthouse keeps the browser's storage (the
// Firebase session) between runs.
//
//   node web/bench/lighthouse.mjs [--runs 3] [--dist <built dir>] [--out <results.json>] [--public-only]
// vite preview gzips its responses, as Firebase Hosting does.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { startLocalCloud } from '../../scripts/local-cloud.mjs';

const require = createRequire(import.meta.url);
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_PAGES = ['/', '/auth'];
/** Signed-in pages; ':contact' is the first contact of the demo organization's list. */
const SIGNED_IN_PAGES = ['/contactos', '/deals', '/contactos/:contact'];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '3'));
const publicOnly = argv.includes('--public-only');
const outFile = path.resolve(arg('--out', path.join(webDir, 'bench/results.json')));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function summarize(lhr) {
  const audits = lhr.audits;
  const requests = audits['network-requests']?.details?.items ?? [];
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    transferBytes: Math.round(audits['total-byte-weight'].numericValue),
    scriptTransferBytes: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
    failedAudits: Object.values(lhr.categories.seo.auditRefs)
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => a.id),
  };
}

/**
 * Signs in as the demo administrator in the browser Lighthouse drives (through /auth, as a user
 * would) and returns the path of the first contact on /contactos.
 */
async function signInAndFindContact(chromePort, origin) {
  const [admin] = JSON.parse(readFileSync(path.join(webDir, '../emulator-data/demo-logins.json'), 'utf8'));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/auth`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
    await page.goto(`${origin}/contactos`);
    await page.locator('[role="row"][data-id]').first().click({ timeout: 60_000 });
    await page.waitForURL(/\/contactos\/[^/?]+/, { timeout: 60_000 });
    const contactPath = new URL(page.url()).pathname;
    await page.close();
    return contactPath;
  } finally {
    // Disconnects Playwright only: the browser (and its storage) stays for Lighthouse.
    await browser.close();
  }
}

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  let distDir = arg('--dist');
  if (distDir) distDir = path.resolve(distDir);
  else {
    distDir = path.join(webDir, 'node_modules/.cache/bench-dist');
    // Production build; Firebase pointed at the local cloud's addresses (nothing on the internet).
    process.env.VITE_USE_EMULATORS = 'true';
    await build({ root: webDir, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  }

  const port = await freePort();
  const server = await preview({
    root: webDir,
    logLevel: 'warn',
    build: { outDir: distDir },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  const origin = `http://127.0.0.1:${port}`;
  const cloud = publicOnly ? null : await startLocalCloud({ importData: true, quiet: true });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    // The public pages first, signed out: measured after the sign-in, /auth would find the session
    // and go on to /dashboard (Lighthouse's storage reset keeps the Firebase session's IndexedDB),
    // which is what made /auth look like 400 KB of JavaScript on 2026-11-26.
    const pages = PUBLIC_PAGES.map((page) => ({ page, url: `${origin}${page}`, signedIn: false }));
    const signedInPages = async () => {
      if (!cloud) return [];
      const contactPath = await signInAndFindContact(chrome.port, origin);
      return SIGNED_IN_PAGES.map((page) => ({
        page,
        url: `${origin}${page.replace('/contactos/:contact', contactPath)}`,
        signedIn: true,
      }));
    };
    for (const batch of [pages, signedInPages]) {
      for (const { page, url, signedIn } of typeof batch === 'function' ? await batch() : batch) {
        results[page] = [];
        for (let i = 0; i < runs; i++) {
          const { lhr } = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'seo'],
            // Signed in: keep the Firebase session (IndexedDB) that signInAndFindContact left.
            disableStorageReset: signedIn,
          });
          if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
          const summary = summarize(lhr);
          results[page].push(summary);
          console.log(
            `  ${page} run ${i + 1}/${runs}: performance ${summary.performance}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    await new Promise((resolve) => server.httpServer.close(resolve));
    await cloud?.stop();
  }

  const medians = Object.fromEntries(
    Object.entries(results).map(([page, list]) => [
      page,
      Object.fromEntries(
        Object.keys(list[0])
          .filter((k) => typeof list[0][k] === 'number')
          .map((k) => [k, median(list.map((r) => r[k]))]),
      ),
    ]),
  );
  const lighthouseVersion = JSON.parse(
    readFileSync(path.join(path.dirname(require.resolve('lighthouse/package.json')), 'package.json'), 'utf8'),
  ).version;
  let chromium = '';
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    chromium = 'unknown';
  }
  const report = {
    date: new Date().toISOString(),
    preset: 'Lighthouse mobile (default config: simulated throttling) on vite preview (gzip)',
    runs,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverage1mBefore: Number(loadBefore[0].toFixed(2)),
      loadAverage1mAfter: Number(os.loadavg()[0].toFixed(2)),
      node: process.version,
      chromium,
      lighthouse: lighthouseVersion,
    },
    median: medians,
    runsByPage: results,
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = Object.entries(medians).map(([page, m]) => [
    page,
    String(m.performance),
    String(m.seo),
    `${(m.fcpMs / 1000).toFixed(2)} s`,
    `${(m.lcpMs / 1000).toFixed(2)} s`,
    `${m.tbtMs} ms`,
    String(m.cls),
    kb(m.transferBytes),
    kb(m.scriptTransferBytes),
  ]);
  const head = ['Page', 'Perf', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'Transfer', 'JS transfer'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\nLighthouse ${lighthouseVersion}, mobile, median of ${runs} runs`);
  console.log([line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n'));
  for (const [page, list] of Object.entries(results)) {
    const failed = [...new Set(list.flatMap((r) => r.failedAudits))];
    if (failed.length) console.log(`${page}: SEO audits not passed: ${failed.join(', ')}`);
  }
  console.log(
    `\n${report.machine.cpus} CPUs, load ${report.machine.loadAverage1mBefore} → ${report.machine.loadAverage1mAfter}; ` +
      `${Math.round((Date.now() - started) / 1000)} s; written to ${path.relative(process.cwd(), outFile)}`,
  );
}

await main();
