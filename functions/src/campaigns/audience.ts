// A campaign's audience: the contacts of its list (a static list's members or a segment's matches,
// model `audienceFilters`), newest first, read a page at a time through the declared queries'
// indexes, and what becomes of each (a recipient, or left out: no address, unsubscribed, an
// address already counted, no consent where the organization requires it). The preview callable
// and the sender share it.
import {
  FieldPath,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Timestamp,
} from 'firebase-admin/firestore';

import {
  audienceFilters,
  audienceVerdict,
  hasMarketingConsent,
  optOutId,
  paths,
  type AudienceVerdict,
  type Contact,
  type MarketingList,
} from '@trato/model';

type TS = Timestamp;

/** The list's contacts in createdAt desc order (ties by id, descending), from after `cursor`. */
export function audienceQuery(
  db: Firestore,
  organizationId: string,
  listId: string,
  list: MarketingList<TS>,
  cursor: { createdAt: TS; contactId: string } | null,
  pageSize: number,
): Query {
  let q: Query = db.collection(paths.collection(organizationId, 'contacts'));
  for (const f of audienceFilters(list, listId)) q = q.where(f.field, f.op, f.value);
  // The id in the same direction as the index's own tie-break, so the cursor can name both.
  q = q.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
  if (cursor) q = q.startAfter(cursor.createdAt, cursor.contactId);
  return q.limit(pageSize);
}

export interface Classified {
  contact: DocumentSnapshot;
  verdict: AudienceVerdict;
  /** optOutId of the address (null without one): a recipient's id. */
  emailHash: string | null;
  email: string | null;
}

/** What is known of a page's addresses: opted out, already made recipients (earlier pages). */
export type AddressLookup = (hashes: string[]) => Promise<{ optedOut: Set<string>; counted: Set<string> }>;

/**
 * Which of `hashes` opted out: of everything (optOuts), or of `topicId` (topicOptOuts), read with
 * `getAll` (the database's, or a transaction's).
 */
export async function optedOutAmong(
  db: Firestore,
  getAll: (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>,
  organizationId: string,
  hashes: string[],
  topicId: string | null,
): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const [all, topics] = await Promise.all([
    getAll(...hashes.map((h) => db.doc(paths.optOut(organizationId, h)))),
    topicId ? getAll(...hashes.map((h) => db.doc(paths.topicOptOut(organizationId, h)))) : [],
  ]);
  const out = new Set(all.filter((s) => s.exists).map((s) => s.id));
  for (const s of topics) if ((s.get('topicIds') as string[] | undefined)?.includes(topicId!)) out.add(s.id);
  return out;
}

/** The opt-outs among `hashes` (of everything, or of the topic), read in one call (the preview knows no recipients). */
export function optOutLookup(db: Firestore, organizationId: string, topicId: string | null): AddressLookup {
  return async (hashes) => ({
    optedOut: await optedOutAmong(db, (...refs) => db.getAll(...refs), organizationId, hashes, topicId),
    counted: new Set(),
  });
}

/**
 * What becomes of each contact of a page. `seen` holds the addresses this reading counted so far
 * (it grows with the page's); `lookup` says which addresses are opted out or counted before.
 */
export async function classifyPage(
  contacts: DocumentSnapshot[],
  seen: Set<string>,
  lookup: AddressLookup,
  consentRequired: boolean,
): Promise<Classified[]> {
  const emails = contacts.map((c) => (c.get('email') as Contact['email'])?.trim() || null);
  const hashes = await Promise.all(emails.map((e) => (e ? optOutId(e) : null)));
  const { optedOut, counted } = await lookup([...new Set(hashes.filter((h): h is string => h !== null))]);
  return contacts.map((contact, i) => {
    const emailHash = hashes[i] ?? null;
    const verdict = audienceVerdict(
      emails[i],
      emailHash !== null && optedOut.has(emailHash),
      emailHash !== null && (seen.has(emailHash) || counted.has(emailHash)),
      hasMarketingConsent(consentRequired, contact.get('emailConsent') as Contact['emailConsent']),
    );
    if (emailHash) seen.add(emailHash);
    return { contact, verdict, emailHash, email: emails[i] ?? null };
  });
}
