import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.js`, import.meta.url));
const FORMIK = /[\\/]node_modules[\\/]formik[\\/]/;
const REPLACEMENTS: Record<string, string> = {
  'lodash-es/clone': stub('formikCloneDefault'),
  'lodash-es/cloneDeep': stub('formikCloneDeepDefault'),
};

/**
 * Formik copies form values with lodash's clone and cloneDeep, whose generic cloner (typed arrays,
 * maps, sets, buffers, symbols, prototypes) weighs ~4 KB of gzip on every page with a form. Its
 * values here are plain objects, arrays and immutable leaves, so two small functions do
 * (stubs/formikClone.js, tested in formikClone.test.ts). For formik's imports only; production
 * builds only (dev and the tests use formik as it is).
 */
export function slimFormik(): Plugin {
  return {
    name: 'trato:slim-formik',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !FORMIK.test(importer)) return null;
      return REPLACEMENTS[source] ?? null;
    },
  };
}
