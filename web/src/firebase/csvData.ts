// Server reads and writes of the CSV import and export (web/src/components/csv), loaded with their
// dialogs only. Everything goes through declared queries (model/src/queries.ts) and the rules as
// the signed-in member: duplicates by e-mail with `in` (30 values a query), companies by name
// through their search tokens (then compared without case or accents), the import's own ids with
// `__name__ in`, and exports page by page — nothing downloads a collection.
import { getDocs, type DocumentSnapshot, type QuerySnapshot } from 'firebase/firestore';
import { normalizeText, type Company, type QueryId, type QueryRow, type WithId } from '@trato/model';
import { buildQuery, orgRequest, searchRequest, type QueryRequest } from './queries';
import { commitAtCommittedState, type RecordWrite } from './records';

/** Firestore's limit of values in an `in` filter. */
export const IN_LIMIT = 30;
/** Queries in flight at once (enough to hide latency, few enough not to flood the server). */
const PARALLEL = 6;
/** A company name's token matches at most this many companies read before giving up. */
const NAME_CANDIDATES_MAX = 1000;

type Data = Record<string, unknown>;
export interface FoundRecord {
  id: string;
  data: Data;
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Runs `task` over `items`, at most `width` at a time, results in order. */
export async function pooled<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

const found = (doc: WithId<object>): FoundRecord => {
  const { id, ...data } = doc as WithId<Data>;
  return { id, data };
};

async function all<Id extends QueryId>(request: QueryRequest<Id>): Promise<WithId<QueryRow<Id>>[]> {
  const snapshot = await getDocs(buildQuery(request));
  return snapshot.docs.map((d) => d.data());
}

/** Contacts whose e-mail is one of `emails`, by e-mail in lower case. */
export async function contactsByEmails(
  orgId: string,
  emails: string[],
  onProgress?: (done: number) => void,
): Promise<Map<string, FoundRecord>> {
  const out = new Map<string, FoundRecord>();
  let done = 0;
  await pooled(chunks(emails, IN_LIMIT), PARALLEL, async (part) => {
    for (const doc of await all(orgRequest(orgId, 'contacts.byEmail', { email: part }))) {
      const email = (doc as { email?: unknown }).email;
      if (typeof email === 'string') out.set(email.trim().toLowerCase(), found(doc));
    }
    onProgress?.((done += part.length));
  });
  return out;
}

/** Which of `ids` exist in the organization's contacts or companies. */
export async function existingByIds(
  orgId: string,
  collection: 'contacts' | 'companies',
  ids: string[],
): Promise<Map<string, FoundRecord>> {
  const out = new Map<string, FoundRecord>();
  await pooled(chunks(ids, IN_LIMIT), PARALLEL, async (part) => {
    for (const doc of await all(orgRequest(orgId, `${collection}.byIds`, { __name__: part })))
      out.set(doc.id, found(doc));
  });
  return out;
}

/**
 * Companies named like `names` (normalised key → a spelling), compared without case or accents:
 * each name's words are searched (companies.search, or its twin for several words; paged) and the
 * hits compared in full.
 */
export async function companiesByNames(
  orgId: string,
  names: Map<string, string>,
  onProgress?: (done: number) => void,
): Promise<Map<string, FoundRecord>> {
  const out = new Map<string, FoundRecord>();
  let done = 0;
  await pooled([...names], PARALLEL, async ([key, name]) => {
    // Every word of the name on the server: candidates are the companies with all of them.
    const request = searchRequest(orgId, 'companies.search', name);
    let after: DocumentSnapshot | null = null;
    for (let read = 0; read < NAME_CANDIDATES_MAX;) {
      const page: QuerySnapshot<WithId<Company>> = await getDocs(buildQuery(request, { size: 100, after }));
      for (const doc of page.docs) {
        const company = doc.data();
        if (normalizeText(String(company.name ?? '')) === key && !out.has(key)) out.set(key, found(company));
      }
      read += page.docs.length;
      if (out.has(key) || page.docs.length < 100) break;
      after = page.docs[page.docs.length - 1]!;
    }
    onProgress?.(++done);
  });
  return out;
}

/**
 * One batch of the import (≤ 500 writes), atomically, as the signed-in member: written as a
 * transaction, which goes straight to the server. A write batch would also be applied to the
 * SDK's local cache and kept there: 50,000 imported contacts held in the page's memory, and every
 * later query of the collection scanning them (a 4 s freeze measured by bench:csv). The import
 * waits for the server anyway, so it loses no latency compensation. The transaction reads the
 * records whose searchable fields it updates (creates need no read), so their search tokens are
 * made from them as committed, not as looked up before the import.
 */
export async function commitImportBatch(writes: RecordWrite[]): Promise<void> {
  await commitAtCommittedState(writes);
}

/**
 * Every document a declared list query matches, page by page from the server (an export):
 * `onPage` gets each page; returning false stops.
 */
export async function forEachPage<Id extends QueryId>(
  request: QueryRequest<Id>,
  pageSize: number,
  onPage: (rows: WithId<QueryRow<Id>>[]) => Promise<boolean> | boolean,
): Promise<void> {
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot<WithId<QueryRow<Id>>> = await getDocs(
      buildQuery(request, { size: pageSize, after }),
    );
    const go = await onPage(page.docs.map((d) => d.data()));
    if (!go || page.docs.length < pageSize) return;
    after = page.docs[page.docs.length - 1]!;
  }
}
