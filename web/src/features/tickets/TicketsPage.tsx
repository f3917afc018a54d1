import ConfirmationNumberRoundedIcon from '@mui/icons-material/ConfirmationNumberRounded';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '@/components/Can';
import { CardGrid } from '@/components/data/CardGrid';
import { ListEmptyState } from '@/components/data/EmptyState';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { useListParams } from '@/components/data/useListParams';
import { useMembers } from '@/components/useMembers';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { listRequest, usePagedList, useOrgId } from '@/firebase/dataApi';
import { enumOptions } from '@/i18n/enums';
import { useLanguage } from '@/i18n/useLanguage';
import { TicketCard } from './components/TicketCard';
import { ownerName, ticketAge } from './utils/ticketDisplay';
import { TICKET_FILTERS, ticketFilters } from './utils/ticketsList';
import { sectionHref } from '@/app/sections';

/**
 * /tickets: the organization's tickets as cards, newest first, paged on the server, searched
 * through the search tokens and filtered by status and priority; each card opens the ticket.
 */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const organizationId = useOrgId();
  const canCreate = useCan('tickets', 'create');
  const params = useListParams(TICKET_FILTERS);
  const filters = ticketFilters(params.filters);
  const members = useMembers();

  const list = usePagedList(listRequest(organizationId, 'tickets', filters, params.query));
  const memberRows = members.status === 'success' ? members.data : members.status === 'error' ? [] : null;
  const ownerLabels = { none: t('owner.none'), unknown: t('owner.unknown') };
  const now = Date.now();

  const create = () => navigate(sectionHref('tickets', { page: 'nuevo' }));
  return (
    <>
      <ListPageHeader
        title={t('title')}
        total={list.total}
        newLabel={t('new')}
        onCreate={canCreate ? create : undefined}
      />
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('search')}>
        <FilterSelect
          label={t('filters.status')}
          value={filters.status}
          onChange={(value) => params.setFilter('status', value)}
          allLabel={t('filters.allStatuses')}
          options={enumOptions(tc, 'ticketStatus')}
        />
        <FilterSelect
          label={t('filters.priority')}
          value={filters.priority}
          onChange={(value) => params.setFilter('priority', value)}
          allLabel={t('filters.allPriorities')}
          options={enumOptions(tc, 'ticketPriority')}
        />
      </ListToolbar>
      <CardGrid
        list={list}
        label={t('listLabel')}
        loadingLabel={t('loading')}
        href={(row) => sectionHref('tickets', { id: row.id })}
        renderCard={(row) => (
          <TicketCard
            ticket={row}
            owner={ownerName(row.ownerId, memberRows, ownerLabels)}
            age={ticketAge(row.createdAt, now, language)}
          />
        )}
        empty={
          <ListEmptyState
            icon={ConfirmationNumberRoundedIcon}
            texts={t('empty', { returnObjects: true })}
            filtered={params.active}
            onClear={params.clear}
            onCreate={canCreate ? create : undefined}
          />
        }
      />
    </>
  );
}
