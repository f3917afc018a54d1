import type { Plugin } from 'vite';

const FIRESTORE_COMMON = /[\\/]node_modules[\\/]@firebase[\\/]firestore[\\/]dist[\\/]common-[\w-]+\.esm\.js$/;

/** Replaces the body of `method(args) {` with a throw (a class method is never tree-shaken). */
function stubMethod(code: string, signature: string): string {
  const start = code.indexOf(signature);
  if (start < 0) throw new Error(`slimFirestore: ${signature} not found (the Firestore SDK changed)`);
  const open = start + signature.length - 1;
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0)
      return `${code.slice(0, open)}{ throw new Error('Trato does not use Firestore pipelines'); }${code.slice(i + 1)}`;
  }
  throw new Error(`slimFirestore: ${signature} has no end`);
}

/**
 * The Firestore SDK (firebase 12) evaluates Pipeline queries on the client, and every query path
 * asks `isPipeline(query)` first, so the pipeline engine (expressions, stages, their evaluation:
 * ~45 KB minified) ships with every page although Trato never builds a pipeline. Each such test is
 * made `false` here, the pipeline branches drop out, and the engine is tree-shaken away. Production
 * builds only; a changed SDK fails the build (the patterns are checked) rather than ship it whole.
 */
export function slimFirestore(): Plugin {
  return {
    name: 'trato:slim-firestore',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!FIRESTORE_COMMON.test(id)) return null;
      const calls = /(?<!function )__PRIVATE_(?:isPipeline|targetIsPipelineTarget)\([\w$.]+(?:\[\d+\])?\)/g;
      const instances = /[\w$]+ instanceof (?:CorePipeline|__PRIVATE_RealtimePipeline)\b/g;
      if (!calls.test(code) || !instances.test(code))
        throw new Error('slimFirestore: no pipeline tests found (the Firestore SDK changed)');
      let out = code.replace(calls, 'false').replace(instances, 'false');
      out = stubMethod(out, 'getDocumentsMatchingPipeline(t, n, r, i) {');
      out = stubMethod(out, 'getOverlaysForPipeline(t, n, r) {');
      // A cached target is a pipeline only when a pipeline made it.
      const storedPipeline =
        /function __PRIVATE_isPipelineQueryTarget\(e\) \{[^}]*\}\s*\/\*\*[\s\S]*?\*\/\s*\(t\.query\)/;
      if (!storedPipeline.test(out))
        throw new Error('slimFirestore: isPipelineQueryTarget not found (the Firestore SDK changed)');
      out = out.replace(storedPipeline, 'false');
      return { code: out, map: null };
    },
  };
}
