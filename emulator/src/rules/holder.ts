/**
 * The current ruleset of one service, swappable at run time, with its authorizer. This is all a
 * server needs to wire rules in:
 *
 *   const rules = firestoreRules({ onDenied: (d) => log.warn(d.reason) });
 *   engine.setAuthorizer(rules.authorizer);
 *   createHttpServer({ ..., onRulesUpdate: rules.onRulesUpdate });  // PUT ...:securityRules
 *
 * A rejected ruleset leaves the previous one in force. With `coverage` in the options, coverage
 * starts over whenever a new ruleset is installed.
 */
import type { Authorizer } from '../firestore/access.js';
import type { StorageAuthorizer } from '../storage/access.js';
import type { CoverageRecorder } from './coverage.js';
import { createFirestoreAuthorizer, type FirestoreAuthorizerOptions } from './firestore.js';
import {
  formatDiagnostics,
  loadRuleset,
  type Ruleset,
  type RulesDiagnostic,
  type ServiceName,
} from './loader.js';
import { createStorageAuthorizer, type StorageAuthorizerOptions } from './storage.js';

export type RulesUpdate =
  | { ok: true; ruleset: Ruleset; warnings: RulesDiagnostic[] }
  | { ok: false; errors: RulesDiagnostic[]; message: string };

export interface RulesHolder<A> {
  readonly authorizer: A;
  current(): Ruleset | null;
  /** Compile and install `source`; the previous ruleset stays on error. */
  load(source: string, fileName?: string): RulesUpdate;
  /** The body shape of the emulators' rules endpoints: one file is used (the first). */
  loadFiles(files: readonly { name?: string; content: string }[]): RulesUpdate;
  clear(): void;
  /** The emulators' rules-update hook shape (firestore/transport/http.ts, storage/internal.ts). */
  onRulesUpdate(
    source: string,
  ): { ok: true } | { ok: false; error: { message: string; line?: number; column?: number } };
}

function holder<A>(
  service: ServiceName,
  defaultName: string,
  makeAuthorizer: (get: () => Ruleset | null) => A,
  coverage: CoverageRecorder | undefined,
): RulesHolder<A> {
  let current: Ruleset | null = null;
  const authorizer = makeAuthorizer(() => current);
  const load = (source: string, fileName = defaultName): RulesUpdate => {
    const r = loadRuleset(source, fileName);
    if (!r.ok) return { ok: false, errors: r.errors, message: formatDiagnostics(r.errors, source, fileName) };
    if (r.ruleset.service !== service) {
      const errors = [
        {
          line: r.ruleset.file.services[0].loc.line,
          column: r.ruleset.file.services[0].loc.column,
          message: `Expected service ${service}, found ${r.ruleset.service}.`,
        },
      ];
      return { ok: false, errors, message: formatDiagnostics(errors, source, fileName) };
    }
    current = r.ruleset;
    coverage?.begin(r.ruleset); // coverage starts over with every new ruleset
    return { ok: true, ruleset: r.ruleset, warnings: r.warnings };
  };
  return {
    authorizer,
    current: () => current,
    load,
    loadFiles: (files) => {
      const f = files[0];
      if (!f) {
        const errors = [{ line: 1, column: 1, message: 'No rules file given.' }];
        return { ok: false, errors, message: errors[0].message };
      }
      return load(f.content, f.name ?? defaultName);
    },
    clear: () => {
      current = null;
      coverage?.reset();
    },
    onRulesUpdate: (source) => {
      const r = load(source);
      if (r.ok) return { ok: true };
      const first = r.errors[0];
      return { ok: false, error: { message: r.message, line: first?.line, column: first?.column } };
    },
  };
}

export function firestoreRules(options: FirestoreAuthorizerOptions = {}): RulesHolder<Authorizer> {
  return holder(
    'cloud.firestore',
    'firestore.rules',
    (get) => createFirestoreAuthorizer(get, options),
    options.coverage,
  );
}

export function storageRulesHolder(options: StorageAuthorizerOptions = {}): RulesHolder<StorageAuthorizer> {
  return holder(
    'firebase.storage',
    'storage.rules',
    (get) => createStorageAuthorizer(get, options),
    options.coverage,
  );
}
