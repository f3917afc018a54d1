import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every page: shows a thin progress bar while a lazy route loads, restores scroll positions. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip }}>
          <LinearProgress aria-hidden="true" sx={{ height: 3 }} />
        </Box>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
