import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PORTAL_TICKET_SOURCE, type Ticket, type WithId } from '@trato/model';
import { DetailFields } from '@/components/data/DetailFields';
import { StatusChip } from '@/components/data/StatusChip';
import { useMembers } from '@/components/useMembers';
import { RecordPage } from '@/components/records/RecordPage';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import {
  deleteRecord,
  orgRecordPath,
  orgTarget,
  useDocument,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { AttachmentList } from './components/AttachmentList';
import { TicketChips } from './components/TicketChips';
import { TicketConversation } from './components/TicketConversation';
import { ownerName, ticketAge } from './utils/ticketDisplay';
import { sectionHref } from '@/app/sections';
import { useDatePreferences } from '@/firebase/dataApi';

const LIST_PATH = sectionHref('tickets');

/** A link to a related record when the member may open it, else its name. */
function RecordLink({ to, name, allowed }: { to: string; name: string; allowed: boolean }) {
  return allowed ? (
    <Link component={RouterLink} to={to}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

/**
 * /tickets/{id}: every field of the ticket, the files the customer attached, and its conversation
 * (issue 34), with Editar (its own page) and Eliminar for who may.
 */
export default function TicketPage() {
  const { id = '' } = useParams();
  const organizationId = useOrgId();
  const ticket = useDocument(orgRecordPath(organizationId, 'tickets', id));
  return (
    <RecordPage
      namespace="tickets"
      resource="tickets"
      listPath={LIST_PATH}
      state={ticket}
      title={(record) => record.ticketName}
      subtitle={(record) => <TicketChips ticket={record} />}
      edit={{ to: (record) => sectionHref('tickets', { id: record.id, page: 'editar' }) }}
      onDelete={(record) => deleteRecord(orgTarget(organizationId, 'tickets'), record.id)}
      content={(record) => <TicketDetail ticket={record} />}
    />
  );
}

function TicketDetail({ ticket }: { ticket: WithId<Ticket> }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { can } = useMembership();
  const organizationId = useOrgId();
  const members = useMembers();
  useDocumentTitle(`${ticket.ticketName} — Trato`);

  const at = (value: Ticket['createdAt'] | null | undefined) => {
    const millis = millisOf(value);
    return millis === null
      ? null
      : `${formatDateTime(millis, language, datePreferences)} (${ticketAge(value, Date.now(), language)})`;
  };
  const owner = ownerName(
    ticket.ownerId,
    members.status === 'success' ? members.data : members.status === 'error' ? [] : null,
    { none: t('owner.none'), unknown: t('owner.unknown') },
  );

  return (
    <>
      <Stack spacing={2}>
        <Card component="section" aria-labelledby="ticket-fields">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="ticket-fields" component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('detail.fields')}
            </Typography>
            <DetailFields
              fields={[
                {
                  label: t('detail.status'),
                  value: <StatusChip enumName="ticketStatus" value={ticket.status} />,
                },
                {
                  label: t('detail.priority'),
                  value: ticket.priority && <StatusChip enumName="ticketPriority" value={ticket.priority} />,
                },
                { label: t('detail.pipeline'), value: ticket.pipeline },
                {
                  label: t('detail.source'),
                  value:
                    ticket.source === PORTAL_TICKET_SOURCE ? t('conversation.via.portal') : ticket.source,
                },
                { label: t('detail.owner'), value: owner },
                {
                  label: t('detail.contact'),
                  value: ticket.contactId && ticket.contactName && (
                    <RecordLink
                      to={sectionHref('contacts', { id: ticket.contactId })}
                      name={ticket.contactName}
                      allowed={can('contacts', 'view')}
                    />
                  ),
                },
                {
                  label: t('detail.company'),
                  value: ticket.companyId && ticket.companyName && (
                    <RecordLink
                      to={sectionHref('companies', { id: ticket.companyId })}
                      name={ticket.companyName}
                      allowed={can('companies', 'view')}
                    />
                  ),
                },
                { label: t('detail.createdAt'), value: at(ticket.createdAt) },
                { label: t('detail.updatedAt'), value: at(ticket.updatedAt) },
              ]}
            />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="ticket-description">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="ticket-description" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('detail.description')}
            </Typography>
            <Typography
              sx={{
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                color: ticket.description ? 'text.primary' : 'text.secondary',
              }}
            >
              {ticket.description || t('detail.noDescription')}
            </Typography>
            <AttachmentList attachments={ticket.attachments ?? []} />
          </CardContent>
        </Card>
        <TicketConversation ticket={ticket} organizationId={organizationId} />
      </Stack>
    </>
  );
}
