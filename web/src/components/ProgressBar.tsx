import Box from '@mui/material/Box';
import { keyframes, lighten, type SxProps, type Theme } from '@mui/material/styles';

// MUI's LinearProgress reduced to its bar: a CSS animation costs nothing to load, the component
// ~1.5 KB gzip on every page that shows one (the page loader, every list's table, the CSV dialogs).
const sweep = keyframes`
  0% { left: -35%; right: 100%; }
  60% { left: 100%; right: -90%; }
  100% { left: 100%; right: -90%; }
`;

/**
 * A thin progress bar with LinearProgress's look: indeterminate (a sweeping bar), or determinate
 * with `value` (0–100). Named by `label` (role progressbar); without one it is decoration
 * (aria-hidden), its progress said elsewhere.
 */
export function ProgressBar({ value, label, sx }: { value?: number; label?: string; sx?: SxProps<Theme> }) {
  const determinate = value !== undefined;
  const percent = determinate ? Math.max(0, Math.min(100, value)) : 0;
  return (
    <Box
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      aria-valuenow={determinate ? Math.round(percent) : undefined}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      sx={[
        {
          position: 'relative',
          height: 4,
          overflow: 'hidden',
          bgcolor: (theme) => lighten(theme.palette.primary.main, 0.62),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          bgcolor: 'primary.main',
          ...(determinate
            ? { left: 0, width: `${percent}%`, transition: 'width 0.4s linear' }
            : {
                animation: `${sweep} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
                '@media (prefers-reduced-motion: reduce)': { animationDuration: '6s' },
              }),
        }}
      />
    </Box>
  );
}
