// Marketing lists and campaigns (/marketing/listas, /marketing/campanas, a contact's 'Listas'):
// the contacts of a list as a declared query, a static list's members (the contacts' listIds),
// the first contacts of a list for an enrolment, a campaign's moves. Imported by those screens
// directly (not through dataApi), so the shell's Firebase layer does not carry it; a contact's own
// lists are in listMembers.ts (all /contactos/:id needs).
import { doc, getDocs, writeBatch, type DocumentSnapshot, type QuerySnapshot } from 'firebase/firestore';
import {
  audienceFilters,
  paths,
  type Contact,
  type ListKind,
  type Campaign,
  type CampaignStatus,
  type QueryId,
  type SegmentCriteria,
  type WithId,
} from '@trato/model';
import { getDataServices } from './data';
import { listAdditionOf, listMembershipPatch } from './listMembers';
import { buildQuery, firstMatches, orgRequest, type QueryRequest } from './queries';
import { serverTime, updateRecord } from './records';
import { orgTarget } from './targets';

/** The declared queries a list's contacts come from (model queries.ts, 'Lists'). */
export type AudienceQueryId = Extract<QueryId, 'contacts.inList' | `contacts.segment${string}`>;

/** Bounds of a segment's created-date range when it sets only one (every contact is within them). */
const EARLIEST = new Date(0);
const LATEST = new Date(Date.UTC(9999, 11, 31));

/**
 * The request of a list's contacts, newest first (model `audienceFilters`, the filters the sender
 * and previewCampaignAudience run): a static list's members (`contacts.inList`), or a segment's
 * matches — one declared `contacts.segment+by-{field}` per criterion, merged (QueryRequest.and),
 * and `contacts.segment` for the created-date range (or for a segment without criteria: every
 * contact).
 */
export function audienceRequest(
  orgId: string,
  list: { kind: ListKind } & SegmentCriteria<unknown>,
  listId: string,
): QueryRequest<AudienceQueryId> {
  if (list.kind === 'static') return orgRequest(orgId, 'contacts.inList', { listIds: listId });
  const filters = audienceFilters(list, listId);
  const parts: { id: AudienceQueryId; values: Record<string, unknown> }[] = filters
    .filter((filter) => filter.op === '==')
    .map((filter) => ({
      id: `contacts.segment+by-${filter.field}` as AudienceQueryId,
      values: { [filter.field]: filter.value },
    }));
  const from = filters.find((filter) => filter.op === '>=');
  const to = filters.find((filter) => filter.op === '<');
  if (from || to || parts.length === 0)
    parts.push({
      id: 'contacts.segment',
      values: { 'createdAt>=': from?.value ?? EARLIEST, 'createdAt<': to?.value ?? LATEST },
    });
  const [first, ...rest] = parts;
  return {
    id: first!.id,
    parentPath: paths.organization(orgId),
    values: first!.values,
    ...(rest.length ? { and: rest } : {}),
  };
}

/** The ids of a list's first `max` contacts (newest first), read a page at a time; `more`: others follow. */
export async function firstAudienceIds(
  request: QueryRequest<AudienceQueryId>,
  max: number,
  pageSize = 100,
): Promise<{ ids: string[]; more: boolean }> {
  const ids: string[] = [];
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const size = Math.min(pageSize, max - ids.length);
    const page: QuerySnapshot = await getDocs(buildQuery(request, { size: size + 1, after }));
    const docs = page.docs.slice(0, size);
    ids.push(...docs.map((d) => d.id));
    const more = page.docs.length > size;
    if (!more || ids.length >= max) return { ids, more };
    after = docs[docs.length - 1]!;
  }
}

// ── A static list's members ──────────────────────────────────────────────────

/** What 'Añadir contactos' did, by contact id. */
export interface ListAdditionResult {
  added: string[];
  already: string[];
  /** On LIST_MEMBERSHIPS_MAX lists already: left as they are. */
  full: string[];
  /** Deleted meanwhile. */
  missing: string[];
}

/** `in` queries take at most 30 values. */
const IN_LIMIT = 30;

/**
 * Puts contacts on a static list: reads them first (to leave out those on LIST_MEMBERSHIPS_MAX
 * lists, which the rules refuse), then adds the list to the others' `listIds` in one batch.
 */
export async function addContactsToList(
  orgId: string,
  listId: string,
  contactIds: readonly string[],
  mode: 'listIds' | 'stamped',
): Promise<ListAdditionResult> {
  const wanted = [...new Set(contactIds)];
  const found = new Map<string, WithId<Contact>>();
  for (let i = 0; i < wanted.length; i += IN_LIMIT) {
    const chunk = wanted.slice(i, i + IN_LIMIT);
    const rows = await firstMatches(orgRequest(orgId, 'contacts.byIds', { __name__: chunk }), IN_LIMIT);
    for (const row of rows) found.set(row.id, row);
  }
  const result: ListAdditionResult = { added: [], already: [], full: [], missing: [] };
  for (const id of wanted) {
    const contact = found.get(id);
    const verdict = contact ? listAdditionOf(contact.listIds, listId) : 'missing';
    result[verdict === 'add' ? 'added' : verdict].push(id);
  }
  if (result.added.length) {
    const { firestore } = getDataServices();
    const batch = writeBatch(firestore);
    const patch = listMembershipPatch(listId, true, mode === 'stamped');
    for (const id of result.added) batch.update(doc(firestore, paths.doc(orgId, 'contacts', id)), patch);
    await batch.commit();
  }
  return result;
}

// ── Campaigns ────────────────────────────────────────────────────────────────

/**
 * Moves a campaign to another status (model CLIENT_CAMPAIGN_MOVES): `scheduledAt` 'now' is the
 * server's time of the write ('Enviar ahora'), a Date a time chosen, null back to draft.
 */
export async function moveCampaign(
  orgId: string,
  campaign: WithId<Campaign>,
  move: { status: CampaignStatus; scheduledAt?: Date | 'now' | null },
): Promise<void> {
  const { scheduledAt, ...rest } = move;
  const patch: Record<string, unknown> = { ...rest };
  if (scheduledAt !== undefined) patch.scheduledAt = scheduledAt === 'now' ? serverTime() : scheduledAt;
  await updateRecord(orgTarget(orgId, 'campaigns'), campaign.id, patch, campaign);
}
