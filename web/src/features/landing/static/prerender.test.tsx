// @vitest-environment node
// Node, like the build (web/build/landingPage.ts): emotion extracts styles only without a DOM.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { renderLandingDocument } from './prerender';

// The shared test setup clears window.localStorage after each test; there is no window here.
afterEach(() => {
  vi.stubGlobal('window', { localStorage: { clear: () => undefined } });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('prerendered landing page', () => {
  it('holds both languages, its styles and SEO tags, and no module script', async () => {
    const html = await renderLandingDocument({
      script: 'console.log(1)',
      fontCss: '@font-face{font-family:Inter Variable}',
      fontPreload: '/assets/inter-latin.woff2',
      siteUrl: 'https://trato.example',
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(html).toContain('<link rel="canonical" href="https://trato.example/" />');
    expect(html).toContain('<meta property="og:url" content="https://trato.example/" />');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
    expect(html).toContain('Cierra más tratos con un CRM que tu equipo sí va a usar');
    expect(html).toMatch(
      /<template data-lang="en" data-title="Trato — CRM for [^"]+"[^>]*>[\s\S]*Close more deals/,
    );
    expect(html).toContain('href="/auth"');
    expect(html).toContain('data-auth-mode="signup"');
    expect(html).toMatch(/<style>@font-face\{font-family:Inter Variable\}[\s\S]*\.css-[a-z0-9]+\{/);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('modulepreload');
    // Exactly one <h1> outside the English template.
    expect(html.replace(/<template[\s\S]*<\/template>/, '').match(/<h1\b/g)).toHaveLength(1);
  });
});
