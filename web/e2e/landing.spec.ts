import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('renders in Spanish by default with the spec content', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Cierra más tratos con un CRM que tu equipo sí va a usar',
    );

    // Landmarks
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Header: language toggle and login button to /auth
    await expect(page.getByRole('group', { name: 'Idioma' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth',
    );

    // Feature cards
    for (const title of ['Contactos y CRM', 'Tareas y reuniones', 'Automatización']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }

    // Pricing card: $20 per month, trial, the four features, CTA to /auth
    const pricing = page.getByTestId('pricing-card');
    await expect(pricing).toContainText('$20');
    await expect(pricing).toContainText('por mes');
    for (const feature of [
      'Clientes ilimitados',
      'Oportunidades y tareas ilimitadas',
      'Automatización de marketing',
      '14 días de prueba gratis',
    ]) {
      await expect(pricing.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
    }
    await expect(pricing.getByRole('link', { name: 'Comenzar prueba gratis' })).toHaveAttribute(
      'href',
      '/auth',
    );

    // Footer
    await expect(page.getByRole('contentinfo')).toContainText('Todos los derechos reservados');
  });

  test('switches to English and stays English after a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Close more deals with a CRM your team will actually use',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('pricing-card')).toContainText('per month');
    expect(await page.evaluate(() => window.localStorage.getItem('trato.lang'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Close more deals with a CRM your team will actually use',
    );
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cierra más tratos');
  });

  test('the hero call-to-action opens sign-up on /auth', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Comenzar prueba gratis' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
    // From the static landing, the app itself loads now.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea tu cuenta', { timeout: 45_000 });
  });

  test('the header login button opens the login view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a Trato');
  });

  test('fits a 360 px phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('headings go in order without skipping levels', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const levels = await page.$$eval('h1, h2, h3, h4, h5, h6', (nodes) =>
      nodes.map((n) => Number(n.tagName[1])),
    );
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });

  test('does not load Firebase', async ({ page }) => {
    const firebaseRequests: string[] = [];
    page.on('request', (request) => {
      if (/firebase|reactfire/.test(request.url())) firebaseRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(firebaseRequests).toEqual([]);
  });
});
