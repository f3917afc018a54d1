import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_FIELD_KEYS, FORM_FIELD_MODES, formFieldProp, type Form, type WithId } from '@trato/model';
import { LoadingBlock } from '@/components/data/QueryState';
import { useFieldState } from '@/components/form/fieldState';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { SelectField, type SelectOption } from '@/components/form/SelectField';
import { useMembers } from '@/components/useMembers';
import { useToast } from '@/components/toast';
import { createRecord, updateRecord } from '@/firebase/dataApi';
import { formsTarget } from '../hooks/useForms';
import { useAllLists } from '../hooks/useLists';
import { useSequenceList } from '../hooks/useSequences';
import { formBuilderSchema, formBuilderValues, formWrite, type FormBuilderValues } from '../utils/forms';

/**
 * 'Nuevo formulario' and 'Editar formulario': name; the mode of each optional field (the name is
 * always required); the consent checkbox with its text in Spanish and English, and double opt-in;
 * what the visitor sees after sending (a thank-you text in each language, or another page); the
 * follow-ups (a static list, a sequence, a member told); published or not. A failed save keeps the
 * dialog and what was typed, and says why.
 */
export function FormBuilderDialog({
  organizationId,
  form,
  onClose,
  onCreated,
}: {
  organizationId: string;
  /** null: a new form. */
  form: WithId<Form> | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const lists = useAllLists(organizationId);
  const sequences = useSequenceList(organizationId);
  const members = useMembers();
  const isNew = form === null;
  const save = async (values: FormBuilderValues) => {
    const data = formWrite(values, {
      // The chosen list's and sequence's names; an edit keeps those of one deleted since.
      listName:
        lists.data?.find((list) => list.id === values.listId)?.name ??
        (values.listId === form?.listId ? (form?.listName ?? null) : null),
      sequenceName:
        sequences.data?.find((sequence) => sequence.id === values.sequenceId)?.name ??
        (values.sequenceId === form?.sequenceId ? (form?.sequenceName ?? null) : null),
    });
    if (form) {
      await updateRecord(formsTarget(organizationId), form.id, data, form);
      toast({ title: t('forms.toasts.saved'), variant: 'success' });
      return;
    }
    const id = await createRecord(formsTarget(organizationId), data);
    toast({ title: t('forms.toasts.created'), variant: 'success' });
    onCreated?.(id);
  };

  const loading = [lists, sequences, members].some((state) => state.status === 'loading');
  const choices: Choices = {
    lists: (lists.data ?? [])
      .filter((list) => list.kind === 'static')
      .map((list) => ({ value: list.id, label: list.name })),
    sequences: (sequences.data ?? []).map((sequence) => ({
      value: sequence.id,
      label: sequence.isActive ? sequence.name : t('forms.form.pausedSequence', { name: sequence.name }),
    })),
    members: (members.data ?? []).map((member) => ({ value: member.id, label: member.fullName })),
  };
  // What an edited form names that is no longer offered (deleted since) stays chosen, marked.
  if (form?.listId && !choices.lists.some((o) => o.value === form.listId))
    choices.lists.unshift({
      value: form.listId,
      label: t('forms.form.deletedChoice', { name: form.listName ?? '' }),
    });
  if (form?.sequenceId && !choices.sequences.some((o) => o.value === form.sequenceId))
    choices.sequences.unshift({
      value: form.sequenceId,
      label: t('forms.form.deletedChoice', { name: form.sequenceName ?? '' }),
    });
  if (form?.notifyUid && !choices.members.some((o) => o.value === form.notifyUid))
    choices.members.unshift({ value: form.notifyUid, label: t('forms.form.formerMember') });

  return (
    <FormDialog<FormBuilderValues>
      open
      title={t(isNew ? 'forms.form.newTitle' : 'forms.form.editTitle')}
      initialValues={formBuilderValues(form)}
      schema={formBuilderSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={isNew ? t('forms.form.create') : undefined}
      errorTitle={t(isNew ? 'forms.toasts.createFailed' : 'forms.toasts.saveFailed')}
    >
      <BuilderFields choices={loading ? null : choices} />
    </FormDialog>
  );
}

interface Choices {
  lists: SelectOption[];
  sequences: SelectOption[];
  members: SelectOption[];
}

/** A titled group of the builder's fields (a fieldset named by its legend). */
function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {help}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>{children}</Box>
    </Box>
  );
}

/** A yes/no choice bound to Formik, as a switch with its explanation under it. */
function SwitchField({ name, label, help }: { name: string; label: string; help?: string }) {
  const { field, helpers } = useFieldState<boolean>(name);
  const helpId = `field-${name}-help`;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            id={`field-${name}`}
            name={name}
            checked={Boolean(field.value)}
            onChange={(event) => void helpers.setValue(event.target.checked)}
            slotProps={{ input: help ? { 'aria-describedby': helpId } : undefined }}
          />
        }
        label={label}
      />
      {help && (
        <FormHelperText id={helpId} sx={{ mt: 0, ml: 0 }}>
          {help}
        </FormHelperText>
      )}
    </Box>
  );
}

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
};

function BuilderFields({ choices }: { choices: Choices | null }) {
  const { t } = useTranslation('marketing');
  const { values } = useFormikContext<FormBuilderValues>();
  const modeOptions = FORM_FIELD_MODES.map((mode) => ({ value: mode, label: t(`forms.modes.${mode}`) }));
  return (
    <>
      <FormTextField
        name="name"
        label={t('forms.form.name')}
        helperText={t('forms.form.nameHelp')}
        required
        autoFocus
      />
      <Section title={t('forms.form.fields')} help={t('forms.form.fieldsHelp')}>
        <Box sx={twoColumns}>
          <OutlinedSelect
            id="field-nameField"
            label={t('forms.fieldNames.name')}
            value="required"
            onChange={() => undefined}
            options={modeOptions}
            helperText={t('forms.form.nameAlways')}
            disabled
            fullWidth
          />
          {FORM_FIELD_KEYS.map((key) => (
            <SelectField
              key={key}
              name={formFieldProp(key)}
              label={t(`forms.fieldNames.${key}`)}
              options={modeOptions}
              fullWidth
            />
          ))}
        </Box>
      </Section>
      <Section title={t('forms.form.consent')}>
        <SwitchField
          name="askConsent"
          label={t('forms.form.askConsent')}
          help={t('forms.form.askConsentHelp')}
        />
        {values.askConsent && (
          <>
            <FormTextField
              name="consentTextEs"
              label={t('forms.form.consentTextEs')}
              helperText={t('forms.form.consentTextHelp')}
              required
              multiline
              minRows={2}
            />
            <FormTextField
              name="consentTextEn"
              label={t('forms.form.consentTextEn')}
              helperText={t('forms.form.consentTextHelp')}
              required
              multiline
              minRows={2}
            />
            <SwitchField
              name="doubleOptIn"
              label={t('forms.form.doubleOptIn')}
              help={t('forms.form.doubleOptInHelp')}
            />
          </>
        )}
      </Section>
      <Section title={t('forms.form.afterSend')}>
        <SelectField
          name="afterSend"
          label={t('forms.form.afterSendChoice')}
          fullWidth
          options={[
            { value: 'thanks', label: t('forms.form.thanks') },
            { value: 'redirect', label: t('forms.form.redirect') },
          ]}
        />
        {values.afterSend === 'redirect' ? (
          <FormTextField
            name="redirectUrl"
            type="url"
            label={t('forms.form.redirectUrl')}
            helperText={t('forms.form.redirectHelp')}
            placeholder="https://"
            required
          />
        ) : (
          <>
            <FormTextField
              name="thankYouEs"
              label={t('forms.form.thankYouEs')}
              helperText={t('forms.form.thankYouHelp')}
              multiline
              minRows={2}
            />
            <FormTextField
              name="thankYouEn"
              label={t('forms.form.thankYouEn')}
              helperText={t('forms.form.thankYouHelp')}
              multiline
              minRows={2}
            />
          </>
        )}
      </Section>
      <Section title={t('forms.form.followUp')} help={t('forms.form.followUpHelp')}>
        {choices ? (
          <>
            <SelectField
              name="listId"
              label={t('forms.form.list')}
              emptyLabel={t('forms.form.none')}
              displayEmpty
              fullWidth
              options={choices.lists}
              helperText={t(choices.lists.length ? 'forms.form.listHelp' : 'forms.form.noStaticLists')}
            />
            <SelectField
              name="sequenceId"
              label={t('forms.form.sequence')}
              emptyLabel={t('forms.form.none')}
              displayEmpty
              fullWidth
              options={choices.sequences}
              helperText={t('forms.form.sequenceHelp')}
            />
            <SelectField
              name="notifyUid"
              label={t('forms.form.notify')}
              emptyLabel={t('forms.form.nobody')}
              displayEmpty
              fullWidth
              options={choices.members}
              helperText={t('forms.form.notifyHelp')}
            />
          </>
        ) : (
          <LoadingBlock label={t('forms.form.loadingChoices')} />
        )}
      </Section>
      <SwitchField name="published" label={t('forms.form.published')} help={t('forms.form.publishedHelp')} />
    </>
  );
}
