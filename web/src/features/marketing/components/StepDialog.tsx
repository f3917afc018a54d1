import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MERGE_FIELDS,
  mergeTag,
  mergeValuesFor,
  renderTemplate,
  stepSchema,
  unknownMergeTags,
  type SequenceStep,
  type WithId,
} from '@trato/model';
import { EntityPicker, PICKERS, type PickedRecord } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord, orgRecordPath, useDocument, useMembership } from '@/firebase/dataApi';
import { insertAt } from '../utils/insertAt';
import { nextStepOrder, stepsTarget } from '../utils/sequenceWrites';

interface StepValues {
  type: 'email';
  subject: string;
  body: string;
  delayDays: number;
}

type Field = 'subject' | 'body';

/**
 * 'Agregar Paso': subject and body with merge-field chips that insert at the cursor, the delay in
 * days (0 by default), and a preview rendered for a chosen contact. The step goes last.
 */
export function StepDialog({
  organizationId,
  sequenceId,
  steps,
  onClose,
}: {
  organizationId: string;
  sequenceId: string;
  steps: readonly WithId<SequenceStep>[];
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const save = async (values: StepValues) => {
    await createRecord(stepsTarget(organizationId, sequenceId), {
      ...values,
      type: 'email',
      delayDays: Number(values.delayDays),
      stepOrder: nextStepOrder(steps),
    });
    toast({ title: t('steps.added'), variant: 'success' });
  };
  return (
    <FormDialog<StepValues>
      open
      title={t('stepForm.title')}
      initialValues={{ type: 'email', subject: '', body: '', delayDays: 0 }}
      schema={stepSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t('stepForm.save')}
      errorTitle={t('steps.addFailed')}
    >
      <StepFields organizationId={organizationId} />
    </FormDialog>
  );
}

function StepFields({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('marketing');
  const { values, setFieldValue } = useFormikContext<StepValues>();
  // Where a chip inserts: the field last focused and its cursor (the body by default).
  const target = useRef<{ field: Field; at: number | null }>({ field: 'body', at: null });
  const track = (field: Field) => (event: React.SyntheticEvent) => {
    const input = event.target as HTMLInputElement | HTMLTextAreaElement;
    target.current = { field, at: input.selectionStart };
  };
  const insert = (tag: string) => {
    const { field, at } = target.current;
    const next = insertAt(values[field], tag, at);
    void setFieldValue(field, next.text);
    target.current = { field, at: next.cursor };
  };
  const unknown = [...new Set([...unknownMergeTags(values.subject), ...unknownMergeTags(values.body)])];

  return (
    <>
      <FormTextField
        name="subject"
        label={t('stepForm.subject')}
        required
        autoFocus
        onSelect={track('subject')}
      />
      <FormTextField
        name="body"
        label={t('stepForm.body')}
        required
        multiline
        minRows={5}
        onSelect={track('body')}
      />
      <Box>
        <Typography variant="body2" id="merge-fields-label" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('stepForm.mergeFields')}
        </Typography>
        <Stack
          direction="row"
          role="group"
          aria-labelledby="merge-fields-label"
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {MERGE_FIELDS.map((field) => (
            <Chip
              key={field.key}
              label={mergeTag(field.key)}
              variant="outlined"
              color="primary"
              size="small"
              // 'Insertar {{nombre}} (Nombre)': the tag it shows, then what it stands for.
              aria-label={t('stepForm.insert', {
                tag: mergeTag(field.key),
                field: t(`mergeFields.${field.key}`),
              })}
              // Keep the text field's cursor: the chip must not take the focus on press.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(mergeTag(field.key))}
            />
          ))}
        </Stack>
      </Box>
      {unknown.length > 0 && (
        <Alert severity="warning">{t('stepForm.unknownTags', { tags: unknown.join(', ') })}</Alert>
      )}
      <FormTextField
        name="delayDays"
        label={t('stepForm.delayDays')}
        type="number"
        helperText={t('stepForm.delayHelp')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        sx={{ maxWidth: 220 }}
      />
      <Divider />
      <Preview organizationId={organizationId} subject={values.subject} body={values.body} />
    </>
  );
}

/** The step as a chosen contact would get it (the same rendering the sender uses). */
function Preview({
  organizationId,
  subject,
  body,
}: {
  organizationId: string;
  subject: string;
  body: string;
}) {
  const { t } = useTranslation('marketing');
  const membership = useMembership();
  const [picked, setPicked] = useState<PickedRecord | null>(null);
  const contact = useDocument(picked ? orgRecordPath(organizationId, 'contacts', picked.id) : null);
  const values = contact.data ? mergeValuesFor(contact.data, membership.profile?.fullName ?? '') : null;
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {t('stepForm.preview')}
      </Typography>
      <EntityPicker
        id="step-preview-contact"
        label={t('stepForm.previewFor')}
        queries={PICKERS.contacts}
        value={picked}
        onChange={setPicked}
        size="small"
      />
      <Box
        data-testid="step-preview"
        sx={{ mt: 1.5, p: 2, borderRadius: 2, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
      >
        {values ? (
          <>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{renderTemplate(subject, values)}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{renderTemplate(body, values)}</Typography>
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('stepForm.previewEmpty')}</Typography>
        )}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('stepForm.unsubscribeNote')}
        </Typography>
      </Box>
    </Box>
  );
}
