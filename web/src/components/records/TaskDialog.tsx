import { useTranslation } from 'react-i18next';
import { taskSchema, type Task, type TaskStatus, type WithId } from '@trato/model';
import { DateTimeField } from '@/components/form/DateTimeField';
import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { MemberSelectField } from '@/components/form/MemberSelectField';
import { SelectField } from '@/components/form/SelectField';
import { enumOptions } from '@/i18n/enums';
import { formValuesFor, withRequiredMessage } from '@/components/form/formValues';
import { DeleteAction } from '@/components/form/DeleteAction';
import { useCan } from '@/components/Can';
import { useErrorToast, useToast } from '@/components/toast';
import {
  createRecord,
  deleteRecord,
  orgTarget,
  updateRecord,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import type { RecordLinks } from '@/components/records/links';

/** The contact dialog's message for a missing title (spec §5). */
const schema = withRequiredMessage(taskSchema, ['title'], 'records:task.titleRequired');

/** The dialog offers pending and completed (spec §4); a task in another status keeps it. */
const DIALOG_STATUSES: readonly TaskStatus[] = ['pending', 'completed'];

/**
 * 'Nueva tarea' / 'Editar Tarea', used by the contact and company pages and by /tareas: title,
 * description, status, due date (local, minutes), company, contact, assignees. A new task is
 * assigned to its author and linked to the record it was created from.
 */
export function TaskDialog({
  task,
  links,
  onClose,
}: {
  task?: WithId<Task> | null;
  /** The contact / company it belongs to when created from their page. */
  links?: RecordLinks;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { uid } = useMembership();
  const canDelete = useCan('tasks', 'delete');
  const showError = useErrorToast();
  const target = orgTarget(organizationId, 'tasks');

  const save = async (values: Record<string, unknown>) => {
    if (task) {
      await updateRecord(target, task.id, values, task);
      toast({ title: t('task.updated'), variant: 'success' });
    } else {
      await createRecord(target, values);
      toast({ title: t('task.created'), variant: 'success' });
    }
  };

  // Spec: a task's Eliminar acts at once, without a confirmation.
  const remove = async () => {
    if (!task) return;
    try {
      await deleteRecord(target, task.id);
      toast({ title: t('task.deleted'), variant: 'success' });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormDialog
      open
      title={task ? t('task.editTitle') : t('task.createTitle')}
      initialValues={formValuesFor(schema, task, {
        contactName: task?.contactName ?? links?.contactName ?? '',
        companyName: task?.companyName ?? links?.companyName ?? '',
        ...(task
          ? {}
          : {
              contactId: links?.contactId ?? '',
              companyId: links?.companyId ?? '',
              assigneeIds: uid ? [uid] : [],
            }),
      })}
      schema={schema}
      onSubmit={save}
      onClose={onClose}
      toastInvalid
      extraActions={task && canDelete && <DeleteAction onClick={() => void remove()} />}
    >
      <FormTextField name="title" label={t('task.title')} required autoFocus />
      <FormTextField name="description" label={t('task.description')} multiline minRows={2} />
      <SelectField
        name="status"
        label={t('task.status')}
        options={enumOptions(tc, 'taskStatus').filter(
          (option) => DIALOG_STATUSES.includes(option.value) || option.value === task?.status,
        )}
      />
      <DateTimeField name="dueDate" label={t('task.dueDate')} />
      <EntityPickerField
        name="contactId"
        labelName="contactName"
        label={t('task.contact')}
        queries={PICKERS.contacts}
      />
      <EntityPickerField
        name="companyId"
        labelName="companyName"
        label={t('task.company')}
        queries={PICKERS.companies}
      />
      <MemberSelectField name="assigneeIds" label={t('task.assignees')} />
    </FormDialog>
  );
}
