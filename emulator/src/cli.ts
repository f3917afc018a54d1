/**
 * trato-emulator: the local Firestore (and Storage) emulator.
 *
 *   tsx src/cli.ts --project demo-trato --port 8080 [--rules firestore.rules] [--watch-rules]
 *                  [--indexes firestore.indexes.json] [--strict-indexes]
 *                  [--import emulator-data] [--export-on-exit emulator-data]
 *                  [--storage-port 9199] [--storage-rules storage.rules] [--coverage-dir dir]
 *                  [--stripe-port 12111] [--stripe-webhook-url url] [--stripe-webhook-secret s]
 *                  [--stripe-api-key sk_test_...]
 *                  [--google-port 9598] [--google-client-id id] [--google-client-secret s]
 *                  [--google-redirect-uri uri]... [--google-account email]... [--google-token-ttl s]
 *                  [--whatsapp-port 9650] [--whatsapp-webhook-url url] [--whatsapp-verify-token t]
 *                  [--whatsapp-app-secret s]
 *
 * Data directory layout: <dir>/firestore.json (the engine's export), <dir>/storage/ (Storage),
 * <dir>/stripe.json (the local Stripe), <dir>/google.json (the local Google), <dir>/whatsapp.json
 * (the local WhatsApp).
 * SIGINT / SIGTERM stop cleanly (exporting first when --export-on-exit is given, and writing the
 * rules coverage reports when --coverage-dir is given). The wiring itself is src/cloud.ts.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startLocalCloud } from './cloud.js';
import type { IndexConfig } from './firestore/api.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_REDIRECT_URIS } from './google/index.js';
import { DEFAULT_APP_SECRET, DEFAULT_VERIFY_TOKEN, GRAPH_VERSION } from './whatsapp/index.js';

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
  --google-port <n>         also start the local Google (OAuth + Gmail send and read) on this port (0 = a free port)
  --google-client-id <id>   the registered OAuth client (env GOOGLE_OAUTH_CLIENT_ID; default
                            ${DEFAULT_CLIENT_ID})
  --google-client-secret <s>  its secret (env GOOGLE_OAUTH_CLIENT_SECRET; default ${DEFAULT_CLIENT_SECRET})
  --google-redirect-uri <u> an authorized redirect URI, repeatable (env GOOGLE_OAUTH_REDIRECT_URIS,
                            comma-separated; default the web app's /auth/gmail/callback on 5173, 5199, 4173)
  --google-account <email>  an address offered on the consent page, repeatable
  --google-grant <email>=<refresh token>  a standing gmail.send grant to the client (a system
                            sender's), repeatable; kept across resets
  --google-token-ttl <s>    access-token lifetime in seconds (default 3599)
  --whatsapp-port <n>       also start the local WhatsApp (Cloud API, webhooks, chats page) on this port
                            (0 = a free port)
  --whatsapp-webhook-url <u>  the app's callback URL, verified by the handshake at start (retried in
                            the background until it answers; env WHATSAPP_WEBHOOK_URL)
  --whatsapp-verify-token <t>  the handshake's verify token (env WHATSAPP_VERIFY_TOKEN; default
                            ${DEFAULT_VERIFY_TOKEN})
  --whatsapp-app-secret <s> signs the webhooks' X-Hub-Signature-256 (env WHATSAPP_APP_SECRET; default
                            ${DEFAULT_APP_SECRET})
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
  googlePort?: number;
  googleClient: { id: string; secret: string; redirectUris: string[] };
  googleAccounts?: string[];
  googleGrants?: Array<{ email: string; refreshToken: string }>;
  googleTokenTtl?: number;
  whatsappPort?: number;
  whatsappWebhook: { url?: string; verifyToken?: string; appSecret?: string };
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
      'google-port': { type: 'string' },
      'google-client-id': { type: 'string' },
      'google-client-secret': { type: 'string' },
      'google-redirect-uri': { type: 'string', multiple: true },
      'google-account': { type: 'string', multiple: true },
      'google-grant': { type: 'string', multiple: true },
      'google-token-ttl': { type: 'string' },
      'whatsapp-port': { type: 'string' },
      'whatsapp-webhook-url': { type: 'string' },
      'whatsapp-verify-token': { type: 'string' },
      'whatsapp-app-secret': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const env = (name: string) => process.env[name] || undefined;
  const seconds = (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1)
      throw new Error('--google-token-ttl must be a whole number of seconds');
    return n;
  };
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
    googlePort: values['google-port'] !== undefined ? port(values['google-port'], 'google-port') : undefined,
    googleClient: {
      id: values['google-client-id'] ?? env('GOOGLE_OAUTH_CLIENT_ID') ?? DEFAULT_CLIENT_ID,
      secret: values['google-client-secret'] ?? env('GOOGLE_OAUTH_CLIENT_SECRET') ?? DEFAULT_CLIENT_SECRET,
      redirectUris:
        values['google-redirect-uri'] ??
        env('GOOGLE_OAUTH_REDIRECT_URIS')
          ?.split(',')
          .map((u) => u.trim())
          .filter(Boolean) ??
        DEFAULT_REDIRECT_URIS,
    },
    googleAccounts: values['google-account'],
    googleGrants: (values['google-grant'] ?? []).map((value) => {
      const at = value.indexOf('=');
      if (at < 1 || at === value.length - 1)
        throw new Error(`--google-grant wants <email>=<refresh token>: ${value}`);
      return { email: value.slice(0, at), refreshToken: value.slice(at + 1) };
    }),
    googleTokenTtl:
      values['google-token-ttl'] !== undefined ? seconds(values['google-token-ttl']) : undefined,
    whatsappPort:
      values['whatsapp-port'] !== undefined ? port(values['whatsapp-port'], 'whatsapp-port') : undefined,
    whatsappWebhook: {
      url: values['whatsapp-webhook-url'] ?? env('WHATSAPP_WEBHOOK_URL'),
      verifyToken: values['whatsapp-verify-token'] ?? env('WHATSAPP_VERIFY_TOKEN'),
      appSecret: values['whatsapp-app-secret'] ?? env('WHATSAPP_APP_SECRET'),
    },
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
    google:
      cli.googlePort !== undefined
        ? {
            port: cli.googlePort,
            clients: [{ ...cli.googleClient, name: 'Trato' }],
            accounts: cli.googleAccounts,
            grants: cli.googleGrants,
            accessTokenTtlSeconds: cli.googleTokenTtl,
          }
        : undefined,
    whatsapp:
      cli.whatsappPort !== undefined ? { port: cli.whatsappPort, webhook: cli.whatsappWebhook } : undefined,
  });
  const { firestore, storage, stripe, google, whatsapp } = cloud;
  say(
    `Firestore emulator on ${firestore.host}:${firestore.port} (project ${cli.project}): gRPC, WebChannel, REST.`,
  );
  if (storage) say(`Storage emulator on ${storage.hostAndPort}.`);
  if (stripe)
    say(
      `Local Stripe on ${stripe.url} (API ${stripe.url}/v1, developer page ${stripe.url}/); webhooks to ${stripe.webhook()?.url ?? 'nowhere (set --stripe-webhook-url)'}.`,
    );
  if (google)
    say(
      `Local Google on ${google.url} (OAuth ${google.url}/o/oauth2/v2/auth, Gmail ${google.url}/gmail/v1), mailbox page ${google.url}/, OAuth client ${cli.googleClient.id}.`,
    );
  if (whatsapp)
    say(
      `Local WhatsApp on ${whatsapp.url} (Graph API ${whatsapp.url}/${GRAPH_VERSION}), chats page ${whatsapp.url}/; webhooks to ${whatsapp.webhook().url ?? 'nowhere (set --whatsapp-webhook-url)'}.`,
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
        if (result.google) say(`Google state exported to ${result.google}.`);
        if (result.whatsapp) say(`WhatsApp state exported to ${result.whatsapp}.`);
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
