/**
 * The local cloud as one unit: the Firestore server and (optionally) the Storage server, each with
 * its security-rules engine, denial log and coverage recorder, rules files loaded (and watched),
 * data imported and exported. `src/cli.ts` is a thin argument parser around this; tests start the
 * very same wiring on ephemeral ports, so the two cannot drift.
 *
 *   const cloud = await startLocalCloud({ projectId: 'demo-x', firestorePort: 0, storagePort: 0 });
 *   // cloud.firestore.port, cloud.storage!.port, cloud.coverage.firestore.toJSON(), await cloud.close()
 */
import { existsSync, watch } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FirestoreEngine, FirestoreExport, IndexConfig } from './firestore/api.js';
import type { Authorizer } from './firestore/access.js';
import { createFirestoreEngine } from './firestore/engine.js';
import type { Caller } from './firestore/model.js';
import { CoverageRecorder, firestoreRules, storageRulesHolder } from './rules/index.js';
import type { RulesHolder } from './rules/index.js';
import { startFirestoreServer } from './server.js';
import type { FirestoreServer } from './server.js';
import type { StorageAuthorizer } from './storage/access.js';
import type { RulesUpdateHook as StorageRulesUpdateHook } from './storage/internal.js';
import { startStorageServer } from './storage/server.js';
import type { StorageServer } from './storage/server.js';
import { startStripeServer, STRIPE_EXPORT } from './stripe/index.js';
import type { StripeServer, StripeServerOptions } from './stripe/index.js';
import { GOOGLE_EXPORT, startGoogleServer } from './google/index.js';
import type { GoogleServer, GoogleServerOptions } from './google/index.js';
import { startWhatsAppServer, WHATSAPP_EXPORT } from './whatsapp/index.js';
import type { WhatsAppServer, WhatsAppServerOptions } from './whatsapp/index.js';

export const FIRESTORE_EXPORT = 'firestore.json';
export const STORAGE_EXPORT = 'storage';

export interface LocalCloudOptions {
  projectId: string;
  /** Interface for both servers (default 127.0.0.1). */
  host?: string;
  /** 0 = a free port. */
  firestorePort: number;
  /** Start the Storage emulator too (0 = a free port). */
  storagePort?: number;
  /** firestore.indexes.json content. */
  indexes?: IndexConfig;
  strictIndexes?: boolean;
  /** Load `<dir>/firestore.json` and `<dir>/storage/` when present. */
  importDir?: string;
  /** Firestore rules file loaded at start (and reloaded with watchRules). */
  firestoreRulesFile?: string;
  /** Storage rules file loaded at start (and reloaded with watchRules); needs storagePort. */
  storageRulesFile?: string;
  /** Reload the rules files when they change; a broken file keeps the previous rules. */
  watchRules?: boolean;
  /** No log lines for denied, failed or served requests. */
  quiet?: boolean;
  /**
   * Start the local Stripe too (`src/stripe/`, port 0 = a free one). With importDir, its state is
   * loaded from `<dir>/stripe.json`; exportTo() writes it there.
   */
  stripe?: Omit<StripeServerOptions, 'host' | 'importFile' | 'exportFile' | 'log' | 'quiet'>;
  /**
   * Start the local Google too (`src/google/`: OAuth and Gmail, port 0 = a free one). With
   * importDir, its state is loaded from `<dir>/google.json`; exportTo() writes it there.
   */
  google?: Omit<GoogleServerOptions, 'host' | 'importFile' | 'exportFile' | 'log' | 'quiet'>;
  /**
   * Start the local WhatsApp too (`src/whatsapp/`: the Cloud API, port 0 = a free one). With
   * importDir, its state is loaded from `<dir>/whatsapp.json`; exportTo() writes it there.
   */
  whatsapp?: Omit<WhatsAppServerOptions, 'host' | 'importFile' | 'exportFile' | 'log' | 'quiet'>;
  /**
   * Where every log line goes, already prefixed `[firestore]`, `[storage]` or `[emulator]`
   * (default: stderr with a timestamp).
   */
  log?: (line: string) => void;
}

export interface LocalCloud {
  projectId: string;
  engine: FirestoreEngine;
  firestore: FirestoreServer;
  storage?: StorageServer;
  /** The local Stripe, when started (options.stripe). */
  stripe?: StripeServer;
  /** The local Google, when started (options.google). */
  google?: GoogleServer;
  /** The local WhatsApp, when started (options.whatsapp). */
  whatsapp?: WhatsAppServer;
  rules: { firestore: RulesHolder<Authorizer>; storage: RulesHolder<StorageAuthorizer> };
  /** Reset whenever a new ruleset of that service is loaded. */
  coverage: { firestore: CoverageRecorder; storage: CoverageRecorder };
  /** Read and load the rules files given in the options (what the watcher does). */
  reloadRules(): Promise<void>;
  /** `<dir>/firestore.json` (written atomically) and `<dir>/storage/`. */
  exportTo(dir: string): Promise<{
    firestore: string;
    storageObjects?: number;
    stripe?: string;
    google?: string;
    whatsapp?: string;
  }>;
  /** firestore-coverage.{json,html} and, with Storage, storage-coverage.{json,html}. */
  writeCoverage(dir: string): Promise<string[]>;
  /** Stop watching, end every stream and socket. */
  close(): Promise<void>;
}

function defaultLog(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

function describeCaller(caller: Caller | null | undefined): string {
  if (!caller || caller.kind !== 'user') return 'owner';
  return caller.auth ? `uid ${caller.auth.uid}` : 'signed out';
}

/** Write a file so that readers never see it half-written: temp file in the same dir, then rename. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/**
 * Lines the Storage server logs on its own that the rules engine's denial line replaces: its
 * generic 403 line and the access-log line of a 403.
 */
const STORAGE_DENIAL_LINE = /: Permission denied\. (No (READ|LIST|WRITE) permission\.|Storage Emulator has)/;
const STORAGE_403_ACCESS_LINE = / -> 403 \(\d+ ms\)$/;

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const sink = options.log ?? defaultLog;
  const quiet = options.quiet ?? false;
  const say = (line: string) => sink(`[emulator] ${line}`);
  const host = options.host ?? '127.0.0.1';

  const engine = createFirestoreEngine({
    projectId: options.projectId,
    indexes: options.indexes,
    strictIndexes: options.strictIndexes,
  });
  if (options.importDir) {
    const file = path.join(options.importDir, FIRESTORE_EXPORT);
    if (existsSync(file)) {
      engine.importData(JSON.parse(await readFile(file, 'utf8')) as FirestoreExport);
      say(`Firestore data imported from ${file}.`);
    }
  }

  // --- Firestore: open until a ruleset is loaded, like the official emulator. -------------------
  const coverage = { firestore: new CoverageRecorder(), storage: new CoverageRecorder() };
  const firestoreHolder = firestoreRules({
    noRuleset: 'allow',
    coverage: coverage.firestore,
    // One line per denial: the rules engine's reason (the transports' generic
    // "Missing or insufficient permissions." lines are dropped, see rulesExplainDenials).
    onDenied: (d) => {
      if (!quiet) sink(`[firestore] ${describeCaller(d.request.caller)}: ${d.reason}`);
    },
    onDebug: (text) => sink(`[firestore] ${text}`),
  });
  engine.setAuthorizer(firestoreHolder.authorizer);
  const firestore = await startFirestoreServer({
    port: options.firestorePort,
    host,
    projectId: options.projectId,
    engine,
    onRulesUpdate: (source) => firestoreHolder.onRulesUpdate(source),
    coverage: coverage.firestore,
    log: (line) => sink(`[firestore] ${line}`),
    rulesExplainDenials: true,
    quiet,
  });

  // --- Storage: denies every non-owner request until a ruleset is loaded (official behaviour).
  // No projectId: firestore.get() reads the project named by the bucket (rules-unit-testing uses
  // the project id as the bucket; the app's default bucket is <project>.appspot.com).
  const storageHolder = storageRulesHolder({
    firestore: { get: (name) => engine.readCommitted(name) },
    coverage: coverage.storage,
    onDenied: (d) => {
      if (!quiet) {
        const who = d.request.auth ? `uid ${d.request.auth.uid}` : 'signed out';
        sink(`[storage] ${who}: ${d.reason}`);
      }
    },
    onDebug: (text) => sink(`[storage] ${text}`),
  });
  let storage: StorageServer | undefined;
  if (options.storagePort !== undefined) {
    const storageImport = options.importDir ? path.join(options.importDir, STORAGE_EXPORT) : undefined;
    const onRulesUpdate: StorageRulesUpdateHook = Object.assign(
      (source: string) => storageHolder.onRulesUpdate(source),
      { coverage: coverage.storage },
    );
    storage = await startStorageServer({
      port: options.storagePort,
      host,
      importFrom: storageImport && existsSync(storageImport) ? storageImport : undefined,
      authorizer: storageHolder.authorizer,
      onRulesUpdate,
      quiet,
      log: (line) => {
        // The rules engine logged the denial with its reason (or --quiet asked for silence).
        if (STORAGE_DENIAL_LINE.test(line) || STORAGE_403_ACCESS_LINE.test(line)) return;
        sink(line.startsWith('[storage]') ? line : `[storage] ${line}`);
      },
    });
  }

  // --- Stripe: the local stand-in (its log lines are already prefixed [stripe]). ----------------
  let stripe: StripeServer | undefined;
  if (options.stripe) {
    stripe = await startStripeServer({
      ...options.stripe,
      host,
      importFile: options.importDir ? path.join(options.importDir, STRIPE_EXPORT) : undefined,
      log: sink,
      quiet,
    });
  }

  // --- Google: the local stand-in (its log lines are already prefixed [google]). ----------------
  let google: GoogleServer | undefined;
  if (options.google) {
    google = await startGoogleServer({
      ...options.google,
      host,
      importFile: options.importDir ? path.join(options.importDir, GOOGLE_EXPORT) : undefined,
      log: sink,
      quiet,
    });
  }

  // --- WhatsApp: the local stand-in (its log lines are already prefixed [whatsapp]). -------------
  let whatsapp: WhatsAppServer | undefined;
  if (options.whatsapp) {
    whatsapp = await startWhatsAppServer({
      ...options.whatsapp,
      host,
      importFile: options.importDir ? path.join(options.importDir, WHATSAPP_EXPORT) : undefined,
      log: sink,
      quiet,
    });
  }

  // --- Rules files ----------------------------------------------------------------------------
  const loadFile = async (
    file: string,
    holder: RulesHolder<unknown>,
    what: string,
    initial: boolean,
  ): Promise<void> => {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (err) {
      sink(`[emulator] ${what} rules: cannot read ${file}: ${(err as Error).message}`);
      return;
    }
    const r = holder.load(source, file);
    if (r.ok) {
      const warnings = r.warnings.length ? ` (${r.warnings.length} warning(s))` : '';
      say(`${what} rules ${initial ? 'loaded' : 'reloaded'} from ${file}${warnings}.`);
      for (const w of r.warnings) sink(`[emulator] warning: ${file}:${w.line}:${w.column}: ${w.message}`);
    } else {
      const keep = holder.current() ? 'the previous rules stay in force' : 'no rules are loaded';
      sink(`[emulator] ${what} rules in ${file} not loaded (${keep}):\n${r.message}`);
    }
  };
  const files: { file: string; holder: RulesHolder<unknown>; what: string }[] = [];
  if (options.firestoreRulesFile)
    files.push({ file: options.firestoreRulesFile, holder: firestoreHolder, what: 'Firestore' });
  if (options.storageRulesFile) {
    if (!storage) say(`--storage-rules ${options.storageRulesFile} ignored: Storage is not started.`);
    else files.push({ file: options.storageRulesFile, holder: storageHolder, what: 'Storage' });
  }
  for (const f of files) await loadFile(f.file, f.holder, f.what, true);

  const stopWatching: (() => void)[] = [];
  if (options.watchRules) {
    for (const f of files) {
      stopWatching.push(
        watchFile(
          f.file,
          () => loadFile(f.file, f.holder, f.what, false),
          (err) => sink(`[emulator] reloading ${f.file}: ${String(err)}`),
        ),
      );
    }
  }

  let closing: Promise<void> | undefined;
  return {
    projectId: options.projectId,
    engine,
    firestore,
    storage,
    stripe,
    google,
    whatsapp,
    rules: { firestore: firestoreHolder, storage: storageHolder },
    coverage,
    reloadRules: async () => {
      for (const f of files) await loadFile(f.file, f.holder, f.what, false);
    },
    exportTo: async (dir) => {
      const file = path.join(dir, FIRESTORE_EXPORT);
      await writeAtomically(file, `${JSON.stringify(engine.exportData(), null, 1)}\n`);
      const stripeFile = stripe ? path.join(dir, STRIPE_EXPORT) : undefined;
      if (stripe && stripeFile) await stripe.exportTo(stripeFile);
      const googleFile = google ? path.join(dir, GOOGLE_EXPORT) : undefined;
      if (google && googleFile) await google.exportTo(googleFile);
      const whatsappFile = whatsapp ? path.join(dir, WHATSAPP_EXPORT) : undefined;
      if (whatsapp && whatsappFile) await whatsapp.exportTo(whatsappFile);
      const others = { stripe: stripeFile, google: googleFile, whatsapp: whatsappFile };
      if (!storage) return { firestore: file, ...others };
      const result = await storage.exportTo(path.join(dir, STORAGE_EXPORT));
      return { firestore: file, storageObjects: result.objects, ...others };
    },
    writeCoverage: async (dir) => {
      const written: string[] = [];
      const services = storage ? (['firestore', 'storage'] as const) : (['firestore'] as const);
      for (const service of services) {
        const recorder = coverage[service];
        const json = path.join(dir, `${service}-coverage.json`);
        const html = path.join(dir, `${service}-coverage.html`);
        await writeAtomically(json, `${recorder.toJSON()}\n`);
        await writeAtomically(html, recorder.toHTML());
        written.push(json, html);
      }
      return written;
    },
    close() {
      closing ??= (async () => {
        for (const unwatch of stopWatching) unwatch();
        await Promise.all([
          firestore.close(),
          storage?.close(),
          stripe?.close(),
          google?.close(),
          whatsapp?.close(),
        ]);
      })();
      return closing;
    },
  };
}

/**
 * Calls `reload` (debounced) when `file` changes. The directory is watched: editors often replace
 * the file, which ends a watch on the file itself.
 */
function watchFile(file: string, reload: () => Promise<void>, onError: (err: unknown) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(path.dirname(path.resolve(file)), (_event, name) => {
    if (name !== path.basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (existsSync(file)) reload().catch(onError);
    }, 100);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
