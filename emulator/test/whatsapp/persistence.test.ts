/**
 * The local WhatsApp's state across restarts (`whatsapp.json`): through exportFile / importFile,
 * through startLocalCloud's importDir / exportTo, and through the CLI's --whatsapp-* flags with
 * --import / --export-on-exit (a callback URL that answers 404 does not stop the start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalCloud } from '../../src/cloud.js';
import {
  DEFAULT_ACCESS_TOKEN,
  DEFAULT_PHONE_NUMBER_ID,
  DEFAULT_WABA_ID,
  type WhatsAppServer,
} from '../../src/whatsapp/index.js';
import {
  approvedTemplate,
  bodyParams,
  control,
  graph,
  inbound,
  startReceiver,
  startWhatsApp,
  templateMessage,
  text,
} from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'trato-whatsapp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fill(server: WhatsAppServer) {
  await graph(server, `/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST' });
  await approvedTemplate(server);
  await inbound(server, { from: '50499998888', name: 'Lucía', text: 'Hola' });
  const sent = await graph<{ messages: { id: string }[] }>(server, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
    body: text('50499998888', 'Buenos días'),
  });
  await control(server, '/recipients', { phone: '50433334444', onWhatsApp: false });
  const account = await control<{ wabaId: string; accessToken: string; phoneNumberId: string }>(
    server,
    '/accounts',
    {
      verifiedName: 'Sucursal Norte',
    },
  );
  return { wamid: sent.body.messages[0].id, account: account.body };
}

describe('exportFile / importFile', () => {
  it('keeps accounts, subscriptions, templates, chats, windows and flags; ids continue', async () => {
    const file = path.join(dir, 'round-trip', 'whatsapp.json');
    const first = await startWhatsApp({ exportFile: file, autoStatuses: false });
    const { wamid, account } = await fill(first);
    await first.close();
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      format: string;
      version: number;
      messages: unknown[];
    };
    expect(saved.format).toBe('trato-whatsapp-export');
    expect(saved.version).toBe(1);
    expect(saved.messages).toHaveLength(2);

    const second = await startWhatsApp({ importFile: file, autoStatuses: false });
    try {
      expect(second.state.accounts.get(DEFAULT_WABA_ID)!.subscribed).toBe(true);
      const listed = await control<{ messages: { id: string; text: string }[] }>(
        second,
        '/messages?wa_id=50499998888',
      );
      expect(listed.body.messages.map((m) => m.text)).toEqual(['Hola', 'Buenos días']);
      expect(listed.body.messages[1].id).toBe(wamid);
      // The window opened before the restart is still open; the template still approved.
      expect(
        (
          await graph(second, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
            body: text('+504 9999-8888', 'Sigo aquí'),
          })
        ).status,
      ).toBe(200);
      const tpl = await graph(second, `/${DEFAULT_PHONE_NUMBER_ID}/messages`, {
        body: templateMessage('50499998888', 'recordatorio_cita', 'es', [
          { type: 'header', parameters: [{ type: 'text', text: 'Acme' }] },
          bodyParams('Ana', 'lunes'),
        ]),
      });
      expect(tpl.status).toBe(200);
      // The added account and its token still work; the next one gets new ids.
      const own = await graph(second, `/${account.phoneNumberId}?fields=verified_name`, {
        token: account.accessToken,
      });
      expect(own.body).toEqual({ id: account.phoneNumberId, verified_name: 'Sucursal Norte' });
      const next = await control<{ wabaId: string }>(second, '/accounts', {});
      expect(next.body.wabaId).toBe('100000000000030');
      expect(second.state.onWhatsApp('50433334444')).toBe(false);
      // A new template gets a new id.
      const created = await graph<{ id: string }>(second, `/${DEFAULT_WABA_ID}/message_templates`, {
        body: {
          name: 'otra',
          language: 'es',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'x' }],
        },
      });
      expect(second.state.templates.filter((t) => t.id === created.body.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses a file of another format', async () => {
    const file = path.join(dir, 'wrong.json');
    const other = await startWhatsApp({ exportFile: file });
    await other.close();
    const text = readFileSync(file, 'utf8').replace('trato-whatsapp-export', 'otra-cosa');
    const bad = path.join(dir, 'bad.json');
    (await import('node:fs')).writeFileSync(bad, text);
    await expect(startWhatsApp({ importFile: bad })).rejects.toThrow(/not a trato-whatsapp-export/);
  });
});

describe('startLocalCloud', () => {
  it('starts the local WhatsApp with the cloud, exports whatsapp.json with the rest and imports it', async () => {
    const data = path.join(dir, 'cloud-data');
    const cloud = await startLocalCloud({
      projectId: 'demo-whatsapp',
      firestorePort: 0,
      quiet: true,
      log: () => {},
      whatsapp: { port: 0, autoStatuses: false },
    });
    try {
      await approvedTemplate(cloud.whatsapp!);
      const result = await cloud.exportTo(data);
      expect(result.whatsapp).toBe(path.join(data, 'whatsapp.json'));
    } finally {
      await cloud.close();
    }
    const again = await startLocalCloud({
      projectId: 'demo-whatsapp',
      firestorePort: 0,
      quiet: true,
      log: () => {},
      importDir: data,
      whatsapp: { port: 0 },
    });
    try {
      expect(again.whatsapp!.state.templates.map((t) => [t.name, t.status])).toEqual([
        ['recordatorio_cita', 'APPROVED'],
      ]);
    } finally {
      await again.close();
    }
  });
});

// --- CLI -------------------------------------------------------------------------------------------

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trato-emulator.mjs');

function startCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', '--project', 'demo-whatsapp-cli', ...args], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Local WhatsApp on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve({ child, url: m[1], output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
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

describe('CLI', () => {
  it('--whatsapp-port and the webhook flags (env fallback for the secret), whatsapp.json in the data directory', async () => {
    const data = path.join(dir, 'cli-data');
    const receiver = await startReceiver({ verifyToken: 'cli-token', appSecret: 'cli-secret' });
    receiver.handshake = { status: 404 }; // the Functions emulator without the function yet
    try {
      const first = await startCli(
        [
          '--whatsapp-port',
          '0',
          '--whatsapp-webhook-url',
          receiver.url,
          '--whatsapp-verify-token',
          'cli-token',
          '--export-on-exit',
          data,
        ],
        { WHATSAPP_APP_SECRET: 'cli-secret' },
      );
      expect(first.output()).toContain(`chats page ${first.url}/`);
      expect(first.output()).toContain(`Graph API ${first.url}/v21.0`);
      expect(first.output()).toContain(`webhooks to ${receiver.url}`);
      // Start-up did not wait for the handshake; it keeps trying in the background.
      await receiver.waitFor((r) => r.handshakes.length >= 1, 10_000);
      const before = (await (await fetch(`${first.url}/__control/webhook`)).json()) as {
        webhook: { verified: boolean };
      };
      expect(before.webhook.verified).toBe(false);
      receiver.handshake = 'echo';
      const after = (await (
        await fetch(`${first.url}/__control/webhook`, { method: 'POST', body: '{}' })
      ).json()) as {
        verified: boolean;
      };
      expect(after.verified).toBe(true);
      // Signed with the secret from the environment.
      const headers = { Authorization: `Bearer ${DEFAULT_ACCESS_TOKEN}`, 'Content-Type': 'application/json' };
      await fetch(`${first.url}/v21.0/${DEFAULT_WABA_ID}/subscribed_apps`, { method: 'POST', headers });
      await fetch(`${first.url}/__control/inbound`, {
        method: 'POST',
        body: JSON.stringify({ from: '50499998888', text: 'desde la CLI' }),
      });
      await receiver.waitFor((r) => r.events.length === 1, 10_000);
      expect(receiver.rejected).toEqual([]);
      // Logged once the receiver's answer is back, which may be after the receiver counted it.
      await vi.waitFor(
        () =>
          expect(first.output()).toMatch(
            /\[whatsapp\] webhook d1 messages \(text wamid\.\S+ from 50499998888\) -> 200/,
          ),
        { timeout: 10_000 },
      );
      expect(await stop(first.child)).toBe(0);
      expect(first.output()).toContain(`WhatsApp state exported to ${path.join(data, 'whatsapp.json')}`);
      expect(existsSync(path.join(data, 'whatsapp.json'))).toBe(true);

      // Imported again: the chat and the subscription came back.
      const second = await startCli(['--whatsapp-port', '0', '--import', data]);
      const messages = (await (await fetch(`${second.url}/__control/messages`)).json()) as {
        messages: { text: string }[];
      };
      expect(messages.messages.map((m) => m.text)).toEqual(['desde la CLI']);
      const webhook = (await (await fetch(`${second.url}/__control/webhook`)).json()) as {
        webhook: { url: string | null; verifyToken: string; appSecret: string };
      };
      expect(webhook.webhook).toMatchObject({
        url: null,
        verifyToken: 'trato-local-whatsapp-verify-token',
        appSecret: 'trato-local-whatsapp-app-secret-0000',
      });
      expect(await stop(second.child)).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
