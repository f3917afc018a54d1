import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The web's tests against the local cloud (`npm test -- "web (cloud)"`, which starts it):
 * `src/**\/*.cloud.test.ts`, in Node, the real Firestore SDK through firestore.rules. The unit
 * suite (vitest.config.ts) leaves them out.
 */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.cloud.test.ts'],
    setupFiles: ['src/test/cloudSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
