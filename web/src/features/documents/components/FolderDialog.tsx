import { useTranslation } from 'react-i18next';
import { folderSchema } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createFolder } from '../hooks/useDocuments';

/** 'Nueva Carpeta': a name (Crear stays disabled until one is typed), in the folder shown. */
export function FolderDialog({
  organizationId,
  parentId,
  onClose,
}: {
  organizationId: string;
  parentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const { toast } = useToast();
  const save = async ({ name }: { name: string }) => {
    await createFolder(organizationId, name, parentId);
    toast({ title: t('folder.created'), variant: 'success' });
  };
  return (
    <FormDialog
      open
      title={t('folder.createTitle')}
      initialValues={{ name: '' }}
      schema={folderSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t('folder.create')}
      errorTitle={t('folder.createError')}
      canSubmit={({ name }) => name.trim().length > 0}
    >
      <FormTextField name="name" label={t('folder.name')} required autoFocus />
    </FormDialog>
  );
}
