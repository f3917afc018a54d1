/**
 * The local Google's state across restarts (`google.json`): through exportFile / importFile,
 * through startLocalCloud's importDir / exportTo, and through the CLI's --google-* flags with
 * --import / --export-on-exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { google } from 'googleapis';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCloud } from '../../src/cloud.js';
import { googleEndpoints, type GoogleServer } from '../../src/google/index.js';
import { authorize, failure, gmailClient, oauthClient, rawMessage, startGoogle } from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'trato-google-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function connectAndSend(server: GoogleServer, email: string, subject: string) {
  const auth = oauthClient(server);
  const { code } = await authorize(server, auth, email);
  const { tokens } = await auth.getToken(code);
  auth.setCredentials(tokens);
  const raw = await rawMessage({ from: email, to: 'cliente@example.org', subject, text: 'x' });
  await gmailClient(server, auth).users.messages.send({ userId: 'me', requestBody: { raw } });
  return { code, tokens };
}

describe('exportFile / importFile', () => {
  it('keeps the mailbox and the grants: an imported refresh token still works, a used code stays used', async () => {
    const file = path.join(dir, 'round-trip', 'google.json');
    const first = await startGoogle({ exportFile: file });
    const { code, tokens } = await connectAndSend(first, 'ana@example.com', 'Antes de reiniciar');
    await first.close();
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: string; messages: unknown[] };
    expect(saved.format).toBe('trato-google-export');
    expect(saved.messages).toHaveLength(1);

    const second = await startGoogle({ importFile: file });
    try {
      expect(second.messages().map((m) => m.subject)).toEqual(['Antes de reiniciar']);
      const auth = oauthClient(second);
      auth.setCredentials({ refresh_token: tokens.refresh_token });
      const raw = await rawMessage({
        from: 'ana@example.com',
        to: 'b@example.org',
        subject: 'Después',
        text: 'y',
      });
      await gmailClient(second, auth).users.messages.send({ userId: 'me', requestBody: { raw } });
      expect(second.messages().map((m) => m.subject)).toEqual(['Después', 'Antes de reiniciar']);
      expect((await failure(oauthClient(second).getToken(code))).error).toBe('invalid_grant');
    } finally {
      await second.close();
    }
  });
});

describe('startLocalCloud', () => {
  it('starts the local Google with the cloud, exports google.json with the rest and imports it', async () => {
    const data = path.join(dir, 'cloud-data');
    const cloud = await startLocalCloud({
      projectId: 'demo-google',
      firestorePort: 0,
      quiet: true,
      log: () => {},
      google: { port: 0 },
    });
    try {
      await connectAndSend(cloud.google!, 'lucia@example.com', 'Desde la nube local');
      const result = await cloud.exportTo(data);
      expect(result.google).toBe(path.join(data, 'google.json'));
    } finally {
      await cloud.close();
    }
    const again = await startLocalCloud({
      projectId: 'demo-google',
      firestorePort: 0,
      quiet: true,
      log: () => {},
      importDir: data,
      google: { port: 0 },
    });
    try {
      expect(again.google!.messages().map((m) => m.subject)).toEqual(['Desde la nube local']);
    } finally {
      await again.close();
    }
  });
});

// --- CLI -------------------------------------------------------------------------------------------

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trato-emulator.mjs');

function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', '--project', 'demo-google-cli', ...args], {
    stdio: 'pipe',
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Local Google on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
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
  it('--google-port, the client, accounts and token lifetime flags, and google.json in the data directory', async () => {
    const data = path.join(dir, 'cli-data');
    const client = {
      clientId: 'cli-client.apps.googleusercontent.com',
      clientSecret: 'cli-secret',
      redirectUri: 'http://127.0.0.1:6100/auth/gmail/callback',
    };
    const first = await startCli([
      '--google-port',
      '0',
      '--google-client-id',
      client.clientId,
      '--google-client-secret',
      client.clientSecret,
      '--google-redirect-uri',
      client.redirectUri,
      '--google-account',
      'Dev@Trato.Demo',
      '--google-token-ttl',
      '120',
      '--export-on-exit',
      data,
    ]);
    expect(first.output()).toContain(`mailbox page ${first.url}/`);
    const auth = new google.auth.OAuth2({ ...client, endpoints: googleEndpoints(first.url) });
    const url = auth.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email'],
      state: 'cli',
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('value="dev@trato.demo" checked');
    const consent = (await (
      await fetch(`${first.url}/__control/consent`, { method: 'POST', body: JSON.stringify({ url }) })
    ).json()) as { code: string; email: string };
    expect(consent.email).toBe('dev@trato.demo');
    const { tokens } = await auth.getToken(consent.code);
    expect(tokens.expiry_date! - Date.now()).toBeLessThanOrEqual(120_000);
    auth.setCredentials(tokens);
    const raw = await rawMessage({ from: 'dev@trato.demo', to: 'x@example.org', subject: 'CLI', text: 'x' });
    await google
      .gmail({ version: 'v1', auth, rootUrl: `${first.url}/` })
      .users.messages.send({ userId: 'me', requestBody: { raw } });
    expect(first.output()).toMatch(/\[google\] gmail: dev@trato\.demo sent "CLI" to x@example\.org/);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain(`Google state exported to ${path.join(data, 'google.json')}`);
    expect(existsSync(path.join(data, 'google.json'))).toBe(true);

    // Without the flags the default development client is registered; the mailbox came back.
    const second = await startCli(['--google-port', '0', '--import', data]);
    const messages = (await (await fetch(`${second.url}/__control/messages`)).json()) as {
      messages: { subject: string }[];
    };
    expect(messages.messages.map((m) => m.subject)).toEqual(['CLI']);
    const clients = (await (await fetch(`${second.url}/__control/clients`)).json()) as {
      clients: { id: string }[];
    };
    expect(clients.clients.map((c) => c.id)).toEqual(['000000000000-trato-local.apps.googleusercontent.com']);
    expect(await stop(second.child)).toBe(0);
  });
});
