import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dealSchema, opportunitySchema, type Deal, type WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DateField } from '@/components/form/DateTimeField';
import { DeleteAction } from '@/components/form/DeleteAction';
import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { EnumSelectField } from '@/components/form/SelectField';
import { MoneyField } from '@/components/form/TypedFields';
import { formValuesFor, withRequiredMessage } from '@/components/form/formValues';
import { useToast } from '@/components/toast';
import {
  createRecord,
  deleteRecord,
  orgTarget,
  updateRecord,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import type { RecordLinks } from '@/components/records/links';

/** A contact's opportunity needs its title and client (spec §5: 'Título y cliente son obligatorios'). */
const opportunityForm = withRequiredMessage(
  opportunitySchema,
  ['title', 'primaryContactId'],
  'records:deal.titleAndClient',
);
/** The board's deal needs its title ('El título es requerido'). */
const dealForm = withRequiredMessage(dealSchema, ['title'], 'records:deal.titleRequired');

/**
 * One dialog for the deal and the contact's opportunity (one entity, docs/data-model.md): title,
 * amount, stage, probability, close date, company and contact, notes. `variant` picks the texts
 * and the rule of where it is opened from: 'opportunity' from a contact, 'deal' elsewhere.
 */
export function DealDialog({
  deal,
  links,
  variant = 'deal',
  onClose,
}: {
  deal?: WithId<Deal> | null;
  links?: RecordLinks;
  variant?: 'deal' | 'opportunity';
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { uid } = useMembership();
  const canDelete = useCan('deals', 'delete');
  const [confirming, setConfirming] = useState(false);
  const target = orgTarget(organizationId, 'deals');
  const opportunity = variant === 'opportunity';
  const schema = opportunity ? opportunityForm : dealForm;

  const save = async (values: Record<string, unknown>) => {
    if (deal) {
      await updateRecord(target, deal.id, values, deal);
      toast({ title: opportunity ? t('deal.opportunityUpdated') : t('deal.updated'), variant: 'success' });
    } else {
      // The author owns the deal (only an admin names another owner).
      await createRecord(target, { ...values, ownerId: uid });
      toast({ title: opportunity ? t('deal.opportunityCreated') : t('deal.created'), variant: 'success' });
    }
  };

  const title = deal
    ? opportunity
      ? t('deal.editOpportunity')
      : t('deal.editTitle')
    : opportunity
      ? t('deal.createOpportunity')
      : t('deal.createTitle');

  return (
    <>
      <FormDialog
        open
        title={title}
        initialValues={formValuesFor(schema, deal, {
          primaryContactName: deal?.primaryContactName ?? links?.contactName ?? '',
          companyName: deal?.companyName ?? links?.companyName ?? '',
          ...(deal ? {} : { primaryContactId: links?.contactId ?? '', companyId: links?.companyId ?? '' }),
        })}
        schema={schema}
        onSubmit={save}
        onClose={onClose}
        toastInvalid
        extraActions={deal && canDelete && <DeleteAction onClick={() => setConfirming(true)} />}
      >
        <FormTextField name="title" label={t('deal.title')} required autoFocus />
        <MoneyField name="amount" label={t('deal.amount')} />
        <EnumSelectField name="stage" enumName="dealStage" label={t('deal.stage')} />
        <FormTextField
          name="probability"
          label={t('deal.probability')}
          type="number"
          slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
        />
        <DateField name="closeDate" label={t('deal.closeDate')} />
        <EntityPickerField
          name="primaryContactId"
          labelName="primaryContactName"
          label={t('deal.contact')}
          queries={PICKERS.contacts}
        />
        <EntityPickerField
          name="companyId"
          labelName="companyName"
          label={t('deal.company')}
          queries={PICKERS.companies}
        />
        <FormTextField name="notes" label={t('deal.notes')} multiline minRows={2} />
      </FormDialog>
      {deal && (
        <ConfirmDialog
          open={confirming}
          title={t('deal.deleteTitle')}
          body={t('deal.deleteBody')}
          confirmLabel={tc('common.actions.delete')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await deleteRecord(target, deal.id);
            toast({ title: t('deal.deleted'), variant: 'success' });
            onClose();
          }}
        />
      )}
    </>
  );
}
