import Modal from '@mui/material/Modal';
import Paper, { type PaperProps } from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const slideIn = (anchor: 'left' | 'right') => ({
  [`@keyframes side-panel-${anchor}`]: {
    from: { transform: `translateX(${anchor === 'left' ? '-' : ''}100%)` },
    to: { transform: 'none' },
  },
  animation: `side-panel-${anchor} 225ms cubic-bezier(0, 0, 0.2, 1)`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

/**
 * A full-height panel at a side of the screen over a dimmed page (the phone sidebar, the meeting's
 * edit panel): MUI's Modal (focus kept inside, Escape and the backdrop close it, focus back) with
 * a Paper that slides in by CSS. MUI's Drawer does the same with its Slide transition, ~2 KB of
 * gzip more on every page that loads the shell, which loads the Modal anyway.
 */
export function SidePanel({
  open,
  onClose,
  anchor,
  paperProps,
  sx,
  children,
}: {
  open: boolean;
  onClose: () => void;
  anchor: 'left' | 'right';
  /** role, aria-* of the panel. */
  paperProps?: Omit<PaperProps, 'sx' | 'children'>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose}>
      <Paper
        tabIndex={-1}
        elevation={16}
        square
        {...paperProps}
        sx={[
          {
            position: 'fixed',
            top: 0,
            bottom: 0,
            [anchor]: 0,
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            outline: 'none',
          },
          slideIn(anchor),
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </Paper>
    </Modal>
  );
}
