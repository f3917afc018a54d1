/**
 * firebase-tools' Storage emulator conformance tests
 * (scripts/storage-emulator-integration/conformance/*.test.ts), run by mocha against our Storage
 * emulator. Preparation, in the scratch directory only:
 *
 * * the suite's firebase.json is replaced by one with ports the system picked (its own names the
 *   standard ports, which other work on this machine uses);
 * * `EmulatorEndToEndTest` (scripts/integration-helpers/framework.ts, which would run
 *   `firebase emulators:start`) is replaced by one that starts `bin/trato-emulator.mjs` with the
 *   suite's storage.rules and, for `--only auth,…`, firebase-tools' own Auth emulator (from this
 *   repository's firebase-tools devDependency) on the configured ports;
 * * the browser tests launch puppeteer: a `puppeteer` module wraps puppeteer-core with the
 *   machine's Chromium and keeps the page offline — `https://example.com` is an empty page and
 *   the `www.gstatic.com/firebasejs/…/firebase-*-compat.js` scripts are served from this
 *   repository's `firebase` package; any other internet request is aborted.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FRAMEWORK_SHIM = `// Written by emulator/conformance/storage.mjs: starts the Trato local cloud instead of the CLI.
const { spawn } = require('node:child_process');
const path = require('node:path');

class EmulatorEndToEndTest {
  constructor(project, workdir, config) {
    this.project = project;
    this.workdir = workdir;
    this.config = config;
    this.children = [];
  }

  async startEmulators(args = []) {
    const i = args.indexOf('--only');
    const only = i >= 0 ? args[i + 1].split(',') : ['storage'];
    const e = this.config.emulators;
    const rules = path.join(this.workdir, '..', this.config.storage.rules);
    const cloud = spawn(process.execPath, [
      process.env.TRATO_EMULATOR_BIN, '--project', this.project, '--port', '0',
      '--storage-port', String(e.storage.port), '--storage-rules', rules, '--quiet',
    ], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.children.push(cloud);
    await new Promise((ok, fail) => {
      let out = '';
      cloud.stdout.setEncoding('utf8').on('data', (d) => {
        out += d;
        if (/Storage emulator on/.test(out)) ok();
      });
      cloud.once('exit', (code) => fail(new Error('trato-emulator exited ' + code + ': ' + out)));
    });
    if (only.includes('auth')) {
      const { AuthEmulator } = require(path.join(process.env.FIREBASE_TOOLS_DIR, 'lib/emulator/auth/index.js'));
      this.auth = new AuthEmulator({ host: '127.0.0.1', port: e.auth.port, projectId: this.project });
      await this.auth.start();
    }
  }

  async stopEmulators() {
    if (this.auth) await this.auth.stop();
    await Promise.all(this.children.map((c) => new Promise((ok) => {
      if (c.exitCode !== null) return ok();
      c.once('exit', ok);
      c.kill('SIGTERM');
    })));
  }
}

module.exports = { EmulatorEndToEndTest };
`;

const PUPPETEER_SHIM = `// Written by emulator/conformance/storage.mjs: puppeteer-core, the machine's Chromium, offline.
const core = require('puppeteer-core');
const fs = require('node:fs');
const path = require('node:path');

async function launch(options = {}) {
  const browser = await core.launch({
    ...options,
    devtools: false,
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The page is https://example.com calling the emulators on 127.0.0.1: today's Chromium
    // asks for local-network permission (which headless cannot grant); the Chrome of the
    // puppeteer version the suite pins did not.
    args: [
      ...(options.args || []),
      '--no-sandbox',
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults',
    ],
  });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async () => {
    const page = await newPage();
    const evaluate = page.evaluate.bind(page);
    page.evaluate = async (...args) => {
      try {
        return await evaluate(...args);
      } catch (err) {
        if (err instanceof Error) throw err;
        throw new Error('Evaluation failed: ' + String(err));
      }
    };
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return req.continue();
      if (url.hostname === 'example.com')
        return req.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline</title>' });
      const m = /^\\/firebasejs\\/[^/]+\\/(firebase-[a-z-]+-compat\\.js)$/.exec(url.pathname);
      if (url.hostname === 'www.gstatic.com' && m) {
        const file = path.join(process.env.FIREBASE_PACKAGE_DIR, m[1]);
        if (fs.existsSync(file))
          return req.respond({ status: 200, contentType: 'text/javascript', body: fs.readFileSync(file, 'utf8') });
      }
      return req.abort();
    });
    return page;
  };
  return browser;
}

module.exports = { ...core, launch, default: { ...core, launch } };
`;

export async function storageSuite(ctx) {
  const {
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
  } = ctx;
  const suiteDir = join(toolsDir, 'scripts/storage-emulator-integration');
  if (!existsSync(join(suiteDir, 'conformance')))
    throw new Error(`${toolsDir} is not a firebase-tools checkout`);
  const toolsPkg = readJson(join(toolsDir, 'package.json'));
  const versions = pinned(toolsPkg, [
    'mocha',
    'chai',
    'chai-as-promised',
    'supertest',
    'ts-node',
    'typescript',
  ]);
  // The suite pins puppeteer 19, whose Chrome predates today's local-network checks; the
  // current puppeteer-core drives the machine's Chromium (the shim restores 19's habit of
  // wrapping a non-Error thrown in the page into an Error, which the suite relies on).
  const nodeModules = ensureDeps('firebase-tools', { ...versions, 'puppeteer-core': '24.x' });

  const out = join(scratch, 'storage');
  rmSync(out, { recursive: true, force: true });
  const dest = join(out, 'scripts/storage-emulator-integration');
  mkdirSync(join(dest, 'conformance'), { recursive: true });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  for (const f of readdirSync(join(suiteDir, 'conformance')))
    cpSync(join(suiteDir, 'conformance', f), join(dest, 'conformance', f));
  for (const f of ['utils.ts', 'storage.rules']) cpSync(join(suiteDir, f), join(dest, f));
  mkdirSync(join(out, 'src/emulator/testing'), { recursive: true });
  cpSync(join(toolsDir, 'src/emulator/testing/fixtures.ts'), join(out, 'src/emulator/testing/fixtures.ts'));
  // fixtures.ts (for IMAGE_FILE_BASE64) imports a helper from the CLI's sources: the built one.
  writeFileSync(
    join(out, 'src/emulator/functionsEmulatorShared.js'),
    `module.exports = require(${JSON.stringify(join(repoDir, 'node_modules/firebase-tools/lib/emulator/functionsEmulatorShared.js'))});\n`,
  );
  // firebase-tools runs its mocha suites with ts-node and its tsconfig (no esModuleInterop, so
  // `import * as supertest` is the function itself) and a bootstrap that registers
  // chai-as-promised; the bootstrap's other parts (node-fetch as fetch, nock, sinon-chai, the
  // CLI's auth mock) serve the CLI's unit tests.
  cpSync(join(toolsDir, 'tsconfig.json'), join(out, 'tsconfig.json'));
  writeFileSync(
    join(out, 'bootstrap.js'),
    "require('chai').use(require('chai-as-promised'));\n" +
      "process.on('unhandledRejection', (error) => { throw error; });\n",
  );
  mkdirSync(join(out, 'scripts/integration-helpers'), { recursive: true });
  writeFileSync(join(out, 'scripts/integration-helpers/framework.js'), FRAMEWORK_SHIM);
  mkdirSync(join(out, 'node_modules/puppeteer'), { recursive: true });
  writeFileSync(
    join(out, 'node_modules/puppeteer/package.json'),
    JSON.stringify({ name: 'puppeteer', main: 'index.js' }),
  );
  writeFileSync(join(out, 'node_modules/puppeteer/index.js'), PUPPETEER_SHIM);

  const ports = { storage: await freePort(), auth: await freePort() };
  const config = readJson(join(suiteDir, 'firebase.json'));
  config.emulators = { auth: { port: ports.auth }, storage: { port: ports.storage }, ui: { enabled: false } };
  writeFileSync(join(dest, 'firebase.json'), JSON.stringify(config, null, 2));

  let files = readdirSync(join(dest, 'conformance'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  if (ctx.fileFilter) files = files.filter((f) => ctx.fileFilter.includes(f));
  say(`storage: Storage on port ${ports.storage}, Auth on ${ports.auth}; running ${files.length} files`);
  const report = await runMocha({
    cwd: out,
    files: files.map((f) => join(dest, 'conformance', f)),
    label: 'storage',
    requires: [join(nodeModules, 'ts-node/register/transpile-only.js'), join(out, 'bootstrap.js')],
    // The suite's .mocharc.yml says 2 s; a shared 2-CPU machine running Chromium needs more.
    timeout: Number(ctx.timeout ?? 20000),
    nodePath: [
      nodeModules,
      join(out, 'node_modules'),
      join(emulatorDir, 'node_modules'),
      join(repoDir, 'node_modules'),
    ],
    env: {
      TRATO_EMULATOR_BIN: join(emulatorDir, 'bin/trato-emulator.mjs'),
      FIREBASE_TOOLS_DIR: join(repoDir, 'node_modules/firebase-tools'),
      FIREBASE_PACKAGE_DIR: join(repoDir, 'node_modules/firebase'),
      // No update checks or usage reporting from the firebase-tools Auth emulator.
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: '',
    },
  });
  return printReport("firebase-tools' Storage emulator conformance tests", report);
}
