/**
 * Firebase Security Rules engine: parser (rules.peggy), load-time checks, evaluator and the
 * Firestore / Storage enforcement adapters.
 *
 *   const loaded = loadRuleset(source, 'firestore.rules');
 *   if (!loaded.ok) throw new Error(formatDiagnostics(loaded.errors, source, 'firestore.rules'));
 *   let current = loaded.ruleset;
 *   const authorizer = createFirestoreAuthorizer(() => current, { onDenied: (i) => log(i.reason) });
 */
export { loadRuleset, formatDiagnostics } from './loader.js';
export type { Ruleset, RulesDiagnostic, LoadResult, ServiceName } from './loader.js';
export { createFirestoreAuthorizer } from './firestore.js';
export type { DenialInfo, FirestoreAuthorizerOptions } from './firestore.js';
export { createStorageAuthorizer, storageResourceToRules } from './storage.js';
export type { FirestoreReader, StorageAuthorizerOptions, StorageDenialInfo } from './storage.js';
export { CoverageRecorder } from './coverage.js';
export type { CoverageReport } from './coverage.js';
export { evaluateMockedFirestore, evaluateMockedStorage } from './testapi.js';
export type { MockedFirestoreRequest, MockedStorageRequest, MockedResult } from './testapi.js';
export { firestoreRules, storageRulesHolder } from './holder.js';
export type { RulesHolder, RulesUpdate } from './holder.js';
