// Type-checks with tsc, then emits lib/index.js with esbuild. esbuild (not tsc's emit) because the
// shared workspace package @trato/model is TypeScript source: bundling inlines it, so the folder
// `firebase deploy` uploads is self-contained while npm dependencies stay external.
//
// Two builds of lib/index.js: the production one (the default, what the predeploy hook in
// firebase.json runs) from src/index.ts, and the emulator one (`--emulator`: `npm run dev`,
// `npm test`) from src/index.emulator.ts, which adds the emulator-only test hooks
// (sequencesRunNow). firebase-tools creates a function for every export of lib/index.js, so the
// hooks are left out of the production bundle itself, not only refused at run time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** esbuild's options for one build; `outfile` is relative to functions/. */
export function buildOptions({ emulator = false, outfile = 'lib/index.js' } = {}) {
  return {
    absWorkingDir: here,
    entryPoints: [emulator ? 'src/index.emulator.ts' : 'src/index.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external: Object.keys(pkg.dependencies ?? {}),
    logLevel: 'info',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = buildOptions({ emulator: process.argv.includes('--emulator') });
  if (process.argv.includes('--watch')) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  } else {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit', cwd: here });
    await esbuild.build(options);
  }
}
