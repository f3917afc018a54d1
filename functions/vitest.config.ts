import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // firebase-admin would otherwise probe the cloud metadata server (a network call) for credentials.
    env: { METADATA_SERVER_DETECTION: 'none' },
    include: ['test/**/*.test.ts'],
    // One file at a time: the suites share the local Stripe's single clock, which billing and
    // sequences advance (and reset), and the Functions emulator's workers.
    fileParallelism: false,
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
