import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ProgressBar } from '@/components/ProgressBar';

/** Wraps every page: shows a thin progress bar while a lazy route loads, restores scroll positions. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <ProgressBar
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            height: 3,
            zIndex: (theme) => theme.zIndex.tooltip,
          }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
