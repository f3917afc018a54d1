import FlagRoundedIcon from '@mui/icons-material/FlagRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@trato/model';
import { enumTone, StatusChip } from '@/components/data/StatusChip';

/**
 * A ticket's status and, when it has one, its priority. The priority reads 'Prioridad alta' (not
 * just 'Alta') since the two chips stand side by side without column headings.
 */
export function TicketChips({ ticket }: { ticket: Pick<Ticket, 'status' | 'priority'> }) {
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
    </Box>
  );
}
