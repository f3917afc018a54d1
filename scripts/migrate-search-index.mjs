// `node scripts/migrate-search-index.mjs [--project <id>] [--dry-run]`: a one-off migration for
// issue 28, and for issue 31's `hasEmail` on contacts (a segment's 'has e-mail': true exactly
// when the contact has an address; the rules check it whenever it is present). Searchable records (model SEARCH_FIELDS: companies, contacts, deals, tasks, meetings,
// tickets, documents) now keep `searchIndex` — their search tokens as map keys, which searches of
// several words match — beside `searchTokens`, and firestore.rules require the two to agree.
// Records written before lack it: this rebuilds both from each record's own fields (the model's
// withDerivedFields, which also repairs tokens a stale edit left behind) wherever they differ.
//
// Run it with firebase-admin credentials (GOOGLE_APPLICATION_CREDENTIALS, or `gcloud auth
// application-default login`) BEFORE deploying the new rules: until a record has searchIndex, the
// new rules refuse every update of it. Locally: FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 (set by
// default when no --project is given, with the demo project id).
//
// Each record is written only if it has not changed since it was read (its update time is the
// write's precondition; a record a member edits meanwhile is read again), in pages of 300 read
// and at most 500 writes in flight. Running it twice is harmless: the second run writes nothing.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { register } from 'tsx/esm/api';

register(); // @trato/model is TypeScript source
const { SEARCH_FIELDS, derivedFieldsOf } = await import('../model/src/index.ts');

const PAGE = 300;

const sameTokens = (a = [], b = []) => a.length === b.length && a.every((t, i) => t === b[i]);
const sameIndex = (a, b) =>
  a !== null &&
  typeof a === 'object' &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(b).every((k) => a[k] === true);

/** The derived fields a record should have (search tokens; a contact's hasEmail), or null when it has them. */
export function searchFix(collection, data) {
  const derived = derivedFieldsOf(collection, data);
  const { searchTokens, searchIndex, hasEmail } = derived;
  if (
    sameTokens(data.searchTokens, searchTokens) &&
    sameIndex(data.searchIndex, searchIndex) &&
    data.hasEmail === hasEmail
  )
    return null;
  return derived;
}

/**
 * Migrates every searchable collection of every organization with `db` (firebase-admin
 * Firestore). Returns per collection how many records were read and fixed.
 */
export async function migrateSearchIndex(db, { dryRun = false, log = console.log } = {}) {
  const { FieldPath } = await import('firebase-admin/firestore');
  const counts = {};
  const writer = dryRun ? null : db.bulkWriter();
  const retries = [];
  writer?.onWriteError((error) => {
    // FAILED_PRECONDITION: the record changed since it was read; it is read and fixed again.
    if (error.code === 9) retries.push(error.documentRef);
    else log(`failed: ${error.documentRef.path}: ${error.message}`);
    return false;
  });
  const fix = (snapshot, collection) => {
    const patch = searchFix(collection, snapshot.data());
    if (!patch) return false;
    writer?.update(snapshot.ref, patch, { lastUpdateTime: snapshot.updateTime });
    return true;
  };
  for (const organization of await db.collection('organizations').listDocuments()) {
    for (const collection of Object.keys(SEARCH_FIELDS)) {
      const count = (counts[collection] ??= { read: 0, fixed: 0 });
      let after = null;
      for (;;) {
        let query = organization.collection(collection).orderBy(FieldPath.documentId()).limit(PAGE);
        if (after) query = query.startAfter(after);
        const page = await query.get();
        for (const snapshot of page.docs) {
          count.read++;
          if (fix(snapshot, collection)) count.fixed++;
        }
        if (page.size < PAGE) break;
        after = page.docs[page.size - 1];
      }
    }
  }
  await writer?.flush();
  while (retries.length) {
    const refs = retries.splice(0);
    for (const snapshot of await db.getAll(...refs))
      if (snapshot.exists) fix(snapshot, snapshot.ref.parent.id);
    await writer.flush();
  }
  await writer?.close();
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.project) process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: values.project ?? 'demo-trato' });
  const counts = await migrateSearchIndex(getFirestore(app), { dryRun: values['dry-run'] });
  for (const [collection, { read, fixed }] of Object.entries(counts))
    console.log(`${collection}: ${read} read, ${fixed} ${values['dry-run'] ? 'to fix' : 'fixed'}`);
  process.exit(0);
}
