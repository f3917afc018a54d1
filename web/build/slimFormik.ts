import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.js`, import.meta.url));
const REPLACEMENTS: { importer: RegExp; source: string; stub: string }[] = [
  {
    importer: /[\\/]node_modules[\\/]formik[\\/]/,
    source: 'lodash-es/clone',
    stub: stub('formikCloneDefault'),
  },
  {
    importer: /[\\/]node_modules[\\/]formik[\\/]/,
    source: 'lodash-es/cloneDeep',
    stub: stub('formikCloneDeepDefault'),
  },
  // yup's object().camelCase() / snakeCase() / constantCase() only (schemas.test.ts: none used).
  { importer: /[\\/]node_modules[\\/]yup[\\/]/, source: 'tiny-case', stub: stub('tinyCase') },
];

/**
 * Forms' libraries, trimmed of what Trato never runs. Formik copies form values with lodash's clone and cloneDeep, whose generic cloner (typed arrays,
 * maps, sets, buffers, symbols, prototypes) weighs ~4 KB of gzip on every page with a form. Its
 * values here are plain objects, arrays and immutable leaves, so two small functions do
 * (stubs/formikClone.js; slimFormik.test.ts). yup imports tiny-case for three key
 * transforms no schema uses. For those importers only; production builds only (dev and the tests
 * use the libraries as they are).
 */
export function slimFormik(): Plugin {
  return {
    name: 'trato:slim-formik',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return REPLACEMENTS.find((r) => r.source === source && r.importer.test(importer))?.stub ?? null;
    },
  };
}
