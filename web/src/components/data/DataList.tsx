import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithId } from '@trato/model';
import type { PagedList } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { QueryState } from './QueryState';

/** What DataList shows: a paged list from usePagedList (firebase/hooks). */
export type PagedRows<T> = PagedList<T>;

const GRID_TEXTS = {
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
};

/** "1–25 de 120" (or "de más de 25" while the count is on its way). */
export function rangeLabel(
  list: Pick<PagedRows<unknown>, 'page' | 'pageSize' | 'rows' | 'total'>,
  t: (key: 'common.list.range' | 'common.list.rangeUnknown', values: Record<string, number>) => string,
): string {
  const from = list.rows.length ? list.page * list.pageSize + 1 : 0;
  const to = list.page * list.pageSize + list.rows.length;
  return list.total === null
    ? t('common.list.rangeUnknown', { from, to })
    : t('common.list.range', { from, to, total: list.total });
}

/**
 * A server-paged list: MUI X Data Grid in server mode on wider screens, cards on phones. Pages
 * move one at a time (cursor pagination), the total is the server's count. Loading, error and
 * empty states come from QueryState.
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
  const { t } = useTranslation();
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const firstLoad = list.status === 'loading' && list.rows.length === 0;
  const range = rangeLabel(list, t);

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
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {range}
            </Typography>
            <IconButton
              onClick={list.previous}
              disabled={!list.hasPrevious}
              aria-label={t('common.list.previous')}
            >
              <ChevronLeftRoundedIcon />
            </IconButton>
            <IconButton onClick={list.next} disabled={!list.hasNext} aria-label={t('common.list.next')}>
              <ChevronRightRoundedIcon />
            </IconButton>
          </Stack>
        </Box>
      ) : (
        <DataGrid<WithId<T>>
          aria-label={label}
          rows={list.rows}
          columns={columns}
          loading={list.status === 'loading'}
          paginationMode="server"
          rowCount={list.total ?? -1}
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
