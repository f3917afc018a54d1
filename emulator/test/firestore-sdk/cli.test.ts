/**
 * The CLI as the local cloud runs it: bin/trato-emulator.mjs on an ephemeral port, data written by
 * firebase-admin, exported on SIGTERM, imported again by a second run and read by the web SDK.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createAdminDriver } from './drivers/admin.js';
import { createWebDriver } from './drivers/web.js';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trato-emulator.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'trato-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the CLI and resolves with its port once it prints the ready line. */
function startCli(args: string[]): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', '--project', 'demo-cli', '--quiet', ...args], {
    stdio: 'pipe',
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Firestore emulator on [\d.]+:(\d+)/.exec(output);
      if (m) resolve({ child, port: Number(m[1]), output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`CLI exited (${code}): ${output}`)));
    setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 20_000);
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

it('exports on exit and imports at start', async () => {
  const first = await startCli(['--export-on-exit', dir]);
  const admin = createAdminDriver({ projectId: 'demo-cli', host: '127.0.0.1', port: first.port });
  await admin.set('things/one', { n: 1, when: { $timestamp: { seconds: 1700000000, nanos: 5000 } } });
  await admin.set('things/one/sub/two', { tags: ['a', 'b'] });
  await admin.close();
  expect(await stop(first.child)).toBe(0);

  const exportFile = path.join(dir, 'firestore.json');
  expect(existsSync(exportFile)).toBe(true);
  expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(readFileSync(exportFile, 'utf8')).toContain('things/one/sub/two');

  const second = await startCli(['--import', dir]);
  const web = createWebDriver({
    name: 'cli',
    projectId: 'demo-cli',
    host: '127.0.0.1',
    port: second.port,
    identity: { kind: 'owner' },
  });
  expect((await web.get('things/one')).data).toEqual({
    n: 1,
    when: { $timestamp: { seconds: 1700000000, nanos: 5000 } },
  });
  expect((await web.get('things/one/sub/two')).data).toEqual({ tags: ['a', 'b'] });
  await web.close();
  expect(await stop(second.child)).toBe(0);
});
