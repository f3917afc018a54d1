import type { Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';

/**
 * What @mui/material's ThemeProvider does for a theme without CSS variables (Trato's: see
 * theme.test.ts), through @mui/system's provider directly. Material's own also imports its
 * CSS-variables provider (colour-scheme storage, the init script: ~4 KB of gzip on every page),
 * which this theme never uses.
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  // As material's provider: `vars: null` keeps an outer CSS-variables theme from leaking in.
  const noVarsTheme = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return <SystemThemeProvider theme={noVarsTheme}>{children}</SystemThemeProvider>;
}
