import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { closure, htmlScripts, signedInShellModules, type Manifest } from './builtPages.mjs';
import { SPA_SHELL } from './landingPage.js';
import { routePages } from './routePages.mjs';

/**
 * dist/sw.js, the service worker (issue 35, docs/offline.md): src/app/offline/sw.ts compiled to
 * one classic script, with
 *   - the build's version: a hash of every file name the build wrote (hashed names: any changed
 *     file changes it) and of app.html, so a deploy that changes anything gives a new worker, and
 *     a deploy that changes nothing the same one (no 'Nueva versión' prompt for nothing);
 *   - the files it precaches (`precacheList`): app.html, its icon, and what the signed-in shell
 *     loads at first, found as the size check finds them (web/build/builtPages.mjs: the HTML's
 *     scripts, the route modules down to the shell's layout, their static imports) with their
 *     CSS and the fonts the app's languages use.
 * The size check does not count it: it is no page's script (no HTML or manifest entry names it).
 */
export const SERVICE_WORKER_FILE = 'sw.js';
const WORKER_SOURCE = 'src/app/offline/sw.ts';
/** pageChunks' probe build (write: false) and the portal's own build: no worker with those. */
const PROBE_FLAG = 'TRATO_PAGE_CHUNKS_PROBE';
const PORTAL_BUILD_FLAG = 'TRATO_PORTAL_BUILD';

/** The build's version: the written files' names (sorted) and the SPA's page. */
export function serviceWorkerVersion(fileNames: Iterable<string>, appHtml: string): string {
  const hash = createHash('sha256');
  for (const name of [...fileNames].sort()) hash.update(`${name}\n`);
  hash.update(appHtml);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether a `unicode-range` descriptor (e.g. "U+??,U+131,U+2000-206F") covers a code point; a face
 * without one covers every character.
 */
export function coversCodePoint(unicodeRange: string | undefined, codePoint: number): boolean {
  if (!unicodeRange) return true;
  return unicodeRange.split(',').some((part) => {
    const token = part.trim().replace(/^U\+/i, '');
    const [low, high = low] = token.includes('?')
      ? [token.replace(/\?/g, '0'), token.replace(/\?/g, 'F')]
      : token.split('-');
    return parseInt(low, 16) <= codePoint && codePoint <= parseInt(high, 16);
  });
}

/**
 * The font files of a stylesheet that Spanish and English text needs: the faces whose range
 * covers 'a' and 'ñ' (Inter's Latin subset). The other subsets (Cyrillic, Greek, Vietnamese, Latin
 * Extended) are fetched by the browser only for text that uses them, and kept then.
 */
export function fontsForLanguages(css: string): string[] {
  const files: string[] = [];
  for (const face of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const range = /unicode-range:\s*([^;}]+)/.exec(face)?.[1];
    if (!coversCodePoint(range, 0x61) || !coversCodePoint(range, 0xf1)) continue;
    for (const url of face.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) files.push(url[1]);
  }
  return files;
}

/** `href`s of an HTML file's `<link rel="icon">` and `<link rel="stylesheet">` on this origin. */
function htmlLinks(html: string): string[] {
  const hrefs: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\srel="(icon|stylesheet)"/i.test(tag)) continue;
    const href = /\shref="(\/[^"/][^"]*)"/.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  return hrefs;
}

export interface PrecacheInput {
  /** Vite's build manifest (dist/.vite/manifest.json). */
  manifest: Manifest;
  /** The SPA's page (dist/app.html). */
  appHtml: string;
  /** The route modules down to the signed-in shell's layout (manifest keys: `signedInShellModules`). */
  shellModules: readonly string[];
  /** A built file's text (its path relative to dist/), for the stylesheets' fonts. */
  readFile: (file: string) => string;
}

/** Absolute paths the worker fetches at install: app.html first, then the rest sorted. */
export function precacheList({ manifest, appHtml, shellModules, readFile }: PrecacheInput): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const htmlKeys = htmlScripts(appHtml).files.flatMap((file) => byFile.get(file) ?? []);
  for (const key of shellModules) {
    if (!manifest[key]) throw new Error(`service worker: the shell's module ${key} is not in the manifest`);
  }
  const keys = closure(manifest, [...htmlKeys, ...shellModules], { dynamic: false });
  const files = new Set<string>();
  for (const key of keys) {
    files.add(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) files.add(`/${css}`);
  }
  for (const href of htmlLinks(appHtml)) files.add(href);
  for (const css of [...files].filter((file) => file.endsWith('.css'))) {
    for (const font of fontsForLanguages(readFile(css.slice(1)))) files.add(font);
  }
  return [`/${SPA_SHELL}`, ...[...files].sort()];
}

/** src/app/offline/sw.ts as one minified classic script with the version and the list in it. */
export async function compileServiceWorker(root: string, version: string, precache: readonly string[]) {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { '@': path.join(root, 'src') } },
    define: {
      __SW_VERSION__: JSON.stringify(version),
      __SW_PRECACHE__: JSON.stringify(precache),
    },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.join(root, WORKER_SOURCE), formats: ['iife'], name: 'tratoServiceWorker' },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  const chunk = outputs.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('service worker: no output');
  return `/* Trato's service worker, build ${version} (web/build/serviceWorker.ts) */\n${chunk.code.trim()}\n`;
}

/** Writes dist/sw.js after the SPA's build (and after the landing page took index.html's name). */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'trato:service-worker',
    apply: (userConfig, env) =>
      env.command === 'build' &&
      !userConfig.build?.ssr &&
      !userConfig.build?.lib &&
      !process.env[PROBE_FLAG] &&
      !process.env[PORTAL_BUILD_FLAG],
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
        const manifestFile = path.join(
          outDir,
          typeof config.build.manifest === 'string' ? config.build.manifest : '.vite/manifest.json',
        );
        if (!config.build.manifest || !existsSync(manifestFile))
          throw new Error('service worker: the build needs build.manifest (web/vite.config.ts)');
        const htmlFile = path.join(outDir, SPA_SHELL);
        if (!existsSync(htmlFile)) throw new Error(`service worker: ${SPA_SHELL} is missing`);
        const appHtml = readFileSync(htmlFile, 'utf8');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
        const precache = precacheList({
          manifest,
          appHtml,
          shellModules: signedInShellModules(await routePages(config.root)),
          readFile: (file) => readFileSync(path.join(outDir, file), 'utf8'),
        });
        const version = serviceWorkerVersion(Object.keys(bundle), appHtml);
        writeFileSync(
          path.join(outDir, SERVICE_WORKER_FILE),
          await compileServiceWorker(config.root, version, precache),
        );
        config.logger.info(
          `service worker: ${SERVICE_WORKER_FILE} (build ${version}, ${precache.length} files)`,
        );
      },
    },
  };
}
