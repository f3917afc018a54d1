import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const UNUSED = fileURLToPath(new URL('./stubs/muiUnused.js', import.meta.url));
const LIGHT_POPPER = fileURLToPath(new URL('../src/components/LightPopper.tsx', import.meta.url));
const MUI = String.raw`[\\/]node_modules[\\/]@mui[\\/]material[\\/]`;

/**
 * MUI code the app never runs but every page would ship, replaced by a stub that throws if it ever
 * runs — for the one importer named only (the same modules stay real everywhere else):
 *
 * - Select imports the inputs of every variant (Input, FilledInput) and the native select's,
 *   though the app's only select (components/form/OutlinedSelect.tsx) always passes its own
 *   OutlinedInput and is never native: ~1.5 KB of gzip on every page with a select.
 * - createTheme imports createThemeWithVars (CSS theme variables), which it calls only for
 *   `cssVariables: true`; the app's theme (src/app/theme.ts) has none and goes through
 *   createThemeNoVars, as its ThemeProvider does (AppThemeProvider.tsx): ~3.8 KB on every page.
 *   theme.test.ts checks the theme stays without variables.
 *
 * Issue 31: the marketing lists made /contactos/:id and the shell heavier. Production builds only:
 * the dev server and the tests use MUI as it is.
 */
const REPLACEMENTS: { importer: RegExp; sources: string[]; by?: string }[] = [
  {
    importer: new RegExp(`${MUI}Select[\\\\/]Select\\.mjs$`),
    sources: ['../Input/index.mjs', '../FilledInput/index.mjs', '../NativeSelect/NativeSelectInput.mjs'],
  },
  {
    importer: new RegExp(`${MUI}styles[\\\\/]createTheme\\.mjs$`),
    sources: ['./createThemeWithVars.mjs'],
  },
  {
    importer: new RegExp(`${MUI}Autocomplete[\\\\/]Autocomplete\\.mjs$`),
    sources: ['../Popper/index.mjs'],
    by: LIGHT_POPPER,
  },
];

export function slimMui(): Plugin {
  return {
    name: 'trato:slim-mui',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const replaced = REPLACEMENTS.find((r) => r.importer.test(importer) && r.sources.includes(source));
      return replaced ? (replaced.by ?? UNUSED) : null;
    },
  };
}
