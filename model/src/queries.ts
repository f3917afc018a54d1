/**
 * Every list query the app makes, declared once: the data-model doc lists them, a model test
 * checks firestore.indexes.json has the composite index each needs, and the security suite runs
 * them against the local cloud (strict-index mode) as the roles that use them.
 * `collection` is the collection id; the parent is always fixed by the path (organizations/{orgId}/...),
 * except for collection-group queries, which only the server and the superadmin make.
 */

import type { CollectionEntities } from './entities.js';
import { SEGMENT_EQUALITIES } from './marketing.js';

/**
 * Firestore's operators, and 'words': the words of a search on `searchIndex` (search.ts), one
 * equality filter `searchIndex.{word} == true` per word — as many as were typed, so the field
 * paths vary and no composite index can name them: such a query has only equalities and no order
 * (Firestore merges single-field indexes, in document id order).
 */
/** 'prefix': the values that start with a text (a range: >= text and < text + U+F8FF). */
export type FilterOp = '==' | 'in' | 'array-contains' | '<' | '<=' | '>' | '>=' | 'prefix' | 'words';
export interface QueryFilter {
  field: string;
  op: FilterOp;
}
export interface QueryOrder {
  field: string;
  direction: 'asc' | 'desc';
}
export interface QuerySpec<Id extends string = string> {
  id: Id;
  collection: string;
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  where: QueryFilter[];
  orderBy: QueryOrder[];
  /** Who runs it: a client screen (with the permission it needs) or the server. */
  by: string;
  /** A fixed cap (pickers); paged lists set theirs per page (PAGE_SIZE). */
  limit?: number;
}

/** Entity pickers show at most this many matches of what was typed (server-side prefix search). */
export const PICKER_LIMIT = 10;

const eq = (field: string): QueryFilter => ({ field, op: '==' });
const SEARCH_TOKENS: QueryFilter = { field: 'searchTokens', op: 'array-contains' };
const SEARCH_WORDS: QueryFilter = { field: 'searchIndex', op: 'words' };
const contains = (field: string): QueryFilter => ({ field, op: 'array-contains' });
const desc = (field: string): QueryOrder => ({ field, direction: 'desc' });
const asc = (field: string): QueryOrder => ({ field, direction: 'asc' });
const q = <const Id extends string>(
  id: Id,
  collection: string,
  where: QueryFilter[],
  orderBy: QueryOrder[],
  by: string,
): QuerySpec<Id> => ({
  id,
  collection,
  scope: 'COLLECTION',
  where,
  orderBy,
  by,
});

/** The names `filtered` gives the subsets of `F`, in order: '', '+by-a', '+by-b', '+by-a+by-b'. */
type SubsetNames<F extends readonly string[]> = F extends readonly [
  ...infer Rest extends readonly string[],
  infer Last extends string,
]
  ? SubsetNames<Rest> | `${SubsetNames<Rest>}+by-${Last}`
  : '';
type ListMode = 'list' | 'search' | 'words';

/**
 * Every subset of the optional equality filters, each without a search (`list`), with a search of
 * one word (`search`: its token, in the list's order) and of several (`words`: by id).
 */
function filtered<const P extends string, const F extends readonly string[]>(
  prefix: P,
  collection: string,
  optionalEq: F,
  order: QueryOrder,
  by: string,
): QuerySpec<`${P}.${ListMode}${SubsetNames<F>}`>[] {
  type Id = `${P}.${ListMode}${SubsetNames<F>}`;
  const out: QuerySpec<Id>[] = [];
  const subsets = optionalEq.reduce<string[][]>((acc, f) => [...acc, ...acc.map((s) => [...s, f])], [[]]);
  for (const mode of ['list', 'search', 'words'] as const)
    for (const subset of subsets) {
      // The same names as SubsetNames<F> (checked by the model's tests against the list).
      const name = [mode, ...subset.map((f) => `by-${f}`)].join('+') as string;
      const search = { list: [], search: [SEARCH_TOKENS], words: [SEARCH_WORDS] }[mode];
      const where = [...search, ...subset.map(eq)];
      out.push(q(`${prefix}.${name}` as Id, collection, where, mode === 'words' ? [] : [order], by));
    }
  return out;
}

/** The end of a prefix range: every string that starts with `text` sorts below it. */
export const PREFIX_END = '\uf8ff';

/**
 * The values of a search's filters (QueryRequest values in the web): the typed text for the
 * token's (`searchTokens`) and for the words' (`searchIndex`); the query takes what it needs.
 */
export function searchValues(text: string): { searchTokens: string; searchIndex: string } {
  return { searchTokens: text, searchIndex: text };
}

/** wordsQueryId's answer as a type: the id of a search query's several-word twin. */
export type WordsQueryId<Id extends string> = Id extends `${infer Head}.search`
  ? `${Head}.words`
  : Id extends `${infer Head}.search+${infer Tail}`
    ? `${Head}.words+${Tail}`
    : Id extends `${infer Head}+search`
      ? `${Head}+words`
      : Id extends `${infer Head}+search+${infer Tail}`
        ? `${Head}+words+${Tail}`
        : `${Id}+words`;

/**
 * The several-word twin of a one-word search query (array-contains of searchTokens): the same
 * filters with the words on searchIndex instead, no order (see FilterOp 'words'), the same limit.
 * Its id names `words` where the original names `search` ('deals.search' → 'deals.words'), or
 * adds it ('contacts.pick' → 'contacts.pick+words').
 */
export function wordsQueryId<const Id extends string>(id: Id): WordsQueryId<Id> {
  const renamed = id.replace(/(?<=[.+])search(?=\+|$)/, 'words');
  return (renamed === id ? `${id}+words` : renamed) as WordsQueryId<Id>;
}

function withWordsTwin<const Id extends string>(
  spec: QuerySpec<Id>,
): [QuerySpec<Id>, QuerySpec<WordsQueryId<Id>>] {
  return [
    spec,
    {
      ...spec,
      id: wordsQueryId(spec.id),
      where: spec.where.map((f) => (f.field === SEARCH_TOKENS.field ? SEARCH_WORDS : f)),
      orderBy: [],
    },
  ];
}

export const APP_QUERIES = [
  // Companies list (/empresas): newest first, industry and size filters, text search.
  ...filtered('companies', 'companies', ['industry', 'size'], desc('createdAt'), 'companies.view'),
  // Company pickers: the first names, or the names matching a typed prefix.
  { ...q('companies.select', 'companies', [], [asc('name')], 'companies.view'), limit: PICKER_LIMIT },
  ...withWordsTwin({
    ...q('companies.pick', 'companies', [contains('searchTokens')], [asc('name')], 'companies.view'),
    limit: PICKER_LIMIT,
  }),
  // Contacts list (/contactos): company and lifecycle filters, search; company detail's contacts tab.
  ...filtered('contacts', 'contacts', ['companyId', 'lifecycleStage'], desc('createdAt'), 'contacts.view'),
  { ...q('contacts.select', 'contacts', [], [asc('name')], 'contacts.view'), limit: PICKER_LIMIT },
  ...withWordsTwin({
    ...q('contacts.pick', 'contacts', [contains('searchTokens')], [asc('name')], 'contacts.view'),
    limit: PICKER_LIMIT,
  }),
  // CSV import (web/src/components/csv): the file's e-mails that are contacts already (`in`, up
  // to 30 a query), and which of the import's own deterministic ids exist (an import resumed or
  // run twice skips what it wrote before). Equality only, no order: single-field indexes.
  q('contacts.byEmail', 'contacts', [{ field: 'email', op: 'in' }], [], 'contacts.view'),
  q('contacts.byIds', 'contacts', [{ field: '__name__', op: 'in' }], [], 'contacts.view'),
  q('companies.byIds', 'companies', [{ field: '__name__', op: 'in' }], [], 'companies.view'),
  q('notes.byContact', 'notes', [], [desc('createdAt')], 'contacts.view'),
  // Timeline of a contact / of a company and its contacts (organizations/{orgId}/timeline): notes,
  // tasks, meetings and deals newest first, one paged query. `kind in` lists the kinds the member
  // may view (viewableTimelineKinds): the rules refuse a query that includes any other kind.
  q(
    'timeline.byContact',
    'timeline',
    [eq('contactId'), { field: 'kind', op: 'in' }],
    [desc('createdAt')],
    'contacts.view',
  ),
  q(
    'timeline.byCompany',
    'timeline',
    [eq('companyId'), { field: 'kind', op: 'in' }],
    [desc('createdAt')],
    'companies.view',
  ),
  // A deleted contact's, company's or deal's field-edit entries (kind contactEdit | companyEdit |
  // dealEdit), deleted after it (web records.ts editEntryDeletions). Equalities only: single-field
  // indexes; the rules need the kind's view right.
  q('timeline.editsOf', 'timeline', [eq('kind'), eq('recordId')], [], 'member'),
  // Deals board: one growing query per column, the most recently changed first (a card dropped in
  // a column lands on top of it); its totals are count() and sum('amount') of the same query, and
  // the newest change of any deal tells the board to refresh them. Contact and company tabs; search.
  q('deals.list', 'deals', [], [desc('createdAt')], 'deals.view'),
  q('deals.byStage', 'deals', [eq('stage')], [desc('updatedAt')], 'deals.view'),
  { ...q('deals.lastChange', 'deals', [], [desc('updatedAt')], 'deals.view'), limit: 1 },
  q('deals.byContact', 'deals', [eq('primaryContactId')], [desc('createdAt')], 'deals.view'),
  q('deals.byCompany', 'deals', [eq('companyId')], [desc('createdAt')], 'deals.view'),
  ...withWordsTwin(q('deals.search', 'deals', [contains('searchTokens')], [desc('createdAt')], 'deals.view')),
  // Tasks (/tareas): pending newest first (+search); contact/company tabs; notifications.
  q('tasks.pending', 'tasks', [eq('status')], [desc('createdAt')], 'tasks.view'),
  ...withWordsTwin(
    q(
      'tasks.pending+search',
      'tasks',
      [eq('status'), contains('searchTokens')],
      [desc('createdAt')],
      'tasks.view',
    ),
  ),
  q('tasks.byContact', 'tasks', [eq('contactId')], [desc('createdAt')], 'tasks.view'),
  q('tasks.byCompany', 'tasks', [eq('companyId')], [desc('createdAt')], 'tasks.view'),
  q(
    'tasks.notifications.assigned',
    'tasks',
    [contains('assigneeIds'), { field: 'status', op: 'in' }, { field: 'dueDate', op: '<=' }],
    [asc('dueDate')],
    'tasks.view',
  ),
  q(
    'tasks.notifications.created',
    'tasks',
    [eq('createdBy'), { field: 'status', op: 'in' }, { field: 'dueDate', op: '<=' }],
    [asc('dueDate')],
    'tasks.view',
  ),
  // Meetings (/reuniones): by start ascending (+search); tabs; notifications. A search of several
  // words cannot keep the upcoming/past range (a range needs a composite index with the word
  // fields): it looks through every meeting (meetings.words).
  q('meetings.list', 'meetings', [], [asc('startTime')], 'meetings.view'),
  ...withWordsTwin(
    q('meetings.search', 'meetings', [contains('searchTokens')], [asc('startTime')], 'meetings.view'),
  ),
  // /reuniones: upcoming (startTime >= now) soonest first, past (startTime < now) latest first.
  q('meetings.upcoming', 'meetings', [{ field: 'startTime', op: '>=' }], [asc('startTime')], 'meetings.view'),
  q(
    'meetings.upcoming+search',
    'meetings',
    [contains('searchTokens'), { field: 'startTime', op: '>=' }],
    [asc('startTime')],
    'meetings.view',
  ),
  q('meetings.past', 'meetings', [{ field: 'startTime', op: '<' }], [desc('startTime')], 'meetings.view'),
  q(
    'meetings.past+search',
    'meetings',
    [contains('searchTokens'), { field: 'startTime', op: '<' }],
    [desc('startTime')],
    'meetings.view',
  ),
  q('meetings.byContact', 'meetings', [eq('contactId')], [asc('startTime')], 'meetings.view'),
  q('meetings.byCompany', 'meetings', [eq('companyId')], [asc('startTime')], 'meetings.view'),
  q(
    'meetings.notifications.participant',
    'meetings',
    [contains('participantIds'), eq('status'), { field: 'startTime', op: '<=' }],
    [asc('startTime')],
    'meetings.view',
  ),
  q(
    'meetings.notifications.created',
    'meetings',
    [eq('createdBy'), eq('status'), { field: 'startTime', op: '<=' }],
    [asc('startTime')],
    'meetings.view',
  ),
  // Tickets (/tickets): newest first, status and priority filters, text search; contact and
  // company tabs.
  ...filtered('tickets', 'tickets', ['status', 'priority'], desc('createdAt'), 'tickets.view'),
  q('tickets.byContact', 'tickets', [eq('contactId')], [desc('createdAt')], 'tickets.view'),
  q('tickets.byCompany', 'tickets', [eq('companyId')], [desc('createdAt')], 'tickets.view'),
  // The customer portal (issue 34): a ticket's conversation (members see it all, oldest first; a
  // portal user its public replies), the bell's tickets a customer answered, a contact's portal
  // access and the documents shared with them, a document's shares, the organization's site.
  q('replies.byTicket', 'replies', [], [asc('createdAt')], 'tickets.view'),
  q('replies.public', 'replies', [eq('visibility')], [asc('createdAt')], 'portal user'),
  q(
    'tickets.customerReplied',
    'tickets',
    [eq('ownerId'), eq('conversationState')],
    [desc('lastReplyAt')],
    'tickets.view',
  ),
  q('tickets.portalByContact', 'tickets', [eq('contactId')], [desc('createdAt')], 'portal user'),
  q('tickets.portalByCompany', 'tickets', [eq('companyId')], [desc('createdAt')], 'portal user'),
  q('portalAccess.byContact', 'portalAccess', [eq('contactId')], [], 'contacts.view'),
  q('documentShares.byContact', 'documentShares', [eq('contactId')], [desc('createdAt')], 'contacts.view'),
  q('documentShares.byTarget', 'documentShares', [eq('targetId')], [desc('createdAt')], 'documents.view'),
  q('documents.portalByFolder', 'documents', [eq('folderId')], [desc('createdAt')], 'portal user'),
  q('portals.byOrganization', 'portals', [eq('organizationId')], [], 'admin'),
  // The mail sync: the tickets whose conversation continues in a Gmail thread.
  q('tickets.byEmailThread', 'tickets', [contains('emailThreadIds')], [], 'server (mail sync)'),
  // revokePortalAccess: the address's accesses in every organization (while one is still active,
  // the Auth user's sessions are not revoked).
  {
    ...q('portalAccess.byEmail', 'portalAccess', [eq('email')], [], 'server (portal revoke)'),
    scope: 'COLLECTION_GROUP' as const,
  },
  // Documents: one folder level at a time (null = root), newest first; global search.
  q('folders.byParent', 'folders', [eq('parentId')], [desc('createdAt')], 'documents.view'),
  q('documents.byFolder', 'documents', [eq('folderId')], [desc('createdAt')], 'documents.view'),
  ...withWordsTwin(
    q('documents.search', 'documents', [contains('searchTokens')], [desc('createdAt')], 'documents.view'),
  ),
  // Marketing.
  q('sequences.list', 'sequences', [], [desc('createdAt')], 'marketing.view'),
  q('steps.bySequence', 'steps', [], [asc('stepOrder')], 'marketing.view'),
  q('enrollments.bySequence', 'enrollments', [], [desc('createdAt')], 'marketing.view'),
  // Which of some contacts a sequence already has (enrolling skips them; ids are contact ids).
  q('enrollments.byIds', 'enrollments', [{ field: '__name__', op: 'in' }], [], 'marketing.view'),
  // A sequence's enrolments with one status (e.g. the failed ones), and the count of each status
  // (the sequence's numbers: enrolled = count of enrollments.bySequence, unsubscribed, failed).
  q('enrollments.byStatus', 'enrollments', [eq('status')], [desc('createdAt')], 'marketing.view'),
  q('enrollments.countByStatus', 'enrollments', [eq('status')], [], 'marketing.view'),
  q('sendLog.list', 'sendLog', [], [desc('createdAt')], 'marketing.view'),
  // A sequence's sends newest first; the count of its sends by status (sent, failed, skipped).
  q('sendLog.bySequence', 'sendLog', [eq('sequenceId')], [desc('createdAt')], 'marketing.view'),
  q('sendLog.countBySequenceStatus', 'sendLog', [eq('sequenceId'), eq('status')], [], 'marketing.view'),
  // One enrolment's entries (a recipient's status per step: entry ids are sendLogId(...)).
  q('sendLog.byEnrollment', 'sendLog', [eq('sequenceId'), eq('contactId')], [], 'marketing.view'),
  // The signed-in member's failed sends, newest first (the bell tells the sender).
  q('sendLog.failuresOf', 'sendLog', [eq('senderUid'), eq('status')], [desc('updatedAt')], 'marketing.view'),
  // The organization's unsubscribed addresses (ids are optOutId(email)).
  q('optOuts.list', 'optOuts', [], [desc('createdAt')], 'marketing.view'),
  // Lists (/marketing/listas): newest first; a static list's contacts; a segment's contacts with
  // each criterion alone (several at once are served by merging these indexes; see
  // marketing.ts SEGMENT_EQUALITIES), a created-date range on the same order.
  q('lists.list', 'lists', [], [desc('createdAt')], 'marketing.view'),
  q('contacts.inList', 'contacts', [contains('listIds')], [desc('createdAt')], 'contacts.view'),
  q(
    'contacts.segment',
    'contacts',
    [
      { field: 'createdAt', op: '>=' },
      { field: 'createdAt', op: '<' },
    ],
    [desc('createdAt')],
    'contacts.view',
  ),
  ...SEGMENT_EQUALITIES.map(({ field }) =>
    q(`contacts.segment+by-${field}`, 'contacts', [eq(field)], [desc('createdAt')], 'contacts.view'),
  ),
  // Forms (/marketing/formularios): newest first; a form's submissions, newest first, and their
  // count; a contact's consent records (the contact page's 'Consentimiento').
  q('forms.list', 'forms', [], [desc('createdAt')], 'marketing.view'),
  // Topics (Ajustes → Marketing, the campaign and sequence pickers, the preference centre):
  // by name, at most TOPICS_MAX.
  q('topics.list', 'topics', [], [asc('name')], 'marketing.view'),
  q('submissions.byForm', 'submissions', [eq('formId')], [desc('createdAt')], 'contacts.view'),
  q('submissions.countByForm', 'submissions', [eq('formId')], [], 'contacts.view'),
  q('consents.byContact', 'consents', [eq('contactId')], [desc('createdAt')], 'contacts.view'),
  // Two-way e-mail: a contact's and a company's conversations, newest first; a conversation's
  // messages, oldest first; the replies the signed-in member received (the bell).
  q(
    'emailThreads.byContact',
    'emailThreads',
    [contains('contactIds')],
    [desc('lastMessageAt')],
    'contacts.view',
  ),
  q(
    'emailThreads.byCompany',
    'emailThreads',
    [contains('companyIds')],
    [desc('lastMessageAt')],
    'contacts.view',
  ),
  q('emailMessages.byThread', 'emailMessages', [eq('threadKey')], [asc('date')], 'contacts.view'),
  // Global search: conversations by their subject and participants (none for a private mailbox).
  ...withWordsTwin(
    q(
      'emailThreads.search',
      'emailThreads',
      [contains('searchTokens')],
      [desc('lastMessageAt')],
      'contacts.view',
    ),
  ),
  q(
    'emailMessages.receivedBy',
    'emailMessages',
    [eq('ownerUid'), eq('direction')],
    [desc('date')],
    'contacts.view',
  ),
  // WhatsApp (issue 33): the inbox's conversations, newest first — all, one member's, unassigned
  // (assigneeId == null), with unread messages; a contact's messages, newest first (paged back);
  // templates by name, and the approved ones of a language (the composer, sequence steps).
  q('waConversations.recent', 'waConversations', [], [desc('lastMessageAt')], 'conversations.view'),
  q(
    'waConversations.byAssignee',
    'waConversations',
    [eq('assigneeId')],
    [desc('lastMessageAt')],
    'conversations.view',
  ),
  q(
    'waConversations.unread',
    'waConversations',
    [{ field: 'unreadCount', op: '>' }],
    [desc('unreadCount'), desc('lastMessageAt')],
    'conversations.view',
  ),
  q('waMessages.byContact', 'waMessages', [eq('contactId')], [desc('at')], 'conversations.view'),
  q('waMessages.byWamid', 'waMessages', [eq('wamid')], [], 'server (whatsapp webhook)'),
  q('waTemplates.list', 'waTemplates', [], [asc('name')], 'marketing.view'),
  q('waTemplates.approved', 'waTemplates', [eq('status')], [asc('name')], 'conversations.view'),
  // The webhook: a sender's contact by one of their phone's compact forms (search.ts tokens).
  q('contacts.byPhoneToken', 'contacts', [SEARCH_TOKENS], [], 'server (whatsapp webhook)'),
  // The sync: a mailbox's sequence e-mails of a Gmail thread (whose enrolment a reply ends).
  q('sendLog.byThread', 'sendLog', [eq('senderUid'), eq('threadId')], [], 'server (mail sync)'),
  // Campaigns (/marketing/campanas): newest first; a campaign's recipients by last change, those
  // with one status, and the count of each; the addresses its e-mails unsubscribed.
  q('campaigns.list', 'campaigns', [], [desc('createdAt')], 'marketing.view'),
  q('recipients.list', 'recipients', [], [desc('updatedAt')], 'marketing.view'),
  q('recipients.byStatus', 'recipients', [eq('status')], [desc('updatedAt')], 'marketing.view'),
  q('recipients.countByStatus', 'recipients', [eq('status')], [], 'marketing.view'),
  q('optOuts.countByCampaign', 'optOuts', [eq('campaignId')], [], 'marketing.view'),
  // The sender: a campaign's recipients still to send (in id order), …
  q('recipients.pending', 'recipients', [eq('status')], [], 'server (campaign sender)'),
  // … the scheduled campaigns whose time has come, and the started ones due for another pass.
  {
    ...q(
      'campaigns.dueToStart',
      'campaigns',
      [eq('status'), { field: 'scheduledAt', op: '<=' }],
      [asc('scheduledAt')],
      'server (campaign sender)',
    ),
    scope: 'COLLECTION_GROUP' as const,
  },
  {
    ...q(
      'campaignRuns.due',
      'campaignRuns',
      [{ field: 'nextRunAt', op: '<=' }],
      [asc('nextRunAt')],
      'server (campaign sender)',
    ),
    scope: 'COLLECTION_GROUP' as const,
  },
  {
    ...q('mailConnections.readable', 'mailConnections', [eq('reads')], [], 'server (scheduled mail sync)'),
    scope: 'COLLECTION_GROUP' as const,
  },
  {
    ...q(
      'enrollments.due',
      'enrollments',
      [eq('status'), { field: 'nextSendAt', op: '<=' }],
      [asc('nextSendAt')],
      'server (scheduled sequence sender)',
    ),
    scope: 'COLLECTION_GROUP' as const,
  },
  // Settings.
  q('members.list', 'members', [], [asc('fullName')], 'member'),
  q('invitations.pending', 'invitations', [eq('status')], [desc('createdAt')], 'admin'),
  // Ajustes → Email accounts: which members have connected a mailbox (admins).
  q('mailConnections.list', 'mailConnections', [], [asc('email')], 'admin'),
  q('organizations.list', 'organizations', [], [desc('createdAt')], 'superadmin'),
  // /admin's search: organizations whose name starts with the typed text (any case).
  q(
    'organizations.search',
    'organizations',
    [{ field: 'nameKey', op: 'prefix' }],
    [asc('nameKey')],
    'superadmin',
  ),
];

/** The id of a declared query: a query the model does not declare does not compile. */
export type QueryId = (typeof APP_QUERIES)[number]['id'];
/** The one-word search queries: those whose several-word twin is declared too. */
export type SearchQueryId = {
  [Id in QueryId]: WordsQueryId<Id> extends QueryId ? Id : never;
}[QueryId];
/** The collection a query reads: every query id starts with it (checked by the model's tests). */
export type QueryCollection<Id extends string> = Id extends `${infer Collection}.${string}`
  ? Collection
  : never;
/** A row of the query `Id` (without its id): the entity of the collection it reads. */
export type QueryRow<Id extends QueryId> = CollectionEntities[QueryCollection<Id> & keyof CollectionEntities];

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

const RANGE_OPS: FilterOp[] = ['<', '<=', '>', '>=', 'prefix'];

export interface NeededIndex extends CompositeIndex {
  /** How many leading fields (array-contains and equalities) may come in any order. */
  equalityPrefix: number;
}

/**
 * The composite index a query needs, or null when single-field indexes serve it (one field
 * only, or equality filters only: the several-word searches). Fields: array-contains, then
 * equalities (and `in`), then the range field and orderBy fields in query order.
 */
export function requiredIndex(spec: QuerySpec): NeededIndex | null {
  const fields: IndexField[] = [];
  const seen = new Set<string>();
  const push = (f: IndexField) => {
    if (!seen.has(f.fieldPath)) {
      seen.add(f.fieldPath);
      fields.push(f);
    }
  };
  for (const f of spec.where)
    if (f.op === 'array-contains') push({ fieldPath: f.field, arrayConfig: 'CONTAINS' });
  for (const f of spec.where)
    if (f.op === '==' || f.op === 'in') push({ fieldPath: f.field, order: 'ASCENDING' });
  const words = spec.where.some((f) => f.op === 'words');
  if (words && (spec.orderBy.length > 0 || spec.where.some((f) => RANGE_OPS.includes(f.op))))
    throw new Error(
      `${spec.id}: a search of several words cannot be ordered or ranged (no index can serve it)`,
    );
  const equalityPrefix = fields.length;
  const range = spec.where.find((f) => RANGE_OPS.includes(f.op));
  const orders = [...spec.orderBy];
  if (range && !orders.some((o) => o.field === range.field))
    orders.unshift({ field: range.field, direction: 'asc' });
  for (const o of orders)
    push({ fieldPath: o.field, order: o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING' });
  const needed =
    spec.scope === 'COLLECTION_GROUP' ? fields.length > 1 : orders.length > 0 && fields.length > 1;
  return needed ? { collectionGroup: spec.collection, queryScope: spec.scope, fields, equalityPrefix } : null;
}

/** Production matches the equality fields in any order; the fields after them must be in sequence. */
export function indexSatisfies(index: CompositeIndex, needed: NeededIndex): boolean {
  if (index.collectionGroup !== needed.collectionGroup || index.queryScope !== needed.queryScope)
    return false;
  if (index.fields.length !== needed.fields.length) return false;
  const key = (f: IndexField) => `${f.fieldPath}:${f.arrayConfig ?? f.order}`;
  const n = needed.equalityPrefix;
  const headA = index.fields.slice(0, n).map(key).sort().join();
  const headB = needed.fields.slice(0, n).map(key).sort().join();
  const tailA = index.fields.slice(n).map(key).join();
  const tailB = needed.fields.slice(n).map(key).join();
  return headA === headB && tailA === tailB;
}

/** The firestore.indexes.json content that serves APP_QUERIES (deduplicated). */
export function indexesFor(specs: QuerySpec[]): CompositeIndex[] {
  const out: CompositeIndex[] = [];
  for (const spec of specs) {
    const need = requiredIndex(spec);
    if (!need || out.some((i) => indexSatisfies(i, need))) continue;
    out.push({ collectionGroup: need.collectionGroup, queryScope: need.queryScope, fields: need.fields });
  }
  return out;
}
