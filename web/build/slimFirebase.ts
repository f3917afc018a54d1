import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.js`, import.meta.url));

/**
 * SDK code the app never runs but would ship anyway, replaced by stubs that throw if called.
 *
 * - reactfire (the product owner's choice, kept for its providers and auth hooks) is one module that
 *   imports every Firebase SDK it has hooks for. The Realtime Database and Remote Config SDKs
 *   register themselves when loaded, so the bundler must keep them (~45 kB gzip, with the
 *   Installations SDK that Remote Config pulls in), although nothing in Trato calls them.
 * - The Firestore SDK imports re2js (~44 kB gzip) only to evaluate regular expressions of Pipeline
 *   queries on the client; Trato does not use pipelines.
 *
 * Each replacement applies to that one importer only: if app code imports 'firebase/database' some
 * day, it gets the real SDK. `npm test` (web/scripts/size-check.mjs) fails when Realtime Database or
 * Remote Config code shows up in a built route again. Only production builds use this (the dev
 * server pre-bundles dependencies as they are).
 */
const REPLACEMENTS: { source: string; importer: RegExp; stub: string }[] = [
  {
    source: 'firebase/database',
    importer: /[\\/]node_modules[\\/]reactfire[\\/]/,
    stub: stub('firebase-database'),
  },
  {
    source: 'firebase/remote-config',
    importer: /[\\/]node_modules[\\/]reactfire[\\/]/,
    stub: stub('firebase-remote-config'),
  },
  { source: 're2js', importer: /[\\/]node_modules[\\/]@firebase[\\/]firestore[\\/]/, stub: stub('re2js') },
];

export function slimFirebase(): Plugin {
  return {
    name: 'trato:slim-firebase',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const replacement = REPLACEMENTS.find((r) => r.source === source && r.importer.test(importer));
      return replacement ? replacement.stub : null;
    },
  };
}
