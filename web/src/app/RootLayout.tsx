import Box from '@mui/material/Box';
import { keyframes, lighten } from '@mui/material/styles';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

// MUI's indeterminate LinearProgress, reduced to one bar: a CSS animation costs nothing to load,
// the component ~2.5 KB gzip on every route.
const sweep = keyframes`
  0% { left: -35%; right: 100%; }
  60% { left: 100%; right: -90%; }
  100% { left: 100%; right: -90%; }
`;

/** Wraps every page: shows a thin progress bar while a lazy route loads, restores scroll positions. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <Box
          aria-hidden="true"
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            height: 3,
            overflow: 'hidden',
            zIndex: (theme) => theme.zIndex.tooltip,
            bgcolor: (theme) => lighten(theme.palette.primary.main, 0.62),
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              bgcolor: 'primary.main',
              animation: `${sweep} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
              '@media (prefers-reduced-motion: reduce)': { animationDuration: '6s' },
            }}
          />
        </Box>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
