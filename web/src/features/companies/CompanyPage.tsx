import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Company, Contact, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataList } from '@/components/data/DataList';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { RecordTabs } from '@/components/data/RecordTabs';
import { PageHeader } from '@/components/page/PageHeader';
import { useToast } from '@/components/toast';
import {
  deleteRecord,
  orgRecordPath,
  orgRequest,
  orgTarget,
  useCount,
  useDocument,
  useMembership,
  usePagedList,
} from '@/firebase/dataApi';
import { RelatedDeals } from '@/components/records/RelatedDeals';
import { RelatedMeetings } from '@/components/records/RelatedMeetings';
import { BackLink } from '@/components/records/BackLink';
import { NotFoundRecord } from '@/components/records/NotFoundRecord';
import { companyLinks } from '@/components/records/links';
import { RelatedTasks } from '@/components/records/RelatedTasks';
import { Timeline } from '@/components/records/Timeline';
import { enumLabel } from '@/i18n/enums';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { CompanyDialog } from './CompanyDialog';

/** The company's contacts (name, email), each opening the contact. */
function CompanyContacts({ companyId }: { companyId: string }) {
  const { t } = useTranslation('companies');
  const { t: tContacts } = useTranslation('contacts');
  const navigate = useNavigate();
  const { organizationId } = useMembership();
  const list = usePagedList<Contact>(
    organizationId ? orgRequest(organizationId, 'contacts.list+by-companyId', { companyId }) : null,
  );
  const columns: GridColDef<WithId<Contact>>[] = [
    { field: 'name', headerName: tContacts('columns.name'), flex: 1, minWidth: 180 },
    {
      field: 'email',
      headerName: tContacts('columns.email'),
      flex: 1,
      minWidth: 200,
      valueGetter: (v) => v || '-',
    },
    {
      field: 'jobTitle',
      headerName: tContacts('columns.jobTitle'),
      flex: 1,
      minWidth: 140,
      valueGetter: (v) => v || '-',
    },
  ];
  return (
    <DataList
      list={list}
      columns={columns}
      label={t('detail.tabs.contacts')}
      onRowClick={(row) => navigate(`/contactos/${row.id}`)}
      renderCard={(row) => (
        <>
          <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {row.email || '-'}
          </Typography>
        </>
      )}
      empty={
        <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
          {t('detail.noContacts')}
        </Typography>
      }
    />
  );
}

const external = (url: string | null | undefined) =>
  url ? (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </Link>
  ) : null;

/** /empresas/{id}: the company, its contacts, deals, tasks, meetings and activity. */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('companies');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { organizationId, can } = useMembership();
  const canEdit = useCan('companies', 'edit');
  const canDelete = useCan('companies', 'delete');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const company = useDocument<Company>(
    organizationId ? orgRecordPath(organizationId, 'companies', id) : null,
  );
  const contactsCount = useCount(
    organizationId ? orgRequest(organizationId, 'contacts.list+by-companyId', { companyId: id }) : null,
  );

  const back = <BackLink to="/empresas" label={t('detail.back')} />;
  if (company.status === 'success' && company.data === null) {
    return (
      <>
        {back}
        <NotFoundRecord
          title={t('detail.notFound')}
          body={t('detail.notFoundBody')}
          backLabel={t('detail.backToList')}
          backTo="/empresas"
        />
      </>
    );
  }

  const record = company.data;
  const links = record ? companyLinks(record) : {};
  const tabs = record
    ? [
        {
          key: 'resumen',
          label: t('detail.tabs.summary'),
          render: () => (
            <DetailFields
              fields={[
                { label: t('detail.website'), value: external(record.website) },
                { label: t('detail.phone'), value: record.phone },
                { label: t('detail.city'), value: record.city },
                { label: t('detail.country'), value: record.country },
                { label: t('detail.address'), value: record.address },
                { label: t('detail.size'), value: record.size && enumLabel(tc, 'companySize', record.size) },
                { label: t('detail.linkedinUrl'), value: external(record.linkedinUrl) },
                ...(record.notes ? [{ label: t('detail.notes'), value: record.notes }] : []),
              ]}
            />
          ),
        },
        ...(can('contacts', 'view')
          ? [
              {
                key: 'contactos',
                label:
                  contactsCount === null
                    ? t('detail.tabs.contacts')
                    : t('detail.tabs.contactsCount', { count: formatCount(contactsCount, language) }),
                render: () => <CompanyContacts companyId={id} />,
              },
            ]
          : []),
        ...(can('deals', 'view')
          ? [
              {
                key: 'deals',
                label: t('detail.tabs.deals'),
                render: () => <RelatedDeals by="company" id={id} links={links} />,
              },
            ]
          : []),
        ...(can('tasks', 'view')
          ? [
              {
                key: 'tareas',
                label: t('detail.tabs.tasks'),
                render: () => <RelatedTasks by="company" id={id} links={links} />,
              },
            ]
          : []),
        ...(can('meetings', 'view')
          ? [
              {
                key: 'reuniones',
                label: t('detail.tabs.meetings'),
                render: () => <RelatedMeetings by="company" id={id} links={links} />,
              },
            ]
          : []),
        {
          key: 'actividad',
          label: t('detail.tabs.timeline'),
          render: () => <Timeline by="company" id={id} />,
        },
      ]
    : [];

  return (
    <QueryState state={company}>
      {record && (
        <>
          <PageHeader
            before={back}
            title={record.name}
            subtitle={record.industry ? enumLabel(tc, 'industry', record.industry) : undefined}
            actions={
              <>
                {canEdit && (
                  <Button variant="outlined" startIcon={<EditRoundedIcon />} onClick={() => setEditing(true)}>
                    {tc('common.actions.edit')}
                  </Button>
                )}
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
          <RecordTabs tabs={tabs} label={t('detail.tabsLabel')} />
          {editing && <CompanyDialog open company={record} onClose={() => setEditing(false)} />}
          <ConfirmDialog
            open={deleting}
            title={t('delete.title')}
            body={t('delete.body')}
            confirmLabel={tc('common.actions.delete')}
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              // Leave at once (the page would read 'not found' the moment the delete applies
              // locally); a refused delete is toasted and the company stays in the list.
              const done = deleteRecord(orgTarget(organizationId ?? '', 'companies'), record.id);
              navigate('/empresas', { replace: true });
              await done;
              toast({ title: t('toasts.deleted'), variant: 'success' });
            }}
          />
        </>
      )}
    </QueryState>
  );
}
