import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPrerender, spaShellFallback } from './build/landingPage.js';
import { pureModel } from './build/pureModel.js';
import { pageChunks } from './build/pageChunks.js';
import { portalBuild, portalPage } from './build/portalPage.js';
import { serviceWorker } from './build/serviceWorker.js';
import { slimFirebase } from './build/slimFirebase.js';
import { slimMui } from './build/slimMui.js';
import { slimFirestore } from './build/slimFirestore.js';
import { slimFormik } from './build/slimFormik.js';
import { slimI18next } from './build/slimI18next.js';

// The dev server always uses port 5173 (strict). End-to-end tests start their own
// server with `--port 5199` on the command line, which overrides this value.
export default defineConfig({
  plugins: [
    react(),
    slimFirebase(),
    slimMui(),
    slimFirestore(),
    slimFormik(),
    slimI18next(),
    pureModel(),
    pageChunks(fileURLToPath(import.meta.url)),
    landingPrerender(),
    // The customer portal (portal.html): its own build into dist/; /portal/** served as that page
    // (before spaShellFallback, which would answer with the SPA's shell).
    portalBuild(),
    portalPage(),
    spaShellFallback(),
    // dist/sw.js, once app.html is written: the signed-in app offline (docs/offline.md).
    serviceWorker(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Test output must not trigger reloads of the pages under test.
    watch: { ignored: ['**/test-results/**', '**/playwright-report/**', '**/screenshots/**', '**/e2e/**'] },
    // Transform the entry and the lazy route modules up front so the first visit is quick.
    warmup: {
      clientFiles: [
        './src/main.tsx',
        './src/app/FirebaseRoot.tsx',
        './src/features/auth/AuthPage.tsx',
        './src/app/shell/ProtectedArea.tsx',
      ],
    },
  },
  optimizeDeps: {
    // Pre-bundle everything the lazy routes use, so Vite never re-optimizes
    // (and reloads open pages) the first time someone opens them.
    include: [
      'firebase/app',
      'firebase/auth',
      'firebase/firestore',
      // The customer portal's reads (src/portal: Firestore Lite, REST).
      'firebase/firestore/lite',
      'firebase/storage',
      'firebase/functions',
      'formik',
      'yup',
    ],
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: which chunks each route loads (web/scripts/size-check.mjs, in npm test).
    manifest: true,
    // The largest chunks (react-dom + react-router; Firestore) are ~350-400 kB before
    // gzip. What matters is each route's total: web/scripts/size-check.mjs.
    chunkSizeWarningLimit: 800,
  },
});
