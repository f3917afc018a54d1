// What `firebase deploy` would create: firebase-tools makes one function per export of the built
// lib/index.js. The production build (build.mjs's default, the predeploy hook's) must not export
// the emulator-only test hooks; the emulator build (`--emulator`, npm run dev / npm test) must.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const functionsDir = path.resolve(__dirname, '..');
// Under the repository, so the bundle's external packages resolve from its node_modules.
const cacheDir = path.resolve(functionsDir, '../node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const outDir = mkdtempSync(path.join(cacheDir, 'trato-functions-exports-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

type BuildOptions = (o: { emulator?: boolean; outfile?: string }) => esbuild.BuildOptions;

/**
 * The names each build of lib/index.js exports (production, emulator), read by loading both in
 * one plain Node process (loading the dependencies takes seconds, once).
 */
async function buildsExports(): Promise<{ production: string[]; emulator: string[] }> {
  // build.mjs (plain JS): loaded by URL so that TypeScript does not resolve it.
  const { buildOptions } = (await import(pathToFileURL(path.join(functionsDir, 'build.mjs')).href)) as {
    buildOptions: BuildOptions;
  };
  const outfiles = {
    production: path.join(outDir, 'production.js'),
    emulator: path.join(outDir, 'emulator.js'),
  };
  await Promise.all(
    Object.entries(outfiles).map(([name, outfile]) =>
      esbuild.build({ ...buildOptions({ emulator: name === 'emulator', outfile }), logLevel: 'silent' }),
    ),
  );
  const script = `const files = ${JSON.stringify(outfiles)};
console.log(JSON.stringify(Object.fromEntries(Object.entries(files).map(([k, f]) => [k, Object.keys(require(f))]))));`;
  const out = execFileSync(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH, GCLOUD_PROJECT: 'demo-trato', METADATA_SERVER_DETECTION: 'none' },
  });
  return JSON.parse(out.toString()) as { production: string[]; emulator: string[] };
}

describe('the functions bundle', () => {
  it(
    'production exports no emulator-only test hook; the emulator build adds sequencesRunNow and digestRunNow',
    { timeout: 60_000 },
    async () => {
      const { production, emulator } = await buildsExports();
      expect(production).toEqual(
        expect.arrayContaining([
          'outboxSender',
          'unsubscribe',
          'previewCampaignAudience',
          'emailSendTest',
          'health',
          'dailyDigest',
        ]),
      );
      expect(production).not.toContain('sequencesRunNow');
      expect(production).not.toContain('digestRunNow');
      expect(emulator.sort()).toEqual([...production, 'sequencesRunNow', 'digestRunNow'].sort());
    },
  );
});
