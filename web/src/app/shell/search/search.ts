// Global search (spec §2): which groups a member sees, what a hit shows and where it leads, and
// the keyboard's way through the hits. Pure: the dialog and its hook do the reading.
import {
  matchesSearch,
  type Company,
  type Contact,
  type Deal,
  type DocumentFile,
  type Resource,
  type WithId,
} from '@trato/model';

export type SearchGroupKey = 'contacts' | 'companies' | 'deals' | 'documents';

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
  /** The declared search query (model/src/queries.ts). */
  queryId: string;
  /** The texts the typed words must all prefix (the query matched only the longest word). */
  texts: (doc: WithId<T>) => (string | null | undefined)[];
  hit: (doc: WithId<T>, money: (amount: number) => string) => Omit<SearchHit, 'group' | 'id'>;
}

const contacts: GroupSpec<Contact> = {
  key: 'contacts',
  resource: 'contacts',
  queryId: 'contacts.search',
  texts: (c) => [c.name, c.email, c.companyName, c.jobTitle, c.phone, c.city],
  hit: (c) => ({
    primary: c.name,
    secondary: [c.email, c.companyName].filter(Boolean).join(' · '),
    to: `/contactos/${c.id}`,
  }),
};
const companies: GroupSpec<Company> = {
  key: 'companies',
  resource: 'companies',
  queryId: 'companies.search',
  texts: (c) => [c.name, c.industry, c.city],
  hit: (c) => ({ primary: c.name, secondary: c.city ?? '', to: `/empresas/${c.id}` }),
};
const deals: GroupSpec<Deal> = {
  key: 'deals',
  resource: 'deals',
  queryId: 'deals.search',
  texts: (d) => [d.title, d.companyName, d.primaryContactName],
  hit: (d, money) => ({
    primary: d.title,
    secondary: [d.amount === null ? null : money(d.amount), d.primaryContactName || d.companyName]
      .filter(Boolean)
      .join(' · '),
    to: `/deals?deal=${d.id}`,
  }),
};
const documents: GroupSpec<DocumentFile> = {
  key: 'documents',
  resource: 'documents',
  queryId: 'documents.search',
  texts: (d) => [d.fileName],
  hit: (d) => ({
    primary: d.fileName,
    secondary: '',
    to: d.folderId ? `/documentos?folder=${d.folderId}` : '/documentos',
  }),
};

/** The groups in the spec's order: Contactos, Empresas, Deals, Documentos. */
export const SEARCH_GROUPS = [contacts, companies, deals, documents] as unknown as GroupSpec<object>[];

/** The groups a member may see (the view right of each section). */
export function viewableGroups(can: (resource: Resource, action: 'view') => boolean): GroupSpec<object>[] {
  return SEARCH_GROUPS.filter((group) => can(group.resource, 'view'));
}

/** A group's hits: the documents every typed word prefixes, as the dialog lists them. */
export function hitsOf(
  group: GroupSpec<object>,
  docs: WithId<object>[],
  typed: string,
  money: (amount: number) => string,
): SearchHit[] {
  return docs
    .filter((doc) => matchesSearch(typed, ...group.texts(doc)))
    .map((doc) => ({ group: group.key, id: doc.id, ...group.hit(doc, money) }));
}

/** The next active hit for an arrow key, wrapping around (-1 when there are none). */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}
