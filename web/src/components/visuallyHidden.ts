/**
 * Hidden on screen, read by screen readers (sx): a status that is announced, a name kept for
 * assistive technology where the design shows less.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
