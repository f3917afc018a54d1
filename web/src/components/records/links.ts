/**
 * The contact and company a new task, deal or meeting belongs to when it is created from their
 * page (the names are the denormalised copies the records keep for lists).
 */
export interface RecordLinks {
  contactId?: string | null;
  contactName?: string | null;
  companyId?: string | null;
  companyName?: string | null;
}

/** Links of a record created from a contact's page: the contact, and its company if it has one. */
export function contactLinks(contact: {
  id: string;
  name: string;
  companyId: string | null;
  companyName?: string | null;
}): RecordLinks {
  return {
    contactId: contact.id,
    contactName: contact.name,
    companyId: contact.companyId,
    companyName: contact.companyId ? (contact.companyName ?? null) : null,
  };
}

/** Links of a record created from a company's page. */
export function companyLinks(company: { id: string; name: string }): RecordLinks {
  return { companyId: company.id, companyName: company.name };
}

/** What a page that creates records on their own page (a ticket) receives in the router's state. */
export interface CreateFromState {
  links: RecordLinks;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The links handed over by the page a record is created from (`navigate(path, { state })`); a
 * reload or a typed address has none. Anything that is not a name or an id is dropped.
 */
export function linksFromState(state: unknown): RecordLinks {
  const links = (state as Partial<CreateFromState> | null)?.links;
  if (typeof links !== 'object' || links === null) return {};
  const contactId = textOrNull(links.contactId);
  const companyId = textOrNull(links.companyId);
  return {
    contactId,
    contactName: contactId ? textOrNull(links.contactName) : null,
    companyId,
    companyName: companyId ? textOrNull(links.companyName) : null,
  };
}
