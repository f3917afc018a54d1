// The benchmark's own local cloud, on free ports so it never meets `npm run dev` or `npm test`: the
// project's Firestore emulator (firestore.rules, strict index checks, as in development, with the
// index configuration the caller gives) and firebase-tools' Auth emulator (its hub and logging
// ports moved too, through a generated firebase.json in a scratch directory). With `importDir`
// (bench:offline: emulator-data, the demo organization) both load that directory's data at start.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what, child, check, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not ready within ${timeoutMs / 1000} s`);
}

function keepTail(child, lines) {
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    });
  }
}

/**
 * @returns {Promise<{ projectId: string, firestore: string, auth: string, stop(): Promise<void>, log(): string }>}
 *   firestore / auth: host:port
 */
export async function startBenchCloud({ root, projectId, indexes, importDir }) {
  const [firestorePort, authPort, hubPort, loggingPort] = await Promise.all(
    Array.from({ length: 4 }, freePort),
  );
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'trato-bench-crm-'));
  writeFileSync(path.join(scratch, 'firestore.indexes.json'), JSON.stringify(indexes, null, 1));
  const lines = [];
  const firestore = spawn(
    process.execPath,
    [
      // 100,000 contacts with their index entries take a few GB; a larger young generation
      // makes loading them faster.
      '--max-old-space-size=8192',
      '--max-semi-space-size=64',
      path.join(root, 'emulator/bin/trato-emulator.mjs'),
      '--project',
      projectId,
      '--port',
      String(firestorePort),
      '--rules',
      path.join(root, 'firestore.rules'),
      '--indexes',
      path.join(scratch, 'firestore.indexes.json'),
      '--strict-indexes',
      ...(importDir ? ['--import', importDir] : []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  keepTail(firestore, lines);

  writeFileSync(
    path.join(scratch, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { port: authPort, host: '127.0.0.1' },
        hub: { port: hubPort, host: '127.0.0.1' },
        logging: { port: loggingPort, host: '127.0.0.1' },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const auth = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      path.join(scratch, 'firebase.json'),
      ...(importDir ? ['--import', importDir] : []),
    ],
    { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
  );
  keepTail(auth, lines);

  const stop = async () => {
    await Promise.all(
      [firestore, auth].map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGINT');
          }),
      ),
    );
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await waitFor('Firestore emulator', firestore, async () => {
      const r = await fetch(`http://127.0.0.1:${firestorePort}/`);
      return r.ok;
    });
    await waitFor('Auth emulator', auth, async () => {
      const r = await fetch(`http://127.0.0.1:${authPort}/emulator/v1/projects/${projectId}/config`);
      return r.ok;
    });
  } catch (error) {
    process.stderr.write(`${lines.join('\n')}\n`);
    await stop();
    throw error;
  }
  return {
    projectId,
    firestore: `127.0.0.1:${firestorePort}`,
    auth: `127.0.0.1:${authPort}`,
    stop,
    log: () => lines.join('\n'),
  };
}
