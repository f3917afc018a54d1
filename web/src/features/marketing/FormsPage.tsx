import DynamicFormRoundedIcon from '@mui/icons-material/DynamicFormRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Form, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState } from '@/components/data/EmptyState';
import { useRecordList } from '@/components/data/useRecordList';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { deleteRecord, useDatePreferences, useOrgId } from '@/firebase/dataApi';
import { formatShortDate, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { FormStatusChip, useFieldsSummary } from './components/formLabels';
import { MarketingTabs } from './components/MarketingTabs';
import { formsTarget, useFormsPage } from './hooks/useForms';

// The builder (formik, yup, the selects of lists, sequences and members) loads when first opened.
const FormBuilderDialog = lazyWithPrefetch(() =>
  import('./components/FormBuilderDialog').then((m) => ({ default: m.FormBuilderDialog })),
);

/**
 * /marketing/formularios: the organization's lead-capture forms, newest first, a server page at a
 * time — each published or a draft, with the fields it asks, the list it fills and when it was
 * created; 'Nuevo formulario', and Editar / Eliminar as the member may. A form opens on its own
 * page (its address, embed code and submissions).
 */
export default function FormsPage() {
  usePrefetchWhenIdle(FormBuilderDialog);
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const organizationId = useOrgId();
  const list = useFormsPage(organizationId);
  const fieldsOf = useFieldsSummary();
  const records = useRecordList<Form>({
    resource: 'marketing',
    rowMenuLabel: (row) => t('forms.rowMenu', { name: row.name }),
    actionsHeader: t('forms.columns.actions'),
    remove: {
      run: (row) => deleteRecord(formsTarget(organizationId), row.id),
      title: t('forms.delete.title'),
      body: t('forms.delete.body'),
      done: t('forms.toasts.deleted'),
      errorTitle: t('forms.toasts.deleteFailed'),
    },
  });
  const created = (row: Form) => {
    const millis = millisOf(row.createdAt);
    return millis === null ? '-' : formatShortDate(millis, language, preferences);
  };
  const open = (row: WithId<Form>) => navigate(sectionHref('marketing', { id: row.id, page: 'formularios' }));

  const columns: ListColumn<WithId<Form>>[] = [
    { field: 'name', headerName: t('forms.columns.name'), flex: 1.2, minWidth: 180 },
    {
      field: 'published',
      headerName: t('forms.columns.status'),
      width: 130,
      renderCell: ({ row }) => <FormStatusChip published={row.published} />,
    },
    {
      field: 'fields',
      headerName: t('forms.columns.fields'),
      flex: 2,
      minWidth: 220,
      valueGetter: (_value, row) => fieldsOf(row),
    },
    {
      field: 'listName',
      headerName: t('forms.columns.list'),
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => (row.listId ? row.listName || '-' : '-'),
    },
    {
      field: 'createdAt',
      headerName: t('forms.columns.created'),
      width: 130,
      valueGetter: (_value, row) => created(row),
    },
    records.actionsColumn(),
  ];

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <ListPageHeader
        title={t('forms.title')}
        total={list.total}
        newLabel={t('forms.new')}
        onCreate={records.canCreate ? records.create : undefined}
      />
      <DataList
        list={list}
        columns={columns}
        label={t('forms.title')}
        loadingLabel={t('forms.loading')}
        onRowClick={open}
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.name}</Typography>
              <FormStatusChip published={row.published} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {fieldsOf(row)}
            </Typography>
            {row.listId && row.listName && (
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {t('forms.toList', { name: row.listName })}
              </Typography>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('forms.createdOn', { date: created(row) })}
            </Typography>
          </Stack>
        )}
        empty={
          <EmptyState
            icon={DynamicFormRoundedIcon}
            title={t('forms.empty.title')}
            body={t('forms.empty.body')}
            action={
              records.canCreate ? { label: t('forms.empty.action'), onClick: records.create } : undefined
            }
          />
        }
      />
      {records.editing && (
        <Suspense fallback={null}>
          <FormBuilderDialog
            organizationId={organizationId}
            form={records.editing === 'new' ? null : records.editing}
            onClose={records.closeEditor}
            onCreated={(id) => navigate(sectionHref('marketing', { id, page: 'formularios' }))}
          />
        </Suspense>
      )}
      {records.confirmDelete}
    </Box>
  );
}
