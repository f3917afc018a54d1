/**
 * trato-emulator: the local Firestore (and Storage) emulator.
 *
 *   tsx src/cli.ts --project demo-trato --port 8080 [--rules firestore.rules] [--watch-rules]
 *                  [--indexes firestore.indexes.json] [--strict-indexes]
 *                  [--import emulator-data] [--export-on-exit emulator-data]
 *                  [--storage-port 9199] [--storage-rules storage.rules]
 *
 * Data directory layout: <dir>/firestore.json (the engine's export), <dir>/storage/ (Storage).
 * SIGINT / SIGTERM stop cleanly (exporting first when --export-on-exit is given).
 */
import { existsSync, watch } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FirestoreEngine, FirestoreExport, IndexConfig } from './firestore/api.js';
import type { RulesUpdateHook } from './firestore/transport/http.js';
import { createFirestoreEngine } from './firestore/engine.js';
import { firestoreRules, storageRulesHolder } from './rules/index.js';
import { startFirestoreServer } from './server.js';
import { startStorageServer } from './storage/server.js';
import type { StorageServer } from './storage/server.js';
import type { FirestoreServer } from './server.js';

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
  --quiet                   do not log denied / failed requests
  --help`;

const FIRESTORE_EXPORT = 'firestore.json';
const STORAGE_EXPORT = 'storage';

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
    quiet: values.quiet!,
  };
}

function say(line: string): void {
  console.log(`[emulator] ${line}`);
}

/** Write a file so that readers never see it half-written: temp file in the same dir, then rename. */
async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/**
 * Security rules for Firestore: the rules engine's authorizer, fed by PUT ...:securityRules and
 * --rules. Until a ruleset is loaded everything is allowed, like the official emulator without
 * rules; a rejected ruleset leaves the previous one in force.
 */
function firestoreRulesHook(engine: FirestoreEngine, quiet: boolean): RulesUpdateHook {
  const rules = firestoreRules({
    noRuleset: 'allow',
    onDenied: (d) => {
      if (!quiet) console.error(`[firestore] denied ${d.method} ${d.path}: ${d.reason}`);
    },
  });
  engine.setAuthorizer(rules.authorizer);
  return (source) => rules.onRulesUpdate(source);
}

async function loadRulesFile(file: string, hook: RulesUpdateHook, what: string): Promise<void> {
  const source = await readFile(file, 'utf8');
  const result = await hook(source);
  if (result.ok) say(`${what} rules loaded from ${file}.`);
  else {
    const { message, line, column } = result.error;
    const at = line !== undefined ? `:${line}${column !== undefined ? `:${column}` : ''}` : '';
    console.error(`[emulator] ${what} rules error in ${file}${at}: ${message}`);
  }
}

function watchRules(file: string, reload: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  // Watch the directory: editors often replace the file, which ends a watch on the file itself.
  const watcher = watch(path.dirname(path.resolve(file)), (_event, name) => {
    if (name !== path.basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (existsSync(file))
        reload().catch((err: unknown) => console.error(`[emulator] reloading ${file}: ${String(err)}`));
    }, 100);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  const indexes = cli.indexes ? (JSON.parse(await readFile(cli.indexes, 'utf8')) as IndexConfig) : undefined;

  const engine = createFirestoreEngine({ projectId: cli.project, indexes, strictIndexes: cli.strictIndexes });

  if (cli.importDir) {
    const file = path.join(cli.importDir, FIRESTORE_EXPORT);
    if (existsSync(file)) {
      engine.importData(JSON.parse(await readFile(file, 'utf8')) as FirestoreExport);
      say(`Firestore data imported from ${file}.`);
    }
  }

  const rulesHook = firestoreRulesHook(engine, cli.quiet);
  const firestore: FirestoreServer = await startFirestoreServer({
    port: cli.port,
    host: cli.host,
    projectId: cli.project,
    engine,
    onRulesUpdate: rulesHook,
    quiet: cli.quiet,
  });
  say(
    `Firestore emulator on ${firestore.host}:${firestore.port} (project ${cli.project}): gRPC, WebChannel, REST.`,
  );

  const stopWatching: (() => void)[] = [];
  if (cli.rules) {
    const file = cli.rules;
    await loadRulesFile(file, rulesHook, 'Firestore');
    if (cli.watchRules)
      stopWatching.push(watchRules(file, () => loadRulesFile(file, rulesHook, 'Firestore')));
  }

  // --- Storage: the second emulator of the local cloud, on its own port. -------------------
  let storage: StorageServer | undefined;
  if (cli.storagePort !== undefined) {
    // Without a ruleset Storage denies every non-owner request, like the official emulator.
    // No projectId: firestore.get() reads the project named by the bucket (rules-unit-testing uses
    // the project id as the bucket), which is demo-trato for the app's default bucket.
    const storageRules = storageRulesHolder({
      firestore: { get: (name) => engine.readCommitted(name) },
      onDenied: (d) => {
        if (!cli.quiet) console.error(`[storage] denied ${d.method} ${d.path}: ${d.reason}`);
      },
    });
    const storageImport = cli.importDir ? path.join(cli.importDir, STORAGE_EXPORT) : undefined;
    storage = await startStorageServer({
      port: cli.storagePort,
      host: cli.host,
      importFrom: storageImport && existsSync(storageImport) ? storageImport : undefined,
      authorizer: storageRules.authorizer,
      onRulesUpdate: (source) => storageRules.onRulesUpdate(source),
      quiet: cli.quiet,
    });
    say(`Storage emulator on ${storage.hostAndPort}.`);
    if (cli.storageRules) {
      const file = cli.storageRules;
      const hook: RulesUpdateHook = (source) => storageRules.onRulesUpdate(source);
      await loadRulesFile(file, hook, 'Storage');
      if (cli.watchRules) stopWatching.push(watchRules(file, () => loadRulesFile(file, hook, 'Storage')));
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping.`);
    let code = 0;
    try {
      for (const unwatch of stopWatching) unwatch();
      if (cli.exportDir) {
        const file = path.join(cli.exportDir, FIRESTORE_EXPORT);
        await writeAtomically(file, `${JSON.stringify(engine.exportData(), null, 1)}\n`);
        say(`Firestore data exported to ${file}.`);
        if (storage) {
          const result = await storage.exportTo(path.join(cli.exportDir, STORAGE_EXPORT));
          say(`Storage: ${result.objects} objects exported to ${result.dir}.`);
        }
      }
    } catch (err) {
      console.error(`[emulator] export failed: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    }
    await Promise.all([firestore.close(), storage?.close()]);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`[emulator] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
