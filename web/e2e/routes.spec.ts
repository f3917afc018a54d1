import { expect, test } from '@playwright/test';
import { createAdminWithOrganization, startTrial, uniqueEmail } from './support';

const PROTECTED = [
  '/dashboard',
  '/empresas',
  '/empresas/e1',
  '/contactos',
  '/contactos/c1',
  '/deals',
  '/tareas',
  '/reuniones',
  '/marketing',
  '/documentos',
  '/tickets',
  '/tickets/nuevo',
  '/tickets/t1',
  '/tickets/t1/editar',
  '/ajustes',
  '/admin',
  '/debug/db',
];

test.describe('routes', () => {
  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/esto/no/existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Ups! Página no encontrada');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Close more deals');
  });

  test('every protected path sends a visitor to /auth', async ({ page }) => {
    test.setTimeout(150_000); // a full load of the app per path
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a Trato');
    }
  });

  test('signed in, the protected pages and the old paths work', async ({ page }) => {
    const email = uniqueEmail('routes');
    const password = 'secreto123';
    await startTrial(await createAdminWithOrganization(email, password));
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hola, Ana López', { timeout: 45_000 });
    await page.goto('/clientes');
    await expect(page).toHaveURL(/\/contactos$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactos');

    await page.goto('/clientes/abc123');
    await expect(page).toHaveURL(/\/contactos\/abc123$/);
    // The contact page of an id that does not exist.
    await expect(page.getByText('Cliente no encontrado')).toBeVisible({ timeout: 20_000 });

    await page.goto('/oportunidades');
    await expect(page).toHaveURL(/\/deals$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals');

    // The edit page of a ticket that does not exist.
    await page.goto('/tickets/t9/editar');
    await expect(page.getByText('Ticket no encontrado')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle('Editar Ticket — Trato');

    // The admin's debug page runs its test query on the server: a new organization has sent nothing.
    await page.goto('/debug/db');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consulta de prueba');
    await expect(page.getByTestId('debug-result')).toContainText('0 envíos', { timeout: 45_000 });

    // Signed-in users skip the auth screen.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The section links move between pages.
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Empresas' }).click();
    await expect(page).toHaveURL(/\/empresas$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Empresas');
  });

  test('the old paths redirect before the guard', async ({ page }) => {
    await page.goto('/oportunidades');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a failing route shows the router error page', async ({ page }) => {
    // Simulate a chunk that cannot be loaded (e.g. after a deploy) for the auth screen.
    // Dev server: /src/features/auth/AuthPage.tsx; build: /assets/AuthPage-<hash>.js
    await page.route(/\/AuthPage(\.tsx|-[\w-]+\.js)/, (route) => route.abort());
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Error inesperado de la aplicación!');
    await page.evaluate(() => window.localStorage.setItem('trato.lang', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  });
});
