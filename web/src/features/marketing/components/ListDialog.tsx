import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ERR, listSchema, type MarketingList, type WithId } from '@trato/model';
import { DateField } from '@/components/form/DateTimeField';
import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { MemberField } from '@/components/form/MemberSelectField';
import { EnumSelectField, SelectField } from '@/components/form/SelectField';
import { useToast } from '@/components/toast';
import { createRecord, updateRecord, useDatePreferences } from '@/firebase/dataApi';
import { listsTarget } from '../hooks/useLists';
import { listFormValues, listWrite, type ListFormValues } from '../utils/criteria';

/** What a day is when typed: its date only (a range bound); the last day may not come before the first. */
const listFormSchema = listSchema.shape({
  createdFrom: yup.date().typeError(ERR.date).nullable().default(null),
  createdTo: yup
    .date()
    .typeError(ERR.date)
    .nullable()
    .default(null)
    .when('createdFrom', ([from], schema) =>
      from instanceof Date && !Number.isNaN(from.getTime())
        ? schema.min(from, 'marketing:lists.form.toBeforeFrom')
        : schema,
    ),
});

/**
 * 'Nueva lista' and 'Editar lista': name, description, kind (fixed once created) and, for a
 * segment, its criteria. A failed save keeps the dialog and what was typed, and says why.
 */
export function ListDialog({
  organizationId,
  list,
  companyName = null,
  onClose,
  onCreated,
}: {
  organizationId: string;
  /** null: a new list. */
  list: WithId<MarketingList> | null;
  /** The name of the list's company criterion (for its picker). */
  companyName?: string | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const { timeZone } = useDatePreferences();
  const isNew = list === null;
  const save = async (values: ListFormValues) => {
    const data = listWrite(values, timeZone, isNew);
    if (list) {
      await updateRecord(listsTarget(organizationId), list.id, data, list);
      toast({ title: t('lists.toasts.saved'), variant: 'success' });
      return;
    }
    const id = await createRecord(listsTarget(organizationId), data);
    toast({ title: t('lists.toasts.created'), variant: 'success' });
    onCreated?.(id);
  };
  return (
    <FormDialog<ListFormValues>
      open
      title={t(isNew ? 'lists.form.newTitle' : 'lists.form.editTitle')}
      initialValues={listFormValues(list, timeZone, companyName)}
      schema={listFormSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={isNew ? t('lists.form.create') : undefined}
      errorTitle={t(isNew ? 'lists.toasts.createFailed' : 'lists.toasts.saveFailed')}
    >
      <ListFields isNew={isNew} />
    </FormDialog>
  );
}

function ListFields({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation('marketing');
  const { values } = useFormikContext<ListFormValues>();
  return (
    <>
      <FormTextField name="name" label={t('lists.form.name')} required autoFocus />
      <FormTextField name="description" label={t('lists.form.description')} multiline minRows={2} />
      <SelectField
        name="kind"
        label={t('lists.form.kind')}
        disabled={!isNew}
        options={[
          { value: 'static', label: t('lists.kind.static') },
          { value: 'segment', label: t('lists.kind.segment') },
        ]}
        helperText={t(
          isNew
            ? values.kind === 'segment'
              ? 'lists.form.segmentHelp'
              : 'lists.form.staticHelp'
            : 'lists.form.kindFixed',
        )}
      />
      {values.kind === 'segment' && <CriteriaFields />}
    </>
  );
}

/** A segment's criteria: each one empty means any; the contacts that meet all those set belong. */
export function CriteriaFields() {
  const { t } = useTranslation('marketing');
  const any = t('lists.form.any');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
        {t('lists.form.criteria')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('lists.form.criteriaHelp')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <EnumSelectField
          name="lifecycleStage"
          enumName="lifecycleStage"
          label={t('lists.form.lifecycleStage')}
          emptyLabel={any}
          displayEmpty
          fullWidth
        />
        <EnumSelectField
          name="contactStatus"
          enumName="contactStatus"
          label={t('lists.form.contactStatus')}
          emptyLabel={any}
          displayEmpty
          fullWidth
        />
        <SelectField
          name="isCustomer"
          label={t('lists.form.isCustomer')}
          emptyLabel={any}
          displayEmpty
          fullWidth
          options={[
            { value: 'yes', label: t('lists.form.yes') },
            { value: 'no', label: t('lists.form.no') },
          ]}
        />
        <SelectField
          name="hasEmail"
          label={t('lists.form.hasEmail')}
          emptyLabel={any}
          displayEmpty
          fullWidth
          options={[
            { value: 'yes', label: t('lists.form.withEmail') },
            { value: 'no', label: t('lists.form.withoutEmail') },
          ]}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <EnumSelectField
            name="emailConsent"
            enumName="consentStatus"
            label={t('lists.form.emailConsent')}
            helperText={t('lists.form.emailConsentHelp')}
            emptyLabel={any}
            displayEmpty
            fullWidth
          />
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <EntityPickerField
            name="companyId"
            labelName="companyName"
            label={t('lists.form.company')}
            queries={PICKERS.companies}
          />
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <MemberField name="ownerId" label={t('lists.form.owner')} />
        </Box>
        <FormTextField name="city" label={t('lists.form.city')} helperText={t('lists.form.exactHelp')} />
        <FormTextField
          name="country"
          label={t('lists.form.country')}
          helperText={t('lists.form.exactHelp')}
        />
        <DateField name="createdFrom" label={t('lists.form.createdFrom')} />
        <DateField
          name="createdTo"
          label={t('lists.form.createdTo')}
          helperText={t('lists.form.createdToHelp')}
        />
      </Box>
    </Box>
  );
}
