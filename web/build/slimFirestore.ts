import type { Plugin } from 'vite';

const FIRESTORE_COMMON = /[\\/]node_modules[\\/]@firebase[\\/]firestore[\\/]dist[\\/]common-[\w-]+\.esm\.js$/;

const UNUSED = "{ throw new Error('Not part of this build (web/build/slimFirestore.ts)'); }";

/**
 * Replaces the body of the first `method(args) {` of `code` (a class method is never
 * tree-shaken) with `body`, a throw by default.
 */
function stubMethod(code: string, signature: string, body = UNUSED): string {
  const start = code.indexOf(signature);
  if (start < 0) throw new Error(`slimFirestore: ${signature} not found (the Firestore SDK changed)`);
  const open = start + signature.length - 1;
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) {
      // As many lines as before, so the SDK's own source map still points at the right lines.
      const lines = '\n'.repeat(code.slice(open, i + 1).split('\n').length - 1);
      return `${code.slice(0, open)}${body}${lines}${code.slice(i + 1)}`;
    }
  }
  throw new Error(`slimFirestore: ${signature} has no end`);
}

/**
 * Client-side field indexes of the offline cache (setIndexConfiguration, or automatic creation
 * with enablePersistentCacheIndexAutoCreation) — Trato configures none, so every query of the
 * cache scans its collection, and the index manager's planning, encoding and backfilling code
 * (~2.7 KB of gzip) is dead. Its entry points answer as they do without indexes (getIndexType:
 * NONE; createTargetIndexes: nothing to do); the rest throws if it ever runs. The collection-parent
 * index (collection-group queries) is untouched.
 */
function withoutClientIndexes(code: string): string {
  const start = code.indexOf('class __PRIVATE_IndexedDbIndexManager {');
  if (start < 0)
    throw new Error('slimFirestore: IndexedDbIndexManager not found (the Firestore SDK changed)');
  let manager = code.slice(start);
  // A method at the class's indentation, not a longer name ending the same way.
  const method = (signature: string) => `\n    ${signature}`;
  manager = stubMethod(
    manager,
    method('getIndexType(e, t) {'),
    '{ return PersistencePromise.resolve(0 /* IndexType.NONE */); }',
  );
  manager = stubMethod(
    manager,
    method('createTargetIndexes(e, t) {'),
    '{ return PersistencePromise.resolve(); }',
  );
  // Reached only through an index (a configured one, or one the backfiller writes).
  for (const signature of [
    'getDocumentsMatchingTarget(e, t) {',
    'updateIndexEntries(e, t) {',
    'addFieldIndex(e, t) {',
    'updateCollectionGroup(e, t, n) {',
    'ts(e) {',
    'ns(e, t) {',
    'Ts(e, t) {',
    'fs(e, t, n, r) {',
    'ps(e, t, n, r) {',
    'As(e, t, n) {',
    'Rs(e) {',
    'gs(e, t) {',
  ])
    manager = stubMethod(manager, method(signature));
  return code.slice(0, start) + manager;
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
      out = withoutClientIndexes(out);
      // Bloom filters cannot be built in this build (stubs/bloomBlob.js): the SDK's own catch
      // answers with a full re-query; the class itself then goes.
      const bloom = '_ = new BloomFilter(s, r, i);';
      if (!out.includes(bloom)) throw new Error('slimFirestore: the bloom filter construction changed');
      out = out.replace(
        bloom,
        '_ = (() => { throw new __PRIVATE_BloomFilterError("not in this build"); })();',
      );
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
