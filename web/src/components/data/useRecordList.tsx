import Box from '@mui/material/Box';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useToast } from '@/components/toast';
import { actionsColumn, type ListColumn } from './DataList';
import { editDeleteActions, RowActions } from './RowActions';

export interface RecordListConfig<T extends object> {
  /** The section's permission resource: create, edit and delete follow the member's rights. */
  resource: Resource;
  /** The '⋮' menu's accessible name for a row ('Acciones de Café Copán'). */
  rowMenuLabel: (row: WithId<T>) => string;
  /** The actions column's header. */
  actionsHeader: string;
  /** Deletes a row (after the confirmation) and the texts around it. */
  remove: {
    run: (row: WithId<T>) => Promise<void>;
    title: string;
    body: string;
    /** The toast once deleted. */
    done: string;
    /** The failure toast's title ('Error al eliminar'; ConfirmDialog's default otherwise). */
    errorTitle?: string;
  };
}

export interface RecordList<T extends object> {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The record in the edit dialog, 'new' for the create dialog, null when closed. */
  editing: WithId<T> | 'new' | null;
  create(): void;
  edit(row: WithId<T>): void;
  closeEditor(): void;
  /** The actions column: `before` goes ahead of the '⋮' menu (a task's 'complete' check). */
  actionsColumn(before?: (row: WithId<T>) => ReactNode, width?: number): ListColumn<WithId<T>>;
  /** The delete confirmation: render it once in the page. */
  confirmDelete: ReactElement;
}

/**
 * What every list of a section repeats around its rows: the member's rights, the create / edit
 * dialog's state, the row menu with 'Editar' and 'Eliminar', and confirm → delete → toast.
 */
export function useRecordList<T extends object>(config: RecordListConfig<T>): RecordList<T> {
  const { t } = useTranslation();
  const { toast } = useToast();
  const canCreate = useCan(config.resource, 'create');
  const canEdit = useCan(config.resource, 'edit');
  const canDelete = useCan(config.resource, 'delete');
  const [editing, setEditing] = useState<WithId<T> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WithId<T> | null>(null);
  const { remove } = config;

  const menu = (row: WithId<T>) => (
    <RowActions
      label={config.rowMenuLabel(row)}
      actions={editDeleteActions(
        t,
        canEdit && (() => setEditing(row)),
        canDelete && (() => setDeleting(row)),
      )}
    />
  );

  return {
    canCreate,
    canEdit,
    canDelete,
    editing,
    create: () => setEditing('new'),
    edit: (row) => setEditing(row),
    closeEditor: () => setEditing(null),
    actionsColumn: (before, width) =>
      actionsColumn<T>(
        config.actionsHeader,
        before
          ? (row) => (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', height: '100%' }}>
                {before(row)}
                {menu(row)}
              </Box>
            )
          : menu,
        width,
      ),
    confirmDelete: (
      <ConfirmDialog
        open={Boolean(deleting)}
        title={remove.title}
        body={remove.body}
        confirmLabel={t('common.actions.delete')}
        errorTitle={remove.errorTitle}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.run(deleting);
          toast({ title: remove.done, variant: 'success' });
        }}
      />
    ),
  };
}
