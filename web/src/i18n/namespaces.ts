// Feature namespaces: each lives in locales/{language}/{namespace}.json, is its own chunk, and is
// loaded with the routes that use it (the registry's `namespaces`). The core catalogue
// (es.json / en.json: shell, auth, errors, enums) is the default namespace, bundled with the app.
import type { BackendModule, ReadCallback } from 'i18next';

type Catalogue = Record<string, unknown>;

const FILES = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

/** The namespace files that exist, by name (from locales/es, the source language). */
export const FEATURE_NAMESPACES = Object.keys(FILES)
  .map((file) => /^\.\/locales\/es\/(\w+)\.json$/.exec(file)?.[1])
  .filter((name): name is string => Boolean(name))
  .sort();

export type FeatureNamespace = 'companies' | 'contacts' | 'records';

export function namespaceFile(language: string, namespace: string): (() => Promise<Catalogue>) | null {
  return FILES[`./locales/${language}/${namespace}.json`] ?? null;
}

/** An i18next backend over the namespace files (a missing file is an error, never a silent gap). */
export const namespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = namespaceFile(language, namespace);
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
