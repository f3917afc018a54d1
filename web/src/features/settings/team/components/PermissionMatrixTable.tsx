import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIONS, RESOURCES, type Action, type Resource } from '@trato/model';

/** Compact resource × action tables that fit a 360 px phone without scrolling. */
const compactSx: SxProps<Theme> = {
  '& .MuiTableCell-root': { px: { xs: 0.25, sm: 1 }, py: { xs: 0.25, sm: 0.5 } },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' },
  '& .MuiTableCell-head': {
    fontSize: { xs: '0.75rem', sm: '0.85rem' },
    fontWeight: 700,
    color: 'text.secondary',
  },
};

/**
 * The permission matrix (sections in the spec's order × view/create/edit/delete) shared by the
 * invitation form (checkboxes) and the Permisos tab (switches): the caller draws each control.
 */
export function PermissionMatrixTable({
  labelledBy,
  renderControl,
}: {
  labelledBy: string;
  renderControl: (resource: Resource, action: Action) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" aria-labelledby={labelledBy} sx={compactSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('team.matrix.section')}</TableCell>
            {ACTIONS.map((action) => (
              <TableCell key={action} align="center">
                {tc(`enums.action.${action}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {RESOURCES.map((resource) => (
            <TableRow key={resource}>
              <TableCell component="th" scope="row">
                {tc(`enums.resource.${resource}`)}
              </TableCell>
              {ACTIONS.map((action) => (
                <TableCell key={action} align="center">
                  {renderControl(resource, action)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
