import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRenderCellParams,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import type { WithId } from '@trato/model';
import type { PagedList } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** What DataList shows: a paged list from usePagedList (firebase/hooks). */
export type PagedRows<T> = PagedList<T>;

const GRID_TEXTS = {
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
};

/** A text cell cut with an ellipsis when its column is narrow, its whole value in the title (a plain function: the grid calls renderCell). */
function TextCell({ formattedValue, value }: GridRenderCellParams) {
  const text = String(formattedValue ?? value ?? '');
  return (
    <Box
      component="span"
      title={text}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}

/** Columns whose cells are plain text show their whole value on hover (rendered cells keep theirs). */
export function withCellTitles<R extends object>(columns: GridColDef<R>[]): GridColDef<R>[] {
  return columns.map((column) => (column.renderCell ? column : { ...column, renderCell: TextCell }));
}

/**
 * A server-paged list: MUI X Data Grid in server mode on wider screens, cards on phones. Pages
 * move one at a time (cursor pagination), the total is the server's count. Loading, error and
 * empty states come from QueryState. Columns should fit the grid at 1280 px (the sidebar open)
 * without scrolling: flexible widths with small minimums; long values end in an ellipsis and
 * show whole on hover.
 */
export function DataList<T>({
  list,
  columns,
  label,
  onRowClick,
  renderCard,
  empty,
  loadingLabel,
}: {
  list: PagedRows<T>;
  columns: GridColDef<WithId<T>>[];
  /** Accessible name of the grid. */
  label: string;
  onRowClick?: (row: WithId<T>) => void;
  /** One record on a phone. */
  renderCard: (row: WithId<T>) => ReactNode;
  empty: ReactNode;
  loadingLabel?: string;
}) {
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const firstLoad = list.status === 'loading' && list.rows.length === 0;

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.page > list.page) list.next();
    else if (model.page < list.page) list.previous();
  };

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
              <Card key={row.id} role="listitem" variant="outlined">
                {onRowClick ? (
                  <CardActionArea onClick={() => onRowClick(row)}>
                    <CardContent sx={{ py: 1.5 }}>{renderCard(row)}</CardContent>
                  </CardActionArea>
                ) : (
                  <CardContent sx={{ py: 1.5 }}>{renderCard(row)}</CardContent>
                )}
              </Card>
            ))}
          </Stack>
          <Pager list={list as PagedList<unknown>} />
        </Box>
      ) : (
        <DataGrid<WithId<T>>
          aria-label={label}
          rows={list.rows}
          columns={withCellTitles(columns)}
          loading={list.status === 'loading'}
          paginationMode="server"
          rowCount={list.total && !list.total.more ? list.total.value : -1}
          paginationMeta={{ hasNextPage: list.hasNext }}
          paginationModel={{ page: list.page, pageSize: list.pageSize }}
          onPaginationModelChange={onPaginationModelChange}
          pageSizeOptions={[list.pageSize]}
          disableColumnFilter
          disableColumnSorting
          disableRowSelectionOnClick
          disableColumnMenu
          onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
          localeText={GRID_TEXTS[language]}
          autoHeight
          density="standard"
          sx={{
            bgcolor: 'background.paper',
            '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
          }}
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
): GridColDef<WithId<T>> {
  return {
    field: 'actions',
    headerName,
    width,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => renderActions(row),
  };
}
