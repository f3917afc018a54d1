import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Company, Contact, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { DetailFields } from '@/components/data/DetailFields';
import {
  deleteRecord,
  orgRecordPath,
  orgRequest,
  orgTarget,
  useCount,
  useDocument,
  useMembership,
  usePagedList,
  useOrgId,
} from '@/firebase/dataApi';
import { companyLinks } from '@/components/records/links';
import { EmailsButton } from '@/components/records/EmailsButton';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { RecordPage } from '@/components/records/RecordPage';
import { relatedTabs } from '@/components/records/relatedTabs';
import { Timeline } from '@/components/records/Timeline';
import { enumLabel } from '@/i18n/enums';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';

/** The company's contacts (name, email), each opening the contact. */
function CompanyContacts({ companyId }: { companyId: string }) {
  const { t } = useTranslation('companies');
  const { t: tContacts } = useTranslation('contacts');
  const navigate = useNavigate();
  const organizationId = useOrgId();
  const list = usePagedList(orgRequest(organizationId, 'contacts.list+by-companyId', { companyId }));
  const columns: ListColumn<WithId<Contact>>[] = [
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
      onRowClick={(row) => navigate(sectionHref('contacts', { id: row.id }))}
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

/** /empresas/{id}: the company, its contacts, deals, tasks, meetings, tickets and activity. */
// The edit dialog stays out of the page's first load, fetched once the page is idle.
const CompanyDialog = lazyWithPrefetch(() =>
  import('./components/CompanyDialog').then((module) => ({ default: module.CompanyDialog })),
);

export default function CompanyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('companies');
  usePrefetchWhenIdle(CompanyDialog);
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const organizationId = useOrgId();
  const { can } = useMembership();
  const company = useDocument(orgRecordPath(organizationId, 'companies', id));
  const contactsCount = useCount(orgRequest(organizationId, 'contacts.list+by-companyId', { companyId: id }));

  const tabs = (record: WithId<Company>) => [
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
    ...relatedTabs(can, { by: 'company', id, links: companyLinks(record) }, [
      { kind: 'deals', key: 'deals', label: t('detail.tabs.deals') },
      { kind: 'tasks', key: 'tareas', label: t('detail.tabs.tasks') },
      { kind: 'meetings', key: 'reuniones', label: t('detail.tabs.meetings') },
      { kind: 'tickets', key: 'tickets', label: t('detail.tabs.tickets') },
    ]),
    {
      key: 'actividad',
      label: t('detail.tabs.timeline'),
      render: () => <Timeline by="company" id={id} />,
    },
  ];

  return (
    <RecordPage
      namespace="companies"
      resource="companies"
      listPath={sectionHref('companies')}
      state={company}
      title={(record) => record.name}
      subtitle={(record) => (record.industry ? enumLabel(tc, 'industry', record.industry) : undefined)}
      tabs={tabs}
      edit={{ dialog: (record, close) => <CompanyDialog open company={record} onClose={close} /> }}
      onDelete={(record) => deleteRecord(orgTarget(organizationId, 'companies'), record.id)}
      extraActions={
        can('contacts', 'view')
          ? (record) => <EmailsButton to={sectionHref('companies', { id: record.id, page: 'emails' })} />
          : undefined
      }
    />
  );
}
