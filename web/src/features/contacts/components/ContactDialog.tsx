import { useTranslation } from 'react-i18next';
import { contactSchema, type Contact, type WithId } from '@trato/model';
import { CheckboxField } from '@/components/form/CheckboxField';
import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { EnumSelectField } from '@/components/form/SelectField';
import { PhoneField, UrlField } from '@/components/form/TypedFields';
import { formValuesFor, withRequiredMessage } from '@/components/form/formValues';
import { useToast } from '@/components/toast';
import { createRecord, orgTarget, updateRecord, useMembership, useOrgId } from '@/firebase/dataApi';

/** Spec §5: 'El nombre es obligatorio'. */
export const contactForm = withRequiredMessage(contactSchema, ['name'], 'contacts:form.nameRequired');

/** 'Nuevo contacto' / 'Editar contacto': every contact field; a failed save keeps what was typed. */
export function ContactDialog({
  contact,
  preset,
  onClose,
  onCreated,
}: {
  contact?: WithId<Contact> | null;
  /** Values of a new contact (a company's page presets the company). */
  preset?: { companyId: string; companyName: string };
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('contacts');
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { uid } = useMembership();
  const target = orgTarget(organizationId, 'contacts');

  const save = async (values: Record<string, unknown>) => {
    // The denormalised company name goes with the company (and away with it).
    const data = { ...values, companyName: values.companyId ? values.companyName : null };
    if (contact) {
      await updateRecord(target, contact.id, data, contact);
      toast({ title: t('toasts.updated'), variant: 'success' });
    } else {
      const id = await createRecord(target, { ...data, ownerId: uid });
      toast({ title: t('toasts.created'), variant: 'success' });
      onCreated?.(id);
    }
  };

  return (
    <FormDialog
      open
      title={contact ? t('form.editTitle') : t('form.createTitle')}
      initialValues={formValuesFor(contactForm, contact, {
        companyName: contact?.companyName ?? preset?.companyName ?? '',
        ...(contact ? {} : { companyId: preset?.companyId ?? '' }),
      })}
      schema={contactForm}
      onSubmit={save}
      onClose={onClose}
    >
      <FormTextField name="name" label={t('form.name')} required autoFocus />
      <FormTextField name="email" label={t('form.email')} type="email" autoComplete="off" />
      <PhoneField name="phone" label={t('form.phone')} />
      <EntityPickerField
        name="companyId"
        labelName="companyName"
        label={t('form.company')}
        queries={PICKERS.companies}
      />
      <FormTextField name="jobTitle" label={t('form.jobTitle')} />
      <EnumSelectField name="lifecycleStage" enumName="lifecycleStage" label={t('form.lifecycleStage')} />
      <EnumSelectField name="status" enumName="contactStatus" label={t('form.status')} />
      <CheckboxField name="isCustomer" label={t('form.isCustomer')} />
      <FormTextField name="city" label={t('form.city')} />
      <FormTextField name="country" label={t('form.country')} />
      <FormTextField name="rtn" label={t('form.rtn')} />
      <UrlField name="linkedinUrl" label={t('form.linkedinUrl')} />
    </FormDialog>
  );
}
