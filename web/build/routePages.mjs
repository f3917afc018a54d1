// The SPA's pages as web/src/app/routes.tsx declares them, each with the modules its route's lazy()
// functions import: read by the size check (web/scripts/size-check.mjs) and by the build's chunk
// grouping (web/build/shellChunks.ts), so that both follow whatever the router says.
import path from 'node:path';

/**
 * Leaf routes of a react-router tree, each with the keys (paths relative to web/, as in Vite's
 * manifest) of the modules that the lazy() functions on its way import. The lazy() functions are
 * called for real, in Node, with every dynamic import() of the app's sources replaced by a
 * recorder (see `recordDynamicImports`): the route modules are named, never evaluated.
 */
export async function leafRoutes(routes, parentPath = '', parentModules = []) {
  const leaves = [];
  for (const route of routes) {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : `${parentPath.replace(/\/$/, '')}/${own}`;
    const modules = [...parentModules, ...(await lazyImports(route))];
    if (route.children?.length) leaves.push(...(await leafRoutes(route.children, full, modules)));
    else leaves.push({ path: full === '' ? '/' : full, index: Boolean(route.index), lazyModules: modules });
  }
  return leaves;
}

async function lazyImports(route) {
  if (!route.lazy) return [];
  const fns = typeof route.lazy === 'function' ? [route.lazy] : Object.values(route.lazy);
  const recorded = [];
  globalThis.__routePagesImports = recorded;
  try {
    // Each route loads its translation namespaces afresh (see routePages), so every route that
    // reads one counts its file, not only the first route read.
    globalThis.__routePagesBeforeLazy?.();
    for (const fn of fns) await fn();
  } finally {
    delete globalThis.__routePagesImports;
  }
  if (!recorded.length) throw new Error(`route ${route.path ?? '(layout)'}: its lazy() imports no module`);
  return recorded;
}

/** Vite plugin (SSR loader only): `import('x')` in src/ → record x's key, resolve a dummy. */
function recordDynamicImports(webDir) {
  const srcDir = path.join(webDir, 'src') + path.sep;
  return {
    name: 'route-pages:record-dynamic-imports',
    enforce: 'post',
    async transform(code, id) {
      if (!id.startsWith(srcDir) || !code.includes('import(')) return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(/\bimport\(\s*(['"])([^'"]+)\1\s*\)/g)) {
        const resolved = await this.resolve(match[2], id);
        if (!resolved) throw new Error(`${id}: cannot resolve import('${match[2]}')`);
        const key = path.relative(webDir, resolved.id.replace(/\?.*$/, '')).split(path.sep).join('/');
        out += code.slice(last, match.index) + `globalThis.__routePagesImport(${JSON.stringify(key)})`;
        last = match.index + match[0].length;
      }
      return last ? { code: out + code.slice(last), map: null } : null;
    },
  };
}

/**
 * The leaf routes of web/src/app/routes.tsx, loaded by Vite's SSR loader:
 * `{ path, index, lazyModules }[]`, lazyModules as keys relative to `webDir`.
 */
export async function routePages(webDir) {
  const { createServer } = await import('vite');
  const server = await createServer({
    root: webDir,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(webDir, 'src') } },
    plugins: [recordDynamicImports(webDir)],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    globalThis.__routePagesImport = (key) => {
      globalThis.__routePagesImports?.push(key);
      // Whatever the lazy() reads from the module: a component that renders nothing.
      return Promise.resolve(new Proxy({}, { get: (_, prop) => (prop === 'then' ? undefined : () => null) }));
    };
    const { routes } = await server.ssrLoadModule('/src/app/routes.tsx');
    // The lazy() functions load translation namespaces through i18next (their files are recorded
    // like any dynamic import); i18next loads a namespace once, so forget the loaded ones before
    // each route. The core catalogue ('translation') is not a route's.
    const { default: i18n } = await server.ssrLoadModule('/src/i18n/index.ts');
    globalThis.__routePagesBeforeLazy = () => {
      const state = i18n.services.backendConnector.state;
      for (const [language, namespaces] of Object.entries(i18n.store.data)) {
        for (const namespace of Object.keys(namespaces)) {
          if (namespace === 'translation') continue;
          i18n.removeResourceBundle(language, namespace);
          delete state[`${language}|${namespace}`];
        }
      }
    };
    return await leafRoutes(routes);
  } finally {
    delete globalThis.__routePagesBeforeLazy;
    delete globalThis.__routePagesImport;
    await server.close();
  }
}
