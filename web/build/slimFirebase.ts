import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.js`, import.meta.url));

/**
 * SDK code the app never runs but would ship anyway, replaced by stubs that throw if called.
 *
 * - The Firestore SDK imports re2js (~44 kB gzip) only to evaluate regular expressions of Pipeline
 *   queries on the client; Trato does not use pipelines.
 *
 * The replacement applies to that one importer only. `npm test` (web/scripts/size-check.mjs) fails when Realtime Database or
 * Remote Config code shows up in a built route again. Only production builds use this (the dev
 * server pre-bundles dependencies as they are).
 */
const REPLACEMENTS: { source: string; importer: RegExp; stub: string }[] = [
  { source: 're2js', importer: /[\\/]node_modules[\\/]@firebase[\\/]firestore[\\/]/, stub: stub('re2js') },
  {
    source: '@firebase/webchannel-wrapper/bloom-blob',
    importer: /[\\/]node_modules[\\/]@firebase[\\/]firestore[\\/]/,
    stub: stub('bloomBlob'),
  },
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
