// Type-checks with tsc, then emits lib/index.js with esbuild. esbuild (not tsc's emit) because the
// shared workspace package @trato/model is TypeScript source: bundling inlines it, so the folder
// `firebase deploy` uploads is self-contained while npm dependencies stay external.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const options = {
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'info',
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  await esbuild.build(options);
}
