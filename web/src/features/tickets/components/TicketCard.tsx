import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@trato/model';
import { TicketChips } from './TicketChips';

/** One line of a card: a small icon and a text cut to one line (the full text in its title). */
function CardLine({
  icon: Icon,
  label,
  children,
}: {
  icon: SvgIconComponent;
  label: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, color: 'text.secondary' }}>
      <Icon sx={{ fontSize: 18, flexShrink: 0 }} aria-hidden="true" />
      <Typography variant="body2" noWrap title={label} sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A ticket in the list: its name, status and priority, the contact and company it concerns, its
 * owner and how long ago it was opened.
 */
export function TicketCard({
  ticket,
  owner,
  age,
}: {
  ticket: Ticket;
  /** The owner's name ('Sin asignar'); null while the members load. */
  owner: string | null;
  /** 'hace 3 días'. */
  age: string;
}) {
  const { t } = useTranslation('tickets');
  const concerns = [ticket.contactName, ticket.companyName].filter(Boolean).join(' · ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
      <Typography
        component="h2"
        sx={{
          fontWeight: 700,
          fontSize: '1rem',
          lineHeight: 1.4,
          overflowWrap: 'anywhere',
          // Long names take two lines at most, so the cards of a row stay alike.
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {ticket.ticketName}
      </Typography>
      <TicketChips ticket={ticket} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 'auto', pt: 0.5 }}>
        {concerns && (
          <CardLine
            icon={ticket.contactName ? PersonOutlineRoundedIcon : BusinessRoundedIcon}
            label={concerns}
          >
            {concerns}
          </CardLine>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {owner !== null && (
              <CardLine icon={SupportAgentRoundedIcon} label={t('card.owner', { name: owner })}>
                {owner}
              </CardLine>
            )}
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <CardLine icon={ScheduleRoundedIcon} label={t('card.created', { when: age })}>
              {age}
            </CardLine>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
