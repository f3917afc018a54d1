import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.WEB_E2E_PORT ?? 5199);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const HOST_ARGS = `--port ${PORT} --strictPort --host 127.0.0.1`;

// By default the journeys run against a production build served by `vite preview`
// (what users get, and several times faster than the unbundled dev server under
// parallel browsers). E2E_DEV_SERVER=1 runs them against `vite` dev instead.
const WEB_SERVER_COMMAND = process.env.E2E_DEV_SERVER
  ? `npx vite ${HOST_ARGS}`
  : `npx vite build --outDir node_modules/.cache/e2e-dist --emptyOutDir --logLevel warn && npx vite preview --outDir node_modules/.cache/e2e-dist ${HOST_ARGS}`;

// npm test sets E2E_RETRIES (scripts/test.mjs); by hand: no retry.
const RETRIES = Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0));

function forward(from: string, to: string): Record<string, string> {
  const value = process.env[from];
  return value ? { [to]: value } : {};
}

/**
 * End-to-end journeys in the system Chromium against the app served by Vite on
 * port 5199 with VITE_USE_EMULATORS=true, and the Firebase Auth emulator
 * (started by the root test orchestration, or by hand: see web/e2e/README.md).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // npm test sets the workers too; by hand, as many browsers as CPUs (at most 4).
  retries: RETRIES,
  workers: Number(process.env.E2E_WORKERS) || Math.min(4, availableParallelism()),
  timeout: 60_000,
  // `E2E_GREP=tasks-meetings npm test -- end-to-end`: only the journeys whose project, file or title match.
  grep: process.env.E2E_GREP ? new RegExp(process.env.E2E_GREP) : undefined,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs about a third of a journey's CPU on a 2-CPU machine: only the retry
    // of a failed journey records one (npm test retries once), by hand every failure keeps one.
    trace: RETRIES > 0 ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'es-ES',
    // The app honours prefers-reduced-motion (theme.ts): no spinner repaints every frame while a
    // journey waits, which on a small CI machine is CPU the local cloud needs.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/subscription\.spec\.ts/, /screenshots\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // Every screen for visual review (`npm run screenshots`), not part of `npm test`.
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // The billing journeys move the local Stripe's clock, which every trial shares: they run
    // alone, after the other journeys, so no one else's trial ends under them.
    {
      name: 'billing',
      testMatch: /subscription\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: WEB_SERVER_COMMAND,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      VITE_USE_EMULATORS: 'true',
      // Follow the addresses the root orchestration exports for the local cloud.
      ...forward('FIREBASE_AUTH_EMULATOR_HOST', 'VITE_AUTH_EMULATOR_HOST'),
      ...forward('FIRESTORE_EMULATOR_HOST', 'VITE_FIRESTORE_EMULATOR_HOST'),
      ...forward('FIREBASE_STORAGE_EMULATOR_HOST', 'VITE_STORAGE_EMULATOR_HOST'),
      ...forward('FUNCTIONS_EMULATOR_HOST', 'VITE_FUNCTIONS_EMULATOR_HOST'),
      ...forward('GOOGLE_EMULATOR_HOST', 'VITE_GOOGLE_EMULATOR_HOST'),
      ...forward('WHATSAPP_EMULATOR_HOST', 'VITE_WHATSAPP_EMULATOR_HOST'),
    },
  },
});
