// `npm run emulators [-- --export]`: the whole local cloud in the foreground until Ctrl-C / SIGTERM.
// Imports emulator-data/ at start; writes it back on exit only with --export.
import { spawn } from 'node:child_process';
import path from 'node:path';

import {
  buildFunctions,
  googleMailboxUrl,
  ports,
  root,
  startLocalCloud,
  whatsappPageUrl,
} from './local-cloud.mjs';

export async function runLocalCloud({ exportOnExit, extraChildren = () => [] }) {
  buildFunctions();
  // Rebuild functions on change; the Functions emulator hot-reloads lib/.
  const watcher = spawn(process.execPath, ['build.mjs', '--watch', '--emulator'], {
    cwd: path.join(root, 'functions'),
    stdio: 'ignore',
  });
  // scheduler: the sequence sender runs on a timer, as Cloud Scheduler would run it.
  const cloud = await startLocalCloud({ importData: true, exportOnExit, scheduler: true });
  const others = [watcher, ...extraChildren()];

  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of others) child.kill('SIGTERM');
    await cloud.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  cloud.exited.then(() => {
    if (!stopping) {
      console.error('A local cloud process stopped unexpectedly; shutting down.');
      shutdown(1);
    }
  });
  return { ports };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const exportOnExit = process.argv.includes('--export');
  runLocalCloud({ exportOnExit }).then(
    () => {
      console.log(
        `\nLocal cloud ready — Firestore :${ports.firestore}  Storage :${ports.storage}  Auth :${ports.auth}  Functions :${ports.functions}  Stripe :${ports.stripe}  Google :${ports.google}  WhatsApp :${ports.whatsapp}` +
          `\nLocal mailbox (Gmail): ${googleMailboxUrl}` +
          `\nLocal WhatsApp (chats): ${whatsappPageUrl}` +
          `\nCtrl-C to stop${exportOnExit ? ' (data is exported to emulator-data/ on exit)' : ''}.\n`,
      );
    },
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
