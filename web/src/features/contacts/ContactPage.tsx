import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Contact, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { RecordTabs } from '@/components/data/RecordTabs';
import { StatusChip } from '@/components/data/StatusChip';
import { PageHeader } from '@/components/page/PageHeader';
import { useToast } from '@/components/toast';
import {
  idsOf,
  orgRecordPath,
  orgTarget,
  useDocument,
  useMembership,
  writeRecords,
  type RecordWrite,
} from '@/firebase/dataApi';
import { RelatedDeals } from '@/components/records/RelatedDeals';
import { RelatedMeetings } from '@/components/records/RelatedMeetings';
import { BackLink } from '@/components/records/BackLink';
import { NotFoundRecord } from '@/components/records/NotFoundRecord';
import { contactLinks } from '@/components/records/links';
import { RelatedTasks } from '@/components/records/RelatedTasks';
import { Timeline } from '@/components/records/Timeline';
import { ContactDialog } from './ContactDialog';
import { NotesTab, notesTarget } from './NotesTab';

/** Spec: back and after-delete navigation go to /clientes (which redirects to /contactos). */
const LIST_PATH = '/clientes';

/** The writes that delete a contact with its notes (and their timeline entries). */
async function contactDeletion(orgId: string, contact: WithId<Contact>): Promise<RecordWrite[]> {
  const notes = notesTarget(orgId, contact);
  const noteIds = await idsOf({ id: 'notes.byContact', parentPath: notes.parentPath });
  // The contact goes in the first batch: with it gone, each note's timeline entry is deleted
  // without a read, so a contact with hundreds of notes fits the rules' read budget per batch
  // (docs/data-model.md, Delete behaviour). A failure after it leaves invisible orphans only.
  return [
    { kind: 'delete', target: orgTarget(orgId, 'contacts'), id: contact.id },
    ...noteIds.map((id): RecordWrite => ({ kind: 'delete', target: notes, id })),
  ];
}

/** /contactos/{id}: the contact, its notes, tasks, opportunities, meetings and activity. */
export default function ContactPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contacts');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { organizationId, can } = useMembership();
  const canEdit = useCan('contacts', 'edit');
  const canDelete = useCan('contacts', 'delete');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const contact = useDocument<Contact>(organizationId ? orgRecordPath(organizationId, 'contacts', id) : null);

  const back = <BackLink to={LIST_PATH} label={t('detail.back')} />;
  if (contact.status === 'success' && contact.data === null) {
    return (
      <>
        {back}
        <NotFoundRecord
          title={t('detail.notFound')}
          body={t('detail.notFoundBody')}
          backLabel={t('detail.backToList')}
          backTo={LIST_PATH}
        />
      </>
    );
  }

  const record = contact.data;
  const links = record ? contactLinks(record) : {};
  const tabs = record
    ? [
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
        ...(can('tasks', 'view')
          ? [
              {
                key: 'tareas',
                label: t('detail.tabs.tasks'),
                render: () => <RelatedTasks by="contact" id={id} links={links} />,
              },
            ]
          : []),
        ...(can('deals', 'view')
          ? [
              {
                key: 'oportunidades',
                label: t('detail.tabs.deals'),
                render: () => <RelatedDeals by="contact" id={id} links={links} />,
              },
            ]
          : []),
        ...(can('meetings', 'view')
          ? [
              {
                key: 'reuniones',
                label: t('detail.tabs.meetings'),
                render: () => <RelatedMeetings by="contact" id={id} links={links} />,
              },
            ]
          : []),
        {
          key: 'actividad',
          label: t('detail.tabs.timeline'),
          render: () => <Timeline by="contact" id={id} />,
        },
      ]
    : [];

  return (
    <QueryState state={contact} loadingLabel={t('detail.loading')}>
      {record && (
        <>
          <PageHeader
            before={back}
            title={record.name}
            subtitle={
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                {record.jobTitle && <span>{record.jobTitle}</span>}
                {record.companyId && record.companyName && (
                  <Link component={RouterLink} to={`/empresas/${record.companyId}`}>
                    {record.companyName}
                  </Link>
                )}
                {record.isCustomer && <Chip size="small" color="success" label={t('detail.customer')} />}
              </Box>
            }
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
          {editing && <ContactDialog contact={record} onClose={() => setEditing(false)} />}
          <ConfirmDialog
            open={deleting}
            title={t('delete.title')}
            body={t('delete.body')}
            confirmLabel={tc('common.actions.delete')}
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              const writes = await contactDeletion(organizationId ?? '', record);
              // Leave as the delete starts (the page would read 'not found' the moment it applies
              // locally); a refused delete is toasted and the contact stays in the list.
              const done = writeRecords(writes);
              navigate(LIST_PATH, { replace: true });
              await done;
              toast({ title: t('toasts.deleted'), variant: 'success' });
            }}
          />
        </>
      )}
    </QueryState>
  );
}
