// `npm test`: every suite of every workspace, then one summary line ("N passed, M failed").
// Suites that need the local cloud (functions, security rules, end-to-end) run while it is up.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildFunctions, cloudEnv, root, startLocalCloud } from './local-cloud.mjs';

const reports = mkdtempSync(path.join(os.tmpdir(), 'trato-test-'));
const results = [];

function vitestSuite(name, workspace, extraEnv = {}, args = []) {
  return { name, kind: 'vitest', cwd: path.join(root, workspace), extraEnv, args };
}

// Suites run as async children: the local cloud's log pipes are drained by this process's event
// loop, and a blocked loop (spawnSync) would fill them until the emulator stalls on a write.
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code));
  });
}

async function runSuite(suite) {
  const report = path.join(reports, `${suite.name}.json`);
  const env = { ...process.env, ...suite.extraEnv };
  console.log(`\n━━ ${suite.name} ━━`);
  const started = Date.now();
  let status;
  if (suite.kind === 'vitest') {
    status = await run(
      'npx',
      [
        'vitest',
        'run',
        ...suite.args,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: suite.cwd, env },
    );
  } else if (suite.kind === 'node') {
    status = await run('node', [suite.script, '--report', report], { cwd: suite.cwd, env });
  } else {
    const projects = suite.projects.flatMap((project) => ['--project', project]);
    status = await run(
      'npx',
      ['playwright', 'test', '-c', suite.config, ...projects, '--reporter=list,json'],
      {
        cwd: suite.cwd,
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      },
    );
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ name: suite.name, seconds, ...countResults(suite.kind, report, status) });
}

function countResults(kind, report, status) {
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, crashed: true };
  const data = JSON.parse(readFileSync(report, 'utf8'));
  let counts;
  if (kind === 'vitest') {
    counts = {
      passed: data.numPassedTests,
      failed: data.numFailedTests,
      skipped: data.numPendingTests + data.numTodoTests,
    };
    // A file that fails to load has no tests but fails the run.
    if (status !== 0 && counts.failed === 0) counts.failed = Math.max(1, data.numFailedTestSuites ?? 1);
  } else if (kind === 'node') {
    // Plain scripts write { passed, failed, skipped } themselves.
    counts = { passed: data.passed, failed: data.failed, skipped: data.skipped ?? 0 };
    if (status !== 0 && counts.failed === 0) counts.failed = 1;
  } else {
    const s = data.stats;
    counts = { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
    if (status !== 0 && counts.failed === 0) counts.failed = 1;
  }
  return counts;
}

// Static checks: each workspace's type check (its own tsconfig) and the lint (`npm run lint`, as
// two suites). They need nothing running and use only CPU, so they run first, side by side (as
// many at a time as there are CPUs, longest first), each one's output kept and printed if it fails.
// Caches under node_modules/.cache make a rerun on an unchanged tree quick; CI starts without them.
const bin = (tool) => path.join(root, 'node_modules/.bin', tool);
const cache = path.join(root, 'node_modules/.cache/trato-test');
function checkSuite(name, cwd, command, args) {
  return { name, kind: 'check', cwd: path.join(root, cwd), command, args };
}
const typecheck = (workspace) =>
  checkSuite(`typecheck ${workspace}`, workspace, bin('tsc'), [
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(cache, `tsc-${workspace}.tsbuildinfo`),
    ...(process.stdout.isTTY ? ['--pretty'] : []),
  ]);
const checks = [
  typecheck('web'),
  typecheck('emulator'),
  checkSuite('lint (prettier)', '.', bin('prettier'), [
    '--check',
    '.',
    '--cache',
    '--cache-location',
    path.join(cache, 'prettier'),
  ]),
  checkSuite('lint (eslint)', '.', bin('eslint'), [
    '.',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    path.join(cache, 'eslint'),
  ]),
  typecheck('functions'),
  ...(existsSync(path.join(root, 'security/package.json')) ? [typecheck('security')] : []),
  typecheck('model'),
];

function runCheck(suite) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const child = spawn(suite.command, suite.args, { cwd: suite.cwd, env: process.env });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let finished = false;
    const done = (code) => {
      if (finished) return;
      finished = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      console.log(`  ${ok ? '✓' : '✗'} ${suite.name} (${seconds} s)`);
      if (!ok) console.log(output.trimEnd().replace(/^/gm, '    '));
      resolve({ name: suite.name, seconds, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.once('close', done);
  });
}

/** Runs the checks a few at a time; the results keep the order of the list. */
async function runChecks(suites) {
  if (!suites.length) return;
  const width = Math.min(suites.length, Math.max(2, os.availableParallelism()));
  console.log(`\n━━ static checks (${width} at a time) ━━`);
  mkdirSync(cache, { recursive: true });
  const out = new Array(suites.length);
  let next = 0;
  const worker = async () => {
    while (next < suites.length) {
      const i = next++;
      out[i] = await runCheck(suites[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  results.push(...out);
}

/** Journeys in Chromium (web/playwright.config.ts), the projects named. */
function playwrightSuite(name, projects) {
  return {
    name,
    kind: 'playwright',
    cwd: path.join(root, 'web'),
    config: 'playwright.config.ts',
    projects,
    // The same on every machine, CI variable or not: a browser per CPU (at most 4; more only
    // starve the local cloud), and one retry, as a journey through a live cloud earns.
    extraEnv: {
      ...cloudEnv,
      E2E_WORKERS: String(Math.max(1, Math.min(4, os.availableParallelism()))),
      E2E_RETRIES: '1',
    },
  };
}

const standalone = [
  vitestSuite('model', 'model'),
  vitestSuite('emulator', 'emulator'),
  vitestSuite('web (unit)', 'web'),
  // JavaScript bytes per route of a production build against the budgets (issue 12).
  { name: 'web (size)', kind: 'node', cwd: path.join(root, 'web'), script: 'scripts/size-check.mjs' },
];
const withCloud = [
  vitestSuite('functions', 'functions', cloudEnv),
  // The web's record writes through the real SDK and the rules (two members at once).
  vitestSuite('web (cloud)', 'web', cloudEnv, ['--config', 'vitest.cloud.config.ts']),
  ...(existsSync(path.join(root, 'security/package.json'))
    ? [vitestSuite('security rules', 'security', cloudEnv)]
    : []),
  playwrightSuite('web (end-to-end)', ['chromium', 'billing']),
  // Every screen at 390 and 1280 px in both languages, written to web/screenshots/ to be looked
  // at (`npm run screenshots`): review material rather than checks, so not part of `npm test`.
  { ...playwrightSuite('web (screenshots)', ['screenshots']), onDemand: true },
];

const only = process.argv.slice(2);
// A suite marked onDemand (the screenshots) runs only when named: `npm test -- screenshots`.
const selected = (suites) =>
  only.length
    ? suites.filter((s) => only.some((o) => s.name.includes(o)))
    : suites.filter((s) => !s.onDemand);

await runChecks(selected(checks));
for (const suite of selected(standalone)) await runSuite(suite);

const cloudSuites = selected(withCloud);
// The local cloud's output (denials, failures) stays out of the terminal but is kept for a post-mortem.
const cloudLogPath = path.join(reports, 'local-cloud.log');
const cloudLog = createWriteStream(cloudLogPath);
if (cloudSuites.length) {
  buildFunctions();
  console.log('\n━━ starting the local cloud ━━');
  let cloud;
  try {
    cloud = await startLocalCloud({ quiet: true, log: cloudLog });
  } catch (error) {
    console.error(`The local cloud did not start: ${error.message}`);
    results.push({ name: 'local cloud', passed: 0, failed: 1, skipped: 0, crashed: true });
  }
  if (cloud) {
    try {
      for (const suite of cloudSuites) await runSuite(suite);
    } finally {
      await cloud.stop();
    }
  }
}

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
// On failure, where to look; the last line stays the plain summary.
if (total.failed > 0 && cloudSuites.length) console.log(`\nThe local cloud's log: ${cloudLogPath}`);
console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${r.crashed ? ' (did not report)' : ''}${r.seconds === undefined ? '' : `  (${r.seconds} s)`}`,
  );
}
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
cloudLog.end(() => process.exit(total.failed > 0 ? 1 : 0));
