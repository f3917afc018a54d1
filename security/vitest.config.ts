import { defineConfig } from 'vitest/config';

// One local cloud, one project per test file (see src/env.ts), so files may run in parallel;
// cells inside a file run concurrently where they are independent.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['src/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxConcurrency: 16,
    fileParallelism: false,
  },
});
