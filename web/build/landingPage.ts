import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, createServer, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Production layout of web/dist (issue 12):
 *
 *   index.html  the landing page, prerendered to static HTML (no React; one inline script)
 *   app.html    the SPA shell (Vite's index.html), for every other path
 *
 * Firebase Hosting serves index.html for "/" and rewrites everything else that is not a file to
 * app.html (firebase.json); `vite preview` does the same through `spaShellFallback`. The dev server
 * is untouched: there "/" is the React landing of the SPA.
 */
export const SPA_SHELL = 'app.html';

const LANDING_PRERENDER = '/src/features/landing/static/prerender.tsx';
const LANDING_SCRIPT = 'src/features/landing/static/main.ts';

/** Origin for canonical / Open Graph URLs: VITE_SITE_URL, else the project's default Hosting domain. */
function siteUrl(env: Record<string, string | undefined>): string {
  const explicit = env.VITE_SITE_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  const project = env.VITE_FIREBASE_PROJECT_ID?.trim() || 'demo-trato';
  return `https://${project}.web.app`;
}

export function landingPrerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'trato:landing-prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr && !userConfig.build?.lib,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      const spaHtml = path.join(outDir, 'index.html');
      if (!existsSync(spaHtml)) return;

      // The @font-face rules the SPA's stylesheet gets from @fontsource (URLs of the built files).
      const cssFiles = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      const fontCss = cssFiles
        .flatMap((f) => String(f.type === 'asset' ? f.source : '').match(/@font-face\s*{[^}]*}/g) ?? [])
        .join('');
      const fontPreload = /url\((\/[^)]*inter-latin-wght-normal[^)]*\.woff2)\)/.exec(fontCss)?.[1];

      const script = await compileLandingScript(config.root);
      const html = await renderInNode(config.root, async (load) => {
        const { renderLandingDocument } = (await load(
          LANDING_PRERENDER,
        )) as typeof import('../src/features/landing/static/prerender');
        return renderLandingDocument({ script, fontCss, fontPreload, siteUrl: siteUrl(config.env) });
      });
      renameSync(spaHtml, path.join(outDir, SPA_SHELL));
      writeFileSync(spaHtml, html);
      config.logger.info(`prerendered the landing page: index.html (SPA shell: ${SPA_SHELL})`);
    },
  };
}

/** ./static/main.ts as one minified classic script. */
async function compileLandingScript(root: string): Promise<string> {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: path.join(root, LANDING_SCRIPT), formats: ['iife'], name: 'tratoLanding' },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  const chunk = outputs.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('landing script: no output');
  // Safe inside <script>: no "</script" can end it early.
  return chunk.code.trim().replace(/<\/(script)/gi, '<\\/$1');
}

/** Loads app modules in Node through Vite's SSR loader (TSX, the @ alias, JSON). */
async function renderInNode<T>(root: string, run: (load: (id: string) => Promise<unknown>) => Promise<T>) {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await run((id) => server.ssrLoadModule(id));
  } finally {
    await server.close();
  }
}

/**
 * `vite preview` like Firebase Hosting: files as they are, "/" the landing page, any other path
 * without a file the SPA shell (Vite alone would answer them with index.html, now the landing).
 */
export function spaShellFallback(): Plugin {
  return {
    name: 'trato:spa-shell-fallback',
    apply: (_config, env) => Boolean(env.isPreview),
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        if (
          (req.method === 'GET' || req.method === 'HEAD') &&
          req.url &&
          existsSync(path.join(outDir, SPA_SHELL))
        ) {
          const pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
          const file = path.join(outDir, pathname);
          const isFile = file.startsWith(outDir) && existsSync(file) && statSync(file).isFile();
          if (pathname !== '/' && !isFile) req.url = `/${SPA_SHELL}`;
        }
        next();
      });
    },
  };
}
