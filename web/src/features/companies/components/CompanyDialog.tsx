import { useTranslation } from 'react-i18next';
import { companySchema, type Company, type WithId } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { EnumSelectField } from '@/components/form/SelectField';
import { PhoneField, UrlField } from '@/components/form/TypedFields';
import { formValuesFor } from '@/components/form/formValues';
import { useToast } from '@/components/toast';
import { createRecord, orgTarget, updateRecord, useOrgId } from '@/firebase/dataApi';

/** 'Nueva empresa' / 'Editar empresa': every company field; a failed save keeps what was typed. */
export function CompanyDialog({
  open,
  company,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The company to edit; absent to create one. */
  company?: WithId<Company> | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('companies');
  const { toast } = useToast();
  const organizationId = useOrgId();
  const target = orgTarget(organizationId, 'companies');

  const save = async (values: Record<string, unknown>) => {
    if (company) {
      await updateRecord(target, company.id, values, company);
      toast({ title: t('toasts.updated'), variant: 'success' });
    } else {
      const id = await createRecord(target, values);
      toast({ title: t('toasts.created'), variant: 'success' });
      onCreated?.(id);
    }
  };

  return (
    <FormDialog
      open={open}
      title={company ? t('form.editTitle') : t('form.createTitle')}
      initialValues={formValuesFor(companySchema, company)}
      schema={companySchema}
      onSubmit={save}
      onClose={onClose}
    >
      <FormTextField name="name" label={t('form.name')} required autoFocus />
      <EnumSelectField
        name="industry"
        enumName="industry"
        label={t('form.industry')}
        emptyLabel={t('form.noValue')}
      />
      <EnumSelectField
        name="size"
        enumName="companySize"
        label={t('form.size')}
        emptyLabel={t('form.noValue')}
        helperText={t('form.sizePlaceholder')}
      />
      <UrlField name="website" label={t('form.website')} />
      <PhoneField name="phone" label={t('form.phone')} />
      <UrlField name="linkedinUrl" label={t('form.linkedinUrl')} />
      <FormTextField name="city" label={t('form.city')} />
      <FormTextField name="country" label={t('form.country')} />
      <FormTextField name="address" label={t('form.address')} />
      <FormTextField name="notes" label={t('form.notes')} multiline rows={3} />
    </FormDialog>
  );
}
