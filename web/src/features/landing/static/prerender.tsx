import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppThemeProvider } from '@/app/AppThemeProvider';
import { createAppTheme } from '@/app/theme';
import i18n, {
  changeLanguage,
  currentLanguage,
  DEFAULT_LANGUAGE,
  loadNamespaces,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@/i18n';
import LandingPage from '../LandingPage';
import { HEAD_SCRIPT, PENDING_CLASS } from './headScript';

/**
 * "/" as static HTML, rendered at build time (web/build/landingPage.ts runs this in Node): the React
 * landing in both languages with its MUI styles extracted by emotion, and one small inline script
 * (./enhance.ts) instead of React. The SPA keeps rendering the same LandingPage for client-side
 * navigations to "/" and in development.
 */
export interface LandingDocumentInput {
  /** The compiled ./main.ts, inlined at the end of <body>. */
  script: string;
  /** @font-face rules of the app's font (from the SPA's CSS, URLs to the built font files). */
  fontCss: string;
  /** Font file worth preloading (the Latin subset of Inter), if known. */
  fontPreload?: string;
  /** Absolute origin of the site for canonical and Open Graph URLs, without a trailing slash. */
  siteUrl: string;
}

const OG_LOCALE: Record<Language, string> = { es: 'es_ES', en: 'en_US' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface RenderedLanguage {
  language: Language;
  html: string;
  title: string;
  description: string;
}

export async function renderLandingDocument(input: LandingDocumentInput): Promise<string> {
  const theme = createAppTheme();
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const previous = currentLanguage();
  const rendered: RenderedLanguage[] = [];
  try {
    for (const language of SUPPORTED_LANGUAGES) {
      await changeLanguage(language);
      // The landing's texts are a feature namespace (the SPA loads it with the "/" route).
      await loadNamespaces(['landing']);
      const html = renderToString(
        <CacheProvider value={cache}>
          <AppThemeProvider theme={theme}>
            <CssBaseline />
            <StaticRouter location="/">
              <LandingPage />
            </StaticRouter>
          </AppThemeProvider>
        </CacheProvider>,
      );
      rendered.push({
        language,
        html,
        title: i18n.t('meta.title', { ns: 'landing' }),
        description: i18n.t('hero.subtitle', { ns: 'landing' }),
      });
    }
  } finally {
    await changeLanguage(previous);
  }

  // One stylesheet for both trees (they share almost every class).
  const { styles } = emotion.extractCriticalToChunks(rendered.map((r) => r.html).join(''));
  const css = styles.map((chunk) => chunk.css).join('');
  const main = rendered.find((r) => r.language === DEFAULT_LANGUAGE)!;
  const others = rendered.filter((r) => r !== main);
  const url = `${input.siteUrl}/`;

  return `<!doctype html>
<html lang="${main.language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#4338CA" />
    <title>${escapeHtml(main.title)}</title>
    <meta name="description" content="${escapeHtml(main.description)}" />
    <link rel="canonical" href="${escapeHtml(url)}" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="Trato" />
    <meta property="og:url" content="${escapeHtml(url)}" />
    <meta property="og:title" content="${escapeHtml(main.title)}" />
    <meta property="og:description" content="${escapeHtml(main.description)}" />
    <meta property="og:locale" content="${OG_LOCALE[main.language]}" />
${others.map((r) => `    <meta property="og:locale:alternate" content="${OG_LOCALE[r.language]}" />`).join('\n')}
    <meta name="twitter:card" content="summary" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
${input.fontPreload ? `    <link rel="preload" href="${escapeHtml(input.fontPreload)}" as="font" type="font/woff2" crossorigin />\n` : ''}    <script>${HEAD_SCRIPT}</script>
    <style>${input.fontCss}.${PENDING_CLASS} #root{visibility:hidden}.MuiButtonBase-root:focus-visible{outline:2px solid #4338CA;outline-offset:2px}${css}</style>
  </head>
  <body>
    <div id="root" data-lang="${main.language}">${main.html}</div>
${others
  .map(
    (r) =>
      `    <template data-lang="${r.language}" data-title="${escapeHtml(r.title)}" data-description="${escapeHtml(r.description)}">${r.html}</template>`,
  )
  .join('\n')}
    <script>${input.script}</script>
  </body>
</html>
`;
}
