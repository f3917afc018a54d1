import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import type { Task, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { ListEmptyState } from '@/components/data/EmptyState';
import { ListToolbar } from '@/components/data/ListToolbar';
import { StatusChip } from '@/components/data/StatusChip';
import { useListParams } from '@/components/data/useListParams';
import { useRecordList } from '@/components/data/useRecordList';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { useErrorToast, useToast } from '@/components/toast';
import {
  deleteRecord,
  orgRequest,
  orgTarget,
  updateRecord,
  usePagedList,
  useOrgId,
} from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { pendingTasksQuery, pendingTasksValues, visibleTasks } from './utils/pendingTasks';
import { useDatePreferences } from '@/firebase/dataApi';

// The dialog (and its date pickers) loads when it is first opened, not with the page.
const TaskDialog = lazyWithPrefetch(() =>
  import('@/components/records/TaskDialog').then((module) => ({ default: module.TaskDialog })),
);

/**
 * /tareas: the organization's pending tasks, newest first, paged on the server and searched through
 * the search tokens. A row opens 'Editar Tarea'; its check marks it completed (it leaves at once).
 */
export default function TasksPage() {
  usePrefetchWhenIdle(TaskDialog);
  const { t } = useTranslation('tasks');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { toast } = useToast();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const params = useListParams([] as const);
  const target = orgTarget(organizationId, 'tasks');
  const records = useRecordList<Task>({
    resource: 'tasks',
    rowMenuLabel: (row) => t('rowMenu', { title: row.title }),
    actionsHeader: t('columns.actions'),
    remove: {
      run: (row) => deleteRecord(target, row.id),
      title: t('delete.title'),
      body: t('delete.body'),
      done: t('toasts.deleted'),
    },
  });
  const { canCreate, canEdit, editing, create } = records;
  // Tasks marked completed here, hidden before the list's own snapshot drops them.
  const [completing, setCompleting] = useState<ReadonlySet<string>>(new Set());

  const list = usePagedList(
    orgRequest(organizationId, pendingTasksQuery(params.query), pendingTasksValues(params.query)),
  );
  const shown = { ...list, rows: visibleTasks(list.rows, completing) };

  const due = (row: Task) => {
    const millis = millisOf(row.dueDate);
    return millis === null ? '-' : formatDateTime(millis, language, datePreferences);
  };

  const setHidden = (id: string, hidden: boolean) =>
    setCompleting((previous) => {
      const next = new Set(previous);
      if (hidden) next.add(id);
      else next.delete(id);
      return next;
    });
  const complete = async (row: WithId<Task>) => {
    setHidden(row.id, true);
    try {
      await updateRecord(target, row.id, { status: 'completed' }, row);
      toast({ title: t('completed'), variant: 'success' });
    } catch (error) {
      showError(error, t('completeError'));
    } finally {
      // Completed: the live query has dropped it. Refused: it shows again.
      setHidden(row.id, false);
    }
  };

  const columns: ListColumn<WithId<Task>>[] = [
    { field: 'title', headerName: t('columns.title'), flex: 1.6, minWidth: 200 },
    {
      field: 'contactName',
      headerName: t('columns.contact'),
      flex: 1,
      minWidth: 140,
      valueGetter: (value: string | null | undefined) => value || '-',
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 140,
      renderCell: ({ row }) => <StatusChip enumName="taskStatus" value={row.status} />,
    },
    {
      field: 'dueDate',
      headerName: t('columns.dueDate'),
      width: 190,
      valueGetter: (_value, row) => due(row),
    },
    records.actionsColumn(
      (row) =>
        canEdit && (
          <Tooltip title={t('complete')}>
            <IconButton
              size="small"
              color="success"
              aria-label={t('completeNamed', { title: row.title })}
              onClick={(event) => {
                event.stopPropagation(); // the row's own click opens the task
                void complete(row);
              }}
            >
              <CheckCircleOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      112,
    ),
  ];

  return (
    <>
      <ListPageHeader
        title={t('title')}
        total={list.total}
        newLabel={t('new')}
        onCreate={canCreate ? create : undefined}
      />
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('search')} />
      <DataList
        list={shown}
        columns={columns}
        label={t('listLabel')}
        onRowClick={canEdit ? records.edit : undefined}
        renderCard={(row) => (
          <>
            <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
            <Typography
              variant="body2"
              component="div"
              sx={{
                color: 'text.secondary',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                mt: 0.5,
              }}
            >
              <StatusChip enumName="taskStatus" value={row.status} />
              <span>
                {[row.contactName, due(row) === '-' ? null : due(row)].filter(Boolean).join(' · ') || '-'}
              </span>
            </Typography>
          </>
        )}
        empty={
          <ListEmptyState
            icon={TaskAltRoundedIcon}
            texts={t('empty', { returnObjects: true })}
            filtered={Boolean(params.query)}
            onClear={params.clear}
            onCreate={canCreate ? create : undefined}
          />
        }
      />
      {editing && (
        <Suspense fallback={null}>
          <TaskDialog task={editing === 'new' ? null : editing} onClose={records.closeEditor} />
        </Suspense>
      )}
      {records.confirmDelete}
    </>
  );
}
