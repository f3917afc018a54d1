import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // firebase-admin would otherwise probe the cloud metadata server (a network call) for credentials.
    env: { METADATA_SERVER_DETECTION: 'none' },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker per CPU (vitest's default leaves one to its main thread, which mostly waits).
    maxWorkers: availableParallelism(),
  },
});
