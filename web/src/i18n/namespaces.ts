// Feature namespaces: each lives in locales/{language}/{namespace}.json, is its own chunk, and is
// loaded with the routes that use it (the registry's `namespaces`, or the `lazy` of the routes and
// screens outside it: /auth, /invite/:token, the onboarding step, the paywall, the landing page).
// The core catalogue (es.json / en.json) is the default namespace (es bundled, en fetched): only what
// the shell and every screen need — common, app (shell, page titles, the subscription gate's
// states), notFound, routeError, errors (the model's yup schemas emit errors.* keys), enums, and
// auth.fields / auth.validation / auth.errors (the account fields of components/form and the
// Firebase Auth messages of firebase/authErrors, shown on several screens).
import type { BackendModule, CustomTypeOptions, ReadCallback } from 'i18next';

type Catalogue = Record<string, unknown>;

const FILES = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

/** The namespace files that exist, by name (from locales/es, the source language). */
export const FEATURE_NAMESPACES = Object.keys(FILES)
  .map((file) => /^\.\/locales\/es\/(\w+)\.json$/.exec(file)?.[1])
  .filter((name): name is string => Boolean(name))
  .sort();

/**
 * A feature catalogue's name: declared once, in i18next.d.ts (its texts' type), from which this
 * union comes; the file locales/{language}/{name}.json must exist (i18n.test.ts).
 */
export type FeatureNamespace = Exclude<keyof CustomTypeOptions['resources'], 'translation'>;

/** The core catalogues that are not bundled (index.ts bundles Spanish). */
const CORE_FILES: Record<string, () => Promise<Catalogue>> = {
  en: () => import('./en.json').then((module) => module.default),
};

export function namespaceFile(language: string, namespace: string): (() => Promise<Catalogue>) | null {
  if (namespace === 'translation') return CORE_FILES[language] ?? null;
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
