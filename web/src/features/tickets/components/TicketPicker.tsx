import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { MemberField } from '@/components/form/MemberSelectField';

/**
 * The ticket form's pickers (MUI Autocomplete with its Popper, ~20 KB): the owner among the
 * members, the contact and the company by a server search. Loaded right after the form (see
 * TicketFormPage), so the form's first load stays within its 400 KB.
 */
export default function TicketPicker({
  kind,
  label,
}: {
  kind: 'owner' | 'contact' | 'company';
  label: string;
}) {
  if (kind === 'owner') return <MemberField name="ownerId" label={label} />;
  return kind === 'contact' ? (
    <EntityPickerField name="contactId" labelName="contactName" label={label} queries={PICKERS.contacts} />
  ) : (
    <EntityPickerField name="companyId" labelName="companyName" label={label} queries={PICKERS.companies} />
  );
}
