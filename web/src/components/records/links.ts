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
