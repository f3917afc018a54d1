import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Company, WithId } from '@trato/model';
import { CsvListActions } from '@/components/csv/CsvListActions';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { ListEmptyState } from '@/components/data/EmptyState';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { useListParams } from '@/components/data/useListParams';
import { useRecordList } from '@/components/data/useRecordList';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { deleteRecord, listRequest, orgTarget, usePagedList, useOrgId } from '@/firebase/dataApi';
import { enumLabel, enumOptions } from '@/i18n/enums';
import { sectionHref } from '@/app/sections';

/** /empresas: newest first, paged on the server, searched by name, city or industry. */
// The create/edit dialog (formik, yup) stays out of the list's first load; fetched once the page
// is idle so that 'Nueva empresa' opens at once.
const CompanyDialog = lazyWithPrefetch(() =>
  import('./components/CompanyDialog').then((module) => ({ default: module.CompanyDialog })),
);

export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  usePrefetchWhenIdle(CompanyDialog);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const organizationId = useOrgId();
  const params = useListParams(['industry', 'size'] as const);
  const records = useRecordList<Company>({
    resource: 'companies',
    rowMenuLabel: (row) => t('rowMenu', { name: row.name }),
    actionsHeader: t('columns.actions'),
    remove: {
      run: (row) => deleteRecord(orgTarget(organizationId, 'companies'), row.id),
      title: t('delete.title'),
      body: t('delete.body'),
      done: t('toasts.deleted'),
    },
  });
  const { canCreate, editing, create } = records;

  const filters = { industry: params.filters.industry, size: params.filters.size };
  const request = listRequest(organizationId, 'companies', filters, params.query);
  const list = usePagedList(request);

  const industryLabel = (row: Company) => (row.industry ? enumLabel(tc, 'industry', row.industry) : '-');
  const columns: ListColumn<WithId<Company>>[] = [
    { field: 'name', headerName: t('columns.name'), flex: 1.4, minWidth: 200 },
    {
      field: 'industry',
      headerName: t('columns.industry'),
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => industryLabel(row),
    },
    { field: 'city', headerName: t('columns.city'), flex: 1, minWidth: 120, valueGetter: (v) => v || '-' },
    { field: 'phone', headerName: t('columns.phone'), flex: 1, minWidth: 140, valueGetter: (v) => v || '-' },
    records.actionsColumn(),
  ];

  return (
    <>
      <ListPageHeader
        title={t('title')}
        total={list.total}
        newLabel={t('new')}
        onCreate={canCreate ? create : undefined}
        extraActions={
          <CsvListActions
            entity="companies"
            labels={{ import: t('csv.import'), export: t('csv.export') }}
            canImport={canCreate}
            exportScope={request && { request, total: list.total }}
          />
        }
      />
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('search')}>
        <FilterSelect
          label={t('filters.industry')}
          value={params.filters.industry}
          onChange={(value) => params.setFilter('industry', value)}
          allLabel={t('filters.allIndustries')}
          options={enumOptions(tc, 'industry')}
        />
        <FilterSelect
          label={t('filters.size')}
          value={params.filters.size}
          onChange={(value) => params.setFilter('size', value)}
          allLabel={t('filters.allSizes')}
          options={enumOptions(tc, 'companySize')}
        />
      </ListToolbar>
      <DataList
        list={list}
        columns={columns}
        label={t('listLabel')}
        onRowClick={(row) => navigate(sectionHref('companies', { id: row.id }))}
        renderCard={(row) => (
          <>
            <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[row.industry && industryLabel(row), row.city, row.phone].filter(Boolean).join(' · ') || '-'}
            </Typography>
          </>
        )}
        empty={
          <ListEmptyState
            icon={BusinessRoundedIcon}
            texts={t('empty', { returnObjects: true })}
            filtered={params.active}
            onClear={params.clear}
            onCreate={canCreate ? create : undefined}
          />
        }
      />
      {editing && (
        <Suspense fallback={null}>
          <CompanyDialog
            open
            company={editing === 'new' ? null : editing}
            onClose={records.closeEditor}
            onCreated={(id) => navigate(sectionHref('companies', { id }))}
          />
        </Suspense>
      )}
      {records.confirmDelete}
    </>
  );
}
