// `npm run dev`: the local cloud plus the web app (Vite) against it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { runLocalCloud } from './emulators.mjs';
import { googleMailboxUrl, root, whatsappPageUrl } from './local-cloud.mjs';

const webPort = 5173;
const exportOnExit = process.argv.includes('--export');

runLocalCloud({
  exportOnExit,
  extraChildren: () => [
    // Vite itself, not through npm: a signal to npm does not always reach its child.
    spawn(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(webPort), '--strictPort'],
      {
        cwd: path.join(root, 'web'),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, VITE_USE_EMULATORS: 'true' },
      },
    ),
  ],
}).then(
  () => {
    const demoFile = path.join(root, 'emulator-data/demo-logins.json');
    const logins = existsSync(demoFile) ? JSON.parse(readFileSync(demoFile, 'utf8')) : [];
    console.log(`\n  Trato is running at  http://localhost:${webPort}\n`);
    for (const login of logins) console.log(`  ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
    if (!logins.length) console.log('  No demo organization yet: sign up as Administrador on /auth.');
    // The demo organization's customer portal (issue 34): a demo contact signs in with an e-mail link.
    const portalFile = path.join(root, 'emulator-data/demo-portal.json');
    if (existsSync(portalFile)) {
      const portal = JSON.parse(readFileSync(portalFile, 'utf8'));
      console.log(
        `\n  Customer portal  http://localhost:${webPort}${portal.path}  (e.g. ${portal.contactEmail}; the link arrives in the local mailbox)`,
      );
    }
    console.log(`\n  Local mailbox (what Gmail would have sent)  ${googleMailboxUrl}`);
    console.log(`  Local WhatsApp (numbers, templates, chats)  ${whatsappPageUrl}`);
    console.log('\n  Ctrl-C to stop.\n');
  },
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
