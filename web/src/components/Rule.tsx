import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A horizontal rule in the divider colour: what the shell's panels need of MUI's Divider, which
 * weighs ~1 KB of gzip on every signed-in page for variants the shell never uses.
 */
export function Rule({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="hr"
      sx={[
        { m: 0, border: 0, borderTop: 1, borderColor: 'divider', flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
