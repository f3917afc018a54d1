import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language';
import { AUTH_INTENT_KEY } from '../authIntent';
import { enhanceLanding } from './enhance';
import { PENDING_CLASS } from './headScript';

// The shape of the prerendered page (./prerender.tsx), reduced to what the script touches.
const tree = (lang: 'es' | 'en') => `
  <header>
    <div role="group">
      <button class="MuiButtonBase-root" aria-pressed="${lang === 'es'}" lang="es">ES</button>
      <button class="MuiButtonBase-root" aria-pressed="${lang === 'en'}" lang="en">EN</button>
    </div>
    <a href="/auth" data-account-link data-app-label="${lang === 'es' ? 'Ir a la app' : 'Go to the app'}">${lang === 'es' ? 'Iniciar sesión' : 'Log in'}</a>
  </header>
  <main><h1>${lang === 'es' ? 'Hola' : 'Hello'}</h1><a href="/auth" data-auth-mode="signup">CTA</a></main>
  <footer><p data-year="2020">© 2020 Trato</p></footer>`;

function mountPage() {
  document.head.innerHTML = '<title>Título</title><meta name="description" content="Descripción">';
  document.body.innerHTML = `<div id="root" data-lang="es">${tree('es')}</div>
    <template data-lang="en" data-title="Title" data-description="Description">${tree('en')}</template>`;
}

beforeEach(mountPage);
afterEach(() => {
  document.documentElement.lang = 'es';
  document.documentElement.classList.remove(PENDING_CLASS);
  window.sessionStorage.clear();
});

const h1 = () => document.querySelector('h1')?.textContent;

describe('static landing script', () => {
  it('switches language with the toggle, remembers it, and keeps focus on the toggle', () => {
    enhanceLanding(document, new Date(2020, 5, 1));
    expect(h1()).toBe('Hola');
    document.querySelector<HTMLButtonElement>('#root button[lang="en"]')!.click();
    expect(h1()).toBe('Hello');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Title');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Description');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.activeElement?.getAttribute('lang')).toBe('en');
    expect(document.activeElement?.getAttribute('aria-pressed')).toBe('true');
    // Only one tree is in the document; the other waits in the template.
    expect(document.querySelectorAll('h1')).toHaveLength(1);

    document.querySelector<HTMLButtonElement>('#root button[lang="es"]')!.click();
    expect(h1()).toBe('Hola');
    expect(document.title).toBe('Título');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('shows the remembered language at once and reveals the page', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    document.documentElement.classList.add(PENDING_CLASS);
    enhanceLanding(document, new Date(2020, 5, 1));
    expect(h1()).toBe('Hello');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.classList.contains(PENDING_CLASS)).toBe(false);
  });

  it('hands a sign-up click to /auth through sessionStorage', () => {
    enhanceLanding(document, new Date(2020, 5, 1));
    const link = document.querySelector<HTMLAnchorElement>('a[data-auth-mode="signup"]')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(JSON.parse(window.sessionStorage.getItem(AUTH_INTENT_KEY)!)).toMatchObject({ mode: 'signup' });
  });

  it('keeps the footer year current', () => {
    enhanceLanding(document, new Date(2031, 0, 1));
    expect(document.querySelector('footer p')?.textContent).toBe('© 2031 Trato');
    document.querySelector<HTMLButtonElement>('#root button[lang="en"]')!.click();
    expect(document.querySelector('footer p')?.textContent).toBe('© 2031 Trato');
  });
});

// Last: each enhanceLanding() leaves its listeners on the shared test document.
describe('static landing script, account button', () => {
  it('offers signed-in visitors the way back into the app, in both languages', async () => {
    window.localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    try {
      enhanceLanding(document, new Date(2020, 5, 1));
      const login = () => document.querySelector<HTMLAnchorElement>('#root a[data-account-link]')!;
      await expect.poll(() => login().textContent).toBe('Ir a la app');
      expect(login().getAttribute('href')).toBe('/dashboard');
      // The English tree, waiting in its template, is updated too.
      const english = document.querySelector<HTMLTemplateElement>('template[data-lang="en"]')!.content;
      expect(english.querySelector('a[data-account-link]')?.textContent).toBe('Go to the app');
      expect(english.querySelector('a[data-account-link]')?.getAttribute('href')).toBe('/dashboard');
    } finally {
      window.localStorage.removeItem('firebase:authUser:key:[DEFAULT]');
    }
  });

  it('keeps the login button for visitors without a session', async () => {
    enhanceLanding(document, new Date(2020, 5, 1));
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelector('#root a[data-account-link]')?.textContent).toBe('Iniciar sesión');
  });
});
