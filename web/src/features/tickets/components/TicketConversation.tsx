import HttpsRoundedIcon from '@mui/icons-material/HttpsRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Contact, Ticket, TicketReply, WithId } from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import {
  orgRecordPath,
  useDatePreferences,
  useDocument,
  useLiveList,
  useMembership,
} from '@/firebase/dataApi';
import { repliesRequest } from '@/firebase/portal';
import { formatDateTime, formatRelative, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { AttachmentList } from './AttachmentList';
import { ReplyComposer } from './ReplyComposer';

/** One reply or note: who, when, where it was written, and what. Internal notes read apart (tinted, locked). */
function ReplyItem({ reply, now }: { reply: WithId<TicketReply>; now: number }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const internal = reply.visibility === 'internal';
  const customer = reply.authorType === 'customer';
  const at = millisOf(reply.createdAt);
  return (
    <Box
      component="li"
      data-testid="ticket-reply"
      data-visibility={reply.visibility}
      sx={{
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderLeft: 4,
        borderColor: internal ? '#FACC15' : 'divider',
        borderLeftColor: internal ? '#CA8A04' : customer ? 'primary.main' : 'grey.400',
        bgcolor: internal ? '#FEFCE8' : customer ? 'rgba(67, 56, 202, 0.04)' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 0.75 }}>
        <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {reply.authorName}
        </Typography>
        {customer && (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            {t('conversation.customer')}
          </Typography>
        )}
        {internal ? (
          <Chip
            size="small"
            icon={<HttpsRoundedIcon aria-hidden="true" />}
            label={t('conversation.internalLabel')}
            sx={{
              bgcolor: '#FEF08A',
              color: '#713F12',
              fontWeight: 700,
              '& .MuiChip-icon': { color: '#854D0E' },
            }}
          />
        ) : (
          <Chip size="small" variant="outlined" label={t('conversation.publicLabel')} />
        )}
        <Chip size="small" variant="outlined" label={t(`conversation.via.${reply.via}`)} />
        {at !== null && (
          <Typography
            component="time"
            variant="caption"
            dateTime={new Date(at).toISOString()}
            title={formatDateTime(at, language, datePreferences)}
            sx={{ color: 'text.secondary', ml: 'auto' }}
          >
            {formatRelative(at, now, language)}
          </Typography>
        )}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.body}</Typography>
      <AttachmentList attachments={reply.attachments ?? []} />
    </Box>
  );
}

/**
 * The ticket's conversation, live and oldest first ('replies.byTicket'): the customer's replies,
 * the team's public replies and internal notes; below them the composer for members who may edit
 * tickets.
 */
export function TicketConversation({
  ticket,
  organizationId,
}: {
  ticket: WithId<Ticket>;
  organizationId: string;
}) {
  const { t } = useTranslation('tickets');
  const { can } = useMembership();
  const replies = useLiveList(repliesRequest(organizationId, ticket.id));
  const canReply = can('tickets', 'edit');
  // The contact's e-mail says where a public reply goes (read only when the member may see contacts).
  const readsContact = canReply && Boolean(ticket.contactId) && can('contacts', 'view');
  const contact = useDocument(
    readsContact && ticket.contactId ? orgRecordPath(organizationId, 'contacts', ticket.contactId) : null,
  );
  const contactData = contact.data as WithId<Contact> | null;
  const contactEmail =
    !readsContact || contact.status !== 'success' ? undefined : (contactData?.email ?? null);
  const now = Date.now();
  return (
    <Card component="section" aria-labelledby="ticket-conversation">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="ticket-conversation" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('conversation.title')}
        </Typography>
        <QueryState
          state={replies}
          loadingLabel={t('conversation.loading')}
          errorTitle={t('conversation.loadError')}
          isEmpty={replies.data?.length === 0}
          empty={<Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('conversation.empty')}</Typography>}
        >
          <Box
            component="ol"
            aria-label={t('conversation.title')}
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {(replies.data ?? []).map((reply) => (
              <ReplyItem key={reply.id} reply={reply} now={now} />
            ))}
          </Box>
        </QueryState>
        {canReply && (
          <ReplyComposer
            organizationId={organizationId}
            ticketId={ticket.id}
            contact={
              ticket.contactId
                ? { name: ticket.contactName ?? contactData?.name ?? null, email: contactEmail }
                : null
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
