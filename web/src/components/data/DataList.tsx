import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import ButtonBase from '@mui/material/ButtonBase';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { WithId } from '@trato/model';
import type { PagedList } from '@/firebase/dataApi';
import { type ListColumn, type ListSelection, ListTable } from './ListTable';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

export type { ListColumn, ListSelection } from './ListTable';

/** What DataList shows: a paged list from usePagedList (firebase/hooks). */
export type PagedRows<T> = PagedList<T>;

/**
 * A server-paged list: a table of our own on wider screens (ListTable; MUI X Data Grid weighed
 * ~135 KB for none of its features), cards on phones. Pages move one at a time (cursor
 * pagination), the total is the server's count. Loading, error and empty states come from
 * QueryState. Columns should fit the table at 1280 px (the sidebar open) without scrolling:
 * flexible widths with small minimums; long values end in an ellipsis and show whole on hover.
 * `selection` (opt-in, useRowSelection): a checkbox on each row (each card on phones).
 */
export function DataList<T>({
  list,
  columns,
  label,
  onRowClick,
  renderCard,
  empty,
  loadingLabel,
  selection,
}: {
  list: PagedRows<T>;
  columns: ListColumn<WithId<T>>[];
  /** Accessible name of the table (the list of cards on phones). */
  label: string;
  onRowClick?: (row: WithId<T>) => void;
  /** One record on a phone. */
  renderCard: (row: WithId<T>) => ReactNode;
  empty: ReactNode;
  loadingLabel?: string;
  selection?: ListSelection<WithId<T>>;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const firstLoad = list.status === 'loading' && list.rows.length === 0;

  return (
    <QueryState
      state={firstLoad ? { status: 'loading', error: null } : list}
      loadingLabel={loadingLabel}
      isEmpty={list.status === 'success' && list.rows.length === 0 && list.page === 0}
      empty={empty}
    >
      {phone ? (
        <Box>
          <Stack spacing={1.25} role="list" aria-label={label}>
            {list.rows.map((row) => (
              <Card
                key={row.id}
                role="listitem"
                variant="outlined"
                sx={selection ? { display: 'flex' } : undefined}
              >
                {selection?.renderRow(row)}
                {onRowClick ? (
                  // CardActionArea's look on the ButtonBase every page loads (it would add ~0.5 KB).
                  <ButtonBase
                    onClick={() => onRowClick(row)}
                    sx={{
                      display: 'block',
                      flex: 1,
                      minWidth: 0,
                      textAlign: 'inherit',
                      borderRadius: 'inherit',
                      '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                    }}
                  >
                    <CardContent sx={{ py: 1.5, ...(selection && { pl: 0 }) }}>{renderCard(row)}</CardContent>
                  </ButtonBase>
                ) : (
                  <CardContent sx={{ py: 1.5, flex: 1, minWidth: 0, ...(selection && { pl: 0 }) }}>
                    {renderCard(row)}
                  </CardContent>
                )}
              </Card>
            ))}
          </Stack>
          <Pager list={list as PagedList<unknown>} />
        </Box>
      ) : (
        <ListTable
          list={list}
          columns={columns}
          label={label}
          onRowClick={onRowClick}
          selection={selection}
        />
      )}
    </QueryState>
  );
}

/** The right-aligned 'Acciones' column: the row's buttons and '⋮' menu. */
export function actionsColumn<T>(
  headerName: string,
  renderActions: (row: WithId<T>) => ReactNode,
  width = 96,
): ListColumn<WithId<T>> {
  return {
    field: 'actions',
    headerName,
    width,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => renderActions(row),
  };
}
