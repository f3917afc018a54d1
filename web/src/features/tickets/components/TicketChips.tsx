import FlagRoundedIcon from '@mui/icons-material/FlagRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { PORTAL_TICKET_SOURCE, type Ticket } from '@trato/model';
import { enumTone, StatusChip } from '@/components/data/StatusChip';

/**
 * A ticket's status and, when it has one, its priority. The priority reads 'Prioridad alta' (not
 * just 'Alta') since the two chips stand side by side without column headings. With a
 * conversation (issue 34): who it waits for ('Respondió el cliente' / 'Esperando al cliente'), and
 * 'Portal' when the customer opened it there.
 */
export function TicketChips({
  ticket,
}: {
  ticket: Pick<Ticket, 'status' | 'priority' | 'conversationState' | 'source'>;
}) {
  const { t } = useTranslation('tickets');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      <StatusChip enumName="ticketStatus" value={ticket.status} />
      {ticket.priority && (
        <Chip
          size="small"
          variant="outlined"
          color={enumTone('ticketPriority', ticket.priority)}
          icon={<FlagRoundedIcon aria-hidden="true" />}
          label={t(`card.priority.${ticket.priority}`)}
          sx={{ fontWeight: 600 }}
        />
      )}
      {ticket.conversationState === 'customer-replied' && (
        <Chip
          size="small"
          color="warning"
          label={t('conversation.state.customer-replied')}
          sx={{ fontWeight: 600 }}
        />
      )}
      {ticket.conversationState === 'waiting-on-customer' && (
        <Chip size="small" variant="outlined" label={t('conversation.state.waiting-on-customer')} />
      )}
      {ticket.source === PORTAL_TICKET_SOURCE && (
        <Chip size="small" variant="outlined" color="primary" label={t('conversation.via.portal')} />
      )}
    </Box>
  );
}
