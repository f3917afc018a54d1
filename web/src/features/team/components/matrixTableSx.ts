import type { SxProps, Theme } from '@mui/material/styles';

/** Compact resource × action tables that fit a 360 px phone without scrolling. */
export const matrixTableSx: SxProps<Theme> = {
  '& .MuiTableCell-root': { px: { xs: 0.25, sm: 1 }, py: { xs: 0.25, sm: 0.5 } },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' },
  '& .MuiTableCell-head': {
    fontSize: { xs: '0.75rem', sm: '0.85rem' },
    fontWeight: 700,
    color: 'text.secondary',
  },
};
