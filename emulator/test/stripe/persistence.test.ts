/**
 * State export / import (`stripe.json`): through startStripeServer's exportFile / importFile, and
 * through the CLI's --import / --export-on-exit directories with the --stripe-* flags.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startStripeServer } from '../../src/stripe/index.js';
import { newCheckout, newClient, startReceiver } from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'trato-stripe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('exportFile / importFile', () => {
  it('round-trips objects, events, deliveries and the clock', async () => {
    const file = path.join(dir, 'round-trip', 'stripe.json');
    const receiver = await startReceiver();
    const first = await startStripeServer({
      port: 0,
      quiet: true,
      log: () => {},
      exportFile: file,
      webhook: { url: receiver.url },
    });
    const stripe = newClient(first.port);
    const { customer, session } = await newCheckout(stripe, { orgId: 'persist' });
    await fetch(`${first.url}/__control/checkout/${session.id}/complete`, {
      method: 'POST',
      body: JSON.stringify({ card: '4242424242424242' }),
    });
    await fetch(`${first.url}/__control/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ days: 2 }),
    });
    await fetch(`${first.url}/__control/deliveries/drain`, { method: 'POST' });
    const subs = await stripe.subscriptions.list({ customer: customer.id });
    const savedCustomer = await stripe.customers.retrieve(customer.id);
    const events = await stripe.events.list({ limit: 100 });
    await first.close();
    await receiver.close();
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: string; clockOffsetSeconds: number };
    expect(saved.format).toBe('trato-stripe-export');
    expect(saved.clockOffsetSeconds).toBe(2 * 86400);

    const second = await startStripeServer({ port: 0, quiet: true, log: () => {}, importFile: file });
    try {
      const again = newClient(second.port);
      expect(await again.customers.retrieve(customer.id)).toEqual(savedCustomer);
      expect((await again.subscriptions.list({ customer: customer.id })).data).toEqual(subs.data);
      expect((await again.events.list({ limit: 100 })).data.map((e) => e.id)).toEqual(
        events.data.map((e) => e.id),
      );
      const clock = (await (await fetch(`${second.url}/__control/clock`)).json()) as {
        offsetSeconds: number;
      };
      expect(clock.offsetSeconds).toBe(2 * 86400);
      const state = (await (await fetch(`${second.url}/__control/state`)).json()) as {
        deliveries: { state: string }[];
      };
      expect(state.deliveries.length).toBe(events.data.length);
      expect(state.deliveries.every((d) => d.state === 'succeeded')).toBe(true);
      // The imported subscription keeps living: its card still pays the renewal.
      await fetch(`${second.url}/__control/clock/advance`, {
        method: 'POST',
        body: JSON.stringify({ days: 20 }),
      });
      expect((await again.subscriptions.retrieve(subs.data[0].id)).status).toBe('active');
      expect((await again.invoices.list({ customer: customer.id })).data[0].amount_paid).toBe(2000);
    } finally {
      await second.close();
    }
  });

  it('a missing import file starts empty (with the catalog)', async () => {
    const server = await startStripeServer({
      port: 0,
      quiet: true,
      log: () => {},
      importFile: path.join(dir, 'nope.json'),
    });
    try {
      expect((await newClient(server.port).prices.list()).data.map((p) => p.id)).toEqual([
        'price_trato_monthly',
      ]);
    } finally {
      await server.close();
    }
  });
});

// --- CLI -------------------------------------------------------------------------------------------

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trato-emulator.mjs');

function startCli(
  args: string[],
): Promise<{ child: ChildProcess; stripePort: number; output: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', '--project', 'demo-stripe-cli', ...args], {
    stdio: 'pipe',
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Local Stripe on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) resolve({ child, stripePort: Number(m[1]), output: () => output });
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
  it('--stripe-port, --stripe-api-key, --stripe-webhook-url/secret, and stripe.json in the data directory', async () => {
    const data = path.join(dir, 'cli-data');
    const receiver = await startReceiver('whsec_cli_secret');
    try {
      const first = await startCli([
        '--stripe-port',
        '0',
        '--stripe-api-key',
        'sk_test_cli_key_1',
        '--stripe-webhook-url',
        receiver.url,
        '--stripe-webhook-secret',
        'whsec_cli_secret',
        '--export-on-exit',
        data,
      ]);
      const stripe = newClient(first.stripePort, 'sk_test_cli_key_1');
      const c = await stripe.customers.create({ name: 'From the CLI' });
      await receiver.waitFor((e) => e.length === 1);
      expect(receiver.events[0].event.type).toBe('customer.created');
      await waitFor(() => /\[stripe\] webhook evt_\w+ customer.created -> 200/.test(first.output()));
      expect(first.output()).toMatch(/\[stripe\] POST \/v1\/customers -> 200 cus_/);
      expect(await stop(first.child)).toBe(0);
      expect(first.output()).toContain(`Stripe state exported to ${path.join(data, 'stripe.json')}`);

      const second = await startCli([
        '--stripe-port',
        '0',
        '--stripe-api-key',
        'sk_test_cli_key_1',
        '--import',
        data,
      ]);
      const again = newClient(second.stripePort, 'sk_test_cli_key_1');
      expect(((await again.customers.retrieve(c.id)) as Stripe.Customer).name).toBe('From the CLI');
      await expect(newClient(second.stripePort).customers.list()).rejects.toMatchObject({ statusCode: 401 });
      expect(await stop(second.child)).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
