import { useTranslation } from 'react-i18next';
import { sequenceSchema, type Sequence, type WithId } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord, updateRecord } from '@/firebase/dataApi';
import { useTopics } from '../hooks/useTopics';
import { sequencesTarget } from '../utils/sequenceWrites';
import { topicPatch } from '../utils/topics';
import { TopicField } from './TopicField';

interface SequenceValues {
  name: string;
  description: string | null;
  topicId: string | null;
}

/**
 * 'Nueva Secuencia' (created inactive, then selected) and, given a sequence, 'Editar secuencia'
 * (its owner's): a name (required), a description and a topic (optional: who left it gets none of
 * its emails).
 */
export function NewSequenceDialog({
  organizationId,
  sequence = null,
  onClose,
  onCreated,
}: {
  organizationId: string;
  /** The sequence edited; null: a new one. */
  sequence?: WithId<Sequence> | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const topics = useTopics(organizationId);
  const save = async ({ topicId, ...values }: SequenceValues) => {
    const data = { ...values, ...topicPatch(topicId, topics.data, sequence) };
    if (sequence) {
      await updateRecord(sequencesTarget(organizationId), sequence.id, data, sequence);
      toast({ title: t('saved'), variant: 'success' });
      return;
    }
    // Created inactive (spec §4): steps first, then play.
    const id = await createRecord(sequencesTarget(organizationId), { ...data, isActive: false });
    toast({ title: t('created'), variant: 'success' });
    onCreated?.(id);
  };
  return (
    <FormDialog<SequenceValues>
      open
      title={t(sequence ? 'form.editTitle' : 'form.title')}
      initialValues={{
        name: sequence?.name ?? '',
        description: sequence?.description ?? '',
        topicId: sequence?.topicId ?? null,
      }}
      schema={sequenceSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={sequence ? undefined : t('form.create')}
      errorTitle={t(sequence ? 'saveFailed' : 'createFailed')}
    >
      <FormTextField name="name" label={t('form.name')} required autoFocus />
      <FormTextField name="description" label={t('form.description')} multiline minRows={2} />
      <TopicField topics={topics} former={sequence} />
    </FormDialog>
  );
}
