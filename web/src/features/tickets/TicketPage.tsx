import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Ticket, WithId } from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { StatusChip } from '@/components/data/StatusChip';
import { useMembers } from '@/components/useMembers';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { useToast } from '@/components/toast';
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
import { TicketChips } from './components/TicketChips';
import { ownerName, ticketAge } from './utils/ticketDisplay';

const LIST_PATH = '/tickets';

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

/** /tickets/{id}: every field of the ticket, with Editar and Eliminar for who may. */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('tickets');
  const organizationId = useOrgId();
  const ticket = useDocument<Ticket>(orgRecordPath(organizationId, 'tickets', id));
  const back = <BackLink to={LIST_PATH} label={t('detail.back')} />;

  if (ticket.status === 'success' && ticket.data === null)
    return <MissingRecord texts={t('detail', { returnObjects: true })} listPath={LIST_PATH} />;
  return (
    <QueryState state={ticket}>{ticket.data && <TicketDetail ticket={ticket.data} back={back} />}</QueryState>
  );
}

function TicketDetail({ ticket, back }: { ticket: WithId<Ticket>; back: ReactNode }) {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { can } = useMembership();
  const members = useMembers();
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(`${ticket.ticketName} — Trato`);

  const at = (value: Ticket['createdAt'] | null | undefined) => {
    const millis = millisOf(value);
    return millis === null
      ? null
      : `${formatDateTime(millis, language)} (${ticketAge(value, Date.now(), language)})`;
  };
  const owner = ownerName(
    ticket.ownerId,
    members.status === 'success' ? members.data : members.status === 'error' ? [] : null,
    { none: t('owner.none'), unknown: t('owner.unknown') },
  );

  return (
    <>
      <PageHeader
        before={back}
        title={ticket.ticketName}
        subtitle={<TicketChips ticket={ticket} />}
        actions={
          <>
            {can('tickets', 'edit') && (
              <Button
                variant="outlined"
                startIcon={<EditRoundedIcon />}
                component={RouterLink}
                to={`/tickets/${ticket.id}/editar`}
              >
                {tc('common.actions.edit')}
              </Button>
            )}
            {can('tickets', 'delete') && (
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
                { label: t('detail.source'), value: ticket.source },
                { label: t('detail.owner'), value: owner },
                {
                  label: t('detail.contact'),
                  value: ticket.contactId && ticket.contactName && (
                    <RecordLink
                      to={`/contactos/${ticket.contactId}`}
                      name={ticket.contactName}
                      allowed={can('contacts', 'view')}
                    />
                  ),
                },
                {
                  label: t('detail.company'),
                  value: ticket.companyId && ticket.companyName && (
                    <RecordLink
                      to={`/empresas/${ticket.companyId}`}
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
          </CardContent>
        </Card>
      </Stack>
      <ConfirmDialog
        open={deleting}
        title={t('delete.title')}
        body={t('delete.body')}
        confirmLabel={tc('common.actions.delete')}
        errorTitle={t('delete.error')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          // Leave as the delete starts (the page would read 'not found' the moment it applies
          // locally); a refused delete is toasted and the ticket stays in the list.
          const done = deleteRecord(orgTarget(organizationId, 'tickets'), ticket.id);
          navigate(LIST_PATH, { replace: true });
          await done;
          toast({ title: t('toasts.deleted'), variant: 'success' });
        }}
      />
    </>
  );
}
