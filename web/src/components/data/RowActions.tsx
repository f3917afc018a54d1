import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useState, type ReactNode } from 'react';

export interface RowAction {
  label: string;
  onClick: () => void;
  destructive?: boolean;
  /** Actions of one group ('Mover a…') follow its heading, in the order given. */
  group?: string;
}

/** 'Editar' and 'Eliminar' for the member who may (false leaves the action out). */
export function editDeleteActions(
  t: (key: 'common.actions.edit' | 'common.actions.delete') => string,
  onEdit: (() => void) | false,
  onDelete: (() => void) | false,
): RowAction[] {
  return [
    ...(onEdit ? [{ label: t('common.actions.edit'), onClick: onEdit }] : []),
    ...(onDelete ? [{ label: t('common.actions.delete'), onClick: onDelete, destructive: true }] : []),
  ];
}

/** A row's '⋮' menu (edit, delete, grouped actions); nothing when the member may do none of them. */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!actions.length) return null;
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        size="small"
        onClick={(event) => {
          event.stopPropagation(); // the row's own click opens the record
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
      >
        {actions.flatMap((action, i) => {
          const items: ReactNode[] = [];
          if (action.group && action.group !== actions[i - 1]?.group)
            items.push(
              <ListSubheader key={`group-${action.group}`} sx={{ lineHeight: '32px' }}>
                {action.group}
              </ListSubheader>,
            );
          items.push(
            <MenuItem
              key={action.label}
              onClick={() => {
                setAnchor(null);
                action.onClick();
              }}
              sx={action.destructive ? { color: 'error.main' } : undefined}
            >
              {action.label}
            </MenuItem>,
          );
          return items;
        })}
      </Menu>
    </>
  );
}
