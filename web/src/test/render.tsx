import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppThemeProvider } from '@/app/AppThemeProvider';
import { createAppTheme } from '@/app/theme';
import { ToastProvider } from '@/components/toast';
import i18n from '@/i18n';
import { FEATURE_NAMESPACES } from '@/i18n/namespaces';

/** Renders with the app theme, toasts and i18n (in the given language, Spanish by default). */
export async function renderWithApp(
  ui: ReactElement,
  { language = 'es', ...options }: RenderOptions & { language?: 'es' | 'en' } = {},
) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(FEATURE_NAMESPACES);
  const theme = createAppTheme();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppThemeProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </AppThemeProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
