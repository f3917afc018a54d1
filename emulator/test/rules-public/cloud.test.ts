/**
 * The local cloud's rules integration seen from outside: denial log lines, coverage endpoints,
 * rules files reloaded on change, and the CLI's --coverage-dir. Everything on ephemeral ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../src/cloud.js';
import type { CoverageReport } from '../../src/rules/index.js';

setLogLevel('silent');

const PROJECT = 'demo-cloud';
const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid
        && request.resource.data.size() < 3;
    }
    match /open/{id} {
      allow read: if resource.data.owner == request.auth.uid;
    }
  }
}`;
const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow write: if request.auth.uid == uid && request.resource.size < 10;
    }
  }
}`;

const dir = mkdtempSync(path.join(tmpdir(), 'trato-rules-cloud-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let cloud: LocalCloud | undefined;
let env: RulesTestEnvironment | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  await cloud?.close();
  cloud = undefined;
});

async function start(options: Partial<Parameters<typeof startLocalCloud>[0]> = {}) {
  const lines: string[] = [];
  cloud = await startLocalCloud({
    projectId: PROJECT,
    firestorePort: 0,
    storagePort: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  return { cloud, lines };
}

async function testEnv(c: LocalCloud, rules = true) {
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host: '127.0.0.1', port: c.firestore.port, ...(rules ? { rules: FIRESTORE_RULES } : {}) },
    storage: { host: '127.0.0.1', port: c.storage!.port, ...(rules ? { rules: STORAGE_RULES } : {}) },
  });
  return env;
}

/** Lines that report a denial (anything else, e.g. "Rules updated.", is not one). */
const denials = (lines: string[]) => lines.filter((l) => /denied|permission/i.test(l));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('denial log', () => {
  it('Firestore: one line per denial on every transport, with allow position and failing values', async () => {
    const { cloud, lines } = await start();
    const env = await testEnv(cloud);
    const alice = env.authenticatedContext('alice').firestore();

    lines.length = 0;
    await assertFails(alice.doc('notes/bob').set({ a: 1 })); // gRPC Write stream
    expect(denials(lines)).toEqual([
      '[firestore] uid alice: create /databases/(default)/documents/notes/bob denied; allow read, write at ' +
        'firestore.rules:5:7: request.auth.uid == uid (5:53) with "alice" == "bob" is false',
    ]);

    lines.length = 0;
    await assertFails(alice.doc('notes/alice').set({ a: 1, b: 2, c: 3 }));
    expect(denials(lines)).toEqual([
      '[firestore] uid alice: create /databases/(default)/documents/notes/alice denied; allow read, write ' +
        'at firestore.rules:5:7: request.resource.data.size() < 3 (6:12) with 3 < 3 is false',
    ]);

    lines.length = 0;
    await assertFails(alice.collection('open').get()); // RunQuery: not provable from the query
    expect(denials(lines)).toHaveLength(1);
    expect(denials(lines)[0]).toMatch(
      /^\[firestore\] uid alice: list \/databases\/\(default\)\/documents\/open denied: rules are not filters; .*firestore\.rules:9:7 depends on resource\.data\.owner/,
    );

    lines.length = 0; // Listen: the target is removed, one line
    await new Promise<void>((resolve) => {
      const stop = alice.doc('notes/bob').onSnapshot(
        () => {},
        () => {
          stop();
          resolve();
        },
      );
    });
    expect(denials(lines)).toEqual([
      '[firestore] uid alice: get /databases/(default)/documents/notes/bob denied; allow read, write at ' +
        'firestore.rules:5:7: request.auth.uid == uid (5:53) with "alice" == "bob" is false',
    ]);

    lines.length = 0; // REST, signed out
    const rest = await fetch(
      `http://127.0.0.1:${cloud.firestore.port}/v1/projects/${PROJECT}/databases/(default)/documents/notes/x`,
    );
    expect(rest.status).toBe(403);
    expect(denials(lines)).toEqual([
      '[firestore] signed out: get /databases/(default)/documents/notes/x denied; allow read, write at ' +
        'firestore.rules:5:7: request.auth != null (5:29) with null != null is false',
    ]);
  });

  it('Storage: one line per denial, with allow position and failing values', async () => {
    const { cloud, lines } = await start();
    const env = await testEnv(cloud);
    lines.length = 0;
    await assertFails(
      env.authenticatedContext('alice').storage().ref('users/alice/big.bin').put(new Uint8Array(20)).then(),
    );
    await assertFails(env.unauthenticatedContext().storage().ref('users/alice/big.bin').getMetadata());
    expect(denials(lines)).toEqual([
      `[storage] uid alice: create /b/${PROJECT}/o/users/alice/big.bin denied; allow write at storage.rules:6:7: ` +
        'request.resource.size < 10 (6:50) with 20 < 10 is false',
      `[storage] signed out: get /b/${PROJECT}/o/users/alice/big.bin denied; allow read at storage.rules:5:7: ` +
        'request.auth != null (5:22) with null != null is false',
    ]);
  });

  it('--quiet: no denial lines', async () => {
    const { cloud, lines } = await start({ quiet: true });
    const env = await testEnv(cloud);
    await assertFails(env.unauthenticatedContext().firestore().doc('notes/a').get());
    await assertFails(env.unauthenticatedContext().storage().ref('users/a/b').getMetadata());
    expect(denials(lines)).toEqual([]);
  });
});

describe('list slices through real traffic', () => {
  // Production errors on a slice whose end is past the size ([1,2,3][0:9]: "Index out of bound
  // error. Index: [8] , size: [3]"; vector range-slice-list-and-string, case listClampAllow),
  // and an error denies: the slice must never be clamped to the list.
  it('[1, 2, 3][0:end] is allowed up to the size and denied past it', async () => {
    const { cloud, lines } = await start();
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: {
        host: '127.0.0.1',
        port: cloud.firestore.port,
        rules: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /slices/{id} {
      allow create: if request.resource.data.arr[0:request.resource.data.end] == [1, 2, 3];
    }
  }
}`,
      },
    });
    const db = env.authenticatedContext('alice').firestore();
    await assertSucceeds(db.doc('slices/a').set({ arr: [1, 2, 3], end: 3 }));
    lines.length = 0;
    await assertFails(db.doc('slices/b').set({ arr: [1, 2, 3], end: 9 }));
    expect(denials(lines).join('\n')).toMatch(/Index out of bound error\. Index: \[8\] , size: \[3\]/);
  });
});

describe('rules coverage', () => {
  const firestoreUrl = (c: LocalCloud, suffix: string) =>
    `http://127.0.0.1:${c.firestore.port}/emulator/v1/projects/${PROJECT}:ruleCoverage${suffix}`;
  const storageUrl = (c: LocalCloud, suffix: string) =>
    `http://${c.storage!.hostAndPort}/internal/ruleCoverage${suffix}`;
  const counted = (report: CoverageReport, text: string) =>
    report.expressions.find((e) => e.text === text)?.counts;

  it('is served as JSON and HTML on both ports, and starts over with a new ruleset', async () => {
    const { cloud } = await start();
    const env = await testEnv(cloud);
    const alice = env.authenticatedContext('alice');
    await assertSucceeds(alice.firestore().doc('notes/alice').set({ a: 1 }));
    await assertFails(alice.firestore().doc('notes/bob').get());
    await assertSucceeds(alice.storage().ref('users/alice/a.bin').put(new Uint8Array(3)).then());

    const json = await fetch(firestoreUrl(cloud, ''));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    const report = (await json.json()) as CoverageReport;
    expect(report.files.map((f) => f.name)).toEqual(['firestore.rules']);
    expect(counted(report, 'request.auth.uid == uid')).toEqual({ true: 1, false: 1, error: 0, value: 0 });
    expect(counted(report, 'resource.data.owner == request.auth.uid')).toEqual({
      true: 0,
      false: 0,
      error: 0,
      value: 0,
    });
    expect(report.summary.expressions).toBeGreaterThan(report.summary.evaluated);

    for (const suffix of ['.html', '/html']) {
      const html = await fetch(firestoreUrl(cloud, suffix));
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      const page = await html.text();
      expect(page).toContain('<h2>firestore.rules</h2>');
      expect(page).toContain('class="never"'); // the /open rule was never evaluated
    }

    const storageReport = (await (await fetch(storageUrl(cloud, ''))).json()) as CoverageReport;
    expect(storageReport.files.map((f) => f.name)).toEqual(['storage.rules']);
    expect(counted(storageReport, 'request.resource.size < 10')).toEqual({
      true: 1,
      false: 0,
      error: 0,
      value: 0,
    });
    const storageHtml = await fetch(storageUrl(cloud, '.html'));
    expect(storageHtml.headers.get('content-type')).toMatch(/text\/html/);
    expect(await storageHtml.text()).toContain('<h2>storage.rules</h2>');

    // A new ruleset: counts start over (every expression listed, none evaluated).
    const put = await fetch(
      `http://127.0.0.1:${cloud.firestore.port}/emulator/v1/projects/${PROJECT}:securityRules`,
      { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content: FIRESTORE_RULES }] } }) },
    );
    expect(put.status).toBe(200);
    const fresh = (await (await fetch(firestoreUrl(cloud, ''))).json()) as CoverageReport;
    expect(fresh.summary.expressions).toBe(report.summary.expressions);
    expect(fresh.summary.evaluated).toBe(0);
    // A rejected ruleset changes nothing.
    await assertFails(alice.firestore().doc('notes/bob').get());
    const bad = await fetch(
      `http://127.0.0.1:${cloud.firestore.port}/emulator/v1/projects/${PROJECT}:securityRules`,
      {
        method: 'PUT',
        body: JSON.stringify({ rules: { files: [{ content: 'service cloud.firestore {' }] } }),
      },
    );
    expect(bad.status).toBe(400);
    const after = (await (await fetch(firestoreUrl(cloud, ''))).json()) as CoverageReport;
    expect(after.summary.evaluated).toBeGreaterThan(0);
  });
});

describe('rules files', () => {
  it('--watch-rules: a changed file is reloaded; a broken one keeps the previous rules', async () => {
    const file = path.join(dir, 'firestore.rules');
    const allow = (v: boolean) =>
      `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n` +
      `    match /things/{id} { allow read: if ${v}; }\n  }\n}\n`;
    writeFileSync(file, allow(false));
    const storageFile = path.join(dir, 'storage.rules');
    writeFileSync(storageFile, STORAGE_RULES);
    const { cloud, lines } = await start({
      firestoreRulesFile: file,
      storageRulesFile: storageFile,
      watchRules: true,
    });
    expect(lines).toContain(`[emulator] Firestore rules loaded from ${file}.`);
    expect(lines).toContain(`[emulator] Storage rules loaded from ${storageFile}.`);
    const env = await testEnv(cloud, false);
    const db = env.unauthenticatedContext().firestore();
    await assertFails(db.doc('things/a').get());

    writeFileSync(file, allow(true));
    await until(() => lines.includes(`[emulator] Firestore rules reloaded from ${file}.`), 'the reload');
    await assertSucceeds(db.doc('things/a').get());

    // Broken: the previous rules stay, the error is printed as file:line:column: message.
    writeFileSync(file, allow(true).replace('if true;', 'if true &&;'));
    await until(() => lines.some((l) => l.includes('not loaded')), 'the rejection');
    const message = lines.find((l) => l.includes('not loaded'))!;
    expect(message).toContain(`Firestore rules in ${file} not loaded (the previous rules stay in force):`);
    expect(message).toMatch(new RegExp(`\\n${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:4:\\d+: .+`));
    await assertSucceeds(db.doc('things/a').get());

    // Storage rules are watched too.
    const storage = env.authenticatedContext('alice').storage();
    await assertSucceeds(storage.ref('users/alice/x').put(new Uint8Array(1)).then());
    writeFileSync(storageFile, STORAGE_RULES.replace('request.resource.size < 10', 'false'));
    await until(() => lines.includes(`[emulator] Storage rules reloaded from ${storageFile}.`), 'the reload');
    await assertFails(storage.ref('users/alice/y').put(new Uint8Array(1)).then());
  });

  it('denial reasons name the rules file given', async () => {
    const file = path.join(dir, 'named.rules');
    writeFileSync(file, FIRESTORE_RULES);
    const { cloud, lines } = await start({ firestoreRulesFile: file });
    const env = await testEnv(cloud, false);
    await assertFails(env.unauthenticatedContext().firestore().doc('notes/a').get());
    expect(denials(lines)).toEqual([
      `[firestore] signed out: get /databases/(default)/documents/notes/a denied; allow read, write at ` +
        `${file}:5:7: request.auth != null (5:29) with null != null is false`,
    ]);
  });
});

describe('CLI', () => {
  const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trato-emulator.mjs');

  function startCli(args: string[]) {
    const child: ChildProcess = spawn(process.execPath, [bin, '--project', PROJECT, ...args], {
      stdio: 'pipe',
    });
    let output = '';
    const ready = new Promise<{ firestore: number; storage: number }>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const f = /Firestore emulator on [\d.]+:(\d+)/.exec(output);
        const s = /Storage emulator on [\d.]+:(\d+)/.exec(output);
        if (f && s) resolve({ firestore: Number(f[1]), storage: Number(s[1]) });
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`CLI exited (${code}): ${output}`)));
      setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 20_000);
    });
    const stop = () =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      });
    return { ready, stop, output: () => output };
  }

  it('logs one line per denial and writes both coverage reports on exit (--coverage-dir)', async () => {
    const rulesFile = path.join(dir, 'cli.rules');
    const storageRulesFile = path.join(dir, 'cli-storage.rules');
    writeFileSync(rulesFile, FIRESTORE_RULES);
    writeFileSync(storageRulesFile, STORAGE_RULES);
    const coverageDir = path.join(dir, 'coverage');
    const cli = startCli([
      '--port',
      '0',
      '--storage-port',
      '0',
      '--rules',
      rulesFile,
      '--storage-rules',
      storageRulesFile,
      '--coverage-dir',
      coverageDir,
    ]);
    const ports = await cli.ready;
    const denied = await fetch(
      `http://127.0.0.1:${ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents/notes/x`,
    );
    expect(denied.status).toBe(403);
    const deniedObject = await fetch(`http://127.0.0.1:${ports.storage}/v0/b/${PROJECT}/o/users%2Fa%2Fb`);
    expect(deniedObject.status).toBe(403);
    await until(() => /\[storage\] signed out/.test(cli.output()), 'the storage denial line');
    expect(await cli.stop()).toBe(0);

    const out = cli.output();
    const denialLines = out.split('\n').filter((l) => /denied|permission/i.test(l));
    expect(denialLines).toHaveLength(2);
    expect(denialLines[0]).toContain(
      `[firestore] signed out: get /databases/(default)/documents/notes/x denied; allow read, write at ${rulesFile}:5:7`,
    );
    expect(denialLines[1]).toContain(
      `[storage] signed out: get /b/${PROJECT}/o/users/a/b denied; allow read at ${storageRulesFile}:5:7`,
    );

    for (const f of [
      'firestore-coverage.json',
      'firestore-coverage.html',
      'storage-coverage.json',
      'storage-coverage.html',
    ])
      expect(existsSync(path.join(coverageDir, f)), f).toBe(true);
    const report = JSON.parse(
      readFileSync(path.join(coverageDir, 'firestore-coverage.json'), 'utf8'),
    ) as CoverageReport;
    expect(report.files[0].name).toBe(rulesFile);
    expect(report.expressions.find((e) => e.text === 'request.auth != null')?.counts.false).toBe(1);
    expect(readFileSync(path.join(coverageDir, 'storage-coverage.html'), 'utf8')).toContain('<h2>');
  });
});
