import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Against the local cloud: vitest.cloud.config.ts.
    exclude: [...configDefaults.exclude, 'src/**/*.cloud.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A worker per CPU (vitest's default leaves one to its main thread, which mostly waits): on
    // CI's two CPUs the suite takes ~220 s instead of ~330.
    maxWorkers: availableParallelism(),
  },
});
