import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODEL_SRC = path.resolve(fileURLToPath(new URL('../../model/src/', import.meta.url))) + path.sep;

/**
 * The model package (@trato/model) is plain data and functions: its modules do nothing when
 * imported but define constants, yup schemas and helpers. Saying so lets the bundler drop what a
 * chunk does not use — above all the yup schemas (and yup, ~12 KB gzip) from the Firebase layer,
 * which needs only the model's paths, queries and converters. (The package has no `sideEffects`
 * field; the model's own code must keep this promise: no global registration at import time.)
 */
export function pureModel(): Plugin {
  return {
    name: 'trato:pure-model',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(MODEL_SRC)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
