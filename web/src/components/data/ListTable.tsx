import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithId } from '@trato/model';
import type { PagedList } from '@/firebase/dataApi';
import { ProgressBar } from '@/components/ProgressBar';
import { Pager } from './Pager';

/**
 * A column of a list's table: what the lists use, nothing more. Widths as in MUI's Data Grid
 * (which the lists used before): `width` in px, or a share of the room left (`flex`) no narrower
 * than `minWidth` (50 px if not given).
 */
export interface ListColumn<Row> {
  /** The row's property shown, and the cell's `data-field`. */
  field: string;
  headerName: string;
  flex?: number;
  minWidth?: number;
  /** Fixed width in px (100 when neither this nor `flex` is given). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  headerAlign?: 'left' | 'right' | 'center';
  /**
   * The cell's text from the row's `field` value (typed `never`: annotate it, or use the row).
   * Cells without `renderCell` show this text (or the value) cut with an ellipsis, whole in `title`.
   */
  valueGetter?: (value: never, row: Row) => string | number | null | undefined;
  /** The cell's own content (chips, the actions). */
  renderCell?: (params: { row: Row }) => ReactNode;
}

/**
 * A first narrow column for choosing rows (opt-in; useRowSelection makes one, checkboxes in it):
 * the page's control in its header, each row's in its cell (at the start of its card on phones).
 */
export interface ListSelection<Row> {
  /** The chosen rows' ids (highlighted), of any page. */
  selected: ReadonlySet<string>;
  renderPage: (rows: readonly Row[]) => ReactNode;
  renderRow: (row: Row) => ReactNode;
}

const DEFAULT_MIN_WIDTH = 50;
const DEFAULT_WIDTH = 100;

/** The CSS grid tracks of the columns: fixed ones in px, flexible ones share what is left. */
export function gridTemplate(columns: Pick<ListColumn<unknown>, 'flex' | 'minWidth' | 'width'>[]): {
  template: string;
  minWidth: number;
} {
  let minWidth = 0;
  const tracks = columns.map((column) => {
    if (column.flex) {
      const min = column.minWidth ?? DEFAULT_MIN_WIDTH;
      minWidth += min;
      return `minmax(${min}px, ${column.flex}fr)`;
    }
    const width = column.width ?? DEFAULT_WIDTH;
    minWidth += width;
    return `${width}px`;
  });
  return { template: tracks.join(' '), minWidth };
}

/** A cell's text: the column's `valueGetter`, else the row's value. */
export function cellText<Row>(column: ListColumn<Row>, row: Row): string {
  const value = (row as Record<string, unknown>)[column.field];
  const text = column.valueGetter ? column.valueGetter(value as never, row) : value;
  return text === null || text === undefined ? '' : String(text);
}

const ellipsis = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/** Whether a click or key press comes from a control inside the row (a button, the ⋮ menu). */
function fromControl(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const row = event.currentTarget;
  const target = event.target as Element;
  // Events from portals (the row menu's items, a tooltip) bubble through React, not the DOM.
  if (!row.contains(target)) return true;
  const control = target.closest(
    'button, a, input, label, select, textarea, [role="menuitem"], [role="checkbox"]',
  );
  return Boolean(control && control !== row && row.contains(control));
}

/**
 * A server-paged table for wider screens (DataList's, phones get cards): a fixed header, rows that
 * open their record on click, Enter or Space when `onRowClick` is given, a progress bar while a
 * page loads, and the Pager under it. Columns lay out as a CSS grid (the same tracks in every row),
 * so they share the width they have like the Data Grid's did, without horizontal scrolling at
 * 1280 px beside the sidebar; narrower screens scroll the table sideways. With `selection`, a first
 * narrow column for choosing rows (useRowSelection's checkboxes).
 */
export function ListTable<Row>({
  list,
  columns,
  label,
  onRowClick,
  selection,
}: {
  list: PagedList<Row>;
  columns: ListColumn<WithId<Row>>[];
  /** Accessible name of the table. */
  label: string;
  onRowClick?: (row: WithId<Row>) => void;
  selection?: ListSelection<WithId<Row>>;
}) {
  const { t } = useTranslation();
  const { template, minWidth } = gridTemplate(columns);
  // The selection's column: 44 px (its checkbox's label).
  const rowSx = { display: 'grid', gridTemplateColumns: selection ? `44px ${template}` : template };
  const selectCellSx = { display: 'flex', justifyContent: 'center', p: 0 };
  const cellSx = (align: ListColumn<Row>['align']) => ({
    display: 'flex',
    alignItems: 'center',
    justifyContent: align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start',
    textAlign: align ?? 'left',
    minWidth: 0,
    overflow: 'hidden',
    py: 1,
    px: 1.25,
    minHeight: 52,
  });

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {list.status === 'loading' && (
        <ProgressBar
          label={t('common.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      <TableContainer className="ListTable-container">
        {/* Explicit roles: the rows and cells are laid out as a grid, which some browsers take as
            leaving table semantics behind. */}
        <Table
          role="table"
          aria-label={label}
          sx={{ display: 'block', minWidth: minWidth + (selection ? 44 : 0) }}
        >
          <TableHead role="rowgroup" sx={{ display: 'block' }}>
            <TableRow role="row" sx={rowSx}>
              {selection && (
                <TableCell role="columnheader" sx={selectCellSx}>
                  {selection.renderPage(list.rows)}
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.field}
                  role="columnheader"
                  data-field={column.field}
                  sx={{ ...cellSx(column.headerAlign), fontWeight: 700, minHeight: 56 }}
                >
                  <Box component="span" title={column.headerName} sx={ellipsis}>
                    {column.headerName}
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup" sx={{ display: 'block' }}>
            {list.rows.map((row) => (
              <TableRow
                key={row.id}
                role="row"
                data-id={row.id}
                hover={Boolean(onRowClick)}
                selected={selection?.selected.has(row.id)}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={
                  onRowClick &&
                  ((event: MouseEvent<HTMLElement>) => {
                    if (!fromControl(event)) onRowClick(row);
                  })
                }
                onKeyDown={
                  onRowClick &&
                  ((event: KeyboardEvent<HTMLElement>) => {
                    if (event.target !== event.currentTarget) return; // keys of a button in the row
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault(); // Space would scroll the page
                    onRowClick(row);
                  })
                }
                sx={{
                  ...rowSx,
                  cursor: onRowClick ? 'pointer' : 'default',
                  '&:last-of-type > td': { borderBottom: 0 },
                  '&:focus-visible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: -2,
                  },
                }}
              >
                {selection && (
                  <TableCell role="cell" sx={selectCellSx}>
                    {selection.renderRow(row)}
                  </TableCell>
                )}
                {columns.map((column) => {
                  let content: ReactNode;
                  if (column.renderCell) content = column.renderCell({ row });
                  else {
                    const text = cellText(column, row);
                    content = (
                      <Box component="span" title={text} sx={ellipsis}>
                        {text}
                      </Box>
                    );
                  }
                  return (
                    <TableCell
                      key={column.field}
                      role="cell"
                      data-field={column.field}
                      sx={cellSx(column.align)}
                    >
                      {content}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ borderTop: 1, borderColor: 'divider', px: 1, pb: 1 }}>
        <Pager list={list as PagedList<unknown>} />
      </Box>
    </Paper>
  );
}
