import { useTranslation } from 'react-i18next';
import { sequenceSchema } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord } from '@/firebase/dataApi';
import { sequencesTarget } from '../utils/sequenceWrites';

/** 'Nueva Secuencia': a name (required) and a description; created inactive, then selected. */
export function NewSequenceDialog({
  organizationId,
  onClose,
  onCreated,
}: {
  organizationId: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const save = async (values: { name: string; description: string }) => {
    // Created inactive (spec §4): steps first, then play.
    const id = await createRecord(sequencesTarget(organizationId), { ...values, isActive: false });
    toast({ title: t('created'), variant: 'success' });
    onCreated(id);
  };
  return (
    <FormDialog
      open
      title={t('form.title')}
      initialValues={{ name: '', description: '' }}
      schema={sequenceSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t('form.create')}
      errorTitle={t('createFailed')}
    >
      <FormTextField name="name" label={t('form.name')} required autoFocus />
      <FormTextField name="description" label={t('form.description')} multiline minRows={2} />
    </FormDialog>
  );
}
