// Global search (spec §2): which groups a member sees, what a hit shows and where it leads, and
// the keyboard's way through the hits. Pure: the dialog and its hook do the reading.
import {
  type Company,
  type Contact,
  type Deal,
  type DocumentFile,
  type EmailThread,
  type Resource,
  type SearchQueryId,
  type WithId,
} from '@trato/model';
import { sectionHref } from '@/app/sections';

export type SearchGroupKey = 'contacts' | 'companies' | 'deals' | 'documents' | 'emails';

export interface SearchHit {
  group: SearchGroupKey;
  id: string;
  primary: string;
  secondary: string;
  /** Where choosing it goes. */
  to: string;
}

interface GroupSpec<T> {
  key: SearchGroupKey;
  resource: Resource;
  /** The declared search query of one word (model/src/queries.ts; several words: its twin). */
  queryId: SearchQueryId;
  hit: (doc: WithId<T>, money: (amount: number) => string) => Omit<SearchHit, 'group' | 'id'>;
}

const contacts: GroupSpec<Contact> = {
  key: 'contacts',
  resource: 'contacts',
  queryId: 'contacts.search',
  hit: (c) => ({
    primary: c.name,
    secondary: [c.email, c.companyName].filter(Boolean).join(' · '),
    to: sectionHref('contacts', { id: c.id }),
  }),
};
const companies: GroupSpec<Company> = {
  key: 'companies',
  resource: 'companies',
  queryId: 'companies.search',
  hit: (c) => ({ primary: c.name, secondary: c.city ?? '', to: sectionHref('companies', { id: c.id }) }),
};
const deals: GroupSpec<Deal> = {
  key: 'deals',
  resource: 'deals',
  queryId: 'deals.search',
  hit: (d, money) => ({
    primary: d.title,
    secondary: [d.amount === null ? null : money(d.amount), d.primaryContactName || d.companyName]
      .filter(Boolean)
      .join(' · '),
    to: sectionHref('deals', { query: { deal: d.id } }),
  }),
};
const documents: GroupSpec<DocumentFile> = {
  key: 'documents',
  resource: 'documents',
  queryId: 'documents.search',
  hit: (d) => ({
    primary: d.fileName,
    secondary: '',
    to: sectionHref('documents', { query: { folder: d.folderId } }),
  }),
};

/** Conversations by subject (two-way e-mail): to the first contact's e-mails page. */
const emails: GroupSpec<EmailThread> = {
  key: 'emails',
  resource: 'contacts',
  queryId: 'emailThreads.search',
  hit: (t) => ({
    primary: t.subject ?? '',
    secondary: (t.participants ?? []).filter((a) => a !== t.mailbox).join(', '),
    to: `${sectionHref('contacts', { id: t.contactIds[0] ?? '' })}/emails`,
  }),
};

/** The groups in the spec's order: Contactos, Empresas, Deals, Documentos; then Emails. */
export const SEARCH_GROUPS = [
  contacts,
  companies,
  deals,
  documents,
  emails,
] as unknown as GroupSpec<object>[];

/** The groups a member may see (the view right of each section). */
export function viewableGroups(can: (resource: Resource, action: 'view') => boolean): GroupSpec<object>[] {
  return SEARCH_GROUPS.filter((group) => can(group.resource, 'view'));
}

/** A group's hits as the dialog lists them (the server matched every typed word). */
export function hitsOf(
  group: GroupSpec<object>,
  docs: WithId<object>[],
  money: (amount: number) => string,
): SearchHit[] {
  return docs.map((doc) => ({ group: group.key, id: doc.id, ...group.hit(doc, money) }));
}

/** The next active hit for an arrow key, wrapping around (-1 when there are none). */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}
