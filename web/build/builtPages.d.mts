import type { RoutePage } from './routePages.mjs';

/** A chunk of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Scripts of an HTML file: inline bodies and referenced module files (src and modulepreload). */
export function htmlScripts(html: string): { inline: string[]; files: string[] };

/** Manifest keys reachable from `start`: static imports always, dynamic ones if `dynamic`. */
export function closure(
  manifest: Manifest,
  start: Iterable<string>,
  options: { dynamic: boolean; stopAt?: Set<string>; skipDynamicFrom?: Set<string> },
): Set<string>;

/** The layout route every signed-in page goes through (web/src/app/routes.tsx). */
export const SHELL_LAYOUT: string;

/** The route modules down to the signed-in shell's layout, without any section's page. */
export function signedInShellModules(pages: RoutePage[]): string[];
