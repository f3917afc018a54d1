import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { WithId } from '@trato/model';
import type { PagedList } from '@/firebase/dataApi';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/**
 * A server-paged list shown as cards at every width (one column on phones, up to three on wide
 * screens), each card a link to its record; the range and page buttons under it. Loading, error
 * and empty states come from QueryState, as in DataList.
 */
export function CardGrid<T>({
  list,
  label,
  href,
  renderCard,
  empty,
  loadingLabel,
}: {
  list: PagedList<T>;
  /** Accessible name of the list. */
  label: string;
  /** Where a card leads. */
  href: (row: WithId<T>) => string;
  renderCard: (row: WithId<T>) => ReactNode;
  empty: ReactNode;
  loadingLabel?: string;
}) {
  const firstLoad = list.status === 'loading' && list.rows.length === 0;
  return (
    <QueryState
      state={firstLoad ? { status: 'loading', error: null } : list}
      loadingLabel={loadingLabel}
      isEmpty={list.status === 'success' && list.rows.length === 0 && list.page === 0}
      empty={empty}
    >
      <Box
        component="ul"
        aria-label={label}
        aria-busy={list.status === 'loading'}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {list.rows.map((row) => (
          <Box component="li" key={row.id} sx={{ display: 'flex', minWidth: 0 }}>
            <Card variant="outlined" sx={{ flex: 1, display: 'flex', boxShadow: 'none' }}>
              <CardActionArea
                component={RouterLink}
                to={href(row)}
                sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
              >
                <CardContent sx={{ flex: 1, minWidth: 0, py: 1.75 }}>{renderCard(row)}</CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <Pager list={list as PagedList<unknown>} />
    </QueryState>
  );
}
