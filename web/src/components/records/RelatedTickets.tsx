import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Ticket, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { StatusChip } from '@/components/data/StatusChip';
import { usePagedList } from '@/firebase/dataApi';
import { formatRelative, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { CreateFromState } from './links';
import { useRelatedRequest, type RelatedProps } from './related';
import { sectionHref } from '@/app/sections';

/**
 * A contact's or company's tickets (Nombre, Estado, Prioridad, Creado), newest first; a row opens
 * the ticket's page and 'Nuevo Ticket' its form page with the contact / company preset.
 */
export function RelatedTickets({ by, id, links }: RelatedProps) {
  const { t } = useTranslation('records');
  const language = useLanguage();
  const navigate = useNavigate();
  const canCreate = useCan('tickets', 'create');
  const list = usePagedList(useRelatedRequest('tickets', by, id));
  const now = Date.now();
  // A ticket just created here has no server time yet: it is 'now'.
  const age = (row: Ticket) => formatRelative(millisOf(row.createdAt) ?? now, now, language);
  const columns: ListColumn<WithId<Ticket>>[] = [
    { field: 'ticketName', headerName: t('ticket.columns.name'), flex: 1.5, minWidth: 200 },
    {
      field: 'status',
      headerName: t('ticket.columns.status'),
      width: 150,
      renderCell: ({ row }) => <StatusChip enumName="ticketStatus" value={row.status} />,
    },
    {
      field: 'priority',
      headerName: t('ticket.columns.priority'),
      width: 130,
      renderCell: ({ row }) => <StatusChip enumName="ticketPriority" value={row.priority} />,
    },
    {
      field: 'createdAt',
      headerName: t('ticket.columns.createdAt'),
      width: 160,
      valueGetter: (_v, row) => age(row),
    },
  ];
  const create = () => {
    const state: CreateFromState = { links };
    navigate(sectionHref('tickets', { page: 'nuevo' }), { state });
  };
  return (
    <Box>
      {canCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={create}>
            {t('ticket.new')}
          </Button>
        </Box>
      )}
      <DataList
        list={list}
        columns={columns}
        label={t('ticket.listLabel')}
        onRowClick={(row) => navigate(sectionHref('tickets', { id: row.id }))}
        renderCard={(row) => (
          <>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.ticketName}</Typography>
            <Typography
              variant="body2"
              component="div"
              sx={{
                color: 'text.secondary',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                mt: 0.5,
              }}
            >
              <StatusChip enumName="ticketStatus" value={row.status} />
              {row.priority && <StatusChip enumName="ticketPriority" value={row.priority} />}
              <span>{age(row)}</span>
            </Typography>
          </>
        )}
        empty={
          <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
            {t('ticket.empty')}
          </Typography>
        }
      />
    </Box>
  );
}
