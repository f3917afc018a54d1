import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Resource, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/data/QueryState';
import { RecordTabs, type RecordTab } from '@/components/data/RecordTabs';
import { PageHeader } from '@/components/page/PageHeader';
import { useToast } from '@/components/toast';
import type { LiveState } from '@/firebase/dataApi';
import { BackLink } from './BackLink';
import { MissingRecord } from './NotFoundRecord';

/** How Editar edits: a dialog over the page, or a page of its own (a ticket's form). */
export type RecordEdit<T> =
  { dialog: (record: WithId<T>, close: () => void) => ReactNode } | { to: (record: WithId<T>) => string };

/**
 * A record's page (/empresas/{id}, /contactos/{id}, /tickets/{id}): 'Volver', the name with its
 * Editar and Eliminar as the member may, then its tabs or its own content; loading, failure and
 * 'no encontrado' states. Texts come from the feature's namespace (detail.back, detail.notFound,
 * detail.notFoundBody, detail.backToList, detail.tabsLabel, delete.title, delete.body,
 * delete.error when it has one, toasts.deleted).
 */
export function RecordPage<T extends object>({
  namespace,
  resource,
  listPath,
  state,
  title,
  subtitle,
  tabs,
  content,
  edit,
  onDelete,
  extraActions,
}: {
  namespace: 'companies' | 'contacts' | 'tickets';
  resource: Resource;
  /** Where 'Volver' and a delete lead. */
  listPath: string;
  state: LiveState<WithId<T> | null>;
  title: (record: WithId<T>) => string;
  subtitle?: (record: WithId<T>) => ReactNode;
  /** The record's tabs (a company's contacts, deals, tasks…), or `content` instead. */
  tabs?: (record: WithId<T>) => RecordTab[];
  content?: (record: WithId<T>) => ReactNode;
  edit: RecordEdit<T>;
  /** Deletes the record (and what goes with it). */
  onDelete: (record: WithId<T>) => Promise<void>;
  /** More header actions before Editar (a contact's 'Inscribir en secuencia'). */
  extraActions?: (record: WithId<T>) => ReactNode;
}) {
  const { t, i18n } = useTranslation(namespace);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const canEdit = useCan(resource, 'edit');
  const canDelete = useCan(resource, 'delete');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const back = <BackLink to={listPath} label={t('detail.back')} />;
  if (state.status === 'success' && state.data === null)
    return <MissingRecord texts={t('detail', { returnObjects: true })} listPath={listPath} />;
  const record = state.data;
  return (
    <QueryState state={state} loadingLabel={tc('common.loading')}>
      {record && (
        <>
          <PageHeader
            before={back}
            title={title(record)}
            subtitle={subtitle?.(record)}
            actions={
              <>
                {extraActions?.(record)}
                {canEdit &&
                  ('to' in edit ? (
                    <Button
                      variant="outlined"
                      startIcon={<EditRoundedIcon />}
                      component={RouterLink}
                      to={edit.to(record)}
                    >
                      {tc('common.actions.edit')}
                    </Button>
                  ) : (
                    <Button
                      variant="outlined"
                      startIcon={<EditRoundedIcon />}
                      onClick={() => setEditing(true)}
                    >
                      {tc('common.actions.edit')}
                    </Button>
                  ))}
                {canDelete && (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteOutlineRoundedIcon />}
                    onClick={() => setDeleting(true)}
                  >
                    {tc('common.actions.delete')}
                  </Button>
                )}
              </>
            }
          />
          {tabs && <RecordTabs tabs={tabs(record)} label={t('detail.tabsLabel')} />}
          {content?.(record)}
          {editing && 'dialog' in edit && (
            // The page's dialog may be lazy (out of its first load).
            <Suspense fallback={null}>{edit.dialog(record, () => setEditing(false))}</Suspense>
          )}
          <ConfirmDialog
            open={deleting}
            title={t('delete.title')}
            body={t('delete.body')}
            confirmLabel={tc('common.actions.delete')}
            errorTitle={i18n.exists(`${namespace}:delete.error`) ? t('delete.error') : undefined}
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              // Leave as the delete starts (the page would read 'not found' the moment it applies
              // locally); a refused delete is toasted and the record stays in the list.
              const done = onDelete(record);
              navigate(listPath, { replace: true });
              await done;
              toast({ title: t('toasts.deleted'), variant: 'success' });
            }}
          />
        </>
      )}
    </QueryState>
  );
}
