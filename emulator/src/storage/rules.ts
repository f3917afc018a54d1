/**
 * Plugs the project's rules engine (`src/rules`) into the Storage server in one line:
 *
 *   const rules = storageRules({ firestore: () => reader });
 *   await rules.loadFile('storage.rules'); // optional: rules at start-up
 *   const server = await startStorageServer({ port, ...rules.serverOptions() });
 *
 * PUT /internal/setRules then compiles through the engine. Until a ruleset is loaded the server
 * has no authorizer, so non-owner requests get the official "no loaded ruleset" 403; a rejected
 * ruleset leaves the previous one in force. After loading a file later (a watcher), call
 * `server.setAuthorizer(rules.current())` (needed only if none was loaded before).
 */
import { readFile } from 'node:fs/promises';
import { createStorageAuthorizer, formatDiagnostics, loadRuleset } from '../rules/index.js';
import type { Ruleset, StorageAuthorizerOptions } from '../rules/index.js';
import type { StorageAuthorizer } from './access.js';
import type { RulesUpdateResult } from './internal.js';

export interface StorageRules {
  /** Spread into startStorageServer options: the current authorizer and the setRules hook. */
  serverOptions(): {
    authorizer: StorageAuthorizer | null;
    onRulesUpdate: (source: string) => RulesUpdateResult;
  };
  /** Compile and install rules from a file (e.g. at start-up); throws with diagnostics on error. */
  loadFile(file: string): Promise<void>;
  /** Compile and install rules from source text. */
  load(source: string, fileName?: string): RulesUpdateResult;
  /** The authorizer over the current ruleset (null until one is loaded). */
  current(): StorageAuthorizer | null;
}

export function storageRules(options: StorageAuthorizerOptions = {}): StorageRules {
  let ruleset: Ruleset | null = null;
  const authorizer = createStorageAuthorizer(() => ruleset, options);
  const load = (source: string, fileName = 'storage.rules'): RulesUpdateResult => {
    const result = loadRuleset(source, fileName);
    if (!result.ok) {
      const first = result.errors[0];
      return {
        ok: false,
        error: {
          message: formatDiagnostics(result.errors, source, fileName),
          line: first?.line,
          column: first?.column,
        },
      };
    }
    if (result.ruleset.service !== 'firebase.storage') {
      return {
        ok: false,
        error: { message: `${fileName} declares service ${result.ruleset.service}, not firebase.storage.` },
      };
    }
    ruleset = result.ruleset;
    return { ok: true, authorizer };
  };
  return {
    serverOptions: () => ({
      authorizer: ruleset ? authorizer : null,
      onRulesUpdate: (source) => load(source),
    }),
    load,
    loadFile: async (file) => {
      const result = load(await readFile(file, 'utf8'), file);
      if (!result.ok) throw new Error(result.error.message);
    },
    current: () => (ruleset ? authorizer : null),
  };
}
