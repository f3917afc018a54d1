import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A filled circle with a short text in it (an initial, a step number); decorative for screen readers. */
export function RoundBadge({ size, children }: { size: number; children: ReactNode }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: '0.9rem',
        fontWeight: 700,
        color: 'primary.contrastText',
        bgcolor: 'primary.main',
      }}
    >
      {children}
    </Box>
  );
}
