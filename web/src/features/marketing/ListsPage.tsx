import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MarketingList, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState } from '@/components/data/EmptyState';
import { useRecordList } from '@/components/data/useRecordList';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { deleteRecord, useDatePreferences, useOrgId } from '@/firebase/dataApi';
import { formatShortDate, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { KindChip, useCriteriaText } from './components/labels';
import { MarketingTabs } from './components/MarketingTabs';
import { listsTarget, useCompanyNames, useListsPage } from './hooks/useLists';

// The form (formik, yup, the criteria's pickers) loads when 'Nueva lista' is first pressed.
const ListDialog = lazyWithPrefetch(() =>
  import('./components/ListDialog').then((m) => ({ default: m.ListDialog })),
);

/**
 * /marketing/listas: the organization's lists, newest first, a server page at a time — each with
 * its kind, what it holds and when it was created; 'Nueva lista', and Editar / Eliminar as the
 * member may. A list opens on its own page (its contacts).
 */
export default function ListsPage() {
  usePrefetchWhenIdle(ListDialog);
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const organizationId = useOrgId();
  const list = useListsPage(organizationId);
  const companyNames = useCompanyNames(
    organizationId,
    list.rows.map((row) => (row.kind === 'segment' ? row.companyId : null)),
  );
  const criteria = useCriteriaText(companyNames);
  const records = useRecordList<MarketingList>({
    resource: 'marketing',
    rowMenuLabel: (row) => t('lists.rowMenu', { name: row.name }),
    actionsHeader: t('lists.columns.actions'),
    remove: {
      run: (row) => deleteRecord(listsTarget(organizationId), row.id),
      title: t('lists.delete.title'),
      body: t('lists.delete.body'),
      done: t('lists.toasts.deleted'),
      errorTitle: t('lists.toasts.deleteFailed'),
    },
  });
  const created = (row: MarketingList) => {
    const millis = millisOf(row.createdAt);
    return millis === null ? '-' : formatShortDate(millis, language, preferences);
  };
  const open = (row: WithId<MarketingList>) =>
    navigate(sectionHref('marketing', { id: row.id, page: 'listas' }));

  const columns: ListColumn<WithId<MarketingList>>[] = [
    { field: 'name', headerName: t('lists.columns.name'), flex: 1.2, minWidth: 180 },
    {
      field: 'kind',
      headerName: t('lists.columns.kind'),
      width: 130,
      renderCell: ({ row }) => <KindChip kind={row.kind} />,
    },
    {
      field: 'criteria',
      headerName: t('lists.columns.criteria'),
      flex: 2,
      minWidth: 220,
      valueGetter: (_value, row) => criteria.line(row),
    },
    {
      field: 'createdAt',
      headerName: t('lists.columns.created'),
      width: 130,
      valueGetter: (_value, row) => created(row),
    },
    records.actionsColumn(),
  ];

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <ListPageHeader
        title={t('lists.title')}
        total={list.total}
        newLabel={t('lists.new')}
        onCreate={records.canCreate ? records.create : undefined}
      />
      <DataList
        list={list}
        columns={columns}
        label={t('lists.title')}
        loadingLabel={t('lists.loading')}
        onRowClick={open}
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.name}</Typography>
              <KindChip kind={row.kind} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {criteria.line(row)}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('lists.createdOn', { date: created(row) })}
            </Typography>
          </Stack>
        )}
        empty={
          <EmptyState
            icon={PlaylistAddRoundedIcon}
            title={t('lists.empty.title')}
            body={t('lists.empty.body')}
            action={
              records.canCreate ? { label: t('lists.empty.action'), onClick: records.create } : undefined
            }
          />
        }
      />
      {records.editing && (
        <Suspense fallback={null}>
          <ListDialog
            organizationId={organizationId}
            list={records.editing === 'new' ? null : records.editing}
            companyName={
              records.editing !== 'new' && records.editing.companyId
                ? (companyNames.get(records.editing.companyId) ?? null)
                : null
            }
            onClose={records.closeEditor}
            onCreated={(id) => navigate(sectionHref('marketing', { id, page: 'listas' }))}
          />
        </Suspense>
      )}
      {records.confirmDelete}
    </Box>
  );
}
