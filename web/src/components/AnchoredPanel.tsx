import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';

/** Where the panel opens from its anchor. */
export type PanelPlacement =
  | 'below-end' // under a top-bar button, right edges aligned (full width on phones)
  | 'below-start' // under a top-bar button, left edges aligned
  | 'above-start'; // over a button at the foot of the sidebar, left edges aligned

interface AnchoredPanelProps {
  anchor: HTMLElement;
  placement: PanelPlacement;
  width: number;
  onClose: () => void;
  /** A heading at the top, with a rule under it: the dialog's accessible name. */
  title?: ReactNode;
  /** Otherwise the accessible name: a title's id elsewhere in the panel, or a label. */
  labelledBy?: string;
  label?: string;
  id?: string;
  testId?: string;
  paperRef?: Ref<HTMLDivElement>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

function position(rect: DOMRect, placement: PanelPlacement, width: number): SxProps<Theme> {
  if (placement === 'below-end') {
    return {
      top: rect.bottom + 6,
      right: { xs: 8, sm: Math.max(8, window.innerWidth - rect.right) },
      left: { xs: 8, sm: 'auto' },
      width: { sm: width },
      maxHeight: `calc(100vh - ${rect.bottom + 22}px)`,
    };
  }
  if (placement === 'below-start') {
    return {
      top: rect.bottom + 6,
      left: Math.max(8, rect.left),
      width: `min(${width}px, calc(100vw - 16px))`,
      maxHeight: `calc(100vh - ${rect.bottom + 22}px)`,
    };
  }
  return {
    bottom: window.innerHeight - rect.top + 6,
    left: Math.max(8, rect.left),
    width: `min(${width}px, calc(100vw - 16px))`,
    maxHeight: `calc(${rect.top}px - 16px)`,
  };
}

/**
 * A dialog that opens next to the button that opened it (the bell's list, the user menu): MUI's
 * Modal (focus kept inside, Escape and a click outside close it, focus back on the button) with
 * a Paper placed from the button's position. Popover would do the same with ~2.5 KB more on
 * every signed-in page, which loads the Modal anyway (the phone sidebar, the search).
 */
export function AnchoredPanel({
  anchor,
  placement,
  width,
  onClose,
  title,
  labelledBy,
  label,
  id,
  testId,
  paperRef,
  sx,
  children,
}: AnchoredPanelProps) {
  const rect = anchor.getBoundingClientRect();
  const titleId = useId();
  return (
    <Modal open onClose={onClose} slotProps={{ backdrop: { invisible: true } }}>
      <Paper
        ref={paperRef}
        id={id}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : labelledBy}
        aria-label={label}
        elevation={8}
        data-testid={testId}
        sx={[
          { position: 'absolute', overflowY: 'auto', borderRadius: 3, outline: 'none' },
          position(rect, placement, width),
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {title && (
          <Typography
            id={titleId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {title}
          </Typography>
        )}
        {children}
      </Paper>
    </Modal>
  );
}
