import CssBaseline from '@mui/material/CssBaseline';
import { useMemo, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast';
import { AppThemeProvider } from './AppThemeProvider';
import { createAppTheme } from './theme';

/** App-wide providers that every route needs (theme, toasts). Firebase is added by the routes that use it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(), []);
  return (
    <AppThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </AppThemeProvider>
  );
}
