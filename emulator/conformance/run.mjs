#!/usr/bin/env node
/**
 * Runs Google's own emulator test suites against this project's local cloud (a development tool,
 * never part of `npm test`):
 *
 *   npm run conformance:google -- <firebase-js-sdk checkout> <firebase-tools checkout> [options]
 *
 * * firebase-js-sdk: packages/firestore/test/integration/api/*.test.ts, prepared the way the
 *   checkout's integration/firestore gulpfile prepares them for the published bundle (the test
 *   files and their helpers copied, the `firebase_export` import pointed at the published
 *   `@firebase/firestore` installed in this repository), run by mocha in Node (gRPC transport)
 *   with FIRESTORE_TARGET_BACKEND=emulator and FIRESTORE_EMULATOR_PORT=<our emulator's ephemeral
 *   port>, no retries.
 * * firebase-tools: scripts/storage-emulator-integration/conformance/*.test.ts, with the suite's
 *   firebase.json replaced by ephemeral ports and its `EmulatorEndToEndTest` (which would start
 *   the firebase CLI) replaced by one that starts our Storage emulator and firebase-tools' own Auth
 *   emulator (from this repository's firebase-tools devDependency).
 *
 * Nothing from the checkouts is copied into this repository: the prepared copies and the test
 * tools (mocha, chai… at the versions the checkouts pin) live in a scratch directory
 * (`$TMPDIR/trato-conformance`). Every server listens on a port the system picks.
 *
 * Options: --only firestore|storage, --grep <regexp> (mocha's), --files a.test.ts,b.test.ts
 * (Firestore file names or Storage file names), --timeout <ms> (default: the suite's own),
 * --browser: the Firestore suite in headless Chromium instead of Node (WebChannel transport,
 * IndexedDB persistence), bundled with esbuild as the gulpfile bundles it with webpack for karma.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const emulatorDir = resolve(here, '..');
const repoDir = resolve(emulatorDir, '..');
const scratch = join(tmpdir(), 'trato-conformance');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    grep: { type: 'string' },
    files: { type: 'string' },
    timeout: { type: 'string' },
    browser: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || positionals.length < 1) {
  console.log(
    'usage: npm run conformance:google -- <firebase-js-sdk checkout> [<firebase-tools checkout>]\n' +
      '       [--only firestore|storage] [--grep <regexp>] [--files a.test.ts,…] [--timeout <ms>]\n' +
      '       [--browser]  (the Firestore suite in headless Chromium: WebChannel and IndexedDB)',
  );
  process.exit(values.help ? 0 : 2);
}
const [jsSdkDir, toolsDir] = positionals.map((p) => resolve(p));
const only = values.only;
const fileFilter = values.files?.split(',').map((f) => f.trim());

function say(line) {
  console.log(`[conformance] ${line}`);
}

/** A port the system considers free right now (for configs that need a number up front). */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The test tools, at the versions the checkout pins, installed once in the scratch directory. */
function ensureDeps(name, wanted) {
  const dir = join(scratch, `deps-${name}`);
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, 'package.json');
  const want = JSON.stringify({ name: `deps-${name}`, private: true, dependencies: wanted }, null, 2);
  const installed = existsSync(join(dir, 'node_modules'));
  if (!installed || !existsSync(manifest) || readFileSync(manifest, 'utf8') !== want) {
    writeFileSync(manifest, want);
    say(
      `installing ${Object.entries(wanted)
        .map(([n, v]) => `${n}@${v}`)
        .join(' ')} in ${dir}`,
    );
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`npm install failed in ${dir}`);
  }
  return join(dir, 'node_modules');
}

function pinned(pkgJson, names) {
  const all = { ...pkgJson.dependencies, ...pkgJson.devDependencies };
  const out = {};
  for (const n of names) {
    if (!all[n]) throw new Error(`the checkout pins no version of ${n}`);
    out[n] = all[n];
  }
  return out;
}

/** Starts `bin/trato-emulator.mjs` with the given arguments; resolves once it printed its ports. */
function startEmulator(args) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(emulatorDir, 'bin/trato-emulator.mjs'), ...args], {
      cwd: emulatorDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const ports = {};
    const onData = (chunk) => {
      out += chunk;
      const fs = /Firestore emulator on [^:\s]+:(\d+)/.exec(out);
      if (fs) ports.firestore = Number(fs[1]);
      const st = /Storage emulator on [^:\s]+:(\d+)/.exec(out);
      if (st) ports.storage = Number(st[1]);
      if (ports.firestore && (!args.includes('--storage-port') || ports.storage)) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        ok({ child, ports, stop: () => stopChild(child) });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (d) => {
      if (process.env.EMULATOR_LOG) process.stderr.write(d);
    });
    child.once('exit', (code) => fail(new Error(`emulator exited (${code}) before it was ready:\n${out}`)));
  });
}

function stopChild(child) {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}

/** Runs mocha with its JSON reporter; returns the parsed report. */
function runMocha({ cwd, files, env, timeout, nodePath, label, requires }) {
  const report = join(scratch, `${label}-report.json`);
  rmSync(report, { force: true });
  const mocha = join(nodePath[0], 'mocha/bin/mocha.js');
  // TypeScript through tsx unless the suite names its own loader (firebase-tools: ts-node).
  const loader = requires
    ? []
    : ['--import', pathToFileURL(join(repoDir, 'node_modules/tsx/dist/loader.mjs')).href];
  const args = [
    ...loader,
    mocha,
    ...(requires ?? []).flatMap((r) => ['--require', r]),
    '--reporter',
    'json',
    '--reporter-option',
    `output=${report}`,
    '--timeout',
    String(timeout),
    '--retries',
    '0',
    '--exit',
  ];
  if (values.grep) args.push('--grep', values.grep);
  args.push(...files);
  return new Promise((ok) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env, NODE_PATH: nodePath.join(':') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (log += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (log += d));
    child.on('exit', (code) => {
      writeFileSync(join(scratch, `${label}-output.log`), log);
      if (!existsSync(report)) {
        say(
          `${label}: mocha wrote no report (exit ${code}); its output is in ${scratch}/${label}-output.log`,
        );
        console.log(log.split('\n').slice(-40).join('\n'));
        return ok(undefined);
      }
      ok(readJson(report));
    });
  });
}

function printReport(label, report, extra = '') {
  if (!report) return { label, failed: Infinity };
  const { stats, failures } = report;
  const skipped = stats.pending;
  say(
    `${label}: ${stats.passes} passed, ${stats.failures} failed of ${stats.passes + stats.failures} run ` +
      `(${skipped} skipped by the suite itself)${extra}`,
  );
  for (const f of failures) {
    const msg = String(f.err?.message ?? '')
      .split('\n')[0]
      .slice(0, 300);
    console.log(`  ✗ ${f.fullTitle}\n      ${msg}`);
  }
  return { label, passed: stats.passes, failed: stats.failures, skipped };
}

// ---------------------------------------------------------------------------------------------
// firebase-js-sdk: Firestore integration tests

async function firestoreSuite() {
  const sdkRoot = jsSdkDir;
  const pkgBase = join(sdkRoot, 'packages/firestore');
  const testBase = join(pkgBase, 'test');
  if (!existsSync(join(testBase, 'integration/api')))
    throw new Error(`${sdkRoot} is not a firebase-js-sdk checkout`);
  const nodeModules = ensureDeps(
    'js-sdk',
    pinned(readJson(join(sdkRoot, 'package.json')), ['mocha', 'chai', 'chai-as-promised']),
  );

  // The gulpfile's copyTests(): the api tests and the helpers they may use, never src/.
  const out = join(scratch, 'firestore');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  const excluded = new Set([
    'pipeline.listen.test.ts',
    'snapshot_listener_source.test.ts',
    'pipeline.query.test.ts',
  ]);
  const sources = [
    ...readdirSync(join(testBase, 'integration/api'))
      .filter((f) => f.endsWith('.ts') && !excluded.has(f))
      .map((f) => join(testBase, 'integration/api', f)),
    ...[
      'integration/util/composite_index_test_helper.ts',
      'integration/util/events_accumulator.ts',
      'integration/util/helpers.ts',
      'integration/util/settings.ts',
      'integration/util/testing_hooks_util.ts',
      'util/equality_matcher.ts',
      'util/promise.ts',
      'util/mocha_extensions.ts',
    ].map((f) => join(testBase, f)),
  ];
  const integrationDir = join(sdkRoot, 'integration/firestore');
  for (const f of ['firebase_export.ts', 'pipeline_export.ts']) cpSync(join(integrationDir, f), join(out, f));
  // config/project.json is written by the SDK's CI; the emulator run only needs it to exist.
  writeFileSync(join(out, 'project.json'), JSON.stringify({ projectId: 'test-emulator' }));
  for (const src of sources) {
    let text = readFileSync(src, 'utf8');
    text = text.replace(
      /\s+from '\.(\.\/util)?\/firebase_export';/,
      ` from '${join(out, 'firebase_export')}';\n\nprocess.env.INCLUDE_FIRESTORE_PERSISTENCE = 'true';\n`,
    );
    text = text.replace(
      /\s+from '\.(\.\/util)?\/pipeline_export';/,
      ` from '${join(out, 'pipeline_export')}';`,
    );
    text = text.replace('../../../../../config/project.json', join(out, 'project.json'));
    const dest = join(out, relative(pkgBase, src));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, text);
  }
  let files = readdirSync(join(out, 'test/integration/api'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  if (fileFilter) files = files.filter((f) => fileFilter.includes(f));

  // A test file whose imports the gulpfile's copy does not provide cannot be bundled; say so.
  const runnable = [];
  for (const f of files) {
    const text = readFileSync(join(out, 'test/integration/api', f), 'utf8');
    const missing = [...text.matchAll(/from '(\.[^']+)'/g)]
      .map((m) => m[1])
      .filter((spec) => {
        const base = resolve(join(out, 'test/integration/api'), spec);
        return !['.ts', '.d.ts', '/index.ts', ''].some((ext) => existsSync(base + ext));
      });
    if (missing.length) say(`firestore: ${f} not run: the gulpfile does not copy ${missing.join(', ')}`);
    else runnable.push(join(out, 'test/integration/api', f));
  }

  const emulator = await startEmulator(['--project', 'test-emulator', '--port', '0', '--quiet']);
  say(
    `firestore: our emulator on port ${emulator.ports.firestore}; running ${runnable.length} files` +
      (values.browser ? ' in headless Chromium' : ''),
  );
  try {
    if (values.browser) {
      const report = await runInBrowser({
        out,
        files: runnable,
        port: emulator.ports.firestore,
        timeout: Number(values.timeout ?? 5000),
        nodePaths: [nodeModules, join(emulatorDir, 'node_modules'), join(repoDir, 'node_modules')],
      });
      return printReport('firebase-js-sdk Firestore integration tests (Chromium)', report);
    }
    const report = await runMocha({
      cwd: out,
      files: runnable,
      label: 'firestore',
      timeout: Number(values.timeout ?? 5000),
      nodePath: [nodeModules, join(emulatorDir, 'node_modules'), join(repoDir, 'node_modules')],
      env: {
        FIRESTORE_TARGET_BACKEND: 'emulator',
        FIRESTORE_EMULATOR_PORT: String(emulator.ports.firestore),
      },
    });
    return printReport('firebase-js-sdk Firestore integration tests', report);
  } finally {
    await emulator.stop();
  }
}

/**
 * The prepared Firestore tests in headless Chromium: one esbuild bundle (the browser builds of the
 * published packages), mocha's browser build, a page on a local static server, the results read
 * back from the page. The page is http://127.0.0.1, the emulator localhost:<port>.
 */
async function runInBrowser({ out, files, port, timeout, nodePaths }) {
  const { build } = (await import(pathToFileURL(join(repoDir, 'node_modules/esbuild/lib/main.js')).href))
    .default;
  const { chromium } = (
    await import(pathToFileURL(join(repoDir, 'node_modules/playwright-core/index.js')).href)
  ).default;
  const entry = join(out, 'browser-entry.ts');
  writeFileSync(entry, files.map((f) => `import './${relative(out, f)}';`).join('\n') + '\n');
  await build({
    entryPoints: [entry],
    bundle: true,
    outfile: join(out, 'browser-bundle.js'),
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    nodePaths,
    define: { global: 'globalThis' },
    logLevel: 'error',
  });
  const env = {
    FIRESTORE_TARGET_BACKEND: 'emulator',
    FIRESTORE_EMULATOR_PORT: String(port),
    INCLUDE_FIRESTORE_PERSISTENCE: 'true',
  };
  const page = `<!doctype html><meta charset="utf-8"><title>firestore conformance</title>
<script>window.process = { env: ${JSON.stringify(env)} };</script>
<script src="/mocha.js"></script>
<script>
  window.__results = { passes: 0, pending: 0, failures: [], done: false };
  function Silent(runner) {
    runner.on('pass', () => window.__results.passes++);
    runner.on('pending', () => window.__results.pending++);
    runner.on('fail', (t, err) => window.__results.failures.push({ fullTitle: t.fullTitle(), err: { message: String(err && err.message || err) } }));
    runner.on('end', () => (window.__results.done = true));
  }
  mocha.setup({ ui: 'bdd', reporter: Silent, timeout: ${timeout}, retries: 0${values.grep ? `, grep: ${JSON.stringify(values.grep)}` : ''} });
</script>
<script src="/browser-bundle.js"></script>
<script>mocha.run();</script>`;
  const { createServer } = await import('node:http');
  const assets = {
    '/': ['text/html', page],
    '/mocha.js': ['text/javascript', readFileSync(join(nodePaths[0], 'mocha/mocha.js'))],
    '/browser-bundle.js': ['text/javascript', readFileSync(join(out, 'browser-bundle.js'))],
  };
  const server = createServer((req, res) => {
    const a = assets[new URL(req.url, 'http://x').pathname];
    if (!a) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': a[0] }).end(a[1]);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    // Progress every 30 s (a browser run takes minutes), until mocha's 'end'.
    for (let last = '', shown = 0, started = Date.now(); ;) {
      const r = await tab.evaluate(() => window.__results);
      if (r?.done) break;
      const now = `${r?.passes ?? 0} passed, ${r?.failures.length ?? 0} failed`;
      if (now !== last) say(`firestore (Chromium): ${now} so far`);
      for (const f of r?.failures.slice(shown) ?? [])
        console.log(`  ✗ ${f.fullTitle}\n      ${f.err.message.slice(0, 200)}`);
      shown = r?.failures.length ?? 0;
      last = now;
      if (Date.now() - started > 60 * 60 * 1000) throw new Error('the browser run took more than an hour');
      await new Promise((ok) => setTimeout(ok, 30_000));
    }
    const r = await tab.evaluate(() => window.__results);
    if (errors.length) say(`firestore (Chromium): page errors: ${errors.slice(0, 5).join(' | ')}`);
    return {
      stats: { passes: r.passes, failures: r.failures.length, pending: r.pending },
      failures: r.failures,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

// ---------------------------------------------------------------------------------------------

const results = [];
try {
  if (!only || only === 'firestore') results.push(await firestoreSuite());
  if ((!only || only === 'storage') && toolsDir) {
    const { storageSuite } = await import('./storage.mjs');
    results.push(
      await storageSuite({
        toolsDir,
        scratch,
        emulatorDir,
        repoDir,
        ensureDeps,
        pinned,
        readJson,
        runMocha,
        printReport,
        say,
        freePort,
        startEmulator,
        fileFilter,
      }),
    );
  }
} catch (err) {
  console.error(`[conformance] ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
}
say('summary:');
for (const r of results) say(`  ${r.label}: ${r.passed ?? '?'} passed, ${r.failed ?? '?'} failed`);
