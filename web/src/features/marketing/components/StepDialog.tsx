import Divider from '@mui/material/Divider';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { stepSchema, type SequenceStep, type WithId } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord } from '@/firebase/dataApi';
import { nextStepOrder, stepsTarget } from '../utils/sequenceWrites';
import { MessageFields, MessagePreview } from './MessageFields';

interface StepValues {
  type: 'email';
  subject: string;
  body: string;
  delayDays: number;
}

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
  const { values } = useFormikContext<StepValues>();
  return (
    <>
      <MessageFields autoFocus />
      <FormTextField
        name="delayDays"
        label={t('stepForm.delayDays')}
        type="number"
        helperText={t('stepForm.delayHelp')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        sx={{ maxWidth: 220 }}
      />
      <Divider />
      <MessagePreview organizationId={organizationId} subject={values.subject} body={values.body} />
    </>
  );
}
