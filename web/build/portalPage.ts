import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Connect, type Plugin, type ResolvedConfig } from 'vite';
import { pureModel } from './pureModel.js';
import { slimFirebase } from './slimFirebase.js';

/**
 * The customer portal (issue 34) is a page of its own: web/portal.html with its entry
 * src/portal/main.tsx, none of the CRM's code, ≤ 200 KB of gzipped JavaScript
 * (web/scripts/size-check.mjs).
 *
 * Production: a build of its own, run after the SPA's, into the same dist/ (portal.html, its files
 * in assets/, its manifest at .vite/portal-manifest.json for the size check). Not a second input
 * of the SPA's build: there React, react-dom, i18next and Firebase's app module would go to files
 * shared by both pages, and every CRM page would load ~2.5 KB more of gzip for the split (measured
 * 2026-11-27) — the portal duplicates them instead, and the SPA's files stay as they were.
 *
 * Serving: Firebase Hosting rewrites /portal/** to /portal.html (firebase.json, before the SPA's
 * `**`); this plugin does the same on the dev server and on `vite preview`, before their own
 * fallbacks (the SPA's index.html / app.html).
 */
export const PORTAL_HTML = 'portal.html';
/** The portal build's manifest, relative to dist/. */
export const PORTAL_MANIFEST = '.vite/portal-manifest.json';

/** Set while the portal's own build runs (its config must not start another one). */
const PORTAL_BUILD_FLAG = 'TRATO_PORTAL_BUILD';
/** pageChunks' probe build (write: false): no portal build with it. */
const PROBE_FLAG = 'TRATO_PAGE_CHUNKS_PROBE';

/** Whether an address is the portal's: /portal or anything under /portal/. */
export function isPortalPath(pathname: string): boolean {
  return pathname === '/portal' || pathname.startsWith('/portal/');
}

function rewriteToPortal(): Connect.NextHandleFunction {
  return (req, _res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url) {
      const url = new URL(req.url, 'http://localhost');
      // Only page loads: module and asset requests never live under /portal/.
      if (isPortalPath(url.pathname)) req.url = `/${PORTAL_HTML}${url.search}`;
    }
    next();
  };
}

/** /portal and /portal/** → portal.html, on the dev server and `vite preview`. */
export function portalPage(): Plugin {
  return {
    name: 'trato:portal-page',
    configureServer(server) {
      server.middlewares.use(rewriteToPortal());
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewriteToPortal());
    },
  };
}

/** After the SPA's production build: the portal's, into the same output directory. */
export function portalBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'trato:portal-build',
    apply: (userConfig, env) =>
      env.command === 'build' &&
      !userConfig.build?.ssr &&
      !userConfig.build?.lib &&
      !process.env[PROBE_FLAG] &&
      !process.env[PORTAL_BUILD_FLAG],
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      process.env[PORTAL_BUILD_FLAG] = '1';
      try {
        await build({
          root: config.root,
          mode: config.mode,
          configFile: false,
          envDir: config.envDir,
          logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
          publicDir: false,
          plugins: [react(), slimFirebase(), pureModel()],
          resolve: { alias: { '@': path.join(config.root, 'src') } },
          build: {
            outDir,
            emptyOutDir: false,
            target: config.build.target,
            sourcemap: config.build.sourcemap,
            manifest: PORTAL_MANIFEST,
            // One file of ~150 KB gzip is the point (what counts is the page's total: the size check).
            chunkSizeWarningLimit: 800,
            rolldownOptions: { input: { portal: path.join(config.root, PORTAL_HTML) } },
          },
        });
      } finally {
        delete process.env[PORTAL_BUILD_FLAG];
      }
      config.logger.info(`built the customer portal: ${PORTAL_HTML}`);
    },
  };
}
