import { ticketSchema, type Ticket, type WithId } from '@trato/model';
import { formValuesFor, withRequiredMessage } from '@/components/form/formValues';
import type { RecordLinks } from '@/components/records/links';

/** The model's ticket schema, with the form's own message for a missing name (spec §5). */
export const ticketFormSchema = withRequiredMessage(
  ticketSchema,
  ['ticketName'],
  'tickets:form.nameRequired',
);

/**
 * The form's starting values: the ticket's own when editing; else the model's defaults ('Support
 * Pipeline', New, no priority), owned by its author and linked to the contact / company it is
 * created from. The pickers' names travel with their ids (the denormalised copies lists show).
 */
export function ticketFormValues(
  ticket: WithId<Ticket> | null,
  preset: { ownerId: string | null; links: RecordLinks },
): Record<string, unknown> {
  if (ticket)
    return formValuesFor(ticketFormSchema, ticket, {
      contactName: ticket.contactName ?? '',
      companyName: ticket.companyName ?? '',
    });
  const { links } = preset;
  return formValuesFor(ticketFormSchema, null, {
    ownerId: preset.ownerId ?? '',
    contactId: links.contactId ?? '',
    contactName: links.contactName ?? '',
    companyId: links.companyId ?? '',
    companyName: links.companyName ?? '',
  });
}

/** What a save writes: the form's values as the schema casts them (trimmed, '' → null). */
export function ticketWrite(values: Record<string, unknown>): Record<string, unknown> {
  const cast = ticketFormSchema.cast(values, { stripUnknown: false }) as Record<string, unknown>;
  // A cleared picker leaves no name behind.
  return {
    ...cast,
    contactName: cast.contactId ? (cast.contactName ?? null) : null,
    companyName: cast.companyId ? (cast.companyName ?? null) : null,
  };
}
