import '@fontsource-variable/inter';
import { i18nReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyAuthIntent } from './features/landing/authIntent';

// Coming from a sign-up link of the static landing page: open /auth on sign-up (before the router reads the URL).
applyAuthIntent();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// In English, its catalogue first (Spanish is bundled): no flash of the other language.
await i18nReady;
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
