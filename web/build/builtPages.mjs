// What the SPA's built pages load, read from Vite's build manifest and the HTML: shared by the size
// check (web/scripts/size-check.mjs) and the service worker's precache (web/build/serviceWorker.ts),
// so that both count the same files.

/** Scripts of an HTML file: inline bodies and referenced module files (src and modulepreload). */
export function htmlScripts(html) {
  const inline = [];
  const files = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\ssrc="([^"]+)"/.exec(match[1]);
    if (src) files.push(src[1]);
    else if (match[2].trim() && !/type="application\/(ld\+)?json"/.test(match[1])) inline.push(match[2]);
  }
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/gi)) {
    const href = /\shref="([^"]+)"/.exec(match[0]);
    if (href) files.push(href[1]);
  }
  return { inline, files: files.map((f) => f.replace(/^\//, '')) };
}

/** Manifest keys reachable from `start`: static imports always, dynamic ones unless `skipDynamic`. */
export function closure(manifest, start, { dynamic, stopAt = new Set(), skipDynamicFrom = new Set() }) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const key = queue.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    const entry = manifest[key];
    queue.push(...(entry.imports ?? []));
    if (dynamic && !skipDynamicFrom.has(key)) {
      queue.push(...(entry.dynamicImports ?? []).filter((k) => !stopAt.has(k)));
    }
  }
  return seen;
}

/** The layout route every signed-in page goes through (web/src/app/routes.tsx). */
export const SHELL_LAYOUT = 'src/app/shell/components/AppLayout.tsx';

/**
 * The route modules down to the signed-in shell's layout (the Firebase root, the signed-in area,
 * the layout), without any section's page: of `pages` from web/build/routePages.mjs.
 */
export function signedInShellModules(pages) {
  const page = pages.find((p) => p.lazyModules.includes(SHELL_LAYOUT));
  if (!page) throw new Error(`no route goes through ${SHELL_LAYOUT}`);
  return page.lazyModules.slice(0, page.lazyModules.indexOf(SHELL_LAYOUT) + 1);
}
