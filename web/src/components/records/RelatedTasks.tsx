import Typography from '@mui/material/Typography';
import {} from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import type { Task, WithId } from '@trato/model';
import type { ListColumn } from '@/components/data/DataList';
import { RelatedRecords } from '@/components/data/RelatedRecords';
import { StatusChip } from '@/components/data/StatusChip';
import { useRelatedRequest, type RelatedProps } from './related';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';

// The dialog (its form, date fields and pickers) is fetched when the page is idle, not with it.
const TaskDialog = lazyWithPrefetch(() =>
  import('./TaskDialog').then((module) => ({ default: module.TaskDialog })),
);

/** A contact's or company's tasks (Título, Estado, Fecha límite), newest first, with 'Nueva tarea'. */
export function RelatedTasks({ by, id, links }: RelatedProps) {
  usePrefetchWhenIdle(TaskDialog);
  const { t } = useTranslation('records');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const request = useRelatedRequest('tasks', by, id);
  const due = (row: Task) => {
    const millis = millisOf(row.dueDate);
    return millis === null ? '-' : formatDateTime(millis, language, datePreferences);
  };
  const columns: ListColumn<WithId<Task>>[] = [
    { field: 'title', headerName: t('task.columns.title'), flex: 1.5, minWidth: 200 },
    {
      field: 'status',
      headerName: t('task.columns.status'),
      width: 150,
      renderCell: ({ row }) => <StatusChip enumName="taskStatus" value={row.status} />,
    },
    {
      field: 'dueDate',
      headerName: t('task.columns.dueDate'),
      width: 190,
      valueGetter: (_v, row) => due(row),
    },
    ...(by === 'company'
      ? [
          {
            field: 'contactName',
            headerName: t('task.columns.contact'),
            flex: 1,
            minWidth: 140,
            valueGetter: (v: string | null) => v || '-',
          } satisfies ListColumn<WithId<Task>>,
        ]
      : []),
  ];
  return (
    <RelatedRecords
      resource="tasks"
      request={request}
      columns={columns}
      label={t('task.listLabel')}
      emptyText={t('task.empty')}
      newLabel={t('task.new')}
      renderCard={(row) => (
        <>
          <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
          <Typography
            variant="body2"
            component="div"
            sx={{ color: 'text.secondary', display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}
          >
            <StatusChip enumName="taskStatus" value={row.status} /> {due(row)}
          </Typography>
        </>
      )}
      renderDialog={(task, close) => <TaskDialog task={task} links={links} onClose={close} />}
    />
  );
}
