/**
 * trato-emulator: the local Firestore (and Storage) emulator.
 *
 *   tsx src/cli.ts --project demo-trato --port 8080 [--rules firestore.rules] [--watch-rules]
 *                  [--indexes firestore.indexes.json] [--strict-indexes]
 *                  [--import emulator-data] [--export-on-exit emulator-data]
 *                  [--storage-port 9199] [--storage-rules storage.rules] [--coverage-dir dir]
 *                  [--stripe-port 12111] [--stripe-webhook-url url] [--stripe-webhook-secret s]
 *                  [--stripe-api-key sk_test_...]
 *
 * Data directory layout: <dir>/firestore.json (the engine's export), <dir>/storage/ (Storage),
 * <dir>/stripe.json (the local Stripe).
 * SIGINT / SIGTERM stop cleanly (exporting first when --export-on-exit is given, and writing the
 * rules coverage reports when --coverage-dir is given). The wiring itself is src/cloud.ts.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startLocalCloud } from './cloud.js';
import type { IndexConfig } from './firestore/api.js';

const USAGE = `Usage: trato-emulator [options]
  --project <id>            project id (default demo-trato)
  --host <host>             interface to bind (default 127.0.0.1)
  --port <n>                Firestore port: gRPC, WebChannel, REST, admin (default 8080)
  --rules <file>            Firestore security rules to load at start
  --watch-rules             reload rules files when they change
  --indexes <file>          firestore.indexes.json (composite indexes)
  --strict-indexes          fail queries that need a missing composite index, like production
  --import <dir>            load data exported earlier (<dir>/firestore.json, <dir>/storage/)
  --export-on-exit <dir>    write all data to <dir> when stopped (SIGINT / SIGTERM)
  --storage-port <n>        also start the Storage emulator on this port
  --storage-rules <file>    Storage security rules to load at start
  --coverage-dir <dir>      write the rules coverage reports (JSON + HTML) to <dir> when stopped
  --stripe-port <n>         also start the local Stripe on this port (0 = a free port)
  --stripe-webhook-url <u>  where the local Stripe POSTs events (e.g. the Functions webhook)
  --stripe-webhook-secret <s>  signing secret (default whsec_trato_local_dev_0000000000000000)
  --stripe-api-key <k>      accepted secret key, repeatable (default sk_test_trato_local_0000000000000000)
  --quiet                   do not log denied / failed requests
  --help`;

interface Cli {
  project: string;
  host: string;
  port: number;
  rules?: string;
  watchRules: boolean;
  indexes?: string;
  strictIndexes: boolean;
  importDir?: string;
  exportDir?: string;
  storagePort?: number;
  storageRules?: string;
  coverageDir?: string;
  stripePort?: number;
  stripeWebhookUrl?: string;
  stripeWebhookSecret?: string;
  stripeApiKeys?: string[];
  quiet: boolean;
}

function parseCli(argv: string[]): Cli {
  const { values } = parseArgs({
    args: argv,
    options: {
      project: { type: 'string', default: process.env.GCLOUD_PROJECT ?? 'demo-trato' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8080' },
      rules: { type: 'string' },
      'watch-rules': { type: 'boolean', default: false },
      indexes: { type: 'string' },
      'strict-indexes': { type: 'boolean', default: false },
      import: { type: 'string' },
      'export-on-exit': { type: 'string' },
      'storage-port': { type: 'string' },
      'storage-rules': { type: 'string' },
      'coverage-dir': { type: 'string' },
      'stripe-port': { type: 'string' },
      'stripe-webhook-url': { type: 'string' },
      'stripe-webhook-secret': { type: 'string' },
      'stripe-api-key': { type: 'string', multiple: true },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = (v: string, name: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number`);
    return n;
  };
  return {
    project: values.project!,
    host: values.host!,
    port: port(values.port!, 'port'),
    rules: values.rules,
    watchRules: values['watch-rules']!,
    indexes: values.indexes,
    strictIndexes: values['strict-indexes']!,
    importDir: values.import,
    exportDir: values['export-on-exit'],
    storagePort:
      values['storage-port'] !== undefined ? port(values['storage-port'], 'storage-port') : undefined,
    storageRules: values['storage-rules'],
    coverageDir: values['coverage-dir'],
    stripePort: values['stripe-port'] !== undefined ? port(values['stripe-port'], 'stripe-port') : undefined,
    stripeWebhookUrl: values['stripe-webhook-url'],
    stripeWebhookSecret: values['stripe-webhook-secret'],
    stripeApiKeys: values['stripe-api-key'],
    quiet: values.quiet!,
  };
}

function say(line: string): void {
  console.log(`[emulator] ${line}`);
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  const indexes = cli.indexes ? (JSON.parse(await readFile(cli.indexes, 'utf8')) as IndexConfig) : undefined;

  const cloud = await startLocalCloud({
    projectId: cli.project,
    host: cli.host,
    firestorePort: cli.port,
    storagePort: cli.storagePort,
    indexes,
    strictIndexes: cli.strictIndexes,
    importDir: cli.importDir,
    firestoreRulesFile: cli.rules,
    storageRulesFile: cli.storageRules,
    watchRules: cli.watchRules,
    quiet: cli.quiet,
    stripe:
      cli.stripePort !== undefined
        ? {
            port: cli.stripePort,
            apiKeys: cli.stripeApiKeys,
            webhook: cli.stripeWebhookUrl
              ? { url: cli.stripeWebhookUrl, secret: cli.stripeWebhookSecret }
              : null,
          }
        : undefined,
  });
  const { firestore, storage, stripe } = cloud;
  say(
    `Firestore emulator on ${firestore.host}:${firestore.port} (project ${cli.project}): gRPC, WebChannel, REST.`,
  );
  if (storage) say(`Storage emulator on ${storage.hostAndPort}.`);
  if (stripe)
    say(
      `Local Stripe on ${stripe.url} (API ${stripe.url}/v1, developer page ${stripe.url}/); webhooks to ${stripe.webhook()?.url ?? 'nowhere (set --stripe-webhook-url)'}.`,
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping.`);
    let code = 0;
    if (cli.exportDir) {
      try {
        const result = await cloud.exportTo(cli.exportDir);
        say(`Firestore data exported to ${result.firestore}.`);
        if (result.storageObjects !== undefined)
          say(`Storage: ${result.storageObjects} objects exported to ${cli.exportDir}/storage.`);
        if (result.stripe) say(`Stripe state exported to ${result.stripe}.`);
      } catch (err) {
        console.error(`[emulator] export failed: ${err instanceof Error ? err.message : String(err)}`);
        code = 1;
      }
    }
    if (cli.coverageDir) {
      try {
        const files = await cloud.writeCoverage(cli.coverageDir);
        say(`Rules coverage written: ${files.join(', ')}.`);
      } catch (err) {
        console.error(`[emulator] coverage failed: ${err instanceof Error ? err.message : String(err)}`);
        code = 1;
      }
    }
    await cloud.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`[emulator] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
