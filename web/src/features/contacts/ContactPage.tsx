import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { Contact, WithId } from '@trato/model';
import { DetailFields } from '@/components/data/DetailFields';
import { StatusChip } from '@/components/data/StatusChip';
import {
  editEntryDeletions,
  idsOf,
  orgRecordPath,
  orgTarget,
  useDocument,
  useMembership,
  writeRecords,
  type RecordWrite,
  useOrgId,
} from '@/firebase/dataApi';
import { contactLinks } from '@/components/records/links';
import { ContactListsButton } from '@/components/records/ContactLists';
import { EmailsButton } from '@/components/records/EmailsButton';
import { WhatsAppButton } from '@/components/records/WhatsAppButton';
import { EnrollInSequenceButton } from '@/components/records/EnrollInSequence';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { RecordPage } from '@/components/records/RecordPage';
import { relatedTabs } from '@/components/records/relatedTabs';
import { Timeline } from '@/components/records/Timeline';
import { ConsentButton, EmailConsentValue } from './components/ConsentButton';
import { NotesTab, notesTarget } from './components/NotesTab';
import { PortalButton } from './components/PortalButton';
import { sectionHref } from '@/app/sections';

/** Spec: back and after-delete navigation go to /clientes (which redirects to /contactos). */
const LIST_PATH = sectionHref('contacts');

/** The writes that delete a contact with its notes (and their timeline entries) and its edit entries. */
async function contactDeletion(orgId: string, contact: WithId<Contact>): Promise<RecordWrite[]> {
  const notes = notesTarget(orgId, contact.id);
  const noteIds = await idsOf({ id: 'notes.byContact', parentPath: notes.parentPath });
  // The contact goes in the first batch: with it gone, each note's timeline entry is deleted
  // without a read, so a contact with hundreds of notes fits the rules' read budget per batch
  // (docs/data-model.md, Delete behaviour). A failure after it leaves invisible orphans only.
  const contacts = orgTarget(orgId, 'contacts');
  return [
    { kind: 'delete', target: contacts, id: contact.id },
    ...noteIds.map((id): RecordWrite => ({ kind: 'delete', target: notes, id })),
    ...(await editEntryDeletions(contacts, contact.id)),
  ];
}

/** /contactos/{id}: the contact, its notes, tasks, opportunities, meetings, tickets and activity. */
// The edit dialog stays out of the page's first load, fetched once the page is idle.
const ContactDialog = lazyWithPrefetch(() =>
  import('./components/ContactDialog').then((module) => ({ default: module.ContactDialog })),
);

export default function ContactPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contacts');
  usePrefetchWhenIdle(ContactDialog);
  const organizationId = useOrgId();
  const { can } = useMembership();
  const contact = useDocument(orgRecordPath(organizationId, 'contacts', id));

  const tabs = (record: WithId<Contact>) => [
    {
      key: 'resumen',
      label: t('detail.tabs.summary'),
      render: () => (
        <DetailFields
          fields={[
            {
              label: t('detail.email'),
              value: record.email && <Link href={`mailto:${record.email}`}>{record.email}</Link>,
            },
            {
              label: t('detail.phone'),
              value: record.phone && <Link href={`tel:${record.phone}`}>{record.phone}</Link>,
            },
            { label: t('detail.city'), value: record.city },
            { label: t('detail.country'), value: record.country },
            { label: t('detail.rtn'), value: record.rtn },
            {
              label: t('detail.status'),
              value: <StatusChip enumName="contactStatus" value={record.status} />,
            },
            { label: t('detail.jobTitle'), value: record.jobTitle },
            {
              label: t('detail.lifecycleStage'),
              value: <StatusChip enumName="lifecycleStage" value={record.lifecycleStage} />,
            },
            { label: t('detail.emailConsent'), value: <EmailConsentValue contact={record} /> },
            {
              label: t('detail.linkedinUrl'),
              value: record.linkedinUrl && (
                <Link href={record.linkedinUrl} target="_blank" rel="noopener noreferrer">
                  {record.linkedinUrl}
                </Link>
              ),
            },
          ]}
        />
      ),
    },
    { key: 'notas', label: t('detail.tabs.notes'), render: () => <NotesTab contact={record} /> },
    ...relatedTabs(can, { by: 'contact', id, links: contactLinks(record) }, [
      { kind: 'tasks', key: 'tareas', label: t('detail.tabs.tasks') },
      { kind: 'deals', key: 'oportunidades', label: t('detail.tabs.deals') },
      { kind: 'meetings', key: 'reuniones', label: t('detail.tabs.meetings') },
      { kind: 'tickets', key: 'tickets', label: t('detail.tabs.tickets') },
    ]),
    {
      key: 'actividad',
      label: t('detail.tabs.timeline'),
      render: () => <Timeline by="contact" id={id} />,
    },
  ];

  return (
    <RecordPage
      namespace="contacts"
      resource="contacts"
      listPath={LIST_PATH}
      state={contact}
      title={(record) => record.name}
      subtitle={(record) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {record.jobTitle && <span>{record.jobTitle}</span>}
          {record.companyId && record.companyName && (
            <Link component={RouterLink} to={sectionHref('companies', { id: record.companyId })}>
              {record.companyName}
            </Link>
          )}
          {record.isCustomer && <Chip size="small" color="success" label={t('detail.customer')} />}
        </Box>
      )}
      tabs={tabs}
      edit={{ dialog: (record, close) => <ContactDialog contact={record} onClose={close} /> }}
      onDelete={async (record) => writeRecords(await contactDeletion(organizationId, record))}
      extraActions={(record) => (
        <>
          <EnrollInSequenceButton contactId={record.id} contactName={record.name} />
          <ContactListsButton contact={record} />
          <ConsentButton contact={record} />
          <EmailsButton to={sectionHref('contacts', { id: record.id, page: 'emails' })} />
          <WhatsAppButton to={sectionHref('contacts', { id: record.id, page: 'whatsapp' })} />
          <PortalButton contactId={record.id} />
        </>
      )}
    />
  );
}
