import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme', () => {
  // AppThemeProvider provides the theme as @mui/material does one without CSS variables; a theme
  // with `cssVariables` or `colorSchemes` needs material's ThemeProvider back, and createTheme's
  // createThemeWithVars, which the build leaves out (web/build/slimMui.ts).
  it('makes a theme without CSS variables or colour schemes', () => {
    const theme = createAppTheme();
    expect('vars' in theme).toBe(false);
    expect('colorSchemes' in theme).toBe(false);
  });
});
